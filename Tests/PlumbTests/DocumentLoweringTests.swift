import Testing
import Synchronization
@testable import Plumb

@Suite struct DocumentLoweringTests {
    /// The terms of row `r` as `[variable: coefficient]`.
    func terms(_ system: ConstraintSystem, _ r: Int) -> [Int32: Double] {
        Dictionary(uniqueKeysWithValues: system.terms(of: RowIndex(r)).map { ($0.0.rawValue, $0.1) })
    }

    @Test func rootRows() throws {
        let lowered = try parseDocument(#"{"root": {"id": "w", "width": 300, "height": 200.5}}"#).lower()
        let s = lowered.system
        #expect(s.variableCount == 4 && s.rowCount == 4)
        #expect(lowered.viewIDs == ["w"] && lowered.parents == [-1])
        for (r, constant) in [0.0, 0, -300, -200.5].enumerated() {
            #expect(terms(s, r) == [Int32(r): 1])
            #expect(s.constants[r] == constant && s.relations[r] == .equal && s.priorities[r] == .required)
            #expect(s.origins[r].kind == .root)
        }
        #expect(s.origins[2].description == "root frame \"w.width = 300\"")
    }

    /// `a.right = 0.5 * root.centerX + 3 @ 500`:
    /// a.left + a.width - 0.5 (root.left + root.width / 2) - 3 = 0.
    @Test func constraintRow() throws {
        let json = document(views: ["a"], constraints: ["a.right = 0.5 * root.centerX + 3 @ 500", "a.centerY >= -2", "a.width <= a.height"])
        let s = try parseDocument(json).lower().system
        #expect(s.rowCount == 7 && s.variableCount == 8)
        #expect(terms(s, 4) == [4: 1, 6: 1, 0: -0.5, 2: -0.25])
        #expect(s.constants[4] == -3 && s.relations[4] == .equal && s.priorities[4] == .medium)
        #expect(s.origins[4] == Origin(kind: .constraint, index: 0, text: "a.right = 0.5 * root.centerX + 3 @ 500"))
        #expect(terms(s, 5) == [5: 1, 7: 0.5])
        #expect(s.constants[5] == 2 && s.relations[5] == .greaterOrEqual && s.priorities[5] == .required)
        #expect(terms(s, 6) == [6: 1, 7: -1] && s.constants[6] == 0 && s.relations[6] == .lessOrEqual)
    }

    /// Every attribute's expansion (spec "Geometry"), each against `b.left`.
    @Test(arguments: [
        ("left", [4: 1.0]), ("leading", [4: 1]), ("right", [4: 1, 6: 1]), ("trailing", [4: 1, 6: 1]),
        ("centerX", [4: 1, 6: 0.5]), ("width", [6: 1]),
        ("top", [5: 1]), ("bottom", [5: 1, 7: 1]), ("baseline", [5: 1, 7: 1]), ("centerY", [5: 1, 7: 0.5]),
        ("height", [7: 1]),
    ] as [(String, [Int32: Double])])
    func attributeGeometry(_ attribute: String, _ expected: [Int32: Double]) throws {
        let s = try parseDocument(document(views: ["a"], constraints: ["a.\(attribute) = 7"])).lower().system
        #expect(terms(s, 4) == expected && s.constants[4] == -7)
    }

    @Test func attributeCancellation() throws {
        // a.right = a.left + 10 leaves only a.width.
        let s = try parseDocument(document(views: ["a"], constraints: ["a.right = a.left + 10"])).lower().system
        #expect(terms(s, 4) == [6: 1] && s.constants[4] == -10)
    }

    @Test func intrinsicSizeRows() throws {
        let json = """
            {"root": {"width": 100, "height": 100},
             "views": [{"id": "p"}, {"id": "label", "parent": "p", "intrinsicSize": [120, null],
                        "hugging": [300, 1], "compressionResistance": [800, 2]}]}
            """
        let lowered = try parseDocument(json).lower()
        let s = lowered.system
        #expect(lowered.viewIDs == ["root", "p", "label"] && lowered.parents == [-1, 0, 1])
        #expect(s.rowCount == 6)
        #expect(terms(s, 4) == [10: 1] && s.constants[4] == -120 && s.relations[4] == .lessOrEqual)
        #expect(s.priorities[4].rawValue == 300)
        #expect(terms(s, 5) == [10: 1] && s.constants[5] == -120 && s.relations[5] == .greaterOrEqual)
        #expect(s.priorities[5].rawValue == 800)
        #expect(s.origins[4].kind == .intrinsicSize)
        #expect(s.origins[4].description == "intrinsic size of label: width <= 120 @ 300")
        #expect(s.origins[5].description == "intrinsic size of label: width >= 120 @ 800")
    }

    @Test func defaultIntrinsicPriorities() throws {
        let s = try parseDocument(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "intrinsicSize": [null, 5]}]}"#)
            .lower().system
        #expect(s.rowCount == 6)
        #expect(terms(s, 4) == [7: 1] && s.priorities[4] == .low && s.relations[4] == .lessOrEqual)
        #expect(terms(s, 5) == [7: 1] && s.priorities[5] == .high && s.relations[5] == .greaterOrEqual)
    }

    // MARK: - Errors

    @Test func constraintErrorsAreLocatedInTheirString() throws {
        let json = document(views: ["a", "b"], constraints: ["a.width = 10", "a.widht = 3", "b.left = c.right", "a.top = 1e999 @ 2000"])
        let diagnostics = documentErrors(json)
        #expect(diagnostics.map(\.problem) == [
            .unknownAttribute("widht", suggestion: "width"),
            .unknownView("c", suggestion: "a"),
            .nonFiniteNumber("1e999"),
            .priorityOutOfRange(2000),
        ])
        #expect(diagnostics.map(\.location) == ["constraints[1]", "constraints[2]", "constraints[3]", "constraints[3]"])
        #expect(diagnostics.map { $0.column ?? 0 } == [3, 10, 9, 17])
        #expect(diagnostics[0].origin?.description == "constraints[1] \"a.widht = 3\"")
        #expect(diagnostics[0].description == """
            constraints[1]:1:3: error: unknown attribute 'widht' (did you mean 'width'?)
                a.widht = 3
                  ^~~~~
            """)
    }

    @Test func documentsHaveNoMetrics() {
        let diagnostics = documentErrors(document(views: ["a"], constraints: ["a.width = pad", "a.left = a"]))
        #expect(diagnostics.map(\.problem) == [.unknownMetric("pad", suggestion: nil), .viewWithoutAttribute("a")])
    }

    /// Rules are lowered with the constraints (never silently ignored): the
    /// spec's badge rule pins it 8 from the top right, 20 square.
    @Test func rulesAreLoweredWithTheConstraints() throws {
        let json = document(views: ["badge"], constraints: ["badge.width >= 10"],
                            extra: #", "rules": [{"view": "badge", "rule": "tt = 8, rr = 8, w = h = 20"}]"#)
        let lowered = try parseDocument(json).lower()
        #expect(lowered.system.origins.contains { $0.kind == .rule && $0.index == 0 })
        let frames = try solveDocument(json)
        #expect(frames["badge"] == rect(292, 8, 20, 20))
        let bad = documentErrors(document(views: ["badge"], constraints: [],
                                          extra: #", "rules": [{"view": "badeg", "rule": "tt = 8"}]"#))
        #expect(bad.map(\.location) == ["rules[0]"])
    }

    @Test func diagnosticsAreCapped() throws {
        let json = document(views: ["a"], constraints: Array(repeating: "a.widht = 1", count: LayoutError.diagnosticLimit + 5))
        let error = #expect(throws: LayoutError.self) { try parseDocument(json).lower() }
        #expect(error?.diagnostics.count == LayoutError.diagnosticLimit && error?.suppressedCount == 5)
        #expect(error?.description.hasSuffix("... and 5 more errors not shown") == true)
    }
}

/// `LoweredLayout.describeOrigins(byReloading:)`: origins made from the
/// document read again, not kept from the one lowered.
@Suite struct ReloadedOriginsTests {
    static let json = """
        {"root": {"width": 100, "height": 100},
         "views": [{"id": "a", "intrinsicSize": [10, 10], "compressionResistance": [1000, 1000]}],
         "constraints": ["a.left = 0", "a.width = 50", "a.top = 0", "a.height = 5"]}
        """

    @Test func theSameDocumentReadAgainGivesTheSameOrigins() throws {
        let bytes = Array(Self.json.utf8)
        let kept = try LayoutDocument.parse(bytes, source: "doc.json").lower()
        var reloaded = kept
        let reads = Mutex(0)
        reloaded.describeOrigins(byReloading: { reads.withLock { $0 += 1 }; return bytes })
        #expect(reads.withLock { $0 } == 0)
        for r in 0 ..< kept.system.rowCount {
            #expect(reloaded.system.origins[r] == kept.system.origins[r])
        }
        #expect(reads.withLock { $0 } == 1)
        // A conflict names the same rows with the same text.
        #expect(throws: LayoutError.self) { try reloaded.solve() }
        do { _ = try reloaded.solve() } catch {
            var expected = ""
            do { _ = try kept.solve() } catch { expected = error.description }
            #expect(error.description == expected)
            #expect(error.description.contains(#"constraints[3] "a.height = 5""#))
        }
    }

    @Test func aDocumentThatCannotBeReadAgainNamesRowsByPlace() throws {
        var lowered = try LayoutDocument.parse(Array(Self.json.utf8), source: "doc.json").lower()
        lowered.describeOrigins(byReloading: { nil })
        let origins = (0 ..< lowered.system.rowCount).map { lowered.system.origins[$0] }
        let constraint = try #require(origins.first { $0.kind == .constraint && $0.index == 3 })
        #expect(constraint.text == "(doc.json changed or could not be read again)")
        #expect(origins.contains { $0.kind == .intrinsicSize && $0.text.hasPrefix("view 1 ") })
        #expect(origins.contains { $0.kind == .root })
    }

    @Test func aLayoutNotFromADocumentIsLeftAsItIs() throws {
        var lowered = try LayoutDocument.parse(Array(Self.json.utf8), source: "doc.json").lower()
        lowered.system.originSource = nil
        lowered.describeOrigins(byReloading: { nil })
        #expect(lowered.system.originSource == nil)
    }
}
