/// Small layout documents in the shapes of the benchmark families (see
/// scripts/generate.py), written here so tests need no Python.
/// Each family exercises one part of the planner: `form` the simplex (three
/// optional levels, intrinsic sizes, inequalities), `grid` coupled blocks,
/// `cards` the DAG with multipliers, `cardsRules` the Simple Layout Language.
enum LayoutFamily: String, CaseIterable, CustomStringConvertible {
    case form, grid, cards, cardsRules

    var description: String { rawValue }

    /// A document with `count` repeated units (rows, cells or cards); `seed`
    /// varies the lengths so documents of one family differ.
    func json(count: Int, seed: Int = 1, width: Double = 1024, height: Double = 768) -> String {
        var views: [String] = []
        var constraints: [String] = []
        var rules: [String] = []
        func view(_ id: String, _ parent: String = "root", intrinsic: (Double, Double)? = nil) {
            var v = "{\"id\": \"\(id)\", \"parent\": \"\(parent)\""
            if let (w, h) = intrinsic { v += ", \"intrinsicSize\": [\(w), \(h)]" }
            views.append(v + "}")
        }
        // A tiny linear congruential sequence: deterministic per seed.
        var state = UInt64(truncatingIfNeeded: seed) &* 6364136223846793005 &+ 1442695040888963407
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        switch self {
        case .form:
            // Every level has one view to give way, so the optimum is unique
            // at every width (ties would let two correct solvers differ):
            // the label's resistance (750) beats the button's (700), the
            // field's cap (500) gives first to the label's hugging (250)
            // rather than the button's (260).
            for i in 0 ..< count {
                let row = "row\(i)", lab = "lab\(i)", fld = "fld\(i)", btn = "btn\(i)"
                let label = Double(next(4 ... 13) * 10)
                view(row)
                view(lab, row, intrinsic: (label, 20))
                view(fld, row)
                views.append("{\"id\": \"\(btn)\", \"parent\": \"\(row)\", \"intrinsicSize\": [60, null], "
                    + "\"hugging\": [260, 250], \"compressionResistance\": [700, 750]}")
                constraints += [
                    "\(row).left = root.left", "\(row).right = root.right",
                    i == 0 ? "\(row).top = root.top" : "\(row).top = row\(i - 1).bottom",
                    "\(row).height = 44",
                    "\(lab).left = \(row).left + 16", "\(lab).width >= 40",
                    "\(fld).left = \(lab).right + 8", "\(fld).width >= 60", "\(fld).width <= 400 @ 500",
                    "\(btn).left = \(fld).right + 8", "\(btn).right = \(row).right - 16", "\(btn).width >= 44",
                    "\(lab).centerY = \(row).centerY", "\(lab).height = 30",
                    "\(fld).centerY = \(row).centerY", "\(fld).height = 30",
                    "\(btn).centerY = \(row).centerY", "\(btn).height = 30",
                ]
            }
        case .grid:
            let columns = 4
            for i in 0 ..< count {
                let (r, c) = (i / columns, i % columns)
                let id = "c\(r)_\(c)"
                view(id)
                constraints.append(c == 0 ? "\(id).left = root.left + 8" : "\(id).left = c\(r)_\(c - 1).right + 8")
                if c > 0 { constraints.append("\(id).width = c\(r)_0.width") }
                constraints.append(r == 0 ? "\(id).top = root.top + 8" : "\(id).top = c\(r - 1)_0.bottom + 8")
                constraints.append("\(id).height = 0.75 * \(id).width")
                if c == columns - 1 || i == count - 1 {
                    constraints.append("\(id).right = root.right - \(8 + 8 * (columns - 1 - c))")
                }
            }
        case .cards:
            for i in 0 ..< count {
                let card = "card\(i)", img = "img\(i)", title = "title\(i)"
                view(card)
                view(img, card)
                view(title, card)
                constraints += [
                    "\(card).width = 0.5 * root.width - 18",
                    i % 2 == 0 ? "\(card).left = root.left + 12" : "\(card).right = root.right - 12",
                    i < 2 ? "\(card).top = root.top + 12" : "\(card).top = card\(i - 2).bottom + 12",
                    "\(img).left = \(card).left", "\(img).top = \(card).top", "\(img).width = \(card).width",
                    "\(img).height = 0.5625 * \(img).width",
                    "\(title).left = \(card).left + 12", "\(title).right = \(card).right - 12",
                    "\(title).top = \(img).bottom + 8", "\(title).height = \(next(1 ... 3) * 20)",
                    "\(card).bottom = \(title).bottom + 12",
                ]
            }
        case .cardsRules:
            for i in 0 ..< count {
                let card = "card\(i)", img = "img\(i)", title = "title\(i)"
                view(card)
                view(img, card)
                view(title, card)
                let side = i % 2 == 0 ? "ll = 12" : "rr = 12"
                let top = i < 2 ? "tt = 12" : "tt = %bt + 12"
                rules.append("{\"view\": \"\(card)\", \"rule\": \"\(side), w = 50% - 18, \(top), h = \(next(100 ... 300))\""
                    + (i < 2 ? "}" : ", \"args\": [\"card\(i - 2)\"]}"))
                rules.append("{\"view\": \"\(img)\", \"rule\": \"ll = rr = 0, tt = 0, h = H:100% * 0.5625\"}")
                rules.append("{\"view\": \"\(title)\", \"rule\": \"ll = rr = 12, tt = %bt + 8, h = 20\", \"args\": [\"\(img)\"]}")
            }
        }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",\n  ") + "]" }
        var doc = "{\"root\": {\"id\": \"root\", \"width\": \(width), \"height\": \(height)},\n"
        doc += " \"views\": \(list(views)),\n \"constraints\": \(list(constraints.map { "\"\($0)\"" }))"
        if !rules.isEmpty { doc += ",\n \"rules\": \(list(rules))" }
        return doc + "}\n"
    }
}
