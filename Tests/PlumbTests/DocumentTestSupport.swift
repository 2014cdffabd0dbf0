import Testing
@testable import Plumb

/// Parses `json` (named `doc.json`) or records why not.
func parseDocument(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LayoutDocument {
    try LayoutDocument.parse(Array(json.utf8), source: "doc.json")
}

/// The diagnostics `json` fails with: parsing, or (when it parses) lowering.
func documentErrors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
        let doc = try LayoutDocument.parse(Array(json.utf8), source: "doc.json")
        _ = try doc.lower()
        Issue.record("expected the document to fail", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// Checks that `json` fails with exactly `expected` problems, the first at `line:column`.
func documentDiagnosticTest(
    _ json: String, _ expected: LayoutProblem..., at position: (Int, Int)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let diagnostics = documentErrors(json, sourceLocation: sourceLocation)
    #expect(diagnostics.map(\.problem) == expected, sourceLocation: sourceLocation)
    if let (line, column) = position {
        #expect(diagnostics.first?.line == line && diagnostics.first?.column == column,
                "at \(String(describing: diagnostics.first?.line)):\(String(describing: diagnostics.first?.column))",
                sourceLocation: sourceLocation)
    }
}

/// Parses, lowers and solves a document; returns frames by id.
func solveDocument(_ json: String, absolute: Bool = false) throws -> [String: Rect] {
    let lowered = try LayoutDocument.parse(Array(json.utf8), source: "doc.json").lower()
    let frames = lowered.frames(from: try lowered.solve(), absolute: absolute)
    return Dictionary(uniqueKeysWithValues: zip(lowered.viewIDs, frames))
}

/// A document with a `width` x `height` root, the given views (`id` or
/// `id:parent`) and constraints.
func document(width: Double = 320, height: Double = 480, views: [String], constraints: [String], extra: String = "") -> String {
    let viewJSON = views.map { spec -> String in
        let parts = spec.split(separator: ":")
        return parts.count == 2 ? "{\"id\": \"\(parts[0])\", \"parent\": \"\(parts[1])\"}" : "{\"id\": \"\(spec)\"}"
    }
    let constraintJSON = constraints.map { "\"\($0)\"" }
    return """
        {"root": {"id": "root", "width": \(NumberFormatting.shortest(width)), "height": \(NumberFormatting.shortest(height))},
         "views": [\(viewJSON.joined(separator: ", "))],
         "constraints": [\(constraintJSON.joined(separator: ", "))]\(extra)}
        """
}
