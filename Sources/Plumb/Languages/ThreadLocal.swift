#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value per thread, made on first use by `make`.
///
/// The Swift front ends keep three pieces of per-thread state: Mortar's
/// default priority stack (``MortarDefault``), the stack of enclosing
/// Fahrenheit blocks, and the maker's spare step objects handed from one
/// block to the next (``ConstraintMaker/ThreadSpares``). The originals kept
/// such state on the main thread; Plumb lays out trees on any thread (and its
/// tests run in parallel), so each thread gets its own copy and layouts on
/// different threads never see each other's defaults or spares. Shared by
/// the front ends, so it sits beside their folders.
///
/// Backed by a POSIX thread-specific key; the per-thread box is released when
/// its thread exits. The key itself lives for the life of the process, which
/// is why instances are only ever stored in `static let`s.
final class ThreadLocal<Value>: @unchecked Sendable {
    // @unchecked: each thread only touches its own box. `key` is a
    // constant: a stored `var` of a class is read with a dynamic
    // exclusivity check, which was 40 % of reading Mortar's default
    // priority (once per statement).
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    private final class Box {
        /// Only its own thread reads it, once per Mortar statement (the
        /// default priority): unchecked for exclusivity, which cost more
        /// than the read.
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // The destructor receives the box we retained in `box`.
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): out of thread-specific keys")
        self.key = key
    }

    /// This thread's box, unretained: the thread holds it (its
    /// thread-specific value) until the thread exits.
    private var box: Unmanaged<Box> {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Box>.fromOpaque(raw)
        }
        let fresh = Unmanaged.passRetained(Box(make()))
        pthread_setspecific(key, fresh.toOpaque())
        return fresh
    }

    /// Runs `body` with this thread's value, which it may change.
    func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        // The box without a retain and release around `body`.
        try box._withUnsafeGuaranteedRef { try body(&$0.value) }
    }

    /// This thread's value.
    var value: Value {
        get { box._withUnsafeGuaranteedRef { $0.value } }
        set { box._withUnsafeGuaranteedRef { $0.value = newValue } }
    }
}
