import Foundation
import Testing

/// No test calls a C function that reads data through a pointer inside
/// `#expect` or `#require`. Those macros take a function call apart and
/// evaluate each argument on its own, to show it when the expectation
/// fails; an array, a string or an `&` turned into a pointer there lives
/// only for that evaluation, so the C function reads freed memory. That
/// happened: `FixedErrorColumnsTests` built a Clp model from `[4]` inside
/// `#require` and, in about 3 runs of 8, Clp copied the freed bytes as the
/// row's bounds and solved a different problem. Call the function first,
/// then expect on its result.
///
/// The functions are read from the C targets' headers: those with a
/// parameter that points at numbers, characters or bytes, or at a pointer
/// (an opaque handle such as a Clp model is passed by value and is safe).
@Suite struct ExpectationArgumentsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// C scalar types whose pointers carry data that Swift may make
    /// temporarily from an array, a string or an `inout` argument.
    static let scalarTypes: Set<String> = [
        "char", "signed", "unsigned", "short", "int", "long", "float", "double", "void", "bool", "_Bool",
        "size_t", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
    ]

    /// Whether one parameter of a C declaration points at data.
    static func pointsAtData(_ parameter: String) -> Bool {
        guard let star = parameter.firstIndex(of: "*") else { return false }
        if parameter.filter({ $0 == "*" }).count > 1 { return true }
        let words = parameter[..<star].split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        return words.contains { scalarTypes.contains(String($0)) }
    }

    /// `text` without its C comments.
    static func withoutComments(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("/*") {
                rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
            } else if rest.hasPrefix("//") {
                rest = rest.firstIndex(of: "\n").map { rest[$0...] } ?? ""
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out
    }

    /// The functions declared in `header` that take a data pointer.
    static func dataPointerFunctions(in header: String) throws -> Set<String> {
        let text = withoutComments(header)
        let declaration = try NSRegularExpression(pattern: #"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(([^;{}]*?)\)\s*;"#)
        var names: Set<String> = []
        for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(match.range(at: 1), in: text), let list = Range(match.range(at: 2), in: text)
            else { continue }
            if text[list].split(separator: ",").contains(where: { pointsAtData(String($0)) }) {
                names.insert(String(text[name]))
            }
        }
        return names
    }

    /// The text inside each `#expect(...)` and `#require(...)` of `source`,
    /// with the line it starts on. String literals are blanked first, so a
    /// parenthesis inside one does not count.
    static func expectations(in source: String) throws -> [(line: Int, text: String)] {
        let literal = try NSRegularExpression(pattern: #""(?:[^"\\\n]|\\.)*""#)
        let blanked = NSMutableString(string: source)
        for match in literal.matches(in: source, range: NSRange(source.startIndex..., in: source)).reversed() {
            blanked.replaceCharacters(in: match.range, with: "\"\"")
        }
        let code = Array(String(blanked))
        var found: [(line: Int, text: String)] = []
        var line = 1, i = 0
        while i < code.count {
            if code[i] == "\n" { line += 1 }
            let opener = code[i] != "#" ? nil : ["#expect(", "#require("].first { word in
                i + word.count <= code.count && String(code[i ..< i + word.count]) == word
            }
            guard let opener else { i += 1; continue }
            var depth = 1, j = i + opener.count
            while j < code.count, depth > 0 {
                if code[j] == "(" { depth += 1 } else if code[j] == ")" { depth -= 1 }
                j += 1
            }
            found.append((line, String(code[i ..< j])))
            i += opener.count
        }
        return found
    }

    /// The files under `folder` whose names end in `.extension`, in order.
    static func files(under folder: URL, extension: String) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == `extension` }
            .sorted { $0.path < $1.path }
    }

    @Test func theHeadersAreReadAsExpected() throws {
        let sample = """
            /* a comment naming fake(double *x); */
            int takes_model(PlumbClpModel *model, int n);
            void takes_doubles(PlumbClpModel *model,
                               const double *values);
            int takes_string(const char *path);
            int gives_handle(struct thing **out);
            """
        #expect(try Self.dataPointerFunctions(in: sample) == ["takes_doubles", "takes_string", "gives_handle"])
        let expectations = try Self.expectations(in: "let a = 1\n#expect(f(\")\", [1]) == g(2))\n")
        #expect(expectations.map(\.line) == [2])
        #expect(expectations.map(\.text) == ["#expect(f(\"\", [1]) == g(2))"])
    }

    @Test func noDataPointerCallInsideAnExpectation() throws {
        let headers = Self.headers()
        #expect(headers.count >= 5, "C headers found: \(headers.map(\.lastPathComponent))")
        var functions: Set<String> = []
        for header in headers {
            functions.formUnion(try Self.dataPointerFunctions(in: String(contentsOf: header, encoding: .utf8)))
        }
        #expect(functions.contains("plumb_clp_new") && functions.contains("plumb_signals_remove_on_signal"))
        let call = try NSRegularExpression(pattern: #"\b([A-Za-z_][A-Za-z0-9_]*)\s*\("#)
        var offenders: [String] = [], scanned = 0
        for file in Self.files(under: Self.root.appendingPathComponent("Tests"), extension: "swift") {
            for (line, text) in try Self.expectations(in: String(contentsOf: file, encoding: .utf8)) {
                scanned += 1
                for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    guard let name = Range(match.range(at: 1), in: text), functions.contains(String(text[name]))
                    else { continue }
                    offenders.append("\(file.lastPathComponent):\(line): \(text[name])")
                }
            }
        }
        // The scan reached the tests (several thousand expectations).
        #expect(scanned > 2_000, "expectations scanned: \(scanned)")
        #expect(offenders == [], "call these before the expectation and expect on the result")
    }

    /// The C targets' public headers.
    static func headers() -> [URL] {
        files(under: root.appendingPathComponent("Sources"), extension: "h")
            .filter { $0.deletingLastPathComponent().lastPathComponent == "include" }
    }
}
