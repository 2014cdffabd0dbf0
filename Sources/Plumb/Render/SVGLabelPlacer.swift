/// Chooses where view labels go so that no two labels overlap.
///
/// Labels are placed greedily in drawing order (parents first): each tries
/// the top-left corner of its view, then the bottom-left corner, and is
/// dropped when its box does not fit inside the view or would overlap a
/// label already placed. A child that shares its parent's corner (an image
/// filling the top of a card) is therefore labelled at its bottom instead
/// of printing over the parent's label.
///
/// Placed boxes are kept in a uniform grid of ``cellSize`` buckets, so a
/// query looks only at nearby labels.
struct SVGLabelPlacer {
    /// A label's box in canvas coordinates and its text baseline.
    struct Placement: Equatable {
        var box: Rect
        var baseline: Double
    }

    /// Side of a grid bucket, in points: a few label heights, so a label
    /// touches one to a handful of buckets.
    static let cellSize: Double = 64

    private var placed: [Rect] = []
    private var buckets: [GridCell: [Int32]] = [:]

    private struct GridCell: Hashable {
        var column: Int
        var row: Int
    }

    /// Places the label for `text` in `frame`, or returns `nil` when neither
    /// corner works.
    ///
    /// - Complexity: O(labels already placed near the candidate boxes).
    mutating func place(_ text: String, in frame: Rect) -> Placement? {
        let size = SVGRenderer.labelSize(text)
        let pad = SVGRenderer.labelPadding
        guard frame.width >= size.width + 2 * pad, frame.height >= size.height + 2 * pad else {
            return nil
        }
        let candidates = [
            Rect(x: frame.x + pad, y: frame.y + pad, width: size.width, height: size.height),
            Rect(x: frame.x + pad, y: frame.maxY - pad - size.height, width: size.width, height: size.height),
        ]
        for box in candidates where !overlapsPlaced(box) {
            insert(box)
            return Placement(box: box, baseline: box.y + SVGRenderer.labelFontSize)
        }
        return nil
    }

    /// Marks `box` as taken (drawn text), so that no label covers it.
    mutating func reserve(_ box: Rect) {
        insert(box)
    }

    private func cells(of box: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let size = Self.cellSize
        // Boxes far outside Int range (huge canvases) are not worth placing.
        let limit = Double(Int32.max) * size
        guard abs(box.minX) < limit, abs(box.maxX) < limit,
              abs(box.minY) < limit, abs(box.maxY) < limit else { return nil }
        let c0 = Int((box.minX / size).rounded(.down)), c1 = Int((box.maxX / size).rounded(.down))
        let r0 = Int((box.minY / size).rounded(.down)), r1 = Int((box.maxY / size).rounded(.down))
        return (c0...c1, r0...r1)
    }

    private func overlapsPlaced(_ box: Rect) -> Bool {
        guard let (columns, rows) = cells(of: box) else { return true }
        for column in columns {
            for row in rows {
                for index in buckets[GridCell(column: column, row: row), default: []]
                where Self.overlap(placed[Int(index)], box) {
                    return true
                }
            }
        }
        return false
    }

    private mutating func insert(_ box: Rect) {
        guard let (columns, rows) = cells(of: box) else { return }
        let index = Int32(placed.count)
        placed.append(box)
        for column in columns {
            for row in rows {
                buckets[GridCell(column: column, row: row), default: []].append(index)
            }
        }
    }

    /// Whether two boxes share interior area (touching edges do not count).
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
