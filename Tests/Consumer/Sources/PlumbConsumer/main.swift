// Lays out examples of the Mortar, Masonry-style maker and Fahrenheit styles,
// a text measured by a measurer of its own, and one large coupled row with and without PlumbClp, through Plumb's public
// surface, and checks every frame. Prints one line per example; exits 1 if any frame is wrong or a layout throws.
import Plumb
import PlumbClp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var failures = 0

@MainActor func check(_ example: String, _ views: [(View, Rect)]) {
    let wrong = views.filter { view, expected in
        let f = view.frame
        return abs(f.x - expected.x) > 1e-9 || abs(f.y - expected.y) > 1e-9
            || abs(f.width - expected.width) > 1e-9 || abs(f.height - expected.height) > 1e-9
    }
    if wrong.isEmpty {
        print("ok    \(example)")
    } else {
        failures += 1
        for (view, expected) in wrong { print("FAIL  \(example): \(view.id) is \(view.frame), expected \(expected)") }
    }
}

@MainActor func run(_ example: String, _ body: () throws -> [(View, Rect)]) {
    do {
        check(example, try body())
    } catch {
        failures += 1
        print("FAIL  \(example): \(error)")
    }
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

// MARK: - Mortar

run("mortar: view1.m_right |=| view2.m_left - 12.0") {
    let root = View("root"), view1 = View("view1"), view2 = View("view2")
    root |+| [view1, view2]
    view2.m_frame |=| (10, 200, 100, 50)
    view1.m_right |=| view2.m_left - 12.0
    view1.m_width |=| 50
    view1.m_caps |=| view2
    try root.layout(width: 400, height: 300)
    return [(view2, rect(200, 10, 100, 50)), (view1, rect(138, 10, 50, 50))]
}

run("mortar: [view1, view2, view3].m_size |=| (100, 200)") {
    let root = View("root"), views = [View("view1"), View("view2"), View("view3")]
    root |+| views
    views.m_size |=| (100, 200)
    views[0].m_origin |=| (0, 0)
    views[1].m_origin |=| (100, 0)
    views[2].m_origin |=| (200, 50)
    try root.layout(width: 400, height: 300)
    return [(views[0], rect(0, 0, 100, 200)), (views[1], rect(100, 0, 100, 200)), (views[2], rect(200, 50, 100, 200))]
}

run("mortar: priorities and MortarDefault") {
    let root = View("root"), v = View("v")
    root |+| v
    MortarDefault.priority.push(.required)
    v.m_origin |=| (10, 20)
    v.m_height |=| 30
    try MortarDefault.priority.pop()
    v.m_width |=| 100 ! .low
    v.m_width |=| 150 ! .high
    v.m_width |=| 200                    // 500, Mortar's default: between the two
    try root.layout(width: 400, height: 300)
    return [(v, rect(10, 20, 150, 30))]
}

// MARK: - Masonry-style maker

run("maker: make.edges.equalTo(root).inset(8)") {
    let root = View("root"), box = View("box")
    root.addSubview(box)
    box.makeConstraints { make in
        make.edges.equalTo(root).inset(8)
    }
    try root.layout(width: 320, height: 200)
    return [(box, rect(8, 8, 304, 184))]
}

run("maker: view attributes, offset, multipliedBy, update and remake") {
    let root = View("root"), icon = View("icon"), label = View("label")
    root.addSubview(icon)
    root.addSubview(label)
    icon.makeConstraints { make in
        make.top.left.equalTo(16)
        make.size.equalTo(40)
    }
    label.makeConstraints { make in
        make.left.equalTo(icon.mas_right).offset(8)
        make.right.equalTo(root).offset(-16)
        make.centerY.equalTo(icon)
        make.height.equalTo(icon).multipliedBy(0.5)
    }
    try root.layout(width: 320, height: 200)
    let before = label.frame
    guard before == rect(64, 26, 240, 20) else { return [(label, rect(64, 26, 240, 20))] }
    icon.updateConstraints { make in make.size.equalTo(60) }
    label.remakeConstraints { make in
        make.left.and.right.equalTo(root)
        make.top.equalTo(icon.mas_bottom)
        make.height.greaterThanOrEqualTo(24)
        make.height.equalTo(0).priority(.low)
    }
    try root.layout(width: 320, height: 200)
    return [(icon, rect(16, 16, 60, 60)), (label, rect(0, 76, 320, 24))]
}

// MARK: - Fahrenheit

run("fahrenheit: nested blocks (the README's first example)") {
    let root = View("root")
    var view1: View!, view2: View!
    ºº(root) {
        view1 = º(View("view1")) { s in
            s.make.edges.equalTo(s.superview).inset(10)
            view2 = º(View("view2")) { s in
                s.make.edges.equalTo(s.superview)
            }
        }
    }
    try root.layout(width: 400, height: 300)
    return [(view1, rect(10, 10, 380, 280)), (view2, rect(0, 0, 380, 280))]
}

run("fahrenheit: siblings refer to each other; ASCII names; scope properties") {
    let root = View("root")
    var one: View!, two: View!
    fahrenheitTopLevel(root) {
        one = fahrenheit(View("one")) { s in
            s.make.left.equalTo(two)           // two is assigned below, but not nil here
            s.make.top.equalTo(20)
            s.make.size.equalTo(50)
        }
        two = fahrenheit(View("two")) { s in
            s.intrinsicContentSize = IntrinsicSize(width: 80, height: 40)
            s.make.top.equalTo(one)
            s.make.left.equalTo(100)
        }
    }
    try root.layout(width: 400, height: 300)
    return [(one, rect(100, 20, 50, 50)), (two, rect(100, 20, 80, 40))]
}

run("fahrenheit: º outside ºº is reported by layout") {
    let stray = º(View("stray"))
    do {
        try stray.layout(width: 10, height: 10)
        failures += 1
        print("FAIL  fahrenheit: º outside ºº was not reported")
    } catch let error as LayoutError {
        guard error.problems == [.swiftFrontEnd(.fahrenheitOutsideTopLevel(view: "stray"))] else {
            throw error
        }
    }
    try stray.layout(width: 10, height: 10)
    return [(stray, rect(0, 0, 10, 10))]
}

// MARK: - Direction, pixels, checks

run("mortar: right to left at scale 2") {
    let root = View("root"), icon = View("icon"), label = View("label")
    root |+| [icon, label]
    icon.m_leading |=| root.m_leading + 10.3
    icon.m_width |=| 20
    label.m_leading |=| icon.m_trailing + 8
    label.m_trailing |=| root.m_trailing - 10
    [icon.m_top, label.m_top] |=| [root.m_top, root.m_top]
    [icon.m_height, label.m_height] |=| [20, 20]
    try root.layout(width: 320, height: 100, direction: .rightToLeft, scale: 2)
    // icon: right edge 309.7 -> 309.5, left 289.7 -> 289.5; label: right 281.7 -> 281.5, left 10.
    return [(icon, rect(289.5, 0, 20, 20)), (label, rect(10, 0, 271.5, 20))]
}

run("document: check reports a conflict and an ambiguous view") {
    let json = """
        {"root": {"width": 100, "height": 100}, "views": [{"id": "a"}, {"id": "b"}],
         "constraints": ["a.left = 0", "a.top = 0", "a.width = 10", "a.width = 20", "a.height = 10",
                         "b.left = 0", "b.width = 5", "b.height = 5"]}
        """
    let report = try LayoutDocument.parse(Array(json.utf8), source: "doc.json").lower().check()
    let conflict = report.conflicts.map { $0.constraints.map(\.description) }
    let ambiguous = report.ambiguities.map { "\($0.view) \($0.axis)" }
    guard conflict == [[#"constraints[2] "a.width = 10""#, #"constraints[3] "a.width = 20""#]],
          ambiguous == ["b vertical"], report.exitStatus == 2 else {
        print("FAIL  document check: \(conflict) \(ambiguous) \(report.exitStatus)")
        failures += 1
        return []
    }
    return []
}

// MARK: - Text, through a measurer of the consumer's own

/// Every character 8 wide, every line 16 high with its baseline at 12; wraps between words.
struct MonospaceMeasurer: TextMeasurer {
    func measure(_ text: Text, width: Double?) throws(TextMeasurementError) -> TextMetrics {
        var lines: [String] = [], line = ""
        for word in text.string.split(separator: " ") {
            let next = line.isEmpty ? String(word) : line + " " + word
            if let width, !line.isEmpty, Double(next.count) * 8 > width { lines.append(line); line = String(word) } else { line = next }
        }
        lines.append(line)
        let shown = lines.enumerated().map { TextLine(text: $1, baseline: Double($0) * 16 + 12, width: Double($1.count) * 8) }
        return TextMetrics(width: shown.map(\.width).max()!, height: Double(shown.count) * 16,
                           firstBaseline: 12, lastBaseline: shown.last!.baseline, lines: shown)
    }
}

run("text: a label wraps at its width and a badge sits on its last baseline") {
    let root = View("root"), label = View("label"), badge = View("badge")
    root.addSubview(label)
    root.addSubview(badge)
    label.text = Text("one two three four")
    badge.intrinsicContentSize = IntrinsicSize(width: 10, height: 10)
    label.makeConstraints { make in
        make.top.left.equalTo(0)
        make.width.equalTo(64)           // 8 characters: "one two" / "three" / "four"
    }
    badge.makeConstraints { make in
        make.left.equalTo(label.mas_right)
        make.lastBaseline.equalTo(label.mas_lastBaseline)
    }
    try root.layout(width: 200, height: 200, measurer: MonospaceMeasurer())
    return [(label, rect(0, 0, 64, 48)), (badge, rect(64, 34, 10, 10))]
}

// MARK: - Examples of the DocC articles (Sources/Plumb/Plumb.docc)

run("docc getting started: Simple Format Language strings") {
    let root = View("root"), title = View("title"), button = View("button")
    root.addSubview(title)
    root.addSubview(button)
    button.intrinsicContentSize = IntrinsicSize(width: 60, height: 30)
    let views = ["root": root, "title": title, "button": button]
    try Constraint.activate(Constraint.make(simpleFormats: [
        "title.left = root.left + 16",
        "title.top = root.top + 16",
        "title.height = 20",
        "button.right = root.right - 16",
        "button.centerY = title.centerY",
        "button.left >= title.right + 8",
        "title.width = 400 @ 500",
    ], views: views))
    try root.layout(width: 320, height: 200)
    return [(title, rect(16, 16, 220, 20)), (button, rect(244, 11, 60, 30))]
}

run("docc simple layout language: rules through Layout(of:)") {
    let root = View("root"), row1 = View("row1"), row2 = View("row2"), badge = View("badge")
    root.addSubview(row1)
    root.addSubview(row2)
    row2.addSubview(badge)
    try Layout(of: row1).addRule("tt = 8, ll = rr = 0, h = 44")
    try Layout(of: row2).addRule("tt = %bt + 8, ll = rr = 0, h = 44", row1)
    try Layout(of: badge).addRule("tt = 8, rr = 8, w = h = 20")
    try root.layout(width: 320, height: 480)
    return [(row1, rect(0, 8, 320, 44)), (row2, rect(0, 60, 320, 44)), (badge, rect(292, 8, 20, 20))]
}

// MARK: - A large coupled part, with PlumbClp and with the core's tableau

// 120 boxes in a row, each a spacer apart: the boxes keep their wished widths
// (500), the row reaches the right margin (750), the spacers would be 2 wide
// (250) and are all as wide as each other (200). The spacers' lower bounds
// keep the row one coupled part of some 240 variables after presolve, more
// than `largePartThreshold`, so it goes to the large-part solver when one is
// set (Getting Started, "Large coupled layouts"). The optimum is one point:
// the widths as wished, the room left shared equally by the 119 spacers.
@MainActor func coupledRow() throws -> [(View, Rect)] {
    let count = 120, width = 4000.0
    let root = View("root")
    var views = ["root": root]
    var boxes: [View] = [], formats: [String] = ["b0.left = root.left + 8", "b\(count - 1).right = root.right - 8 @ 750"]
    for i in 0 ..< count {
        let box = View("b\(i)")
        root.addSubview(box)
        boxes.append(box)
        views[box.id] = box
        formats += ["b\(i).top = root.top", "b\(i).height = 20", "b\(i).width = \(10 + (i % 7) * 3) @ 500"]
        guard i > 0 else { continue }
        let spacer = View("s\(i)")
        root.addSubview(spacer)
        views[spacer.id] = spacer
        formats += ["s\(i).left = b\(i - 1).right", "s\(i).right = b\(i).left", "s\(i).top = root.top",
                    "s\(i).height = 1", "s\(i).width >= 2", "s\(i).width = 2 @ 250"]
        if i > 1 { formats.append("s\(i).width = s\(i - 1).width @ 200") }
    }
    try Constraint.activate(Constraint.make(simpleFormats: formats, views: views))
    try root.layout(width: width, height: 100)
    let wished = (0 ..< count).map { Double(10 + ($0 % 7) * 3) }
    let gap = (width - 16 - wished.reduce(0, +)) / Double(count - 1)
    var x = 8.0
    return boxes.indices.map { i in
        defer { x += wished[i] + gap }
        return (boxes[i], rect(x, 0, wished[i], 20))
    }
}

SolveOptions.defaultLargePartSolver = ClpPartSolver()
run("large coupled part: PlumbClp's ClpPartSolver") { try coupledRow() }
SolveOptions.defaultLargePartSolver = nil
run("large coupled part: the core's tableau") { try coupledRow() }

if failures > 0 {
    print("\(failures) example(s) failed")
    exit(1)
}
print("all examples laid out as expected")
