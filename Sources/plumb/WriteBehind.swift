#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes written to an ``IO/Sink`` by a second thread while the caller makes
/// the next ones (`plumb sweep` to a file: the copy into the file's pages
/// while the next sizes solve).
///
/// ``hand(_:)`` queues the caller's buffer for the writer and gives back an
/// emptied one to fill; buffers are written in the order they were handed.
/// A writer that falls behind (its core busy, as on a loaded machine) is not
/// waited for beyond the write it is in: the caller takes back what is
/// queued and writes it itself, so at most two buffers wait. ``finish(_:)``
/// takes back the buffers the writer has not started, waits only for a write
/// in progress, and the caller writes what is left itself.
final class WriteBehind: @unchecked Sendable {
    private let sink: IO.Sink
    private let condition = Condition()
    /// Handed over and not yet taken by the writer, oldest first.
    private var queue: [[UInt8]] = []
    /// Written buffers, emptied, for the caller's next ``hand(_:)``.
    private var spares: [[UInt8]] = []
    private var writing = false
    private var finishing = false
    private var started = false
    private var threaded = false
    /// The writer's first failure; nothing is written after it.
    private var failure: Error?

    init(_ sink: IO.Sink) { self.sink = sink }

    /// Queues `bytes` for the writer; `bytes` becomes an empty buffer to
    /// fill. When two buffers are already queued (the writer's core is busy)
    /// or no thread could be started, the caller waits for a write in
    /// progress and writes the queued buffers and `bytes` itself. After a
    /// failure `bytes` is dropped (the failure is what ``finish(_:)``
    /// reports).
    func hand(_ bytes: inout [UInt8]) {
        condition.lock()
        if !started {
            started = true
            threaded = Self.startWriter(self)
        }
        if failure == nil, threaded, queue.count < 2 {
            queue.append(bytes)
            bytes = spares.popLast() ?? []
            condition.broadcast()
            condition.unlock()
            return
        }
        while writing { condition.wait() }
        let late = queue
        queue = []
        var failed = failure
        condition.unlock()
        if failed == nil {
            do {
                for queued in late { try sink.write(queued) }
                try sink.write(bytes)
            } catch {
                failed = error
            }
            if let failed {
                condition.lock()
                failure = failed
                condition.unlock()
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Lets the writer finish what it is writing, then writes the buffers it
    /// had not started and `rest`; throws the first failure.
    func finish(_ rest: [UInt8]) throws {
        condition.lock()
        finishing = true
        condition.broadcast()
        let notStarted = queue
        queue = []
        while writing { condition.wait() }
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
        for bytes in notStarted { try sink.write(bytes) }
        try sink.write(rest)
    }

    /// After a failure: drops what the writer has not started, waits for a
    /// write in progress, and removes the temporary file. Nothing after a
    /// committed ``finish(_:)``.
    func abandon() {
        condition.lock()
        finishing = true
        queue = []
        condition.broadcast()
        while writing { condition.wait() }
        condition.unlock()
        sink.discard()
    }

    private func run() {
        condition.lock()
        while true {
            while queue.isEmpty && !finishing { condition.wait() }
            guard !queue.isEmpty else { break }
            var bytes = queue.removeFirst()
            writing = true
            condition.unlock()
            var failed: Error?
            do { try sink.write(bytes) } catch { failed = error }
            bytes.removeAll(keepingCapacity: true)
            condition.lock()
            writing = false
            if let failed {
                failure = failed
                queue = []
            } else if spares.count < 2 {
                spares.append(bytes)
            }
            condition.broadcast()
            if failed != nil { break }
        }
        condition.unlock()
    }

    /// Starts `writer`'s thread, detached (it ends after ``finish(_:)`` or
    /// ``abandon()``); false when no thread can be started.
    private static func startWriter(_ writer: WriteBehind) -> Bool {
        let context = Unmanaged.passRetained(writer).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<WriteBehind>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<WriteBehind>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
