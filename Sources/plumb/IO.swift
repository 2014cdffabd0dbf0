#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPlumbSignals
import Plumb

#if canImport(Glibc)
private let posixRead = Glibc.read
private let posixWrite = Glibc.write
#elseif canImport(Darwin)
private let posixRead = Darwin.read
private let posixWrite = Darwin.write
#endif

/// File and stream helpers shared by the subcommands.
enum IO {
    /// Reads a whole file, or standard input for `-`.
    static func read(_ path: String) throws -> LayoutDocument.Bytes {
        try Input(path).readAll()
    }

    /// A file, or standard input for `-`, open for reading: whole, or a
    /// chunk at a time.
    final class Input {
        /// How messages name it: the path, or "standard input".
        let name: String
        private let fd: Int32
        private var info = stat()

        /// - Throws: ``CLIError`` ("cannot read PATH: ...") when it cannot be
        ///   opened or is a directory.
        init(_ path: String) throws {
            if path == "-" {
                name = "standard input"
                fd = 0
            } else {
                name = path
                fd = open(path, O_RDONLY)
                guard fd >= 0 else { throw CLIError("cannot read \(path)", errno: errno) }
            }
            guard fstat(fd, &info) == 0 else { throw CLIError("cannot read \(name)", errno: errno) }
            if (info.st_mode & S_IFMT) == S_IFDIR { throw CLIError("cannot read \(name): it is a directory") }
        }

        deinit { if fd > 2 { close(fd) } }

        /// What tells a regular file's version apart (device, inode, size,
        /// modification time), as it was when opened; nil for anything else.
        var stamp: [Int]? {
            guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size),
                    Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }

        /// Calls `body` with the whole contents. A regular file is mapped
        /// into memory (its pages come straight from the page cache:
        /// reading 1.7 MB into a fresh array cost 1.1 ms in page faults and
        /// copying, mapping it 0.2 ms), so the bytes are valid only during
        /// the call; anything else, or a file that cannot be mapped, is
        /// read with ``readAll()``. A file truncated by another process
        /// during the call can end the process with SIGBUS, as for every
        /// program that maps its input.
        func withContents<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
            #if os(Linux)
            let size = Int(info.st_size)
            if (info.st_mode & S_IFMT) == S_IFREG, size > 0,
               let map = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), map != MAP_FAILED {
                defer { munmap(map, size) }
                return try body(UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: size))
            }
            #endif
            let bytes = try readAll()
            return try withExtendedLifetime(bytes) { try body(bytes.buffer) }
        }

        /// The whole contents, kept as long as the result lives (a second
        /// thread may read a document after its parse returns:
        /// `LayoutDocument.parse(_:source:threads:afterReading:)`): a regular file mapped
        /// as ``withContents(_:)`` maps it, unmapped when the last reference
        /// goes; anything else read with ``readAll()``.
        ///
        /// With `populating` false the mapping's pages are not made present
        /// first: each is mapped when a thread first reads it (16 pages of
        /// the page cache at a time), for a parse on two threads, whose
        /// second thread reads the constraints' pages while the first reads
        /// the views' (`MAP_POPULATE` took 110-150 µs on the first thread,
        /// before the parse, for a file of 1.7 MB: BENCHMARKS.md, "sfl39").
        func contents(populating: Bool = true) throws -> LayoutDocument.Bytes {
            #if os(Linux)
            let size = Int(info.st_size)
            if (info.st_mode & S_IFMT) == S_IFREG, size > 0,
               let map = mmap(nil, size, PROT_READ, MAP_PRIVATE | (populating ? MAP_POPULATE : 0), fd, 0),
               map != MAP_FAILED {
                let address = Int(bitPattern: map)
                mapped = UnsafeRawBufferPointer(start: map, count: size)
                return LayoutDocument.Bytes(UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: size),
                                            release: { munmap(UnsafeMutableRawPointer(bitPattern: address), size) })
            }
            #endif
            return try readAll()
        }

        /// The file as ``contents()`` mapped it (nil when it read it into memory instead).
        private var mapped: UnsafeRawBufferPointer?

        /// Whether ``contents(populating:)`` mapped the file (rather than read it into memory).
        var isMapped: Bool { mapped != nil }

        /// The pages of the file that ``contents()`` mapped, for the build
        /// to give back as it reads past them (``PagesReadPast``), when it
        /// is at least `least` bytes; nil otherwise or for contents read
        /// into memory. The pages stay in the page cache once given back: a
        /// byte read again maps its page again on the first read (a minor
        /// fault), and the bytes do not change. Use it only while the
        /// mapping lives (the `Bytes` that ``contents()`` gave).
        func pagesReadPast(ifAtLeast least: Int) -> PagesReadPast? {
            #if os(Linux)
            guard let mapped, mapped.count >= least else { return nil }
            return PagesReadPast(mapped)
            #else
            return nil
            #endif
        }

        /// Reads to the end straight into memory the result owns (no copy
        /// of a regular file: documents can be large), at an address fixed
        /// as long as the result lives.
        func readAll() throws -> LayoutDocument.Bytes {
            // A regular file is read in one go into uninitialised memory of
            // its size; then, or for a pipe or a device, 64 KiB chunks until
            // the end.
            let size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
            var capacity = max(size, 1)
            var memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            var count = 0
            do {
                while count < size {
                    let n = try read(into: UnsafeMutableRawBufferPointer(start: memory + count, count: size - count))
                    if n == 0 { break }
                    count += n
                }
                // The rest (a pipe, or a file that grew) goes through a scratch
                // chunk: growing the memory first would copy the whole file
                // just to learn that it has ended.
                try withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { chunk in
                    while true {
                        let n = try read(into: chunk)
                        if n == 0 { break }
                        if count + n > capacity {
                            capacity = max(2 * capacity, count + n)
                            let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
                            grown.copyMemory(from: memory, byteCount: count)
                            memory.deallocate()
                            memory = grown
                        }
                        (memory + count).copyMemory(from: chunk.baseAddress!, byteCount: n)
                        count += n
                    }
                }
            } catch {
                memory.deallocate()
                throw error
            }
            return LayoutDocument.Bytes(owning: memory, count: count)
        }

        /// Reads up to `buffer.count` bytes into `buffer`; returns how many (0 at the end).
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            while true {
                let n = posixRead(fd, buffer.baseAddress!, buffer.count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { throw CLIError("cannot read \(name)", errno: errno) }
                return n
            }
        }
    }

    /// Writes `bytes` to `path` (standard output for `nil` or `-`). A file is
    /// written to a temporary name beside it and renamed into place, so a
    /// failed run never leaves a half-written file.
    static func write(_ bytes: [UInt8], to path: String?) throws {
        try write(chunks: [bytes], to: path)
    }

    /// ``write(_:to:)`` of `chunks` one after the other.
    static func write(chunks: [[UInt8]], to path: String?) throws {
        let sink = try Sink(path: path)
        for chunk in chunks { try sink.write(chunk) }
        try sink.commit()
    }

    /// Output written a piece at a time: to standard output as it comes, or
    /// to a temporary file beside `path` that ``commit()`` renames into place
    /// (so a failed run leaves no half-written file). A `path` that is not a
    /// regular file (`/dev/null`, a FIFO, a terminal) is written directly:
    /// renaming over it would replace the device with a file. The temporary
    /// file is registered with CPlumbSignals before it is created, so SIGHUP,
    /// SIGINT, SIGPIPE or SIGTERM before it is settled removes it and ends
    /// the process by that signal.
    final class Sink {
        private let path: String?
        private let tmp: String?
        private let fd: Int32
        /// The temporary file's slot in CPlumbSignals' table (-1: none).
        private let signalSlot: Int32

        init(path: String?) throws {
            guard let path, path != "-" else {
                self.path = nil
                tmp = nil
                fd = 1
                signalSlot = -1
                return
            }
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                if (info.st_mode & S_IFMT) == S_IFDIR { throw CLIError("cannot write \(path): it is a directory") }
                let fd = open(path, O_WRONLY)
                guard fd >= 0 else { throw CLIError("cannot write \(path)", errno: errno) }
                self.path = nil
                tmp = nil
                self.fd = fd
                signalSlot = -1
                return
            }
            let tmp = path + ".plumb-tmp-\(getpid())"
            // Registered first: a signal between the two calls finds no file.
            let slot = plumb_signals_remove_on_signal(tmp)
            let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                let error = errno
                plumb_signals_forget(slot)
                throw CLIError("cannot write \(path)", errno: error)
            }
            self.path = path
            self.tmp = tmp
            self.fd = fd
            signalSlot = slot
        }

        /// A sink for writing to `path` a piece at a time while a command
        /// still may fail: a regular file (existing or not), written to its
        /// temporary name. `nil` for standard output and devices, which see
        /// every byte written, and when the file cannot be opened (the
        /// caller writes at the end through ``IO/write(_:to:)``, which
        /// reports the error then).
        static func streaming(to path: String?) -> Sink? {
            guard let path, path != "-" else { return nil }
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { return nil }
            guard let sink = try? Sink(path: path), sink.tmp != nil else { return nil }
            return sink
        }

        deinit {
            if fd > 2 { close(fd) }
            // Not committed: remove the temporary file.
            if let tmp, !committed { unlink(tmp) }
            plumb_signals_forget(signalSlot)
        }

        func write(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = posixWrite(fd, buffer.baseAddress! + done, buffer.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else {
                        throw CLIError("cannot write \(path ?? "the output")", errno: errno)
                    }
                    done += n
                }
            }
        }

        /// Moves the file into place (nothing to do for standard output or a
        /// device). Over an existing file, the two names are exchanged in
        /// one step (``exchange(_:_:)``) and the old file, now under the
        /// temporary name, is removed: on ext4 a `rename` over an existing
        /// file first starts writing the new file's data to disk and frees
        /// the old file's blocks on the spot (`auto_da_alloc`; 0.9 to 3.7 ms
        /// for 400 KB of frames on this machine, against 0.1 to 0.7 ms for
        /// the exchange and the removal: BENCHMARKS.md, "`cards` and `grid`
        /// at 10,000 views: the output's write"). Readers of `path` see the
        /// old file or the new one, as with `rename`. Without an existing
        /// file, or where the exchange is not supported, `rename` as before.
        func commit() throws {
            guard let path, let tmp, !committed else { return }
            if IO.exchange(tmp, path) {
                committed = true
                // The old file: nothing else refers to it by this name (a
                // signal before this removes it as well).
                unlink(tmp)
                plumb_signals_forget(signalSlot)
                return
            }
            if rename(tmp, path) != 0 {
                throw CLIError("cannot write \(path)", errno: errno)
            }
            committed = true
            plumb_signals_forget(signalSlot)
        }

        /// Removes the temporary file now (a failed run whose sink another
        /// thread may still hold, so that its release would come too late);
        /// nothing after ``commit()``.
        func discard() {
            guard let tmp, !committed else { return }
            unlink(tmp)
            committed = true
            plumb_signals_forget(signalSlot)
        }

        /// Whether the temporary file is settled: renamed into place, or removed.
        private var committed = false
    }

    /// Exchanges the files at `a` and `b` atomically (Linux `renameat2`
    /// with `RENAME_EXCHANGE`); false, and nothing done, when either does
    /// not exist, the file system or the system does not support it, or
    /// it fails for any other reason.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let renameat2 = renameAt2 else { return false }
        let atCurrentDirectory: Int32 = -100, renameExchange: UInt32 = 1 << 1
        return renameat2(atCurrentDirectory, a, atCurrentDirectory, b, renameExchange) == 0
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// glibc's `renameat2` (2.28 and later), looked up: the Glibc module
    /// does not declare it (it needs `_GNU_SOURCE`), as with
    /// `sched_getaffinity` in ``Pipeline/threads(requested:)``.
    private static let renameAt2: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()
    #endif

    /// Writes `message` and a line break (unless it ends with one) to standard error.
    static func printError(_ message: String) {
        writeError(message.hasSuffix("\n") ? message : message + "\n")
    }

    /// Writes `text` to standard error as it is (no Foundation: the tool
    /// does not load its libraries).
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var done = 0
            while done < buffer.count {
                let n = posixWrite(2, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in directory `path`, without `.` and `..`, in no particular order.
    static func directoryEntries(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw CLIError("cannot list \(path)", errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw CLIError("cannot list \(path)", errno: errno) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Monotonic time in seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// A failure of the tool itself (files, arguments), as opposed to a layout error.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
    /// `what` followed by the system's message for `code`: "cannot read x: No such file or directory".
    init(_ what: String, errno code: Int32) { self.init("\(what): \(String(cString: strerror(code)))") }
}
