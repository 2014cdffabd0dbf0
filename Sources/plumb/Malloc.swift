/// glibc's `malloc` settings the commands make, in one place (`mallopt`;
/// <malloc.h> is not part of the Glibc module, so it is declared here).
/// Every call is a no-op off Linux.
enum Malloc {
    /// <malloc.h>'s parameter numbers.
    enum Parameter: Int32 {
        /// `M_TRIM_THRESHOLD`: free memory above this much at the heap's top is returned to the system.
        case trimThreshold = -1
        /// `M_TOP_PAD`: extra bytes the heap grows by whenever it grows.
        case topPad = -2
        /// `M_MMAP_THRESHOLD`: blocks this large or larger get a mapping of their own.
        case mmapThreshold = -3
        /// `M_ARENA_MAX`: at most this many arenas (threads beyond share them).
        case arenaMax = -8
    }

    /// Sets `parameter` to `value`; false when glibc refused (or off Linux).
    @discardableResult
    static func set(_ parameter: Parameter, _ value: Int) -> Bool {
        #if os(Linux)
        return glibcMallopt(parameter.rawValue, Int32(clamping: value)) == 1
        #else
        return false
        #endif
    }
}

#if os(Linux)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
