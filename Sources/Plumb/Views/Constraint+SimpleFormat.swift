extension Constraint {
    /// Makes one inactive constraint from a Simple Format Language string.
    ///
    /// ```
    /// view1.attribute relation [multiplier *] view2.attribute [(+|-) constant] [@ priority]
    /// view1.attribute relation [+|-]constant [@ priority]
    /// ```
    ///
    /// - `relation` is `=` (or `==`, the same), `>=` or `<=`.
    /// - `attribute` is one of `left right top bottom leading trailing centerX
    ///   centerY baseline width height`.
    /// - `multiplier`, `constant` and `priority` are numbers (`8`, `0.5`, `1e3`)
    ///   or names in `metrics`; priority is 1 ... 1000 and defaults to 1000
    ///   (required). A multiplier may be signed (`-1 * view.width`).
    /// - View names are keys of `views`; `superview` is just a name, bound like
    ///   any other (`["superview": root]`).
    /// - The order is fixed, as in the original: `2 * view.width = view.height`
    ///   and `view.height = view.width * 2` are rejected, with the accepted
    ///   spelling in the message.
    ///
    /// - Parameters:
    ///   - simpleFormat: the constraint.
    ///   - views: the views the string may name.
    ///   - metrics: named numbers the string may use.
    ///   - file: the call site's file, recorded in the constraint's ``origin``.
    ///   - line: the call site's line, recorded likewise.
    /// - Returns: an inactive constraint; ``activate(_:)`` it.
    /// - Throws: ``LayoutError`` listing every problem in the string, each with
    ///   its column and what was expected (`constraint:1:9: error: unknown
    ///   attribute 'widht' (did you mean 'width'?)`).
    /// - Complexity: O(length of the string).
    public static func make(
        simpleFormat: String, views: [String: View], metrics: [String: Double] = [:],
        file: String = #fileID, line: Int = #line
    ) throws(LayoutError) -> Constraint {
        var sink = DiagnosticSink()
        let scope = DictionaryScope(views: views, metrics: metrics)
        let made = compile(simpleFormat, location: "constraint", index: nil, scope: scope,
                           file: file, line: line, sink: &sink)
        try sink.throwIfAny()
        guard let made else { throw sink.error }  // unreachable: no diagnostics means a constraint
        return made
    }

    /// Makes inactive constraints from Simple Format Language strings, one
    /// per string, in order. Every string is checked before anything is thrown.
    ///
    /// - Throws: ``LayoutError`` with every problem in every string; a
    ///   diagnostic's location is `constraints[i]`.
    /// - Complexity: O(total length of the strings).
    public static func make(
        simpleFormats: [String], views: [String: View], metrics: [String: Double] = [:],
        file: String = #fileID, line: Int = #line
    ) throws(LayoutError) -> [Constraint] {
        var sink = DiagnosticSink()
        let scope = DictionaryScope(views: views, metrics: metrics)
        var made = [Constraint]()
        made.reserveCapacity(simpleFormats.count)
        for (i, format) in simpleFormats.enumerated() {
            if let c = compile(format, location: "constraints[\(i)]", index: i, scope: scope,
                               file: file, line: line, sink: &sink) {
                made.append(c)
            }
        }
        try sink.throwIfAny()
        return made
    }

    private static func compile(
        _ format: String, location: String, index: Int?, scope: DictionaryScope,
        file: String, line: Int, sink: inout DiagnosticSink
    ) -> Constraint? {
        var text = format
        return text.withUTF8 { bytes in
            var problems: [(LayoutProblem, Range<Int>)] = []
            let origin = Origin(kind: .constraint, index: index, text: format, file: file, line: line)
            guard let resolved = SimpleFormatSema.compile(bytes, in: scope, problems: &problems) else {
                let locator = SourceLocator(bytes)
                for (problem, range) in problems {
                    sink.append(locator.diagnostic(problem, at: range, in: bytes, location: location, origin: origin))
                }
                return nil
            }
            return Constraint(resolved: resolved, origin: origin)
        }
    }
}

/// Names bound by the dictionaries of ``Constraint/make(simpleFormat:views:metrics:file:line:)``.
struct DictionaryScope: SimpleFormatScope {
    let views: [String: View]
    let metrics: [String: Double]

    func view(named name: UnsafeBufferPointer<UInt8>) -> View? {
        views[String(decoding: name, as: UTF8.self)]
    }

    func metric(named name: UnsafeBufferPointer<UInt8>) -> Double? {
        metrics[String(decoding: name, as: UTF8.self)]
    }

    func suggestView(for name: String) -> String? {
        Suggestions.closest(to: name, among: views.keys.sorted())
    }

    func suggestMetric(for name: String) -> String? {
        Suggestions.closest(to: name, among: metrics.keys.sorted())
    }
}
