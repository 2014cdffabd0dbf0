import Testing
@testable import Plumb

@Suite struct SimpleFormatTests {
    let views = standardViews
    var a: View { views["a"]! }
    var b: View { views["b"]! }

    func make(_ s: String, metrics: [String: Double] = [:]) throws -> Constraint {
        try Constraint.make(simpleFormat: s, views: views, metrics: metrics)
    }

    // MARK: - Accepted forms

    @Test(arguments: LayoutAttribute.allCases)
    func everyAttribute(_ attribute: LayoutAttribute) throws {
        let c = try make("a.\(attribute.name) = b.\(attribute.name)")
        #expect(c.firstView === a && c.secondView === b)
        #expect(c.firstAttribute == attribute && c.secondAttribute == attribute)
        #expect(c.relation == .equal && c.multiplier == 1 && c.constant == 0 && c.priority == .required)
        #expect(!c.isActive)
    }

    @Test(arguments: [("=", Relation.equal), ("==", .equal), (">=", .greaterOrEqual), ("<=", .lessOrEqual)])
    func everyRelation(_ spelling: String, _ relation: Relation) throws {
        #expect(try make("a.width \(spelling) b.width").relation == relation)
        #expect(try make("a.width\(spelling)10").relation == relation)
    }

    @Test func multipliers() throws {
        #expect(try make("a.height = 2 * a.width").multiplier == 2)
        #expect(try make("a.height = 0.5625 * b.width").multiplier == 0.5625)
        #expect(try make("a.height = .5 * b.width").multiplier == 0.5)
        #expect(try make("a.height = -1 * b.width").multiplier == -1)
        #expect(try make("a.height = 1.5e1 * b.width").multiplier == 15)
        #expect(try make("a.height = 2E-1 * b.width").multiplier == 0.2)
        #expect(try make("a.height = ratio * b.width", metrics: ["ratio": 0.75]).multiplier == 0.75)
        #expect(try make("a.height = -ratio * b.width", metrics: ["ratio": 0.75]).multiplier == -0.75)
    }

    @Test func constants() throws {
        #expect(try make("a.left = b.right + 10").constant == 10)
        #expect(try make("a.left = b.right - 10").constant == -10)
        #expect(try make("a.left = b.right + 2.25").constant == 2.25)
        #expect(try make("a.left = b.right - pad", metrics: ["pad": 8]).constant == -8)
        #expect(try make("a.left = 2 * b.right + pad", metrics: ["pad": 8]).constant == 8)
        let only = try make("a.width = 100")
        #expect(only.secondView == nil && only.secondAttribute == nil && only.constant == 100 && only.multiplier == 1)
        #expect(try make("a.left = -100").constant == -100)
        #expect(try make("a.left = +3").constant == 3)
        #expect(try make("a.left = pad", metrics: ["pad": 8]).constant == 8)
        #expect(try make("a.left = -pad", metrics: ["pad": 8]).constant == -8)
        #expect(try make("a.width = 12345678901234567890").constant == 12345678901234567890.0 as Double)
        #expect(try make("a.width = 0.1").constant == 0.1)
        #expect(try make("a.width = 3.").constant == 3)
    }

    @Test func priorities() throws {
        #expect(try make("a.width = 100").priority == .required)
        #expect(try make("a.width = 100 @ 750").priority == .high)
        #expect(try make("a.width = 100 @ 1").priority.rawValue == 1)
        #expect(try make("a.width = 100 @ 1000").priority == .required)
        #expect(try make("a.width = 100@250.5").priority.rawValue == 250.5)
        #expect(try make("a.width = 1 * b.width @ 500").priority == .medium)
        #expect(try make("a.width = 2 * b.width + 4 @ low", metrics: ["low": 250]).priority == .low)
    }

    @Test func whiteSpaceIsFree() throws {
        let tight = try make("a.width>=2*b.height-4@500")
        let loose = try make("  a.width\t>=  2 *\nb.height -  4 @   500  ")
        for c in [tight, loose] {
            #expect(c.firstAttribute == .width && c.relation == .greaterOrEqual && c.multiplier == 2)
            #expect(c.secondView === b && c.secondAttribute == .height && c.constant == -4 && c.priority == .medium)
        }
    }

    @Test func unicodeNames() throws {
        let ü = View("ü")
        let c = try Constraint.make(simpleFormat: "größe.width = 10", views: ["größe": ü])
        #expect(c.firstView === ü)
    }

    @Test func originRecordsTheStringAndCallSite() throws {
        let c = try make("a.width = 100")
        #expect(c.origin.kind == .constraint && c.origin.text == "a.width = 100" && c.origin.index == nil)
        #expect(c.origin.file?.hasSuffix("SimpleFormatTests.swift") == true && c.origin.line != nil)
        let list = try Constraint.make(simpleFormats: ["a.width = 1", "a.height = 2"], views: views)
        #expect(list.map(\.origin.index) == [0, 1])
        #expect(list[1].origin.description.hasPrefix("constraints[1] \"a.height = 2\""))
    }

    /// The constraints of one `make(simpleFormats:)` call keep the call's
    /// strings, file and line once and make each origin when it is read:
    /// each must still be its own string's, with its index and the call
    /// site, as read directly, through a layout's error and after the
    /// strings array given is changed.
    @Test func originsOfOneCallAreEachStringsOwn() throws {
        let root = View("root"), a = View("a"), stranger = View("stranger")
        root.addSubview(a)
        var strings = ["a.width = 1", "a.height = 2 * a.width + 3 @ 750", "a.left = stranger.right", "a.top = 4"]
        let line = #line + 1
        let list = try Constraint.make(simpleFormats: strings, views: ["a": a, "stranger": stranger])
        let expected = strings.indices.map {
            Origin(kind: .constraint, index: $0, text: strings[$0], file: #fileID, line: line)
        }
        strings[2] = "a.left = 0"
        #expect(list.map(\.origin) == expected)
        Constraint.activate(list)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.diagnostics.map(\.origin) == [expected[2]])
        #expect(error?.description.hasPrefix(
            "constraints[2] \"a.left = stranger.right\" at PlumbTests/SimpleFormatTests.swift:\(line)") == true)
        // An origin set later replaces the call's (as the maker's update does).
        list[1].origin = Origin(kind: .code, text: "set")
        #expect(list.map(\.origin) == [expected[0], Origin(kind: .code, text: "set"), expected[2], expected[3]])
    }

    /// A constraint made from a string keeps neither of its views alive
    /// (the names are bound to views the dictionary lends): once the
    /// dictionary and the caller let them go, they are freed, and the
    /// constraint reads them as gone.
    @Test func madeConstraintsKeepNoViewAlive() throws {
        weak var first: View?, second: View?
        var made: [Constraint] = []
        do {
            let a = View("a"), b = View("b")
            first = a
            second = b
            made = try Constraint.make(simpleFormats: ["a.width = 2 * b.width + 1", "b.left = 3"],
                                       views: ["a": a, "b": b])
            made.append(try Constraint.make(simpleFormat: "b.top = a.bottom", views: ["a": a, "b": b]))
            // A name not short enough for the packed table is looked up in the dictionary.
            let long = View("long")
            made.append(try Constraint.make(simpleFormat: "aViewWithALongName.left = a.left",
                                            views: ["a": a, "aViewWithALongName": long]))
            #expect(made.map { $0.firstView?.id } == ["a", "b", "b", "long"])
            #expect(made.map { $0.secondView?.id } == ["b", nil, "a", "a"])
        }
        #expect(first == nil && second == nil)
        #expect(made.allSatisfy { $0.firstView == nil && $0.secondView == nil })
    }

    @Test func descriptionIsTheFormula() throws {
        #expect(try make("a.width = 0.5 * b.width - 24 @ 750").description == "a.width = 0.5 * b.width - 24 @ 750")
        #expect(try make("a.left >= b.right + 8").description == "a.left >= b.right + 8")
        #expect(try make("a.left == -3").description == "a.left = -3")
    }

    // MARK: - The README's examples

    @Test func readmeExamples() throws {
        let view = View("view"), superview = View("superview"), view1 = View("view1"), view2 = View("view2")
        let names = ["view": view, "superview": superview, "view1": view1, "view2": view2]
        func m(_ s: String) throws -> Constraint { try Constraint.make(simpleFormat: s, views: names) }

        let width = try m("view.width = 100")  // View's width is 100 pts.
        #expect(width.firstView === view && width.firstAttribute == .width && width.secondView == nil && width.constant == 100)

        let twice = try m("view.height = 2 * view.width")  // View's height is twice its width
        #expect(twice.firstAttribute == .height && twice.multiplier == 2 && twice.secondView === view && twice.secondAttribute == .width)

        let centered = try m("view.centerX = superview.centerX")
        #expect(centered.firstAttribute == .centerX && centered.secondView === superview && centered.secondAttribute == .centerX)

        let spaced = try m("view1.right = view2.left - 10")
        #expect(spaced.firstView === view1 && spaced.firstAttribute == .right)
        #expect(spaced.secondView === view2 && spaced.secondAttribute == .left && spaced.constant == -10)

        let inset = try m("view.right <= superview.right - 10")
        #expect(inset.relation == .lessOrEqual && inset.secondView === superview && inset.constant == -10)

        let weak = try m("view.width = 200 @ 750")
        #expect(weak.constant == 200 && weak.priority == .high)
    }

    @Test func readmeRejectedForms() {
        let view = View("view")
        diagnosticTest("2 * view.width = view.height",
                       .leftSideNotAViewAttribute(found: "'2'", rewrite: "view.height = 2 * view.width"),
                       column: 1, views: ["view": view])
        diagnosticTest("view.height = view.width * 2", .multiplierAfterView(rewrite: "2 * view.width"),
                       column: 26, views: ["view": view])
    }
}
