/// The Simple Layout Language rules of one view, in the spirit of CocoaSugar's
/// `COSLayout`: comma-separated assignments of distances to the superview.
///
/// ```swift
/// let badge = View("badge")
/// root.addSubview(badge)
/// try Layout(of: badge).addRule("tt = rr = 5, w = h = 20")
/// try Layout(of: row2).addRule("tt = %bt + 8, ll = rr = 0, h = 44", row1)
/// try root.layout(width: 320, height: 480)
/// badge.frame  // (295, 5, 20, 20)
/// ```
///
/// Each of the 18 names (``RuleName``) is a distance from an edge or center of
/// the view to an edge of its superview, positive inside (`tt`: top to top;
/// see the table on ``RuleName``), a size (`w`, `h`) or a bound on a
/// size (`minw maxw minh maxh`). A value is a number (points), a percentage
/// of the superview's width (horizontal names) or height (vertical names)
/// unless prefixed `H:` or `V:`, a format specifier taking the next argument
/// (``FormatSpecifier``), another name of this layout (its value in effect),
/// or `nil`, which removes the name; values combine with `+ - * /` and
/// parentheses. `=` assigns, `+= -= *= /=` update the name's value in effect,
/// and assignments chain right to left (`ll = bb = rr = 10`). A chained or
/// referenced percentage keeps the direction of the name it was first
/// assigned to, so `w = h = 10%` makes a square.
///
/// Rules are linear constraints, solved with every other constraint by
/// ``View/layout(width:height:direction:scale:measurer:)``: every name in effect becomes a required
/// equality (bounds a `>=` or `<=`), whose origin is the rule (its text, and
/// the file and line of ``addRule(_:_:file:line:)``).
///
/// ## Override policy
///
/// A direction needs two determining constraints to place a view (as in
/// COSLayout). Each name has a role per direction: the leading edge
/// (`tt tb`, `ll lr`), the trailing edge (`bb bt`, `rr rl`), the center
/// (`ct cb`, `cl cr`) or the size (`h`, `w`). The layout keeps, per
/// direction, the two most recently assigned roles:
///
/// - Assigning a name replaces the value of its role, whichever spelling
///   held it (`tb = 20` replaces `tt`), and makes that role the newest.
/// - Assigning a third role drops the oldest one: after
///   `tt = 8, h = 44`, the rule `bb = 8` keeps `h` and `bb` and drops `tt`.
/// - `nil` removes the role (`tb = nil` also removes a `tt`).
/// - Bounds are not roles: each of `minw maxw minh maxh` keeps its latest value.
///
/// A dropped or removed name has no value: using it afterwards (`tt += 4`,
/// `w = tt`) is an error. Fewer than two roles in a direction is allowed:
/// other constraints (or intrinsic sizes) may place the view, and the
/// solver reports the view as ambiguous when nothing does.
///
/// ## Dependencies
///
/// A view's rules depend on its superview and on every view a specifier
/// names. These dependencies must not form a cycle (a view naming itself is
/// one); ``View/layout(width:height:direction:scale:measurer:)`` reports a cycle naming its rules.
/// Closures (`%^f`) and ``LengthProvider``s (`%@f`) are asked at every
/// layout; view arguments are not kept alive by the rules.
///
/// A layout belongs to its view: `Layout(of:)` returns the same object every
/// time for the same view.
public final class Layout: _LayoutOfView {
    /// The view whose rules these are; `nil` once it no longer exists.
    public var view: View? { owner }
    /// ``view``, unretained and not weak (which would slow every retain and
    /// release of the view): the view owns this layout and clears it when
    /// it is deallocated (``viewGone()``).
    private unowned(unsafe) var owner: View?
    /// The view's id, for messages after the view is gone.
    let viewID: String
    private(set) var storedRules: [StoredRule] = []

    /// One rule, parsed and checked.
    struct StoredRule {
        let text: String
        let syntax: RuleSyntax
        let arguments: [StoredArgument]
        let origin: Origin
    }

    /// An argument as kept between layouts: views by ``ViewReference``,
    /// which does not keep them alive, to avoid cycles of views owning each
    /// other through their rules.
    enum StoredArgument {
        case view(ViewReference, id: String)
        case number(Double)
        case function((View) -> Double)
        case provider(any LengthProvider)

        init(_ argument: RuleArgument) {
            switch argument {
            case .view(let view): self = .view(view.reference, id: view.id)
            case .number(let value): self = .number(value)
            case .function(let body): self = .function(body)
            case .provider(let provider): self = .provider(provider)
            }
        }

        var kind: RuleArgumentCheck.Kind {
            switch self {
            case .view: .view
            case .number: .number
            case .function: .closure
            case .provider: .provider
            }
        }

        var kindDescription: String {
            switch self {
            case .view(_, let id): "a view '\(id)'"
            case .number(let value): value.isFinite ? "a number (\(NumberFormatting.shortest(value)))" : "a number (\(value))"
            case .function: "a closure"
            case .provider: "a LengthProvider"
            }
        }
    }

    init(creatingFor view: View) {
        owner = view
        viewID = view.id
    }

    /// Called by the view's deinit: ``view`` is `nil` from now on.
    func viewGone() {
        owner = nil
    }

    /// The rule texts, in the order they were added.
    public var rules: [String] { storedRules.map(\.text) }

    /// Adds a rule: comma-separated assignments, with one argument per format
    /// specifier, in order (views, numbers, ``LengthProvider``s, and closures
    /// wrapped as `.closure { view in … }`).
    ///
    /// The rule is parsed and checked now: syntax, the arguments' number and
    /// kinds, names used without a value, products of two view-dependent
    /// values and divisions by them. A rule that fails is not added. Cycles,
    /// views outside the laid-out tree, and closures or providers that return
    /// NaN, infinity or a zero divisor are reported by
    /// ``View/layout(width:height:direction:scale:measurer:)``.
    ///
    /// - Throws: ``LayoutError`` with one diagnostic per problem, located
    ///   `rule (view "id"):1:column`, whose origin carries `file` and `line`.
    /// - Complexity: O(length of this view's rules): earlier rules are
    ///   replayed to know which names have values.
    public func addRule(
        _ rule: String, _ arguments: any RuleArgumentConvertible..., file: String = #fileID, line: Int = #line
    ) throws(LayoutError) {
        try addRule(rule, arguments: arguments, file: file, line: line)
    }

    /// Adds a rule whose arguments are given as an array (see ``addRule(_:_:file:line:)``).
    ///
    /// - Throws: ``LayoutError`` (see ``addRule(_:_:file:line:)``).
    public func addRule(
        _ rule: String, arguments: [any RuleArgumentConvertible], file: String = #fileID, line: Int = #line
    ) throws(LayoutError) {
        let origin = Origin(kind: .rule, text: rule, file: file, line: line)
        let location = "rule (view \"\(viewID)\")"
        let syntax: RuleSyntax
        switch SimpleLayoutParser.parse(rule) {
        case .success(let parsed): syntax = parsed
        case .failure(let failure): throw Self.error(failure.issues, text: rule, location: location, origin: origin)
        }
        let stored = StoredRule(
            text: rule, syntax: syntax, arguments: arguments.map { StoredArgument($0.ruleArgument) }, origin: origin)
        let issues = RuleArgumentCheck.problems(
            syntax, count: stored.arguments.count, textLength: rule.utf8.count,
            kind: { stored.arguments[$0].kind }, describe: { stored.arguments[$0].kindDescription })
        guard issues.isEmpty else { throw Self.error(issues, text: rule, location: location, origin: origin) }
        let problems = rehearse(adding: stored)
        guard problems.isEmpty else { throw Self.error(problems, text: rule, location: location, origin: origin) }
        storedRules.append(stored)
        view?.layoutStamp &+= 1
    }

    /// Removes every rule.
    public func removeAllRules() {
        storedRules.removeAll()
        view?.layoutStamp &+= 1
    }

    /// Applies the existing rules and `new` to a book over stand-in indices
    /// (superview 0, this view 1, argument views from 2) and returns the
    /// problems of `new`. Closures and providers are not called: they stand
    /// for 1, so only problems that do not depend on their values show.
    private func rehearse(adding new: StoredRule) -> [RuleIssue] {
        var indices: [ObjectIdentifier: Int32] = [:]
        if let view { indices[ObjectIdentifier(view)] = 1 }
        if let superview = view?.superview { indices[ObjectIdentifier(superview)] = 0 }
        var next: Int32 = 2
        let all = storedRules + [new]
        for rule in all {
            for case .view(let reference, _) in rule.arguments {
                guard let other = reference.view, indices[ObjectIdentifier(other)] == nil else { continue }
                indices[ObjectIdentifier(other)] = next
                next += 1
            }
        }
        var book = RuleBook(viewCount: Int(next), rules: all.count)
        var issues: [RuleIssue] = []
        for rule in all {
            let bound = rule.arguments.enumerated().map { k, argument -> BoundArgument in
                switch argument {
                case .view(let reference, _):
                    // A view gone since an earlier rule was added: stand in for it with this view's superview.
                    return .view(ViewIndex(rawValue: reference.view.flatMap { indices[ObjectIdentifier($0)] } ?? 0))
                case .number(let value): return .number(value)
                case .function, .provider: return .number(1)
                }
            }
            issues = book.apply(rule.syntax, to: ViewIndex(rawValue: 1), superview: .root, arguments: bound,
                                origin: .stored(rule.origin))
        }
        return issues
    }

    /// One diagnostic per issue.
    static func error(_ issues: [RuleIssue], text: String, location: String, origin: Origin) -> LayoutError {
        LayoutError(issues.map { $0.diagnostic(in: text, location: location, origin: origin) })
    }
}

/// Gives ``Layout`` its `init(of:)`, which returns the view's existing layout.
/// (A class's own initializers always make a new object; a protocol
/// extension's may return an existing one.) Not API: conform nothing else.
public protocol _LayoutOfView {}

extension _LayoutOfView where Self == Layout {
    /// The layout of `view`: the one made by an earlier call, or a new, empty one.
    ///
    /// - Complexity: O(1).
    public init(of view: View) {
        if let existing = view.ruleLayout {
            self = existing
            return
        }
        let made = Layout(creatingFor: view)
        view.ruleLayout = made
        self = made
    }
}
