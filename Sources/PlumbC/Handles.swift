// The C library's plumbing: status codes, the per-thread error message,
// strings handed to C, and the table of live handles.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Plumb
import PlumbClp
import PlumbSolver

/// `plumb_status` in plumb.h; the raw values are the header's.
enum Status: Int32 {
    case ok = 0
    case nullArgument = 1
    case invalidHandle = 2
    case invalidArgument = 3
    case unsatisfiable = 4
    case duplicateConstraint = 5
    case unknownConstraint = 6
    case duplicateEditVariable = 7
    case unknownEditVariable = 8
    case requiredEditPriority = 9
    case document = 10
    case outOfRange = 11

    var name: StaticString {
        switch self {
        case .ok: "PLUMB_OK"
        case .nullArgument: "PLUMB_ERROR_NULL_ARGUMENT"
        case .invalidHandle: "PLUMB_ERROR_INVALID_HANDLE"
        case .invalidArgument: "PLUMB_ERROR_INVALID_ARGUMENT"
        case .unsatisfiable: "PLUMB_ERROR_UNSATISFIABLE"
        case .duplicateConstraint: "PLUMB_ERROR_DUPLICATE_CONSTRAINT"
        case .unknownConstraint: "PLUMB_ERROR_UNKNOWN_CONSTRAINT"
        case .duplicateEditVariable: "PLUMB_ERROR_DUPLICATE_EDIT_VARIABLE"
        case .unknownEditVariable: "PLUMB_ERROR_UNKNOWN_EDIT_VARIABLE"
        case .requiredEditPriority: "PLUMB_ERROR_REQUIRED_EDIT_PRIORITY"
        case .document: "PLUMB_ERROR_DOCUMENT"
        case .outOfRange: "PLUMB_ERROR_OUT_OF_RANGE"
        }
    }
}

/// A failure on its way to C: a status and its message.
struct CError: Error {
    var status: Status
    var message: String
    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

// MARK: - The per-thread message

/// The key of each thread's message: a `malloc`ed C string, freed when it is
/// replaced and when the thread exits.
private let messageKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
}()

/// The empty message, returned while a thread has none.
nonisolated(unsafe) private let emptyMessage: UnsafeMutablePointer<CChar> = strdup("")!

/// Sets this thread's message (an empty string clears it).
func setLastError(_ message: String) {
    let old = pthread_getspecific(messageKey)
    if message.isEmpty {
        if old != nil { free(old); pthread_setspecific(messageKey, nil) }
        return
    }
    pthread_setspecific(messageKey, UnsafeRawPointer(strdup(message)))
    free(old)
}

func lastErrorPointer() -> UnsafePointer<CChar> {
    if let message = pthread_getspecific(messageKey) {
        return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
    return UnsafePointer(emptyMessage)
}

/// Runs one C entry point's body: its error becomes the status and this
/// thread's message; success clears the message.
@inline(__always)
/// Installs Clp for large coupled parts once, on the first call into the
/// library, as the `plumb` tool does at start-up (`PLUMB_LARGE_PARTS=tableau`
/// in the environment keeps the tableau).
private let largePartsInstalled: Bool = {
    let choice = getenv("PLUMB_LARGE_PARTS").map { String(cString: $0) } ?? "clp"
    if choice != "tableau" { SolveOptions.defaultLargePartSolver = ClpPartSolver() }
    return true
}()

func entry(_ body: () throws(CError) -> Void) -> Int32 {
    _ = largePartsInstalled
    do {
        try body()
        setLastError("")
        return Status.ok.rawValue
    } catch {
        setLastError(error.message)
        return error.status.rawValue
    }
}

// MARK: - Strings and arguments

/// A `malloc`ed NUL-terminated copy of `bytes`, for the caller to free.
func mallocString(_ bytes: [UInt8]) throws(CError) -> UnsafeMutablePointer<CChar> {
    guard let memory = malloc(bytes.count + 1) else { throw CError(.invalidArgument, "out of memory") }
    let out = memory.assumingMemoryBound(to: CChar.self)
    bytes.withUnsafeBytes { raw in
        if let base = raw.baseAddress { memcpy(out, base, bytes.count) }
    }
    out[bytes.count] = 0
    return out
}

func mallocString(_ string: String) throws(CError) -> UnsafeMutablePointer<CChar> {
    try mallocString(Array(string.utf8))
}

func nonNull<T>(_ pointer: T?, _ name: StaticString) throws(CError) -> T {
    guard let pointer else { throw CError(.nullArgument, "\(name) is NULL") }
    return pointer
}

func finite(_ value: Double, _ what: String) throws(CError) {
    guard value.isFinite else { throw CError(.invalidArgument, "\(what) is \(value), not a finite number") }
}

/// A copy of the `length` bytes at `pointer` (NULL only when `length` is 0)
/// that a document can keep: one copy, not an array copied again.
func documentBytes(_ pointer: UnsafePointer<CChar>?, _ length: Int,
                   _ name: StaticString) throws(CError) -> LayoutDocument.Bytes {
    if length == 0 { return LayoutDocument.Bytes(copying: UnsafeBufferPointer(start: nil, count: 0)) }
    let base = try nonNull(pointer, name)
    return base.withMemoryRebound(to: UInt8.self, capacity: length) {
        LayoutDocument.Bytes(copying: UnsafeBufferPointer(start: $0, count: length))
    }
}

// MARK: - Handles

/// A lock for the handle table and for each solver and compiled layout.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// What a handle stands for.
enum Object {
    case solver(SolverBox)
    case variable(Variable)
    case constraint(LinearConstraint)
    case compiled(CompiledBox)
    case batch(BatchBox)

    var kind: String {
        switch self {
        case .solver: "solver"
        case .variable: "variable"
        case .constraint: "constraint"
        case .compiled: "compiled layout"
        case .batch: "batch"
        }
    }
}

/// Every live handle by its number. Handles given to C are these numbers
/// as pointers: never dereferenced, never reused, so a stale or foreign
/// pointer is found out instead of followed.
final class Handles: @unchecked Sendable {
    static let shared = Handles()

    private let lock = Lock()
    private var objects: [UInt: Object] = [:]
    private var next: UInt = 1

    func register(_ object: Object) -> OpaquePointer {
        register { _ in object }
    }

    /// Registers the object `make` builds for the new handle's number.
    func register(_ make: (UInt) -> Object) -> OpaquePointer {
        lock.locked {
            let id = next
            next += 1
            objects[id] = make(id)
            return OpaquePointer(bitPattern: id)!
        }
    }

    func object(_ handle: OpaquePointer?) -> Object? {
        guard let handle else { return nil }
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        return lock.locked { objects[id] }
    }

    func remove(_ handle: OpaquePointer?, kind: String) throws(CError) {
        guard let handle else { throw CError(.nullArgument, "the \(kind) handle is NULL") }
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        try lock.locked { () throws(CError) in
            guard let object = objects[id], object.kind == kind else {
                throw CError(.invalidHandle, "not a live \(kind) handle")
            }
            objects[id] = nil
        }
    }

    static func number(_ handle: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    }
}

func invalid(_ handle: OpaquePointer?, _ kind: String) -> CError {
    handle == nil ? CError(.nullArgument, "the \(kind) handle is NULL") : CError(.invalidHandle, "not a live \(kind) handle")
}

func solverBox(_ handle: OpaquePointer?) throws(CError) -> SolverBox {
    guard case .solver(let box)? = Handles.shared.object(handle) else { throw invalid(handle, "solver") }
    return box
}

func variable(_ handle: OpaquePointer?) throws(CError) -> Variable {
    guard case .variable(let v)? = Handles.shared.object(handle) else { throw invalid(handle, "variable") }
    return v
}

func constraint(_ handle: OpaquePointer?) throws(CError) -> LinearConstraint {
    guard case .constraint(let c)? = Handles.shared.object(handle) else { throw invalid(handle, "constraint") }
    return c
}

func compiledBox(_ handle: OpaquePointer?) throws(CError) -> CompiledBox {
    guard case .compiled(let box)? = Handles.shared.object(handle) else { throw invalid(handle, "compiled layout") }
    return box
}

func batchBox(_ handle: OpaquePointer?) throws(CError) -> BatchBox {
    guard case .batch(let box)? = Handles.shared.object(handle) else { throw invalid(handle, "batch") }
    return box
}

// MARK: - General entry points

@_cdecl("plumb_last_error")
public func plumb_last_error() -> UnsafePointer<CChar> {
    lastErrorPointer()
}

nonisolated(unsafe) private let statusNames: [UnsafePointer<CChar>] = (0 ... 11).map { raw in
    UnsafePointer(strdup(Status(rawValue: Int32(raw))!.name.description)!)
}
nonisolated(unsafe) private let unknownStatusName = UnsafePointer(strdup("unknown status")!)

@_cdecl("plumb_status_name")
public func plumb_status_name(_ status: Int32) -> UnsafePointer<CChar> {
    (0 ..< Int32(statusNames.count)).contains(status) ? statusNames[Int(status)] : unknownStatusName
}

@_cdecl("plumb_string_free")
public func plumb_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

nonisolated(unsafe) private let version = UnsafePointer(strdup("0.1.0")!)

@_cdecl("plumb_version")
public func plumb_version() -> UnsafePointer<CChar> {
    version
}
