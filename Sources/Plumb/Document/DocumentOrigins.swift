import Synchronization

/// The origins of a lowered document's rows (constraint strings, rules,
/// intrinsic sizes), made from the document when one is read (an error, a
/// conflict, a check report) rather than stored per row. It shares the
/// document's pools and arrays, which are copy-on-write, so keeping it costs
/// no copy.
///
/// Keys: the low two bits say what the rest is: `i << 2` is `constraints[i]`,
/// `i << 2 | 2` is `rules[i]`, and `(view << 2 | axis << 1 | resistance) << 2 | 1`
/// is a view's hugging (`resistance` 0) or compression resistance row along
/// an axis (0 horizontal, 1 vertical).
final class DocumentOrigins: OriginSource {
    private let constraintTexts: ConstraintTexts
    private let ruleTexts: BytePool
    private let ids: BytePool
    private let rootID: String
    private let sizing: LayoutDocument.SizingTable
    /// The document's name in diagnostics.
    let source: String

    init(_ document: LayoutDocument) {
        source = document.source
        constraintTexts = document.constraintTexts
        ruleTexts = document.ruleTexts
        ids = document.ids
        rootID = document.rootID
        sizing = document.sizing
    }

    static func constraintKey(_ index: Int) -> UInt64 { UInt64(index) << 2 }

    static func ruleKey(_ index: Int) -> UInt64 { UInt64(index) << 2 | 2 }

    static func intrinsicKey(view: Int, axis: LayoutAxis, resistance: Bool) -> UInt64 {
        (UInt64(view) << 2 | (axis == .horizontal ? 0 : 2) | (resistance ? 1 : 0)) << 2 | 1
    }

    func origin(forKey key: UInt64) -> Origin {
        let payload = Int(key >> 2)
        switch key & 3 {
        case 0:
            return Origin(kind: .constraint, index: payload, text: constraintTexts.string(payload))
        case 2:
            return Origin(kind: .rule, index: payload, text: ruleTexts.string(payload))
        default:
            let view = payload >> 2
            let axis: LayoutAxis = payload & 2 == 0 ? .horizontal : .vertical
            let s = sizing[view]
            let origins = SystemBuilder.intrinsicOrigins(
                id: view == 0 ? rootID : ids.string(view), axis: axis,
                length: axis == .horizontal ? s.width : s.height,
                hugging: axis == .horizontal ? s.hugging.0 : s.hugging.1,
                resistance: axis == .horizontal ? s.resistance.0 : s.resistance.1)
            return payload & 1 == 0 ? origins.hugging : origins.resistance
        }
    }
}

/// The origins of a lowered document's rows, made from the document read
/// and parsed again the first time one is asked for (see
/// ``LoweredLayout/describeOrigins(byReloading:)``), so that the document
/// itself need not be kept while the layout is solved.
final class ReloadedOrigins: OriginSource {
    private let reload: @Sendable () -> [UInt8]?
    private let source: String
    /// The document's origins once read again; `.none` inside when it
    /// could not be (the reader said it changed, or it no longer parses).
    private let loaded = Mutex<DocumentOrigins??>(nil)

    init(source: String, reload: @escaping @Sendable () -> [UInt8]?) {
        self.source = source
        self.reload = reload
    }

    func origin(forKey key: UInt64) -> Origin {
        let origins = loaded.withLock { (state: inout DocumentOrigins??) -> DocumentOrigins? in
            if state == nil {
                let document = reload().flatMap { try? LayoutDocument.parse($0, source: source) }
                state = .some(document.map(DocumentOrigins.init))
            }
            return state!
        }
        if let origins { return origins.origin(forKey: key) }
        // The document is not what was lowered any more: name the row by its
        // place alone.
        let payload = Int(key >> 2)
        let unreadable = "(\(source) changed or could not be read again)"
        switch key & 3 {
        case 0: return Origin(kind: .constraint, index: payload, text: unreadable)
        case 2: return Origin(kind: .rule, index: payload, text: unreadable)
        default: return Origin(kind: .intrinsicSize, text: "view \(payload >> 2) \(unreadable)")
        }
    }
}

extension LoweredLayout {
    /// Makes this layout describe its rows' origins (constraint strings,
    /// rules, intrinsic sizes: for an error, a conflict set or a check
    /// report) from the document as `reload` reads it again, parsed the
    /// first time an origin is asked for, instead of from the document it
    /// was lowered from. The document, its constraint strings and ids can
    /// then be freed before solving: a layout that solves never reads it
    /// again. `reload` must give the same bytes that were lowered, or nil
    /// when it cannot (the file changed); rows are then named by their
    /// place (`constraints[12]`) without their text.
    ///
    /// Does nothing to a layout that did not come from ``LayoutDocument/lower()``.
    public mutating func describeOrigins(byReloading reload: @escaping @Sendable () -> [UInt8]?) {
        guard let current = system.originSource as? DocumentOrigins else { return }
        system.originSource = ReloadedOrigins(source: current.source, reload: reload)
    }
}
