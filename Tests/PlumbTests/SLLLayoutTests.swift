import Testing
@testable import Plumb

/// The Simple Layout Language through ``Layout``: every name, value type,
/// specifier and operator, with frames checked by hand.
@Suite struct SLLLayoutTests {
    /// The two examples of COSLayout's README, in a 320 × 480 superview.
    @Test func readmeExamples() throws {
        let root = View("root"), corner = View("corner"), bottom = View("bottom")
        root.addSubview(corner)
        root.addSubview(bottom)
        try Layout(of: corner).addRule("tt = rr = 5")
        try Layout(of: corner).addRule("w = h = 20")
        try Layout(of: bottom).addRule("ll = bb = rr = 10, tt = 50%")
        try root.layout(width: 320, height: 480)
        #expect(corner.frame == Rect(x: 295, y: 5, width: 20, height: 20))
        #expect(bottom.frame == Rect(x: 10, y: 240, width: 300, height: 230))
    }

    /// Each position name with a fixed size, in a superview at (100, 50, 400, 300).
    @Test func everyPositionName() throws {
        let stage = try SLLStage()
        let size = "w = 40, h = 30"
        // Vertical: y of the view in the stage.
        #expect(try stage.frame("tt = 10, ll = 0, \(size)").y == 10)
        #expect(try stage.frame("tb = 10, ll = 0, \(size)").y == 290)
        #expect(try stage.frame("bb = 10, ll = 0, \(size)").y == 260)
        #expect(try stage.frame("bt = 100, ll = 0, \(size)").y == 70)
        #expect(try stage.frame("ct = 100, ll = 0, \(size)").y == 85)
        #expect(try stage.frame("cb = 100, ll = 0, \(size)").y == 185)
        // Horizontal: x of the view in the stage.
        #expect(try stage.frame("ll = 10, tt = 0, \(size)").x == 10)
        #expect(try stage.frame("lr = 10, tt = 0, \(size)").x == 390)
        #expect(try stage.frame("rr = 10, tt = 0, \(size)").x == 350)
        #expect(try stage.frame("rl = 100, tt = 0, \(size)").x == 60)
        #expect(try stage.frame("cl = 100, tt = 0, \(size)").x == 80)
        #expect(try stage.frame("cr = 100, tt = 0, \(size)").x == 280)
    }

    /// Two positions per direction fix the size too, for every pair of roles.
    @Test func pairsOfPositions() throws {
        let stage = try SLLStage()
        #expect(try stage.frame("ll = 10, rr = 20, tt = 5, bb = 15") == Rect(x: 10, y: 5, width: 370, height: 280))
        #expect(try stage.frame("lr = 300, rl = 150, tb = 250, bt = 200") == Rect(x: 100, y: 50, width: 50, height: 150))
        #expect(try stage.frame("ll = 10, cl = 60, tt = 10, ct = 40") == Rect(x: 10, y: 10, width: 100, height: 60))
        // Trailing edge and center: the one pair that couples position and size.
        #expect(try stage.frame("rl = 150, cl = 100, bb = 100, ct = 100") == Rect(x: 50, y: 0, width: 100, height: 200))
        #expect(try stage.frame("cr = 100, rr = 50, cb = 50, bb = 20") == Rect(x: 250, y: 220, width: 100, height: 60))
        #expect(try stage.frame("rr = 50, cl = 250, bt = 200, cb = 200") == Rect(x: 150, y: 0, width: 200, height: 200))
        #expect(try stage.frame("rl = 350, cr = 150, bt = 200, ct = 150") == Rect(x: 150, y: 100, width: 200, height: 100))
        #expect(try stage.frame("w = 100, rr = 0, h = 100, cb = 100") == Rect(x: 300, y: 150, width: 100, height: 100))
    }

    @Test func boundsAreInequalities() throws {
        let stage = try SLLStage()
        let v = View("v")
        stage.stage.addSubview(v)
        v.intrinsicContentSize = IntrinsicSize(width: 200, height: 100)
        try Layout(of: v).addRule("ll = 0, tt = 0")
        try stage.root.layout(width: 1000, height: 1000)
        #expect(v.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        try Layout(of: v).addRule("maxw = 120, minh = 150")
        try stage.root.layout(width: 1000, height: 1000)
        #expect(v.frame == Rect(x: 0, y: 0, width: 120, height: 150))
        try Layout(of: v).addRule("minw = 300, maxw = nil, maxh = 50%, minh = nil")
        try stage.root.layout(width: 1000, height: 1000)
        #expect(v.frame == Rect(x: 0, y: 0, width: 300, height: 100))
        // A bound that the determining constraints break is a conflict naming both rules.
        try Layout(of: v).addRule("h = 200, maxh = 100")
        let error = #expect(throws: LayoutError.self) { try stage.root.layout(width: 1000, height: 1000) }
        #expect(error?.problems.first.map { if case .unsatisfiable = $0 { true } else { false } } == true)
        #expect(error?.diagnostics.first?.notes.contains { $0.contains("h = 200, maxh = 100") } == true)
    }

    /// `%tt … %cr`, `%w`, `%h` of a view that is not a sibling, measured
    /// against the rule's superview (the stage at (100, 50, 400, 300); the
    /// other view at (150, 100, 60, 40) in root coordinates).
    @Test func everyViewSpecifier() throws {
        let stage = try SLLStage()
        let o = stage.other
        let vertical: [(String, Double)] = [
            ("%tt", 50), ("%tb", 250), ("%bb", 210), ("%bt", 90), ("%ct", 70), ("%cb", 230), ("%w", 60), ("%h", 40),
        ]
        for (specifier, expected) in vertical {
            #expect(try stage.frame("tt = \(specifier), ll = 0, w = h = 10", o).y == expected, "\(specifier)")
        }
        let horizontal: [(String, Double)] = [
            ("%ll", 50), ("%lr", 350), ("%rr", 290), ("%rl", 110), ("%cl", 80), ("%cr", 320), ("%w", 60), ("%h", 40),
        ]
        for (specifier, expected) in horizontal {
            #expect(try stage.frame("ll = \(specifier), tt = 0, w = h = 10", o).x == expected, "\(specifier)")
        }
        // Arguments are consumed in order.
        #expect(try stage.frame("ll = %w, tt = %h, w = %f, h = %bt - %tt", o, o, 7, o, o)
                == Rect(x: 60, y: 40, width: 7, height: 40))
    }

    @Test func numberClosureAndProviderSpecifiers() throws {
        let stage = try SLLStage()
        #expect(try stage.frame("tt = %f, ll = %f, w = h = 1", 12, 3.5) == Rect(x: 3.5, y: 12, width: 1, height: 1))
        // Percentages: of the stage's height for vertical names, width for horizontal ones, unless H: or V:.
        #expect(try stage.frame("tt = %p, ll = %p, w = h = 1", 10, 10) == Rect(x: 40, y: 30, width: 1, height: 1))
        #expect(try stage.frame("tt = H:%p, ll = V:%p, w = h = 1", 10, 10) == Rect(x: 30, y: 40, width: 1, height: 1))

        var seen: [String] = []
        let length = RuleArgument.closure { view in
            seen.append(view.id)
            return 25
        }
        #expect(try stage.frame("tt = %^f, ll = %^p, w = H:%^p, h = 1", length, RuleArgument.closure { _ in 50 },
                                RuleArgument.closure { _ in 5 }) == Rect(x: 200, y: 25, width: 20, height: 1))
        #expect(seen == ["v"], "a closure gets the rule's own view")

        final class Box: LengthProvider {
            var length: Double
            init(_ length: Double) { self.length = length }
        }
        let gap = Box(8), share = Box(50)
        let v = View("v")
        stage.stage.addSubview(v)
        try Layout(of: v).addRule("tt = %@f, ll = 0, w = %@p, h = V:%@p", gap, share, share)
        try stage.root.layout(width: 1000, height: 1000)
        #expect(v.frame == Rect(x: 0, y: 8, width: 200, height: 150))
        // Providers are asked at every layout.
        gap.length = 20
        share.length = 10
        try stage.root.layout(width: 1000, height: 1000)
        #expect(v.frame == Rect(x: 0, y: 20, width: 40, height: 30))
    }

    @Test func percentagesAndDirectionPrefixes() throws {
        let stage = try SLLStage()
        #expect(try stage.frame("tt = 10%, ll = 10%, w = 50%, h = 50%") == Rect(x: 40, y: 30, width: 200, height: 150))
        #expect(try stage.frame("tt = H:10%, ll = V:10%, w = V:50%, h = H:50%") == Rect(x: 30, y: 40, width: 150, height: 200))
        // A chained percentage takes the direction of the innermost name (here h): a square.
        #expect(try stage.frame("tt = ll = 0, w = h = 10%") == Rect(x: 0, y: 0, width: 30, height: 30))
        // A name used as a value keeps its direction too.
        #expect(try stage.frame("tt = ll = 0, h = 10%, w = h") == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    @Test func operatorsAndPrecedence() throws {
        let stage = try SLLStage()
        func top(_ value: String) throws -> Double { try stage.frame("ll = 0, w = h = 1, \(value)").y }
        #expect(try top("tt = 2 + 3 * 4") == 14)
        #expect(try top("tt = (2 + 3) * 4") == 20)
        #expect(try top("tt = 20 - 5 - 3") == 12)
        #expect(try top("tt = 100 / 5 / 2") == 10)
        #expect(try top("tt = -(-10)") == 10)
        #expect(try top("tt = 2 * -3 + 20") == 14)
        #expect(try top("tt = 10, tt += 5") == 15)
        #expect(try top("tt = 10, tt -= 4") == 6)
        #expect(try top("tt = 10, tt *= 3") == 30)
        #expect(try top("tt = 10, tt /= 4") == 2.5)
        #expect(try top("tt = 10, tt += tt") == 20)
        // Compound operators on view-dependent values stay linear.
        #expect(try top("tt = 50%, tt -= 10") == 140)
        #expect(try top("tt = 50%, tt *= 0.5") == 75)
        #expect(try top("tt = 50%, tt /= 3") == 50)
        #expect(try top("tt = 2 * 10% + 10% * 2 + 10% / 2") == 135)
        // Chains assign the same value to every name, right to left.
        #expect(try stage.frame("ll = tt = 10, w = h = ll + 5") == Rect(x: 10, y: 10, width: 15, height: 15))
        #expect(try stage.frame("ll = 5, ll += tt = 10, w = h = 1") == Rect(x: 15, y: 10, width: 1, height: 1))
    }

    @Test func constraintValuesAndNil() throws {
        let stage = try SLLStage()
        #expect(try stage.frame("h = 30, w = h, tt = ll = h / 3") == Rect(x: 10, y: 10, width: 30, height: 30))
        // A value is read when it is used: later changes to h do not change w.
        #expect(try stage.frame("h = 30, w = h, h = 50, tt = ll = 0") == Rect(x: 0, y: 0, width: 30, height: 50))
        // nil removes a name; the view then needs another constraint in that direction.
        #expect(try stage.frame("tt = 5, bb = 10, bb = nil, h = 10, ll = 0, w = 1") == Rect(x: 0, y: 5, width: 1, height: 10))
        #expect(try stage.frame("tt = 5, bb = 10, h = 10, ll = 0, w = 1") == Rect(x: 0, y: 280, width: 1, height: 10))
        #expect(try stage.frame("tt = bb = 10, tt = bb = nil, tt = 1, h = 2, ll = 0, w = 1") == Rect(x: 0, y: 1, width: 1, height: 2))
    }

    /// The override policy: two roles per direction, the newest win.
    @Test func overridePolicy() throws {
        let stage = try SLLStage()
        func vertical(_ rule: String) throws -> (Double, Double) {
            let frame = try stage.frame("ll = 0, w = 1, " + rule)
            return (frame.y, frame.height)
        }
        // A later value replaces an earlier one of the same name, or the other spelling of its role.
        #expect(try vertical("tt = 10, tt = 20, h = 5") == (20, 5))
        #expect(try vertical("tt = 10, h = 30, tb = 50") == (250, 30))
        // A third role drops the oldest.
        #expect(try vertical("tt = 8, h = 44, bb = 8") == (248, 44))
        #expect(try vertical("h = 44, tt = 8, bb = 8") == (8, 284))
        // Assigning a role again makes it the newest.
        #expect(try vertical("tt = 8, h = 44, tt = 10, bb = 8") == (10, 282))
        // Removing a role leaves room for another without dropping.
        #expect(try vertical("tt = 8, h = 44, tt = nil, bb = 8") == (248, 44))
        #expect(try vertical("tt = 8, h = 44, tb = nil, bb = 8") == (248, 44))
        // Bounds are not roles.
        #expect(try vertical("tt = 8, h = 44, minh = 10, maxh = 100") == (8, 44))
        // The policy holds across rules of the same view, as across assignments of one rule.
        let v = View("v")
        stage.stage.addSubview(v)
        try Layout(of: v).addRule("ll = 0, w = 1, tt = 8, h = 44")
        try Layout(of: v).addRule("bb = 8")
        try stage.root.layout(width: 1000, height: 1000)
        #expect(v.frame == Rect(x: 0, y: 248, width: 1, height: 44))
    }

    @Test func droppedAndUnsetNamesHaveNoValue() {
        sllRuleError("tt = 8, h = 44, bb = 8, tt += 4", [], .rule(.constraintWithoutValue(.tt)), column: 25)
        sllRuleError("w = h", [], .rule(.constraintWithoutValue(.h)), column: 5)
        sllRuleError("tt += 1", [], .rule(.constraintWithoutValue(.tt)), column: 1)
        sllRuleError("tt = 1, tt = nil, w = tt", [], .rule(.constraintWithoutValue(.tt)), column: 23)
        sllRuleError("tb = 1, w = tt", [], .rule(.constraintWithoutValue(.tt)), column: 13)
    }

    @Test func valuesMustBeLinear() {
        sllRuleError("w = %w * %h", [View("a"), View("b")], .rule(.nonlinearProduct), column: 8)
        sllRuleError("w = 50% * 50%", [], .rule(.nonlinearProduct), column: 9)
        sllRuleError("h = 10, w = h * 50%, tt = 50%, tt *= tt", [], .rule(.nonlinearProduct), column: 32)
        sllRuleError("w = 10 / %w", [View("a")], .rule(.divisionByNonConstant), column: 8)
        sllRuleError("w = 10 / 0", [], .rule(.divisionByZero), column: 8)
        sllRuleError("w = 10 / (5 - 5)", [], .rule(.divisionByZero), column: 8)
        sllRuleError("w = 1e300 * 1e300", [], .rule(.nonFiniteValue(.w)), column: 1)
        // Every broken assignment is reported; the others still count.
        sllRuleError("w = 10 / 0, h = 50% * 50%", [], .rule(.divisionByZero), .rule(.nonlinearProduct), column: 8)
    }

    @Test func argumentsAreChecked() {
        let o = View("o")
        sllRuleError("tt = %bt", [], .rule(.missingArgument(.measure(.bt), position: 1, given: 0)), column: 6)
        sllRuleError("tt = %bt + %f", [o], .rule(.missingArgument(.number(percent: false), position: 2, given: 1)),
                     column: 12)
        sllRuleError("tt = 1", [o], .rule(.extraArguments(expected: 0, given: 1)), column: 7)
        sllRuleError("tt = %bt", [5], .rule(.wrongArgument(.measure(.bt), position: 1, found: "a number (5)")), column: 6)
        sllRuleError("tt = %f", [o], .rule(.wrongArgument(.number(percent: false), position: 1, found: "a view 'o'")),
                     column: 6)
        sllRuleError("tt = %^f", [1], .rule(.wrongArgument(.closure(percent: false), position: 1, found: "a number (1)")),
                     column: 6)
        sllRuleError("tt = %@p", [RuleArgument.closure { _ in 1 }],
                     .rule(.wrongArgument(.provider(percent: true), position: 1, found: "a closure")), column: 6)
        sllRuleError("tt = %f", [Double.infinity],
                     .rule(.nonFiniteArgument(.number(percent: false), position: 1, value: .infinity)), column: 6)
    }

    @Test func syntaxErrorsAreLocatedInTheRule() throws {
        sllRuleError("tt = 8,, ll = 0", [], .expected("a constraint name after ','", found: "','"), column: 8)
        let v = View("v")
        do {
            try Layout(of: v).addRule("ll = 0, tt = ")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "rule (view \"v\"):1:14: error: expected a value after '=', found end of rule\n"
                    + "    ll = 0, tt = \n" + "                 ^")
            #expect(error.diagnostics.first?.origin?.file?.hasSuffix("SLLLayoutTests.swift") == true)
        }
    }

    @Test func cyclesAreReportedByLayout() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        let la = #line; try Layout(of: a).addRule("ll = 0, w = h = 10, tt = %bt", b)
        let lb = #line; try Layout(of: b).addRule("ll = 0, w = h = 10, tt = %bt + 1", a)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100) }
        let file = "PlumbTests/SLLLayoutTests.swift"
        #expect(error?.diagnostics.map(\.message) == [
            "rules form a cycle: rule (view \"a\") at \(file):\(la) -> rule (view \"b\") at \(file):\(lb) -> rule at \(file):\(la)",
        ])
        #expect(error?.diagnostics.first?.location == "rule (view \"a\")")
    }

    @Test func problemsFoundAtLayoutTime() throws {
        let root = View("root"), v = View("v"), stranger = View("stranger")
        root.addSubview(v)
        // Closures are only called by layout: a NaN or a zero divisor shows then.
        try Layout(of: v).addRule("ll = tt = 0, w = %^f, h = 10 / %^f", RuleArgument.closure { _ in .nan },
                                  RuleArgument.closure { _ in 0 })
        var error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100) }
        let problems = error?.problems ?? []
        #expect(problems.count == 2)
        if case .rule(.nonFiniteArgument(.closure(percent: false), position: 1, let value))? = problems.first {
            #expect(value.isNaN)
        } else {
            Issue.record("expected a non-finite closure result, got \(problems)")
        }
        #expect(problems.last == .rule(.divisionByZero))
        #expect(error?.diagnostics.map(\.column) == [18, 30])

        Layout(of: v).removeAllRules()
        try Layout(of: v).addRule("ll = tt = 0, w = %w, h = 1", stranger)
        error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100) }
        #expect(error?.problems == [.rule(.argumentOutsideHierarchy(position: 1))])

        Layout(of: v).removeAllRules()
        do {
            let gone = View("gone")
            try Layout(of: v).addRule("ll = tt = 0, w = %w, h = 1", gone)
        }
        error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100) }
        #expect(error?.problems == [.rule(.argumentDeallocated(position: 1))])

        // The root of a layout has a fixed frame; its rules cannot apply.
        Layout(of: v).removeAllRules()
        try Layout(of: root).addRule("tt = 10")
        error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100) }
        #expect(error?.problems == [.rule(.rulesOnRoot(view: "root"))])
        // Laying out a bigger tree, the same view is placed by its rules.
        let window = View("window")
        window.addSubview(root)
        try Layout(of: root).addRule("ll = 0, w = h = 50")
        try window.layout(width: 100, height: 100)
        #expect(root.frame == Rect(x: 0, y: 10, width: 50, height: 50))
    }

    @Test func layoutIsOnePerView() throws {
        let v = View("v")
        let layout = Layout(of: v)
        #expect(Layout(of: v) === layout)
        #expect(layout.view === v)
        try layout.addRule("tt = 1")
        try Layout(of: v).addRule("ll = 2")
        #expect(layout.rules == ["tt = 1", "ll = 2"])
        #expect(throws: LayoutError.self) { try layout.addRule("ll =") }
        #expect(layout.rules == ["tt = 1", "ll = 2"])
        layout.removeAllRules()
        #expect(layout.rules.isEmpty)
        #expect(Layout(of: View("w")) !== layout)
    }

    @Test func rulesMixWithConstraints() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        try Layout(of: a).addRule("ll = tt = 10, w = 100")
        try Constraint.activate(Constraint.make(simpleFormats: [
            "a.height = 0.5 * a.width", "b.left = a.right + 8", "b.top = a.top", "b.width = a.width",
        ], views: ["a": a, "b": b]))
        try Layout(of: b).addRule("bb = 20")
        try root.layout(width: 320, height: 480)
        #expect(a.frame == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(b.frame == Rect(x: 118, y: 10, width: 100, height: 450))
    }

    @Test func nestedViewsUseTheirSuperview() throws {
        let root = View("root"), card = View("card"), title = View("title"), badge = View("badge")
        root.addSubview(card)
        card.addSubview(title)
        title.addSubview(badge)
        try Layout(of: card).addRule("ll = rr = 20, tt = 30, h = 200")
        try Layout(of: title).addRule("ll = rr = 10, ct = 50%, h = 40")
        try Layout(of: badge).addRule("cl = 100% - 16, ct = 16, w = h = 20")
        try root.layout(width: 320, height: 480)
        #expect(card.frame == Rect(x: 20, y: 30, width: 280, height: 200))
        #expect(title.frame == Rect(x: 10, y: 80, width: 260, height: 40))
        #expect(badge.frame == Rect(x: 234, y: 6, width: 20, height: 20))
    }
}
