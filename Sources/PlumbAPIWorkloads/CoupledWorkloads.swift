// The two coupled shapes of the Swift API workloads: `table` and `chartgrid`
// of scripts/generate.py, each one large component whose rows do not fall
// apart (shared column and row edges, optional rows at several priorities),
// so `root.layout` reaches the presolve and Clp rather than the small-part
// paths `list` and `cards` take. The same views, constraints and priorities
// as the generator's documents, in its order, with each front end.
import Plumb

extension APIWorkloads {
    /// `+ c` or `- c` as generate.py writes a constant after a term.
    private static func signed(_ c: Double) -> String { c < 0 ? "- \(number(-c))" : "+ \(number(c))" }

    /// The one active constraint that names `view` first with `attribute`,
    /// `relation`, `second` as its second view and `priority`.
    private static func find(
        _ view: View, _ attribute: LayoutAttribute, _ relation: Relation, _ second: View?, priority: Double = 1000
    ) -> Constraint {
        guard let c = view.constraints.first(where: {
            $0.firstView === view && $0.firstAttribute == attribute && $0.relation == relation
                && $0.secondView === second && $0.priority.rawValue == priority
        }) else { fatalError("\(view.id) has no such \(attribute) constraint") }
        return c
    }

    /// The index of the largest of `values` (the first of equals).
    private static func largest(_ values: [Double]) -> Int {
        values.indices.reduce(0) { values[$1] > values[$0] ? $1 : $0 }
    }

    // MARK: - table

    private static let tableColumns = 8

    /// generate.py's `table`: cell `cR_J` with intrinsic size
    /// `(lengths[2k], lengths[2k + 1])`, `k = 8R + J`.
    static func tableDocument(
        _ lengths: [Double], _ firstShift: Double, _ requiredShift: Double,
        view: (String, [Double]) -> Void, say: ([String]) -> Void
    ) {
        let rows = lengths.count / (2 * tableColumns)
        for r in 0 ..< rows {
            for j in 0 ..< tableColumns {
                let k = r * tableColumns + j, cell = "c\(r)_\(j)"
                view(cell, [lengths[2 * k], lengths[2 * k + 1]])
                if r > 0 { say(["\(cell).left = c0_\(j).left", "\(cell).width = c0_\(j).width"]) }
                if j > 0 { say(["\(cell).top = c\(r)_0.top", "\(cell).height = c\(r)_0.height"]) }
            }
            say(["c\(r)_0.top = " + (r == 0 ? "root.top" : "c\(r - 1)_0.bottom \(signed(r == 1 ? 1 + requiredShift : 1))")])
        }
        for j in 0 ..< tableColumns {
            say(["c0_\(j).left = " + (j == 0 ? "root.left" : "c0_\(j - 1).right + 1"),
                 "c0_\(j).width <= \(number(1 / Double(tableColumns))) * root.width \(signed(j == 0 ? -1 + firstShift : -1))"])
        }
    }

    static func buildTable(_ frontEnd: APIFrontEnd, _ lengths: [Double]) -> APITree {
        let root = View("root")
        let rows = lengths.count / (2 * tableColumns)
        var views: [View] = []
        views.reserveCapacity(rows * tableColumns)
        var cells: [[View]] = []
        for r in 0 ..< rows {
            var row: [View] = []
            for j in 0 ..< tableColumns {
                let k = r * tableColumns + j
                let cell = View("c\(r)_\(j)")
                cell.intrinsicContentSize = IntrinsicSize(width: lengths[2 * k], height: lengths[2 * k + 1])
                root.addSubview(cell)
                row.append(cell)
            }
            views += row
            cells.append(row)
        }
        let scale = 1 / Double(tableColumns)
        switch frontEnd {
        case .sfl:
            for r in 0 ..< rows {
                for j in 0 ..< tableColumns where r > 0 || j > 0 {
                    var strings: [String] = []
                    if r > 0 { strings += ["cell.left = col.left", "cell.width = col.width"] }
                    if j > 0 { strings += ["cell.top = row.top", "cell.height = row.height"] }
                    Constraint.activate(try! Constraint.make(
                        simpleFormats: strings, views: ["cell": cells[r][j], "col": cells[0][j], "row": cells[r][0]]))
                }
                Constraint.activate(try! Constraint.make(
                    simpleFormats: [r == 0 ? "first.top = root.top" : "first.top = above.bottom + 1"],
                    views: ["first": cells[r][0], "root": root, "above": cells[max(0, r - 1)][0]]))
            }
            for j in 0 ..< tableColumns {
                Constraint.activate(try! Constraint.make(
                    simpleFormats: [j == 0 ? "head.left = root.left" : "head.left = before.right + 1",
                                    "head.width <= 0.125 * root.width - 1"],
                    views: ["head": cells[0][j], "root": root, "before": cells[0][max(0, j - 1)]]))
            }
        case .mortar:
            MortarDefault.priority.push(.required)
            defer { try! MortarDefault.priority.pop() }
            for r in 0 ..< rows {
                for j in 0 ..< tableColumns {
                    let cell = cells[r][j]
                    if r > 0 {
                        cell.m_left |=| cells[0][j].m_left
                        cell.m_width |=| cells[0][j].m_width
                    }
                    if j > 0 {
                        cell.m_top |=| cells[r][0].m_top
                        cell.m_height |=| cells[r][0].m_height
                    }
                }
                if r == 0 { cells[0][0].m_top |=| root.m_top } else { cells[r][0].m_top |=| cells[r - 1][0].m_bottom + 1 }
            }
            for j in 0 ..< tableColumns {
                let head = cells[0][j]
                if j == 0 { head.m_left |=| root.m_left } else { head.m_left |=| cells[0][j - 1].m_right + 1 }
                head.m_width |<| root.m_width * scale - 1
            }
        case .maker:
            for r in 0 ..< rows {
                for j in 0 ..< tableColumns where r > 0 || j > 0 {
                    cells[r][j].makeConstraints { make in
                        if r > 0 {
                            make.left.equalTo(cells[0][j])
                            make.width.equalTo(cells[0][j])
                        }
                        if j > 0 {
                            make.top.equalTo(cells[r][0])
                            make.height.equalTo(cells[r][0])
                        }
                    }
                }
                cells[r][0].makeConstraints { make in
                    if r == 0 { make.top.equalTo(root) } else { make.top.equalTo(cells[r - 1][0].mas_bottom).offset(1) }
                }
            }
            for j in 0 ..< tableColumns {
                cells[0][j].makeConstraints { make in
                    if j == 0 { make.left.equalTo(root) } else { make.left.equalTo(cells[0][j - 1].mas_right).offset(1) }
                    make.width.lessThanOrEqualTo(root).multipliedBy(scale).offset(-1)
                }
            }
        }
        let tallest = largest((0 ..< tableColumns).map { lengths[2 * $0 + 1] })
        return APITree(
            root: root, views: views,
            firstLength: find(cells[0][0], .width, .lessOrEqual, root),
            requiredConstant: rows > 1 ? find(cells[1][0], .top, .equal, cells[0][0]) : nil,
            intrinsicView: cells[0][tallest], intrinsicLength: 2 * tallest + 1)
    }

    // MARK: - chartgrid

    /// The maker: `edge` (a new line at each call) at least 12 after
    /// `other`, and exactly 12 at 750.
    private static func makerGap(_ edge: () -> ConstraintMakerExtendable, after other: ViewAttribute) {
        edge().greaterThanOrEqualTo(other).offset(12)
        edge().equalTo(other).offset(12).priority(.high)
    }

    /// Mortar: `edge` at least 12 after `other`, and exactly 12 at 750.
    private static func mortarGap(_ edge: MortarAttribute, after other: MortarAttribute) {
        edge |>| other + 12
        edge |=| other + 12 ! .high
    }

    private static let chartColumns = 4

    /// generate.py's `chartgrid`: chart `chI_J` (k = 4I + J) with its plot,
    /// y label `(lengths[5k], 12)`, x label `(lengths[5k + 1], lengths[5k + 2])`
    /// and title `(lengths[5k + 3], lengths[5k + 4])`.
    static func chartgridDocument(
        _ lengths: [Double], _ firstShift: Double, _ requiredShift: Double,
        view: (String, String, [Double]) -> Void, say: ([String]) -> Void
    ) {
        let rows = lengths.count / (5 * chartColumns)
        // A required gap of at least `required` after an edge, and exactly `preferred` at 750.
        func gap(_ edge: String, after other: String, required: Double, preferred: Double) -> [String] {
            ["\(edge) >= \(other) \(signed(required))", "\(edge) = \(other) \(signed(preferred)) @ 750"]
        }
        for i in 0 ..< rows {
            for j in 0 ..< chartColumns {
                let k = i * chartColumns + j
                let chart = "ch\(i)_\(j)", plot = "pl\(i)_\(j)", yl = "yl\(i)_\(j)", xl = "xl\(i)_\(j)", ti = "ti\(i)_\(j)"
                view(chart, "root", [])
                view(plot, chart, [])
                view(yl, chart, [lengths[5 * k], 12])
                view(xl, chart, [lengths[5 * k + 1], lengths[5 * k + 2]])
                view(ti, chart, [lengths[5 * k + 3], lengths[5 * k + 4]])
                if i == 0 {
                    if j == 0 {
                        say(["\(chart).left = root.left + 8"])
                    } else {
                        say(gap("\(chart).left", after: "ch0_\(j - 1).right", required: 12,
                                preferred: j == 1 ? 12 + firstShift : 12) + ["\(plot).width = pl0_0.width @ 500"])
                    }
                    if j == chartColumns - 1 {
                        say(["\(chart).right <= root.right - 8", "\(chart).right = root.right - 8 @ 250"])
                    }
                    say(["\(plot).width >= 40", "\(plot).left = \(chart).left + 6 @ 250"])
                } else {
                    say(["\(chart).left = ch0_\(j).left", "\(chart).right = ch0_\(j).right", "\(plot).left = pl0_\(j).left"])
                }
                if j == 0 {
                    if i == 0 {
                        say(["\(chart).top = root.top + 8"])
                    } else {
                        say(gap("\(chart).top", after: "ch\(i - 1)_0.bottom", required: i == 1 ? 12 + requiredShift : 12,
                                preferred: 12))
                    }
                    say(["\(plot).height >= 30", "\(plot).top = \(chart).top + 6 @ 250",
                         "\(chart).bottom = \(plot).bottom + 4 @ 250"])
                } else {
                    say(["\(chart).top = ch\(i)_0.top", "\(chart).bottom = ch\(i)_0.bottom",
                         "\(plot).top = pl\(i)_0.top", "\(plot).bottom = pl\(i)_0.bottom"])
                }
                say(["\(plot).right = \(chart).right", "\(plot).height = 0.6 * \(plot).width @ 500",
                     "\(yl).left = \(chart).left + 2", "\(yl).right <= \(plot).left - 4",
                     "\(yl).centerY = \(plot).centerY",
                     "\(xl).top = \(plot).bottom + 3", "\(xl).centerX = \(plot).centerX",
                     "\(xl).bottom <= \(chart).bottom - 2",
                     "\(ti).top = \(chart).top + 3", "\(ti).left = \(plot).left", "\(ti).bottom <= \(plot).top - 3"])
            }
        }
    }

    /// A chart's views: the chart, then its plot, y label, x label and title.
    private struct Chart {
        let chart: View, plot: View, ylabel: View, xlabel: View, title: View
    }

    static func buildChartgrid(_ frontEnd: APIFrontEnd, _ lengths: [Double]) -> APITree {
        let root = View("root")
        let rows = lengths.count / (5 * chartColumns)
        var views: [View] = []
        views.reserveCapacity(5 * rows * chartColumns)
        var grid: [[Chart]] = []
        for i in 0 ..< rows {
            var row: [Chart] = []
            for j in 0 ..< chartColumns {
                let k = i * chartColumns + j
                let c = Chart(chart: View("ch\(i)_\(j)"), plot: View("pl\(i)_\(j)"), ylabel: View("yl\(i)_\(j)"),
                              xlabel: View("xl\(i)_\(j)"), title: View("ti\(i)_\(j)"))
                c.ylabel.intrinsicContentSize = IntrinsicSize(width: lengths[5 * k], height: 12)
                c.xlabel.intrinsicContentSize = IntrinsicSize(width: lengths[5 * k + 1], height: lengths[5 * k + 2])
                c.title.intrinsicContentSize = IntrinsicSize(width: lengths[5 * k + 3], height: lengths[5 * k + 4])
                root.addSubview(c.chart)
                for part in [c.plot, c.ylabel, c.xlabel, c.title] { c.chart.addSubview(part) }
                views += [c.chart, c.plot, c.ylabel, c.xlabel, c.title]
                row.append(c)
            }
            grid.append(row)
        }
        let last = chartColumns - 1
        for i in 0 ..< rows {
            for j in 0 ..< chartColumns {
                let c = grid[i][j], head = grid[0][j], rowHead = grid[i][0]
                let before = grid[0][max(0, j - 1)], above = grid[max(0, i - 1)][0], first = grid[0][0]
                switch frontEnd {
                case .sfl:
                    var strings: [String] = []
                    if i == 0 {
                        strings += j == 0 ? ["chart.left = root.left + 8"]
                            : ["chart.left >= before.right + 12", "chart.left = before.right + 12 @ 750",
                               "plot.width = firstPlot.width @ 500"]
                        if j == last { strings += ["chart.right <= root.right - 8", "chart.right = root.right - 8 @ 250"] }
                        strings += ["plot.width >= 40", "plot.left = chart.left + 6 @ 250"]
                    } else {
                        strings += ["chart.left = head.left", "chart.right = head.right", "plot.left = headPlot.left"]
                    }
                    if j == 0 {
                        strings += i == 0 ? ["chart.top = root.top + 8"]
                            : ["chart.top >= above.bottom + 12", "chart.top = above.bottom + 12 @ 750"]
                        strings += ["plot.height >= 30", "plot.top = chart.top + 6 @ 250",
                                    "chart.bottom = plot.bottom + 4 @ 250"]
                    } else {
                        strings += ["chart.top = rowHead.top", "chart.bottom = rowHead.bottom",
                                    "plot.top = rowHeadPlot.top", "plot.bottom = rowHeadPlot.bottom"]
                    }
                    strings += ["plot.right = chart.right", "plot.height = 0.6 * plot.width @ 500",
                                "yl.left = chart.left + 2", "yl.right <= plot.left - 4", "yl.centerY = plot.centerY",
                                "xl.top = plot.bottom + 3", "xl.centerX = plot.centerX", "xl.bottom <= chart.bottom - 2",
                                "ti.top = chart.top + 3", "ti.left = plot.left", "ti.bottom <= plot.top - 3"]
                    Constraint.activate(try! Constraint.make(simpleFormats: strings, views: [
                        "chart": c.chart, "plot": c.plot, "yl": c.ylabel, "xl": c.xlabel, "ti": c.title, "root": root,
                        "before": before.chart, "firstPlot": first.plot, "head": head.chart, "headPlot": head.plot,
                        "above": above.chart, "rowHead": rowHead.chart, "rowHeadPlot": rowHead.plot,
                    ]))
                case .mortar:
                    MortarDefault.priority.push(.required)
                    defer { try! MortarDefault.priority.pop() }
                    if i == 0 {
                        if j == 0 {
                            c.chart.m_left |=| root.m_left + 8
                        } else {
                            mortarGap(c.chart.m_left, after: before.chart.m_right)
                            c.plot.m_width |=| first.plot.m_width ! .medium
                        }
                        if j == last {
                            c.chart.m_right |<| root.m_right - 8
                            c.chart.m_right |=| root.m_right - 8 ! .low
                        }
                        c.plot.m_width |>| 40
                        c.plot.m_left |=| c.chart.m_left + 6 ! .low
                    } else {
                        c.chart.m_left |=| head.chart.m_left
                        c.chart.m_right |=| head.chart.m_right
                        c.plot.m_left |=| head.plot.m_left
                    }
                    if j == 0 {
                        if i == 0 {
                            c.chart.m_top |=| root.m_top + 8
                        } else {
                            mortarGap(c.chart.m_top, after: above.chart.m_bottom)
                        }
                        c.plot.m_height |>| 30
                        c.plot.m_top |=| c.chart.m_top + 6 ! .low
                        c.chart.m_bottom |=| c.plot.m_bottom + 4 ! .low
                    } else {
                        c.chart.m_top |=| rowHead.chart.m_top
                        c.chart.m_bottom |=| rowHead.chart.m_bottom
                        c.plot.m_top |=| rowHead.plot.m_top
                        c.plot.m_bottom |=| rowHead.plot.m_bottom
                    }
                    c.plot.m_right |=| c.chart.m_right
                    c.plot.m_height |=| c.plot.m_width * 0.6 ! .medium
                    c.ylabel.m_left |=| c.chart.m_left + 2
                    c.ylabel.m_right |<| c.plot.m_left - 4
                    c.ylabel.m_centerY |=| c.plot.m_centerY
                    c.xlabel.m_top |=| c.plot.m_bottom + 3
                    c.xlabel.m_centerX |=| c.plot.m_centerX
                    c.xlabel.m_bottom |<| c.chart.m_bottom - 2
                    c.title.m_top |=| c.chart.m_top + 3
                    c.title.m_left |=| c.plot.m_left
                    c.title.m_bottom |<| c.plot.m_top - 3
                case .maker:
                    c.chart.makeConstraints { make in
                        if i == 0 {
                            if j == 0 {
                                make.left.equalTo(root).offset(8)
                            } else {
                                makerGap({ make.left }, after: before.chart.mas_right)
                            }
                            if j == last {
                                make.right.lessThanOrEqualTo(root).offset(-8)
                                make.right.equalTo(root).offset(-8).priority(.low)
                            }
                        } else {
                            make.left.equalTo(head.chart)
                            make.right.equalTo(head.chart)
                        }
                        if j == 0 {
                            if i == 0 {
                                make.top.equalTo(root).offset(8)
                            } else {
                                makerGap({ make.top }, after: above.chart.mas_bottom)
                            }
                            make.bottom.equalTo(c.plot.mas_bottom).offset(4).priority(.low)
                        } else {
                            make.top.equalTo(rowHead.chart)
                            make.bottom.equalTo(rowHead.chart)
                        }
                    }
                    c.plot.makeConstraints { make in
                        if i == 0 {
                            if j > 0 { make.width.equalTo(first.plot).priority(.medium) }
                            make.width.greaterThanOrEqualTo(40)
                            make.left.equalTo(c.chart).offset(6).priority(.low)
                        } else {
                            make.left.equalTo(head.plot)
                        }
                        if j == 0 {
                            make.height.greaterThanOrEqualTo(30)
                            make.top.equalTo(c.chart).offset(6).priority(.low)
                        } else {
                            make.top.equalTo(rowHead.plot)
                            make.bottom.equalTo(rowHead.plot)
                        }
                        make.right.equalTo(c.chart)
                        make.height.equalTo(c.plot.mas_width).multipliedBy(0.6).priority(.medium)
                    }
                    c.ylabel.makeConstraints { make in
                        make.left.equalTo(c.chart).offset(2)
                        make.right.lessThanOrEqualTo(c.plot.mas_left).offset(-4)
                        make.centerY.equalTo(c.plot)
                    }
                    c.xlabel.makeConstraints { make in
                        make.top.equalTo(c.plot.mas_bottom).offset(3)
                        make.centerX.equalTo(c.plot)
                        make.bottom.lessThanOrEqualTo(c.chart).offset(-2)
                    }
                    c.title.makeConstraints { make in
                        make.top.equalTo(c.chart).offset(3)
                        make.left.equalTo(c.plot)
                        make.bottom.lessThanOrEqualTo(c.plot.mas_top).offset(-3)
                    }
                }
            }
        }
        let tallest = largest((0 ..< chartColumns).map { lengths[5 * $0 + 4] })
        return APITree(
            root: root, views: views,
            firstLength: find(grid[0][1].chart, .left, .equal, grid[0][0].chart, priority: 750),
            requiredConstant: rows > 1 ? find(grid[1][0].chart, .top, .greaterOrEqual, grid[0][0].chart) : nil,
            intrinsicView: grid[0][tallest].title, intrinsicLength: 5 * tallest + 4)
    }
}
