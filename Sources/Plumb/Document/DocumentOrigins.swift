/// The origins of a lowered document's constraint-string and intrinsic-size
/// rows, made from the document when one is read (an error, a conflict, a
/// check report) rather than stored per row. It shares the document's pools,
/// which are copy-on-write, so keeping it costs no copy.
///
/// Keys: `i << 1` is `constraints[i]`; `(view << 2 | axis << 1 | resistance) << 1 | 1`
/// is a view's hugging (`resistance` 0) or compression resistance row along
/// an axis (0 horizontal, 1 vertical).
final class DocumentOrigins: OriginSource {
    private let constraintTexts: BytePool
    private let ids: BytePool
    private let rootID: String
    private let sizing: [LayoutDocument.ViewSizing]

    init(_ document: LayoutDocument) {
        constraintTexts = document.constraintTexts
        ids = document.ids
        rootID = document.rootID
        sizing = document.sizing
    }

    static func constraintKey(_ index: Int) -> UInt64 { UInt64(index) << 1 }

    static func intrinsicKey(view: Int, axis: LayoutAxis, resistance: Bool) -> UInt64 {
        (UInt64(view) << 2 | (axis == .horizontal ? 0 : 2) | (resistance ? 1 : 0)) << 1 | 1
    }

    func origin(forKey key: UInt64) -> Origin {
        let payload = Int(key >> 1)
        guard key & 1 == 1 else {
            return Origin(kind: .constraint, index: payload, text: constraintTexts.string(payload))
        }
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
