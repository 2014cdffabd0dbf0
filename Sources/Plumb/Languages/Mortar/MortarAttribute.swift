/// One side of a Mortar statement: a view's attribute (or the view itself,
/// with the attribute left to be inferred) or a number, with the multipliers,
/// constants and priority that arithmetic and `!` attached to it.
///
/// Made by the `m_` properties (`view.m_top`), by arithmetic on them
/// (`view.m_size * 2 + (10, 10)`, `view.m_edges ~ (8, 8, 8, 8)`) and by `!`
/// (`view ! .low`, `40 ! .high`). The Mortar operators turn pairs of them into
/// ``Constraint``s; see ``MortarConstraint``.
///
/// Multipliers and constants are held per part of a composite attribute. A
/// single number applies to every part; a tuple gives one number per part.
/// `*` and `/` scale the constants too, so `(v.m_top + 10) * 2` is
/// `2 · v.top + 20`, as the arithmetic reads.
public struct MortarAttribute: CustomStringConvertible {
    /// The view, or `nil` for a number.
    let view: View?
    /// ``view``, lent without a retain to a caller that holds this side
    /// while it uses the view (see `ViewReference`).
    var lentView: Unmanaged<View>? { view.map { Unmanaged.passUnretained($0) } }
    /// Everything else: nothing, one of the two common sides kept inline
    /// (`+ 8` or `- 8` after a view's attribute, a number), or a shared box
    /// made only when a side has more (arithmetic after the first `+`/`-`,
    /// `*`, `!`, a tuple, a mistake). Declared before ``kind`` so that the
    /// enum's tag byte and the kind share the second word: the side is
    /// three words (18 bytes), it fits an existential's inline buffer, so
    /// passing it to an operator as `any MortarAttributable` allocates
    /// nothing, and copying it retains at most two objects.
    private var extra: Extra
    /// The attribute, or `nil` when it is implied by the other side (a bare view) or for a number.
    let kind: MortarAttributeKind?

    /// What a side holds beyond its view and attribute. The inline cases
    /// are what a box would hold for the same side (the statement
    /// `a.m_top |=| b.m_bottom + 8` and the number side `a.m_width |=| 28`
    /// made a box each, an allocation and a free, about 450 instructions
    /// a statement); ``editable()`` moves them into a box before any other
    /// change, so every other path reads and writes the box as before.
    private enum Extra {
        case none
        /// `+ value` written once after a view's attribute: constant
        /// `0 + value`, the written piece ` + value`.
        case plus(Double)
        /// `- value` written once: constant `0 + -1 · value`, the piece ` - value`.
        case minus(Double)
        /// A number side: constant `value`, written as `value`.
        case number(Double)
        case box(More)
    }

    /// What a side adds to its view and attribute; copied before a change
    /// when shared.
    private final class More {
        // One multiplier and one constant for every part (`+ 8`, `* 0.5`, a
        // number: the common sides) are kept as numbers, without arrays
        // (an array per side was an allocation and a free per `+ 8`); the
        // arrays hold one number per part only when a tuple gave them.
        var multiplier: Double = 1
        var constant: Double = 0
        var perPartMultipliers: [Double]?
        var perPartConstants: [Double]?
        var priority: LayoutPriority?
        var problem: SwiftFrontEndProblem?
        var hasArithmetic = false
        var writtenNumbers: WrittenNumbers?
        // The first piece apart from the rest: most sides have at most one
        // (`+ 8`, `! .high`), and it then needs no array.
        var firstPiece: WrittenPiece?
        var laterPieces: [WrittenPiece] = []

        init() {}

        func copy() -> More {
            let c = More()
            c.multiplier = multiplier
            c.constant = constant
            c.perPartMultipliers = perPartMultipliers
            c.perPartConstants = perPartConstants
            c.priority = priority
            c.problem = problem
            c.hasArithmetic = hasArithmetic
            c.writtenNumbers = writtenNumbers
            c.firstPiece = firstPiece
            c.laterPieces = laterPieces
            return c
        }
    }

    /// The number or numbers of a side that is a number, as written.
    private enum WrittenNumbers {
        case one(Double)
        case several([Double])
    }

    private static let one: [Double] = [1]
    private static let zero: [Double] = [0]

    /// The box, unshared, to be changed: an inline side's values moved
    /// into a new one (the values the box's own path would have given it).
    private mutating func editable() -> More {
        switch extra {
        case .box(var box):
            // Not unique while `extra` holds it too: released there first.
            extra = .none
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            extra = .box(box)
            return box
        case .none:
            let box = More()
            extra = .box(box)
            return box
        case .plus, .minus:
            let box = More()
            box.hasArithmetic = true
            box.firstPiece = Self.piece(extra)
            box.constant = Self.constant(extra)
            extra = .box(box)
            return box
        case .number(let value):
            let box = More()
            box.constant = value
            box.writtenNumbers = .one(value)
            extra = .box(box)
            return box
        }
    }

    /// The box, when the side has one.
    private var more: More? {
        if case .box(let box) = extra { return box }
        return nil
    }

    /// The constant of an inline side (`.none`: 0), as the box's sums give it.
    @inline(__always)
    private static func constant(_ extra: Extra) -> Double {
        switch extra {
        case .plus(let value): 0 + value
        case .minus(let value): 0 + -1 * value
        case .number(let value): value
        case .none, .box: 0
        }
    }

    /// The written piece of a `+`/`-` side.
    private static func piece(_ extra: Extra) -> WrittenPiece? {
        switch extra {
        case .plus(let value): .scalar("+", value)
        case .minus(let value): .scalar("-", value)
        case .none, .number, .box: nil
        }
    }

    /// One multiplier for every part, or one per part.
    var multipliers: [Double] {
        get {
            guard let more else { return Self.one }
            return more.perPartMultipliers ?? [more.multiplier]
        }
        set {
            let box = editable()
            if newValue.count == 1 {
                box.multiplier = newValue[0]
                box.perPartMultipliers = nil
            } else {
                box.perPartMultipliers = newValue
            }
        }
    }
    /// One constant for every part, or one per part (a number's value).
    var constants: [Double] {
        get {
            guard let more else {
                if case .none = extra { return Self.zero }
                return [Self.constant(extra)]
            }
            return more.perPartConstants ?? [more.constant]
        }
        set {
            let box = editable()
            if newValue.count == 1 {
                box.constant = newValue[0]
                box.perPartConstants = nil
            } else {
                box.perPartConstants = newValue
            }
        }
    }
    /// The multiplier of every part, or `nil` when there is one per part
    /// (``multipliers`` without an array).
    var singleMultiplier: Double? {
        guard let more else { return 1 }
        return more.perPartMultipliers == nil ? more.multiplier : nil
    }
    /// The constant of every part, or `nil` when there is one per part.
    var singleConstant: Double? {
        guard let more else { return Self.constant(extra) }
        return more.perPartConstants == nil ? more.constant : nil
    }
    /// Multiplies every multiplier and every constant by `factor`.
    mutating func scale(by factor: Double) {
        let box = editable()
        if let m = box.perPartMultipliers { box.perPartMultipliers = m.map { $0 * factor } } else { box.multiplier *= factor }
        if let c = box.perPartConstants { box.perPartConstants = c.map { $0 * factor } } else { box.constant *= factor }
    }
    /// Adds `value` to every constant.
    mutating func add(_ value: Double) {
        let box = editable()
        if let c = box.perPartConstants { box.perPartConstants = c.map { $0 + value } } else { box.constant += value }
    }
    /// The priority given with `!`, if any.
    var priority: LayoutPriority? {
        get { more?.priority }
        set { editable().priority = newValue }
    }
    /// The first mistake made building this side (reported when a constraint uses it).
    var problem: SwiftFrontEndProblem? {
        get { more?.problem }
        set { editable().problem = newValue }
    }
    /// Whether `*`, `/`, `+`, `-` or `~` was applied (not allowed on the left side).
    var hasArithmetic: Bool {
        get {
            switch extra {
            case .none, .number: false
            case .plus, .minus: true
            case .box(let box): box.hasArithmetic
            }
        }
        set { editable().hasArithmetic = newValue }
    }
    /// The number or numbers as written, for a side that is a number
    /// (``constants`` may change with arithmetic; this does not).
    private var writtenNumbers: WrittenNumbers? {
        get {
            if case .number(let value) = extra { return .one(value) }
            return more?.writtenNumbers
        }
        set { editable().writtenNumbers = newValue }
    }
    /// `+ value` (`sign` 1) or `- value` (`sign` -1) kept inline, when it is
    /// the first thing added to a side of a view and an attribute: the
    /// same constant and written piece as the box's path gives. Returns
    /// whether it was (otherwise nothing changed).
    mutating func addInline(_ value: Double, sign: Double) -> Bool {
        guard case .none = extra, sign == 1 || sign == -1 else { return false }
        extra = sign < 0 ? .minus(value) : .plus(value)
        return true
    }

    /// Records what arithmetic or `!` appended, in order, for ``text``.
    mutating func appendWritten(_ piece: WrittenPiece) {
        let box = editable()
        if box.firstPiece == nil {
            box.firstPiece = piece
        } else {
            box.laterPieces.append(piece)
        }
    }

    /// One operation as written after the side: ` + 8`, ` * (2, 3)`, ` ! 750`.
    enum WrittenPiece {
        case arithmetic(Character, [Double])
        /// One number (the common `+ 8`), kept without an array.
        case scalar(Character, Double)
        case priority(LayoutPriority)

        var text: String {
            switch self {
            case .arithmetic(let symbol, let values):
                " \(symbol) " + (values.count == 1
                    ? NumberFormatting.shortest(values[0])
                    : "(" + values.map(NumberFormatting.shortest).joined(separator: ", ") + ")")
            case .scalar(let symbol, let value): " \(symbol) " + NumberFormatting.shortest(value)
            case .priority(let p): " ! \(p)"
            }
        }
    }

    /// The side as written, for messages and constraint origins. Made when
    /// read (only for a problem): every operator makes sides, and few
    /// statements have one.
    var text: String {
        var s: String
        if let view {
            s = kind.map { "\(view.id).\($0)" } ?? view.id
        } else if case .one(let number)? = writtenNumbers {
            s = NumberFormatting.shortest(number)
        } else {
            var numbers: [Double] = []
            if case .several(let written)? = writtenNumbers { numbers = written }
            s = "(" + numbers.map(NumberFormatting.shortest).joined(separator: ", ") + ")"
        }
        if let more, let first = more.firstPiece {
            s += first.text
            for piece in more.laterPieces { s += piece.text }
        } else if let piece = Self.piece(extra) {
            s += piece.text
        }
        return s
    }

    init(view: View, kind: MortarAttributeKind?) {
        self.view = view
        self.kind = kind
        extra = .none
    }

    /// A number side, kept inline (see `Extra`).
    init(constant: Double) {
        view = nil
        kind = nil
        extra = .number(constant)
    }

    init(constants: [Double]) {
        view = nil
        kind = nil
        extra = .none
        self.constants = constants
        writtenNumbers = constants.count == 1 ? .one(constants[0]) : .several(constants)
    }

    /// The number of parts the arithmetic must match, when the attribute is known.
    var componentCount: Int? {
        if let kind { return kind.components.count }
        return view == nil ? constants.count : nil
    }

    public var description: String { text }
}

// MARK: - What may stand on each side

/// A value that may stand on the right side of a Mortar operator: a view, a
/// view attribute, or a number (`Int` or `Double`).
public protocol MortarAttributable {
    /// The value as a Mortar side. An implementation detail of the operators.
    var _mortarAttribute: MortarAttribute { get }
}

/// A value that may stand on the left side of a Mortar operator: a view or a
/// view attribute (never a number).
public protocol MortarTarget: MortarAttributable {}

extension MortarAttribute: MortarTarget {
    public var _mortarAttribute: MortarAttribute { self }
}

extension View: MortarTarget {
    public var _mortarAttribute: MortarAttribute { MortarAttribute(view: self, kind: nil) }
}

extension Int: MortarAttributable {
    public var _mortarAttribute: MortarAttribute { MortarAttribute(constant: Double(self)) }
}

extension Double: MortarAttributable {
    public var _mortarAttribute: MortarAttribute { MortarAttribute(constant: self) }
}
