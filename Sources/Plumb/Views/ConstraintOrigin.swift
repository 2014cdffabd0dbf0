@_spi(Lowering) import PlumbSolver

/// A ``Constraint``'s origin, or the few values that describe it when it is
/// read.
///
/// A Swift front end makes one constraint per part of a statement, and its
/// origin text (`card.m_left |=| root.m_left + 16 ! 1000`, or
/// `card: make.left.equalTo(root).offset(16)` with a file and line) is read
/// only when something is reported about the constraint. Building that text
/// for every constraint cost more than making the constraint, so Mortar and
/// the maker keep what the text is made of instead, and ``origin`` makes it
/// on demand. The strings of one `make(simpleFormats:)` call are kept once
/// for all the constraints it makes (`SimpleFormatCallOrigin`); a maker
/// line of the common shapes keeps its values in each of its constraints
/// (`MakerConstraintOrigin`, no larger than Mortar's part origin), and the
/// other lines are kept as lowered once for all the block's constraints
/// (`MakerLines`). The values kept are copies taken when the constraint is
/// made (view ids, never views), so the text made later is the one that
/// would have been made at once, and a constraint still keeps no view alive.
///
/// Layout passes every constraint's origin to the system as a key of a
/// ``ViewTreeOrigins`` (see `View.lowerTree`), so that laying out does not
/// make the text either.
enum ConstraintOrigin {
    /// The origin itself (constraints made with ``Constraint``'s initializers,
    /// a Simple Format Language string made alone, and origins set later).
    case stored(Origin)
    /// The string at `index` of a ``Constraint/make(simpleFormats:views:metrics:file:line:)``
    /// call (the call's strings, file and line are kept once, by every
    /// constraint the call made).
    case simpleFormat(SimpleFormatCallOrigin, index: Int)
    /// One part of a Mortar statement.
    case mortar(MortarPartOrigin)
    /// One attribute of line `line` of a maker block, as lowered; `part` is
    /// the attribute when the line names several (the text then ends with it).
    case maker(MakerLines, line: Int, part: LayoutAttribute?)
    /// One attribute of a maker line of a common shape, its origin's values
    /// kept here (the block's lines are not kept).
    case makerLine(MakerConstraintOrigin)

    /// The origin, made now when it is described.
    var origin: Origin {
        switch self {
        case .stored(let origin): origin
        case .simpleFormat(let call, let index): call.origin(index)
        case .mortar(let part): Origin(kind: .code, text: part.text)
        case .maker(let lines, let line, let part): lines.origin(ofLine: line, part: part)
        case .makerLine(let own): own.origin
        }
    }

}

/// The strings of one ``Constraint/make(simpleFormats:views:metrics:file:line:)``
/// call, with its file and line: what the origins of the constraints it
/// makes are made of. The string's origin stored in each constraint (five
/// fields, two of them strings) was copied and destroyed once more while
/// the constraint was made, about 190 instructions a constraint; this
/// object is made once per call and each constraint keeps a reference to
/// it and its index.
final class SimpleFormatCallOrigin {
    let formats: [String]
    let file: String
    let line: Int

    init(formats: [String], file: String, line: Int) {
        self.formats = formats
        self.file = file
        self.line = line
    }

    /// The origin of the constraint made from `formats[index]`: the one the
    /// call's diagnostics for that string name.
    func origin(_ index: Int) -> Origin {
        Origin(kind: .constraint, index: index, text: formats[index], file: file, line: line)
    }
}

/// The origins of the rows a view tree's constraints and intrinsic sizes
/// made, read from the constraints (or made from the intrinsic length's
/// values, kept as lowering saw them) when asked: the key of a
/// constraint's row is the position of its constraint here, and keys from
/// 2³⁰ name intrinsic-size rows. Every lowered constraint's row gets a key, whatever its
/// origin (stored or described), so that lowering copies no ``Origin`` (the
/// stored origins of 40,000 rows were a third of lowering a tree of 10,000
/// views). Filled while the tree is lowered, then only read.
///
/// The constraints are kept alive by the views' ``View/constraints`` arrays
/// as lowered (`lists`, copies: a view's later changes give it a new array),
/// so a key stays readable as long as this object lives, even if the tree
/// changes; it reads the constraint's ``Constraint/origin`` as it is when
/// asked (only the maker's ``View/updateConstraints(file:line:_:)`` changes
/// an origin, and a layout after it lowers afresh, so the texts are those
/// lowering saw).
final class ViewTreeOrigins: OriginSource, @unchecked Sendable {
    // @unchecked: appended to only while the one lowering that made it runs;
    // afterwards read-only. The arrays skip the dynamic exclusivity check
    // (appended to once per constraint and per view while lowering).

    /// Per key: the constraint (not retained: `lists` holds it).
    @exclusivity(unchecked) private(set) var constraints: [Unmanaged<Constraint>] = []
    /// Per view of the tree, in lowering order: its constraints array as lowered.
    @exclusivity(unchecked) private(set) var lists: [[Constraint]] = []

    /// Room for `views` lists and up to `constraints` keys (in arrays an
    /// earlier tree's origins gave back, when there are some: ``SpareArrays``).
    init(views: Int, constraints: Int) {
        lists = SpareArrays.take(capacity: views)
        self.constraints = SpareArrays.take(capacity: constraints)
    }

    /// The arrays go to the next tree's origins (emptied: the lists are let go).
    deinit {
        SpareArrays.give(taking: &lists)
        SpareArrays.give(taking: &constraints)
    }

    /// Holds `list`, a view's ``View/constraints`` as lowered (before any of its keys is asked).
    func hold(_ list: [Constraint]) {
        lists.append(list)
    }

    /// The key of `constraint`'s row: `constraint` is listed by an array given to `hold(_:)`.
    func key(for constraint: Constraint) -> UInt64 {
        constraints.append(Unmanaged.passUnretained(constraint))
        let position = UInt64(constraints.count - 1)
        // Past the intrinsic keys' range (2³⁰ constraints): a key the origin
        // list resolves at once (2³¹ or more), still read from the constraint.
        return position < Self.intrinsicTag ? position : Self.largeTag | position
    }

    // MARK: Intrinsic sizes

    /// What one intrinsic length's hugging and resistance rows were lowered
    /// with: their origins' texts are made from it when asked
    /// (``SystemBuilder/intrinsicOrigins(id:axis:length:hugging:resistance:)``).
    /// Made eagerly, the two texts of each of a `table`'s cells cost about
    /// 7,400 instructions a length, two fifths of a first layout.
    private struct IntrinsicSize {
        let id: String
        let axis: LayoutAxis
        let length: Double
        let hugging: Priority
        let resistance: Priority
    }

    /// Per intrinsic length lowered, in lowering order. The values are those
    /// lowering read (a later change of the view's size does not change the
    /// texts, as with the texts once made at lowering).
    @exclusivity(unchecked) private var intrinsicSizes: [IntrinsicSize] = []

    /// Keys from 2³⁰ to 2³¹ are intrinsic rows: `intrinsicTag | entry << 1 | resistance`.
    private static let intrinsicTag: UInt64 = 1 << 30
    /// Constraint keys from 2³⁰ on carry this bit (see `key(for:)`).
    static let largeTag: UInt64 = 1 << 32

    /// The origins of the hugging and resistance rows of `id`'s intrinsic
    /// `length` along `axis`: two keys, or (past 2²⁹ lengths) the texts
    /// themselves.
    func intrinsicOrigins(
        id: String, axis: LayoutAxis, length: Double, hugging: Priority, resistance: Priority
    ) -> (hugging: RowOrigin, resistance: RowOrigin) {
        let entry = UInt64(intrinsicSizes.count)
        guard entry < Self.intrinsicTag >> 1 else {
            let made = SystemBuilder.intrinsicOrigins(
                id: id, axis: axis, length: length, hugging: hugging, resistance: resistance)
            return (.stored(made.hugging), .stored(made.resistance))
        }
        intrinsicSizes.append(IntrinsicSize(id: id, axis: axis, length: length, hugging: hugging,
                                            resistance: resistance))
        let key = Self.intrinsicTag | entry << 1
        return (.key(key), .key(key | 1))
    }

    func origin(forKey key: UInt64) -> Origin {
        if key & Self.largeTag != 0 {
            return constraints[Int(key & ~Self.largeTag)]._withUnsafeGuaranteedRef { $0.origin }
        }
        guard key & Self.intrinsicTag != 0 else {
            return constraints[Int(key)]._withUnsafeGuaranteedRef { $0.origin }
        }
        let local = key & ~Self.intrinsicTag
        let size = intrinsicSizes[Int(local >> 1)]
        let made = SystemBuilder.intrinsicOrigins(
            id: size.id, axis: size.axis, length: size.length, hugging: size.hugging, resistance: size.resistance)
        return local & 1 == 0 ? made.hugging : made.resistance
    }
}
