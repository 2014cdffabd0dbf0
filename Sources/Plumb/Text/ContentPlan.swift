/// Where the measured content of a lowered layout lives in its constraint
/// system: each measured view's intrinsic rows, and the rows whose constant
/// depends on a measured baseline. Made by `SystemBuilder` while lowering;
/// the ``ContentSizer`` changes those constants between solves.
struct ContentPlan: Sendable {
    /// One view whose content is measured.
    struct Entry: Sendable {
        /// The view's index in the layout.
        var view: Int32
        /// Its text, or `nil` for a view measured by a function of the
        /// Swift API (``View/measureContent``).
        var text: Text?
        /// The hugging row of its intrinsic width (the resistance row
        /// follows), or `nil` when it has no intrinsic width.
        var widthRow: RowIndex?
        /// The hugging row of its intrinsic height (the resistance row follows).
        var heightRow: RowIndex
        /// Priorities and the view's id, for the rows' origins.
        var id: String
        /// Where diagnostics about the text point (`doc.json: views[3].text`, or the view's id).
        var location: String
        var hugging: (horizontal: Priority, vertical: Priority)
        var resistance: (horizontal: Priority, vertical: Priority)
    }

    /// A row with baselines of measured views: its constant is
    /// `base + Σ coefficient · offset`, each offset being a baseline's
    /// distance below its view's top.
    struct BaselineRow: Sendable {
        var row: RowIndex
        var base: Double
        var terms: [BaselineTerm]
    }

    struct BaselineTerm: Sendable {
        /// Index into ``entries``.
        var entry: Int32
        /// `true` for the last baseline, `false` for the first.
        var last: Bool
        var coefficient: Double
    }

    var entries: [Entry] = []
    /// View index → entry index.
    var entryOfView: [Int32: Int32] = [:]
    var baselineRows: [BaselineRow] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Every row whose constant the sizer may change (for a ``CompiledSystem``'s parameter rows).
    var parameterRows: [RowIndex] {
        var rows: [RowIndex] = []
        for e in entries {
            if let w = e.widthRow { rows += [w, RowIndex(w.int + 1)] }
            rows += [e.heightRow, RowIndex(e.heightRow.int + 1)]
        }
        for b in baselineRows { rows.append(b.row) }
        return rows
    }
}
