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
    private let constraintTexts: BytePool
    private let rules: [LayoutDocument.Rule]
    private let ids: BytePool
    private let rootID: String
    private let sizing: LayoutDocument.SizingTable

    init(_ document: LayoutDocument) {
        constraintTexts = document.constraintTexts
        rules = document.rules
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
            return Origin(kind: .rule, index: payload, text: rules[payload].rule)
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
