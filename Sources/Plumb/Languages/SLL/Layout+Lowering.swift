extension Layout {
    /// Applies the rules of every view of a tree being laid out and adds their
    /// rows to `builder`: the hook of ``View/layout(width:height:direction:scale:measurer:)``.
    ///
    /// View arguments are looked up in `index` (views outside the tree, or no
    /// longer alive, are errors); closures are called with the rule's view
    /// and providers asked for their length, now. Problems are added to
    /// `sink`, located `rule (view "id"):1:column`.
    ///
    /// - Parameters:
    ///   - views: the tree, numbered as the builder's views (0 is the root).
    ///   - parents: each view's parent index (`-1` for the root).
    ///   - index: each view's number, by identity.
    /// - Returns: the evaluation order of the rule rows, or `nil` when a
    ///   problem was found.
    /// - Complexity: O(views) to find the layouts, plus O(total rule nodes).
    @discardableResult
    static func lowerRules(
        of views: [View], parents: [Int32], index: ViewIdentityIndex,
        into builder: inout SystemBuilder, sink: inout DiagnosticSink
    ) -> RuleSchedule? {
        var ruleCount = 0
        for view in views { ruleCount += view.ruleLayout?.storedRules.count ?? 0 }
        guard ruleCount > 0 else { return RuleSchedule() }

        var book = RuleBook(viewCount: views.count, rules: ruleCount)
        var bound: [BoundArgument] = []
        var failed = false
        for (i, view) in views.enumerated() {
            guard let layout = view.ruleLayout, !layout.storedRules.isEmpty else { continue }
            let location = "rule (view \"\(view.id)\")"
            guard i != 0 else {
                sink.append(Diagnostic(location: location, problem: .rule(.rulesOnRoot(view: view.id)),
                                       origin: layout.storedRules[0].origin))
                failed = true
                continue
            }
            for rule in layout.storedRules {
                bound.removeAll(keepingCapacity: true)
                var issues: [RuleIssue] = []
                for (k, argument) in rule.arguments.enumerated() {
                    switch argument {
                    case .view(let reference, _):
                        guard let other = reference.view else {
                            issues.append(RuleIssue(.argumentDeallocated(position: k + 1), rule.syntax.range(ofSpecifier: k)))
                            continue
                        }
                        guard let j = index[other] else {
                            issues.append(RuleIssue(.argumentOutsideHierarchy(position: k + 1),
                                                    rule.syntax.range(ofSpecifier: k)))
                            continue
                        }
                        bound.append(.view(ViewIndex(rawValue: j)))
                    case .number(let value): bound.append(.number(value))
                    case .function(let body): bound.append(.number(body(view)))
                    case .provider(let provider): bound.append(.number(provider.length))
                    }
                }
                if issues.isEmpty {
                    issues = book.apply(rule.syntax, to: ViewIndex(i), superview: ViewIndex(rawValue: parents[i]),
                                        arguments: bound, origin: .stored(rule.origin))
                }
                if !issues.isEmpty {
                    failed = true
                    for issue in issues {
                        sink.append(issue.diagnostic(in: rule.text, location: location, origin: rule.origin))
                    }
                }
            }
        }
        guard !failed else { return nil }
        switch builder.addRules(&book, viewID: { views[$0.int].id }) {
        case .success(let schedule):
            return schedule
        case .failure(let error):
            for diagnostic in error.diagnostics { sink.append(diagnostic) }
            return nil
        }
    }
}
