#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rounds frames to device pixels: `scale` pixels per point (2 on a
/// "retina" screen, 3 on some phones).
///
/// The four edges of every view (left, right, top, bottom) are taken in root
/// coordinates and each is moved to the nearest multiple of `1 / scale`
/// (halves go towards +∞, so moving a layout by whole pixels moves its
/// rounded frames by the same amount). Edges are kept as whole pixel counts
/// and turned into points once, in the coordinates asked for (a child's
/// rounded edge minus its parent's rounded edge, in parent coordinates);
/// sizes are differences of those edges. Hence:
///
/// - edges that touch before rounding touch after it: one edge value always
///   rounds to one pixel, so neighbours never overlap or leave a gap. With a
///   power-of-two scale (1, 2, 4) every number is exact and `x + width` is
///   the neighbour's `x` exactly; with other scales (3) multiples of `1/3`
///   are not exact in binary, and `x + width` may differ from it in the
///   last bit;
/// - sizes never go negative: rounding is monotonic, so `right >= left`
///   stays true; a view that the solver gave a negative size (its
///   constraints allowed it) gets size 0 at its rounded left or top edge;
/// - the root's frame `(0, 0, w, h)` keeps its origin, its size rounded.
public struct PixelRounding: Hashable, Sendable {
    /// Pixels per point.
    public let scale: Double

    /// A rounding to `scale` pixels per point, or `nil` unless `scale` is
    /// finite and greater than 0.
    public init?(scale: Double) {
        guard scale.isFinite, scale > 0 else { return nil }
        self.scale = scale
    }

    /// The rounding for an optional scale that callers have promised is
    /// valid: `nil` for `nil`; traps on a scale that is not finite and > 0.
    static func checked(_ scale: Double?) -> PixelRounding? {
        scale.map { s in
            guard let rounding = PixelRounding(scale: s) else { preconditionFailure("scale \(s) is not a finite number > 0") }
            return rounding
        }
    }

    /// The pixel boundary nearest `coordinate` (in points), as a whole number of pixels.
    ///
    /// A product within a relative 1e-9 of a half pixel counts as the half,
    /// so solver noise (`0.49999999999`) does not decide which way it goes.
    public func pixels(_ coordinate: Double) -> Double {
        var p = coordinate * scale
        let half = (p * 2).rounded() / 2
        if abs(p - half) <= 1e-9 * max(1, abs(p)) { p = half }
        return floor(p + 0.5)
    }

    /// `coordinate` moved to the nearest multiple of `1 / scale`.
    public func round(_ coordinate: Double) -> Double {
        pixels(coordinate) / scale
    }

    /// Rounds frames given in root coordinates.
    ///
    /// - Parameters:
    ///   - absoluteFrames: every view's frame in root coordinates; index 0
    ///     is the root.
    ///   - parents: each view's parent index (`-1` for the root); a parent
    ///     comes before its children.
    ///   - absolute: `true` to return root coordinates, `false` for each
    ///     view's parent's coordinates.
    /// - Complexity: O(views).
    public func round(absoluteFrames: [Rect], parents: [Int32], absolute: Bool) -> [Rect] {
        precondition(absoluteFrames.count == parents.count, "one parent per frame")
        // Edges in whole pixels: left, top, right, bottom.
        var edges = [Double]()
        edges.reserveCapacity(4 * absoluteFrames.count)
        for f in absoluteFrames {
            edges.append(pixels(f.x))
            edges.append(pixels(f.y))
            edges.append(pixels(f.x + f.width))
            edges.append(pixels(f.y + f.height))
        }
        var frames = [Rect]()
        frames.reserveCapacity(absoluteFrames.count)
        for i in 0 ..< absoluteFrames.count {
            let e = 4 * i, p = Int(parents[i])
            // Pixel counts are exact; each edge becomes points once, in the output's coordinates.
            let originX = absolute || p < 0 ? 0 : edges[4 * p], originY = absolute || p < 0 ? 0 : edges[4 * p + 1]
            let left = (edges[e] - originX) / scale, right = (edges[e + 2] - originX) / scale
            let top = (edges[e + 1] - originY) / scale, bottom = (edges[e + 3] - originY) / scale
            frames.append(Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top)))
        }
        return frames
    }
}
