// View trees in the shapes of four benchmark families of scripts/generate.py
// (`list` and `cards`, which fall apart into tiny components, and `table` and
// `chartgrid`, each one large coupled component; the latter two are in
// CoupledWorkloads.swift), built in Swift with each constraint front end: the
// Simple Format Language, Mortar's operators and the maker. Shared by the
// Swift API benchmark (Sources/plumb-api-bench) and the test that checks the
// trees lay out to the frames `plumb solve` gives on the generated documents
// (Tests/PlumbTests/APIWorkloadTests.swift).
import Plumb

/// A constraint front end of the Swift API.
public enum APIFrontEnd: String, CaseIterable, Sendable {
    /// `Constraint.make(simpleFormats:views:metrics:)`, one call per cell or card.
    case sfl
    /// Mortar's `|=|` operators, required by a pushed default priority.
    case mortar
    /// The maker: `view.makeConstraints { make in ... }`.
    case maker
}

/// A family of scripts/generate.py that the Swift API benchmark builds.
public enum APIShape: String, CaseIterable, Sendable {
    /// A vertical list of cells, each an icon and a label (3 views a cell).
    case list
    /// Two columns of self-sizing cards: image, badge, title, subtitle (5 views a card).
    case cards
    /// A content-sized table of 8 columns, one view a cell with an intrinsic
    /// size: one coupled component (columns as wide as their widest cell,
    /// rows as tall as their tallest).
    case table
    /// A 4-column grid of charts sharing axis edges (chart, plot, y label,
    /// x label, title: 5 views a chart), priorities 1000/750/500/250: one
    /// coupled component.
    case chartgrid

    /// How many cells, cards or charts generate.py makes for `views` views.
    public func units(views: Int) -> Int {
        switch self {
        case .list: max(1, views / 3)
        case .cards: max(2, views / 5)
        case .table: max(1, views / 8) * 8
        case .chartgrid: max(1, views / 20) * 4
        }
    }

    /// How many lengths a unit draws: one for `list` and `cards`, a cell's
    /// intrinsic width and height for `table`, and for `chartgrid` the y
    /// label's intrinsic width, the x label's width and height and the
    /// title's width and height.
    public var lengthsPerUnit: Int {
        switch self {
        case .list, .cards: 1
        case .table: 2
        case .chartgrid: 5
        }
    }

    /// The values generate.py chooses from for the `slot`th length of a unit.
    func choices(slot: Int) -> [Double] {
        func stride(_ from: Int, _ to: Int, _ by: Int) -> [Double] {
            Swift.stride(from: from, to: to, by: by).map(Double.init)
        }
        switch self {
        case .list: return [44, 48, 52, 56, 60]
        case .cards: return [20, 40, 60]
        case .table: return slot == 0 ? stride(20, 140, 3) : [14, 20, 26, 32]
        case .chartgrid:
            return [stride(18, 67, 4), stride(20, 41, 4), [12, 14, 18, 24], stride(40, 121, 8), [14, 16, 20, 28]][slot]
        }
    }

    /// The lengths generate.py draws at random, ``lengthsPerUnit`` a unit:
    /// a cell's height (44 ... 60 by 4), a card title's height (20, 40 or
    /// 60), a table cell's intrinsic width and height, a chart's labels' and
    /// title's intrinsic sizes. These come
    /// from a small linear congruential sequence, not Python's generator, so
    /// they are the same choices but not the same draws as a generated
    /// document's; ``APIWorkloads/lengths(of:)`` reads those.
    public func lengths(units: Int, seed: UInt64 = 1) -> [Double] {
        let slots = (0 ..< lengthsPerUnit).map { choices(slot: $0) }
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        return (0 ..< units * lengthsPerUnit).map { k in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let choices = slots[k % slots.count]
            return choices[Int((state >> 33) % UInt64(choices.count))]
        }
    }
}

/// A view tree built by ``APIWorkloads/build(_:frontEnd:lengths:)``.
public struct APITree {
    /// The root, to lay out (`root.layout(width:height:)`).
    public let root: View
    /// Every view but the root, in the order of the generated document's
    /// `views` array (so frames can be written as `plumb solve` writes them).
    public let views: [View]
    /// The constant a re-layout after a change changes: the first unit's
    /// fixed length (the first cell's height, the first card title's height;
    /// required rows in small components), the first column's cap of
    /// `table` (`c0_0.width <= 0.125 * root.width - 1`, required) or the
    /// second column's preferred gap of `chartgrid` (`ch0_1.left =
    /// ch0_0.right + 12 @ 750`, optional). The document's constant moves
    /// with `firstShift` (``APIWorkloads/documentJSON(_:lengths:firstShift:requiredShift:)``).
    public let firstLength: Constraint
    /// On the coupled shapes with two rows or more, a required row's constant
    /// in the large component (`requiredShift`): `table`'s first row gap
    /// (`c1_0.top = c0_0.bottom + 1`), `chartgrid`'s (`ch1_0.top >=
    /// ch0_0.bottom + 12`); `nil` otherwise.
    public var requiredConstant: Constraint? = nil
    /// On the coupled shapes, a view whose intrinsic height a re-layout
    /// after a change changes (the tallest cell of `table`'s first row, the
    /// tallest title of `chartgrid`'s), and the index of that height in
    /// the tree's lengths; `nil` on `list` and `cards`, which have no
    /// intrinsic sizes.
    public var intrinsicView: View? = nil
    public var intrinsicLength: Int? = nil
}

public enum APIWorkloads {
    /// Builds `shape` with one unit per entry of `lengths`, its constraints
    /// made by `frontEnd` and active. The constraints are those of
    /// generate.py's document, in its order, all required.
    public static func build(_ shape: APIShape, frontEnd: APIFrontEnd, lengths: [Double]) -> APITree {
        switch shape {
        case .list: buildList(frontEnd, lengths)
        case .cards: buildCards(frontEnd, lengths)
        case .table: buildTable(frontEnd, lengths)
        case .chartgrid: buildChartgrid(frontEnd, lengths)
        }
    }

    /// The lengths a generated document drew (see ``APIShape/lengths(units:seed:)``):
    /// the constants of its `cellN.height = H` or `titleN.height = H` strings
    /// in order, or the coupled shapes' intrinsic sizes in view order
    /// (`intrinsicSizes`, one array a view, empty for a view without one).
    public static func lengths(of shape: APIShape, constraints: [String], intrinsicSizes: [[Double]] = []) -> [Double] {
        if shape == .table || shape == .chartgrid {
            // A chart's y label has a fixed intrinsic height (12), not drawn.
            return intrinsicSizes.enumerated().flatMap { (i, size) -> [Double] in
                shape == .chartgrid && i % 5 == 2 ? Array(size.prefix(1)) : size
            }
        }
        let prefix = shape == .list ? "cell" : "title"
        var found: [Double] = []
        for c in constraints where c.hasPrefix(prefix) {
            let parts = c.split(separator: " ")
            guard parts.count == 3, parts[0].hasSuffix(".height"), parts[1] == "=", let v = Double(parts[2]) else { continue }
            found.append(v)
        }
        return found
    }

    /// The layout document scripts/generate.py writes for `shape` when it
    /// draws `lengths` (byte for byte, with the default 1024 x 768 root):
    /// what `plumb solve` and ``CompiledLayout`` are given for the same tree.
    /// `firstShift` and `requiredShift` are added to the constants of
    /// ``APITree/firstLength`` and ``APITree/requiredConstant`` (0 gives
    /// generate.py's document).
    public static func documentJSON(
        _ shape: APIShape, lengths: [Double], firstShift: Double = 0, requiredShift: Double = 0
    ) -> String {
        var views: [String] = []
        var constraints: [String] = []
        func view(_ id: String, _ parent: String = "root", size: [Double] = []) {
            let intrinsic = size.isEmpty ? "" : ",\"intrinsicSize\":[\(size.map(number).joined(separator: ","))]"
            views.append("{\"id\":\"\(id)\",\"parent\":\"\(parent)\"\(intrinsic)}")
        }
        var lengths = lengths
        if shape == .list || shape == .cards { lengths[0] += firstShift }
        switch shape {
        case .table:
            tableDocument(lengths, firstShift, requiredShift, view: { view($0, size: $1) }, say: { constraints += $0 })
        case .chartgrid:
            chartgridDocument(lengths, firstShift, requiredShift, view: { view($0, $1, size: $2) },
                              say: { constraints += $0 })
        case .list:
            view("content")
            constraints += ["content.left = root.left", "content.top = root.top", "content.width = root.width"]
            var above = "content.top + 8"
            for (i, h) in lengths.enumerated() {
                let cell = "cell\(i)", icon = "icon\(i)", label = "label\(i)"
                view(cell, "content")
                view(icon, cell)
                view(label, cell)
                constraints += [
                    "\(cell).left = content.left + 16", "\(cell).right = content.right - 16",
                    "\(cell).top = \(above)", "\(cell).height = \(number(h))",
                    "\(icon).left = \(cell).left + 8", "\(icon).centerY = \(cell).centerY",
                    "\(icon).width = 28", "\(icon).height = \(icon).width",
                    "\(label).left = \(icon).right + 8", "\(label).right = \(cell).right - 8",
                    "\(label).top = \(cell).top + 4", "\(label).bottom = \(cell).bottom - 4",
                ]
                above = "\(cell).bottom + 8"
            }
            constraints.append("content.bottom = cell\(lengths.count - 1).bottom + 8")
        case .cards:
            for (i, h) in lengths.enumerated() {
                let card = "card\(i)", image = "img\(i)", title = "title\(i)", sub = "sub\(i)", badge = "badge\(i)"
                view(card)
                view(image, card)
                view(title, card)
                view(sub, card)
                view(badge, image)
                constraints += [
                    "\(card).width = 0.5 * root.width - 18",
                    i % 2 == 0 ? "\(card).left = root.left + 12" : "\(card).left = card\(i - 1).right + 12",
                    i < 2 ? "\(card).top = root.top + 12" : "\(card).top = card\(i - 2).bottom + 12",
                    "\(image).left = \(card).left", "\(image).top = \(card).top",
                    "\(image).width = \(card).width", "\(image).height = 0.5625 * \(image).width",
                    "\(title).left = \(card).left + 12", "\(title).right = \(card).right - 12",
                    "\(title).top = \(image).bottom + 8", "\(title).height = \(number(h))",
                    "\(sub).left = \(title).left", "\(sub).width = \(title).width",
                    "\(sub).top = \(title).bottom + 4", "\(sub).height = 16",
                    "\(card).bottom = \(sub).bottom + 12",
                    "\(badge).centerX = \(image).right - 16", "\(badge).centerY = \(image).top + 16",
                    "\(badge).width = 20", "\(badge).height = \(badge).width",
                ]
            }
        }
        return "{\"root\":{\"id\":\"root\",\"width\":1024,\"height\":768},\"views\":["
            + views.joined(separator: ",") + "],\"constraints\":["
            + constraints.map { "\"\($0)\"" }.joined(separator: ",") + "]}\n"
    }

    // MARK: - list

    private static func buildList(_ frontEnd: APIFrontEnd, _ heights: [Double]) -> APITree {
        let root = View("root"), content = View("content")
        root.addSubview(content)
        var views = [content]
        views.reserveCapacity(1 + 3 * heights.count)
        var cells: [View] = []
        cells.reserveCapacity(heights.count)
        for i in heights.indices {
            let cell = View("cell\(i)"), icon = View("icon\(i)"), label = View("label\(i)")
            content.addSubview(cell)
            cell.addSubview(icon)
            cell.addSubview(label)
            views += [cell, icon, label]
            cells.append(cell)
        }
        let last = cells[cells.count - 1]
        switch frontEnd {
        case .sfl:
            // The cell as a template: the same strings for every cell, the
            // names and the height bound per cell.
            let top = try! Constraint.make(simpleFormats: [
                "content.left = root.left", "content.top = root.top", "content.width = root.width",
            ], views: ["content": content, "root": root])
            Constraint.activate(top)
            let first = [
                "cell.left = content.left + 16", "cell.right = content.right - 16", "cell.top = content.top + 8",
            ]
            let next = [
                "cell.left = content.left + 16", "cell.right = content.right - 16", "cell.top = above.bottom + 8",
            ]
            let body = [
                "cell.height = h",
                "icon.left = cell.left + 8", "icon.centerY = cell.centerY", "icon.width = 28",
                "icon.height = icon.width",
                "label.left = icon.right + 8", "label.right = cell.right - 8",
                "label.top = cell.top + 4", "label.bottom = cell.bottom - 4",
            ]
            for (i, cell) in cells.enumerated() {
                let sub = cell.subviews
                let names = ["cell": cell, "icon": sub[0], "label": sub[1], "content": content,
                             "above": i == 0 ? content : cells[i - 1]]
                Constraint.activate(try! Constraint.make(
                    simpleFormats: (i == 0 ? first : next) + body, views: names, metrics: ["h": heights[i]]))
            }
            Constraint.activate(try! Constraint.make(
                simpleFormats: ["content.bottom = last.bottom + 8"], views: ["content": content, "last": last]))
        case .mortar:
            MortarDefault.priority.push(.required)
            defer { try! MortarDefault.priority.pop() }
            content.m_left |=| root.m_left
            content.m_top |=| root.m_top
            content.m_width |=| root.m_width
            for (i, cell) in cells.enumerated() {
                let icon = cell.subviews[0], label = cell.subviews[1]
                cell.m_left |=| content.m_left + 16
                cell.m_right |=| content.m_right - 16
                cell.m_top |=| (i == 0 ? content.m_top : cells[i - 1].m_bottom) + 8
                cell.m_height |=| heights[i]
                icon.m_left |=| cell.m_left + 8
                icon.m_centerY |=| cell.m_centerY
                icon.m_width |=| 28
                icon.m_height |=| icon.m_width
                label.m_left |=| icon.m_right + 8
                label.m_right |=| cell.m_right - 8
                label.m_top |=| cell.m_top + 4
                label.m_bottom |=| cell.m_bottom - 4
            }
            content.m_bottom |=| last.m_bottom + 8
        case .maker:
            content.makeConstraints { make in
                make.left.equalTo(root)
                make.top.equalTo(root)
                make.width.equalTo(root)
            }
            for (i, cell) in cells.enumerated() {
                let icon = cell.subviews[0], label = cell.subviews[1]
                cell.makeConstraints { make in
                    make.left.equalTo(content).offset(16)
                    make.right.equalTo(content).offset(-16)
                    make.top.equalTo(i == 0 ? content.mas_top : cells[i - 1].mas_bottom).offset(8)
                    make.height.equalTo(heights[i])
                }
                icon.makeConstraints { make in
                    make.left.equalTo(cell).offset(8)
                    make.centerY.equalTo(cell)
                    make.width.equalTo(28)
                    make.height.equalTo(icon.mas_width)
                }
                label.makeConstraints { make in
                    make.left.equalTo(icon.mas_right).offset(8)
                    make.right.equalTo(cell).offset(-8)
                    make.top.equalTo(cell).offset(4)
                    make.bottom.equalTo(cell).offset(-4)
                }
            }
            content.makeConstraints { make in
                make.bottom.equalTo(last.mas_bottom).offset(8)
            }
        }
        return APITree(root: root, views: views, firstLength: fixedHeight(of: cells[0]))
    }

    // MARK: - cards

    private static func buildCards(_ frontEnd: APIFrontEnd, _ titleHeights: [Double]) -> APITree {
        let root = View("root")
        var views: [View] = []
        views.reserveCapacity(5 * titleHeights.count)
        var cards: [View] = []
        cards.reserveCapacity(titleHeights.count)
        for i in titleHeights.indices {
            let card = View("card\(i)"), image = View("img\(i)"), title = View("title\(i)")
            let subtitle = View("sub\(i)"), badge = View("badge\(i)")
            root.addSubview(card)
            card.addSubview(image)
            card.addSubview(title)
            card.addSubview(subtitle)
            image.addSubview(badge)
            views += [card, image, title, subtitle, badge]
            cards.append(card)
        }
        // The parts of card i, in the order they were added.
        func parts(_ card: View) -> (image: View, title: View, subtitle: View, badge: View) {
            let s = card.subviews
            return (s[0], s[1], s[2], s[0].subviews[0])
        }
        switch frontEnd {
        case .sfl:
            let body = [
                "img.left = card.left", "img.top = card.top", "img.width = card.width",
                "img.height = 0.5625 * img.width",
                "title.left = card.left + 12", "title.right = card.right - 12",
                "title.top = img.bottom + 8", "title.height = h",
                "sub.left = title.left", "sub.width = title.width", "sub.top = title.bottom + 4", "sub.height = 16",
                "card.bottom = sub.bottom + 12",
                "badge.centerX = img.right - 16", "badge.centerY = img.top + 16",
                "badge.width = 20", "badge.height = badge.width",
            ]
            for (i, card) in cards.enumerated() {
                let p = parts(card)
                let place = [
                    "card.width = 0.5 * root.width - 18",
                    i % 2 == 0 ? "card.left = root.left + 12" : "card.left = beside.right + 12",
                    i < 2 ? "card.top = root.top + 12" : "card.top = above.bottom + 12",
                ]
                let names = ["card": card, "img": p.image, "title": p.title, "sub": p.subtitle, "badge": p.badge,
                             "root": root, "beside": i > 0 ? cards[i - 1] : root, "above": i > 1 ? cards[i - 2] : root]
                Constraint.activate(try! Constraint.make(
                    simpleFormats: place + body, views: names, metrics: ["h": titleHeights[i]]))
            }
        case .mortar:
            MortarDefault.priority.push(.required)
            defer { try! MortarDefault.priority.pop() }
            for (i, card) in cards.enumerated() {
                let p = parts(card)
                card.m_width |=| root.m_width * 0.5 - 18
                card.m_left |=| (i % 2 == 0 ? root.m_left : cards[i - 1].m_right) + 12
                card.m_top |=| (i < 2 ? root.m_top : cards[i - 2].m_bottom) + 12
                p.image.m_left |=| card.m_left
                p.image.m_top |=| card.m_top
                p.image.m_width |=| card.m_width
                p.image.m_height |=| p.image.m_width * 0.5625
                p.title.m_left |=| card.m_left + 12
                p.title.m_right |=| card.m_right - 12
                p.title.m_top |=| p.image.m_bottom + 8
                p.title.m_height |=| titleHeights[i]
                p.subtitle.m_left |=| p.title.m_left
                p.subtitle.m_width |=| p.title.m_width
                p.subtitle.m_top |=| p.title.m_bottom + 4
                p.subtitle.m_height |=| 16
                card.m_bottom |=| p.subtitle.m_bottom + 12
                p.badge.m_centerX |=| p.image.m_right - 16
                p.badge.m_centerY |=| p.image.m_top + 16
                p.badge.m_width |=| 20
                p.badge.m_height |=| p.badge.m_width
            }
        case .maker:
            for (i, card) in cards.enumerated() {
                let p = parts(card)
                card.makeConstraints { make in
                    make.width.equalTo(root).multipliedBy(0.5).offset(-18)
                    make.left.equalTo(i % 2 == 0 ? root.mas_left : cards[i - 1].mas_right).offset(12)
                    make.top.equalTo(i < 2 ? root.mas_top : cards[i - 2].mas_bottom).offset(12)
                }
                p.image.makeConstraints { make in
                    make.left.equalTo(card)
                    make.top.equalTo(card)
                    make.width.equalTo(card)
                    make.height.equalTo(p.image.mas_width).multipliedBy(0.5625)
                }
                p.title.makeConstraints { make in
                    make.left.equalTo(card).offset(12)
                    make.right.equalTo(card).offset(-12)
                    make.top.equalTo(p.image.mas_bottom).offset(8)
                    make.height.equalTo(titleHeights[i])
                }
                p.subtitle.makeConstraints { make in
                    make.left.equalTo(p.title)
                    make.width.equalTo(p.title)
                    make.top.equalTo(p.title.mas_bottom).offset(4)
                    make.height.equalTo(16)
                }
                card.makeConstraints { make in
                    make.bottom.equalTo(p.subtitle.mas_bottom).offset(12)
                }
                p.badge.makeConstraints { make in
                    make.centerX.equalTo(p.image.mas_right).offset(-16)
                    make.centerY.equalTo(p.image.mas_top).offset(16)
                    make.width.equalTo(20)
                    make.height.equalTo(p.badge.mas_width)
                }
            }
        }
        return APITree(root: root, views: views, firstLength: fixedHeight(of: parts(cards[0]).title))
    }

    /// A number as generate.py writes it: integers without a fraction.
    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }

    /// The constraint `view.height = constant` among `view`'s constraints.
    private static func fixedHeight(of view: View) -> Constraint {
        guard let c = view.constraints.first(where: {
            $0.firstView === view && $0.firstAttribute == .height && $0.secondAttribute == nil
        }) else { fatalError("\(view.id) has no fixed height") }
        return c
    }
}
