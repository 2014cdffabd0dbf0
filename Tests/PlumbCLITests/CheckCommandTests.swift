import Foundation
import Testing

/// `plumb check`: reports and exit status (0 clean, 1 warnings, 2 errors).
@Suite struct CheckCommandTests {
    private func run(_ json: String) throws -> PlumbRun {
        try CLI.run(["check", "-"], stdin: Data(Array(json.utf8)))
    }

    @Test func clean() throws {
        let r = try run(#"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}], "constraints": ["a.left = 0", "a.top = 0", "a.width = 1", "a.height = 1"]}"#)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == "<stdin>: 0 conflicts, 0 ambiguous view axes, 0 redundant constraints, 0 ineffective constraints (clean)\n")
    }

    @Test func warningsForAmbiguity() throws {
        let r = try run(#"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}], "constraints": ["a.left = 0", "a.width = 1", "a.height = 1"]}"#)
        #expect(r.status == 1)
        #expect(r.text == """
            <stdin>: warning: view 'a' is ambiguous vertically: its y is not determined
              note: involved: constraints[2] "a.height = 1"
            <stdin>: 0 conflicts, 1 ambiguous view axis, 0 redundant constraints, 0 ineffective constraints (warnings)

            """)
    }

    @Test func errorsForConflictsNameEveryOne() throws {
        let r = try run(#"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}, {"id": "b"}], "constraints": ["a.left = 0", "a.top = 0", "a.width = 1", "a.width = 2", "a.height = 1", "b.left = 0", "b.top = 0", "b.width = 1", "b.height = 1", "b.height = 3"]}"#)
        #expect(r.status == 2)
        #expect(r.text.contains(#"note: constraints[2] "a.width = 1""#) && r.text.contains(#"note: constraints[3] "a.width = 2""#))
        #expect(r.text.contains(#"note: constraints[8] "b.height = 1""#) && r.text.contains(#"note: constraints[9] "b.height = 3""#))
        #expect(r.text.hasSuffix("<stdin>: 2 conflicts, 0 ambiguous view axes, 0 redundant constraints, 0 ineffective constraints (errors)\n"))
    }

    @Test func progressGoesToStandardErrorAndLeavesTheReportAlone() throws {
        let json = #"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}], "constraints": ["a.left = 0", "a.width = 1", "a.height = 1"]}"#
        let quiet = try run(json)
        let told = try CLI.run(["check", "--progress", "-"], stdin: Data(Array(json.utf8)))
        #expect(told.status == quiet.status)
        #expect(told.text == quiet.text)
        #expect(quiet.stderr.isEmpty)
        let lines = told.stderr.split(separator: "\n")
        #expect(lines.count == 4, "\(told.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("plumb check: ") && ($0.hasSuffix(" s)") || $0.contains("components")) },
                "\(told.stderr)")
        #expect(told.stderr.contains("ambiguity: 1 of 4 forms free"), "\(told.stderr)")
    }

    @Test func invalidDocumentIsAnError() throws {
        let r = try run(#"{"root": {"width": 10, "height": 10}, "constraints": ["a.left = 0"]}"#)
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown view 'a'"), "\(r.stderr)")
        let missing = try CLI.run(["check", "/nonexistent/doc.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read /nonexistent/doc.json"))
    }
}
