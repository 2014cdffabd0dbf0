import CPlumbSignals
import Foundation
import Testing

/// A command stopped by a signal while it writes an output file removes its
/// temporary file (`FILE.plumb-tmp-PID`), leaves `FILE` as it was, and ends
/// by that signal (its parent sees it killed by the signal).
@Suite struct SignalTests {
    private static let document = """
        {"root": {"width": 400, "height": 100}, "views": [{"id": "a"}, {"id": "b"}],
         "constraints": ["a.left = root.left + 10", "a.right = root.centerX", "b.left = a.right + 8",
                         "b.right = root.right - 10", "a.top = 0", "b.top = 0", "a.height = 10", "b.height = a.height"]}
        """

    /// A `plumb` process started by ``start(_:ignoringHangUp:)``.
    private struct Child {
        let pid: pid_t
        /// The `waitpid` status once it has ended.
        var status: Int32?

        /// Whether it has ended (reaped without blocking).
        mutating func ended() -> Bool {
            if status != nil { return true }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
            status = raw
            return true
        }

        /// Waits for it to end; how it ended.
        mutating func ending() -> Ending {
            if status == nil {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
                status = raw
            }
            let raw = status!
            return raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .killed(by: raw & 0x7f)
        }
    }

    /// How a child process ended, from its `waitpid` status.
    private enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal killed it.
        case killed(by: Int32)
    }

    /// Starts `plumb` with `arguments` (standard output and error to
    /// /dev/null), through `/bin/sh -c 'trap "" HUP; exec plumb ...'` when
    /// `ignoringHangUp`. Spawned directly rather than with `Process`: the
    /// test runner's threads block SIGTERM and its kin, and a child started
    /// from one would inherit the mask and never see the signal; here the
    /// child starts with no signal blocked and every disposition the default.
    private static func start(_ arguments: [String], ignoringHangUp: Bool = false) throws -> Child {
        let argv = ignoringHangUp
            ? ["/bin/sh", "-c", "trap '' HUP; exec \"$0\" \"$@\"", CLI.executable.path] + arguments
            : [CLI.executable.path] + arguments
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGPIPE, SIGTERM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cStrings = argv.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cStrings + [nil], environ)
        try #require(result == 0, "posix_spawn: \(result)")
        return Child(pid: pid)
    }

    /// Starts `plumb` with `arguments`, sends it `signal` once part of
    /// `output` is in its temporary file, and returns how it ended.
    private static func stoppedMidWrite(
        _ arguments: [String], output: URL, by signal: Int32, ignoringHangUp: Bool = false
    ) throws -> Ending {
        var child = try start(arguments, ignoringHangUp: ignoringHangUp)
        let tmp = output.path + ".plumb-tmp-\(child.pid)"
        var midWrite = false
        while !midWrite && !child.ended() {
            if let size = (try? FileManager.default.attributesOfItem(atPath: tmp))?[.size] as? Int, size > 0 {
                midWrite = true
            } else {
                usleep(2_000)
            }
        }
        if midWrite { kill(child.pid, signal) }
        let ending = child.ending()
        try #require(midWrite, "plumb \(arguments[0]) ended before the signal")
        return ending
    }

    /// A sweep of 500,001 widths to a file (about 70 MB of lines), stopped
    /// once its first megabyte is in the temporary file, over an existing
    /// file or none.
    @Test(arguments: [(SIGTERM, true), (SIGINT, true), (SIGHUP, false), (SIGTERM, false)])
    func aSweepStoppedMidWriteLeavesNoTemporaryFile(signal: Int32, hadOldFile: Bool) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: input)
        let output = directory.appendingPathComponent("out.jsonl")
        let old = Data("old lines\n".utf8)
        if hadOldFile { try old.write(to: output) }

        let ending = try Self.stoppedMidWrite(["sweep", input.path, "--widths", "400...1400:0.002", "-o", output.path],
                                              output: output, by: signal)

        #expect(ending == .killed(by: signal))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == (hadOldFile ? ["doc.json", "out.jsonl"] : ["doc.json"]))
        if hadOldFile { #expect(try Data(contentsOf: output) == old) }
    }

    /// `plumb batch` writes its lines into the temporary file as documents
    /// finish: SIGTERM part way removes it and keeps the old file.
    @Test func aBatchStoppedMidWriteLeavesNoTemporaryFile() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = Self.document.replacingOccurrences(of: "\n", with: " ")
        let input = directory.appendingPathComponent("many.jsonl")
        try Data(String(repeating: line + "\n", count: 40_000).utf8).write(to: input)
        let output = directory.appendingPathComponent("out.jsonl")
        let old = Data("old lines\n".utf8)
        try old.write(to: output)

        let ending = try Self.stoppedMidWrite(["batch", input.path, "--jobs", "1", "-o", output.path],
                                              output: output, by: SIGTERM)

        #expect(ending == .killed(by: SIGTERM))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                    == ["many.jsonl", "out.jsonl"])
        #expect(try Data(contentsOf: output) == old)
    }

    /// A path that does not fit a slot is refused before anything is
    /// installed, and so is a path once all 16 slots are taken; a slot given
    /// back is the next one taken. (The table is this test process's own:
    /// nothing else here registers, and the paths name no file.)
    @Test func aPathTooLongOrAFullTableIsRefused() {
        let tooLong = plumb_signals_remove_on_signal(String(repeating: "a", count: 4096))
        #expect(tooLong == -1)
        let slots = (0 ..< 16).map { plumb_signals_remove_on_signal("/nonexistent/plumb-signal-test-\($0)") }
        defer { slots.forEach(plumb_signals_forget) }
        #expect(Set(slots) == Set(0 ..< 16))
        let whenFull = plumb_signals_remove_on_signal("/nonexistent/plumb-signal-test-full")
        #expect(whenFull == -1)
        plumb_signals_forget(slots[3])
        let again = plumb_signals_remove_on_signal("/nonexistent/plumb-signal-test-again")
        #expect(again == slots[3])
    }

    /// A signal the process was started with ignored (here SIGHUP, as under
    /// `nohup`) stays ignored: the sweep goes on and writes the whole file.
    @Test func anIgnoredSignalStaysIgnored() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: input)
        let output = directory.appendingPathComponent("out.jsonl")
        let widths = "400...1400:0.05"

        let ending = try Self.stoppedMidWrite(["sweep", input.path, "--widths", widths, "-o", output.path],
                                              output: output, by: SIGHUP, ignoringHangUp: true)

        #expect(ending == .exited(0))
        let whole = try CLI.run(["sweep", input.path, "--widths", widths])
        #expect(try Data(contentsOf: output) == whole.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                    == ["doc.json", "out.jsonl"])
    }
}
