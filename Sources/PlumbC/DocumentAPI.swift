// plumb.h's layout document functions over Plumb's `DocumentSolving` (what
// `plumb batch` runs per document) and `CompiledLayout` (what `plumb sweep` runs).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Plumb

/// The name documents given to the library have in diagnostics.
private let memorySource = "<memory>"

/// Whether `flags` asks for root coordinates; other bits are an error.
private func absolute(_ flags: Int32) throws(CError) -> Bool {
    guard flags & ~1 == 0 else { throw CError(.invalidArgument, "unknown flags \(flags) (only PLUMB_FRAMES_ABSOLUTE is defined)") }
    return flags & 1 != 0
}

private func documentError(_ error: LayoutError) -> CError {
    CError(.document, error.description)
}

@_cdecl("plumb_solve_document")
public func plumb_solve_document(_ json: UnsafePointer<CChar>?, _ length: Int, _ flags: Int32,
                                 _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    entry { () throws(CError) in
        let out = try nonNull(out, "frames_json")
        let absolute = try absolute(flags)
        guard length >= 0 else { throw CError(.invalidArgument, "length \(length) is too large") }
        let document = try documentBytes(json, length, "json")
        let frames: [UInt8]
        do throws(LayoutError) {
            frames = try DocumentSolving.framesJSON(document, source: memorySource, absolute: absolute)
        } catch {
            throw documentError(error)
        }
        out.pointee = try mallocString(frames)
    }
}

// MARK: - Compiled layouts

/// A compiled layout, its view ids as C strings, and its lock.
final class CompiledBox: @unchecked Sendable {
    let lock = Lock()
    let layout: CompiledLayout
    let ids: [UnsafeMutablePointer<CChar>]

    init(_ layout: CompiledLayout) {
        self.layout = layout
        ids = layout.viewIDs.map { strdup($0)! }
    }

    deinit { for id in ids { free(id) } }

    /// The frames at a size, under the lock.
    func frames(width: Double, height: Double, flags: Int32) throws(CError) -> [Rect] {
        let absolute = try absolute(flags)
        return try lock.locked { () throws(CError) in
            do throws(LayoutError) {
                return try layout.frames(width: width, height: height, absolute: absolute)
            } catch {
                throw documentError(error)
            }
        }
    }
}

@_cdecl("plumb_compiled_new")
public func plumb_compiled_new(_ json: UnsafePointer<CChar>?, _ length: Int,
                               _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    entry { () throws(CError) in
        let out = try nonNull(out, "out")
        guard length >= 0 else { throw CError(.invalidArgument, "length \(length) is too large") }
        let document = try documentBytes(json, length, "json")
        let layout: CompiledLayout
        do throws(LayoutError) {
            layout = try CompiledLayout(try LayoutDocument.parse(document, source: memorySource, threads: .one))
        } catch {
            throw documentError(error)
        }
        out.pointee = Handles.shared.register(.compiled(CompiledBox(layout)))
    }
}

@_cdecl("plumb_compiled_free")
public func plumb_compiled_free(_ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in try Handles.shared.remove(handle, kind: "compiled layout") }
}

@_cdecl("plumb_compiled_view_count")
public func plumb_compiled_view_count(_ handle: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    entry { () throws(CError) in
        let box = try compiledBox(handle)
        try nonNull(count, "count").pointee = box.ids.count
    }
}

@_cdecl("plumb_compiled_view_id")
public func plumb_compiled_view_id(_ handle: OpaquePointer?, _ index: Int,
                                   _ id: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
    entry { () throws(CError) in
        let box = try compiledBox(handle)
        let id = try nonNull(id, "id")
        guard index >= 0, index < box.ids.count else {
            throw CError(.outOfRange, "view index \(UInt(bitPattern: index)) is not below the view count \(box.ids.count)")
        }
        id.pointee = UnsafePointer(box.ids[index])
    }
}

@_cdecl("plumb_compiled_frames")
public func plumb_compiled_frames(_ handle: OpaquePointer?, _ width: Double, _ height: Double, _ flags: Int32,
                                  _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    entry { () throws(CError) in
        let box = try compiledBox(handle)
        let out = try nonNull(out, "frames_json")
        let frames = try box.frames(width: width, height: height, flags: flags)
        out.pointee = try mallocString(FrameWriter.json(ids: box.layout.viewIDs, frames: frames))
    }
}

@_cdecl("plumb_compiled_frames_array")
public func plumb_compiled_frames_array(_ handle: OpaquePointer?, _ width: Double, _ height: Double, _ flags: Int32,
                                        _ out: UnsafeMutablePointer<Double>?, _ capacity: Int) -> Int32 {
    entry { () throws(CError) in
        let box = try compiledBox(handle)
        let out = try nonNull(out, "out")
        let needed = 4 * box.ids.count
        guard capacity >= needed else {
            throw CError(.outOfRange, "capacity \(UInt(bitPattern: capacity)) is below 4 x \(box.ids.count) views")
        }
        let frames = try box.frames(width: width, height: height, flags: flags)
        for (i, f) in frames.enumerated() {
            out[4 * i] = f.x
            out[4 * i + 1] = f.y
            out[4 * i + 2] = f.width
            out[4 * i + 3] = f.height
        }
    }
}

// MARK: - Batches

/// A batch's results as C strings: frames JSON or an error message per document.
final class BatchBox: @unchecked Sendable {
    let frames: [UnsafeMutablePointer<CChar>?]
    let errors: [UnsafeMutablePointer<CChar>?]

    init(_ results: [Result<[UInt8], LayoutError>]) {
        var frames: [UnsafeMutablePointer<CChar>?] = []
        var errors: [UnsafeMutablePointer<CChar>?] = []
        for result in results {
            switch result {
            case .success(let json):
                frames.append(try? mallocString(json))
                errors.append(nil)
            case .failure(let error):
                frames.append(nil)
                errors.append(try? mallocString(error.description))
            }
        }
        self.frames = frames
        self.errors = errors
    }

    deinit {
        for p in frames { free(p) }
        for p in errors { free(p) }
    }
}

@_cdecl("plumb_batch_solve")
public func plumb_batch_solve(_ documents: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<Int>?,
                              _ count: Int, _ jobs: Int32, _ flags: Int32,
                              _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    entry { () throws(CError) in
        let out = try nonNull(out, "out")
        let absolute = try absolute(flags)
        guard jobs >= 1 else { throw CError(.invalidArgument, "jobs is \(jobs), not at least 1") }
        guard count >= 0 else { throw CError(.invalidArgument, "count \(count) is too large") }
        var inputs: [LayoutDocument.Bytes] = []
        if count > 0 {
            let documents = try nonNull(documents, "documents")
            inputs.reserveCapacity(count)
            for i in 0 ..< count {
                guard let document = documents[i] else { throw CError(.nullArgument, "documents[\(i)] is NULL") }
                let length = lengths.map { $0[i] } ?? strlen(document)
                guard length >= 0 else { throw CError(.invalidArgument, "lengths[\(i)] is too large") }
                inputs.append(try documentBytes(document, length, "documents[i]"))
            }
        }
        let results = DocumentSolving.batch(inputs, jobs: Int(jobs), absolute: absolute,
                                            source: { "documents[\($0)]" })
        out.pointee = Handles.shared.register(.batch(BatchBox(results)))
    }
}

@_cdecl("plumb_batch_free")
public func plumb_batch_free(_ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in try Handles.shared.remove(handle, kind: "batch") }
}

@_cdecl("plumb_batch_count")
public func plumb_batch_count(_ handle: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    entry { () throws(CError) in
        let box = try batchBox(handle)
        try nonNull(count, "count").pointee = box.frames.count
    }
}

@_cdecl("plumb_batch_result")
public func plumb_batch_result(_ handle: OpaquePointer?, _ index: Int,
                               _ frames: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                               _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
    entry { () throws(CError) in
        let box = try batchBox(handle)
        guard index >= 0, index < box.frames.count else {
            throw CError(.outOfRange, "index \(UInt(bitPattern: index)) is not below the batch's \(box.frames.count) results")
        }
        frames?.pointee = box.frames[index].map { UnsafePointer($0) }
        error?.pointee = box.errors[index].map { UnsafePointer($0) }
    }
}
