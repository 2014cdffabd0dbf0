import CPlumbKernels

/// An edge, center or dimension of a view that a constraint relates.
///
/// Every attribute is a linear function of the view's four layout variables
/// (`left`, `top`, `width`, `height`, in root coordinates), as the layout
/// document spec's "Geometry" section fixes them:
///
/// | attribute | value | attribute | value |
/// |---|---|---|---|
/// | `left`, `leading` | `left` | `right`, `trailing` | `left + width` |
/// | `top` | `top` | `bottom` | `top + height` |
/// | `centerX` | `left + width / 2` | `centerY` | `top + height / 2` |
/// | `width` | `width` | `height` | `height` |
///
/// `leading` and `trailing` are `left` and `right` in a left-to-right layout
/// (the default); right to left they are `rootWidth - right` and
/// `rootWidth - left` (see ``LayoutDirection``).
///
/// `firstBaseline` and `lastBaseline` are `top + offset` for a view whose
/// content is measured (a view with a ``Text``, or a
/// ``View/measureContent`` function): the offset is where the content's
/// first or last baseline lies below the view's top at the width the view is
/// given (see `docs/text.md`). For any other view both are `bottom`.
/// `baseline` is `lastBaseline`, as in Auto Layout. The lowering itself lives
/// in one place, `SystemBuilder` in `Engine/`.
public enum LayoutAttribute: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case left
    case right
    case top
    case bottom
    case leading
    case trailing
    case centerX
    case centerY
    case baseline
    case width
    case height
    case firstBaseline
    case lastBaseline

    /// The name as written in the Simple Format Language (`centerX`, `width`).
    public var name: String { staticName.description }

    /// The name, in the binary's constant data: looking a name up compares
    /// against these bytes with no static array to initialise or retain.
    /// Inlined, so that each candidate of ``prefix(of:at:)`` is compared
    /// with its own constant (a call returned the name as a value to compare).
    @inline(__always)
    private var staticName: StaticString {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .baseline: "baseline"
        case .width: "width"
        case .height: "height"
        case .firstBaseline: "firstBaseline"
        case .lastBaseline: "lastBaseline"
        }
    }

    public var description: String { name }

    /// The axis the attribute measures along: `left ... centerX` and `width`
    /// are horizontal, the rest vertical.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .width: .horizontal
        case .top, .bottom, .centerY, .baseline, .firstBaseline, .lastBaseline, .height: .vertical
        }
    }

    /// Whether the attribute is a baseline (`baseline`, `firstBaseline`, `lastBaseline`).
    public var isBaseline: Bool { self == .baseline || self == .firstBaseline || self == .lastBaseline }

    /// Whether the attribute is a size (`width`, `height`) rather than a position.
    @inline(__always) public var isDimension: Bool { self == .width || self == .height }

    /// Whether a constraint may relate this attribute to `other`: any two
    /// attributes except positions on different axes (`left` and `top`),
    /// which Auto Layout rejects too.
    public func canBeRelated(to other: LayoutAttribute) -> Bool {
        isDimension || other.isDimension || axis == other.axis
    }

    /// Looks an attribute up by its Simple Format Language name.
    ///
    /// - Complexity: O(1).
    public init?(name: String) {
        var copy = name
        let found = copy.withUTF8 { LayoutAttribute(utf8: $0) }
        guard let found else { return nil }
        self = found
    }

    /// Looks an attribute up from its name's UTF-8 bytes, without making a `String`.
    ///
    /// - Complexity: O(1) (see ``prefix(of:at:)``).
    @inline(__always)
    init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        guard let (attribute, length) = Self.prefix(of: name, at: 0), length == name.count else { return nil }
        self = attribute
    }

    /// The attribute whose name is written in `text` from `start` on, as a
    /// whole name (the byte after it, if any, may not continue a name), and
    /// the name's length: a name is read and looked up in one pass.
    ///
    /// - Complexity: O(1): one to three bytes pick the only candidate,
    ///   which is then compared in full.
    ///
    /// Transparent (inlined in every build): with `@inline(__always)` the
    /// fast path's generic `item` still called it, about 20 instructions
    /// of call and spills for each of two items a constraint.
    @_transparent
    static func prefix(of text: UnsafeBufferPointer<UInt8>, at start: Int) -> (LayoutAttribute, length: Int)? {
        let remaining = text.count - start
        guard start >= 0, remaining >= 3 else { return nil }
        let second = text[start + 1]
        let candidate: LayoutAttribute
        switch text[start] {
        case UInt8(ascii: "t"): candidate = second == UInt8(ascii: "o") ? .top : .trailing
        case UInt8(ascii: "l"):
            candidate = second == UInt8(ascii: "a") ? .lastBaseline
                : text[start + 2] == UInt8(ascii: "f") ? .left : .leading
        case UInt8(ascii: "r"): candidate = .right
        case UInt8(ascii: "b"): candidate = second == UInt8(ascii: "o") ? .bottom : .baseline
        case UInt8(ascii: "w"): candidate = .width
        case UInt8(ascii: "h"): candidate = .height
        case UInt8(ascii: "c"):
            guard remaining >= 7 else { return nil }
            candidate = text[start + 6] == UInt8(ascii: "X") ? .centerX : .centerY
        case UInt8(ascii: "f"): candidate = .firstBaseline
        default: return nil
        }
        let expected = candidate.staticName
        let length = expected.utf8CodeUnitCount
        guard length <= remaining,
              memcmpEqual(UnsafeBufferPointer(start: expected.utf8Start, count: length),
                          UnsafeBufferPointer(rebasing: text[start ..< start + length])),
              length == remaining || !ByteScanner.isNameContinuation(text[start + length])
        else { return nil }
        return (candidate, length)
    }

    /// The attribute whose name starts at `start` and the name's length,
    /// as ``prefix(of:at:)`` gives them, read faster (the Simple Format fast
    /// path reads two attributes a constraint with it). The eleven names of
    /// at most eight bytes are compared as one masked word (the names of
    /// ``staticName``, their bytes least significant first): the eight bytes
    /// from `start`, or, when fewer are left in a text of at least eight,
    /// the text's last eight shifted down so that its bytes from `start`
    /// come first and zero bytes (in no name) follow them
    /// (``wordAt(_:in:)``). Any other case, and a match followed by a byte
    /// that continues a name, is left to `prefix`, whose answer is then the
    /// same. (Comparing the name byte-wise was about half of an item's cost.)
    @inline(__always)
    static func wordPrefix(of text: UnsafeBufferPointer<UInt8>, at start: Int) -> (LayoutAttribute, length: Int)? {
        if let word = wordAt(start, in: text) {
            @inline(__always) func bytes(_ n: Int) -> UInt64 { n == 8 ? word : word & ((1 << (8 &* UInt64(n))) &- 1) }
            let candidate: (LayoutAttribute, Int)? = switch UInt8(truncatingIfNeeded: word) {
            case UInt8(ascii: "l"):
                bytes(4) == 0x7466_656C ? (.left, 4) : bytes(7) == 0x67_6E69_6461_656C ? (.leading, 7) : nil
            case UInt8(ascii: "r"): bytes(5) == 0x74_6867_6972 ? (.right, 5) : nil
            case UInt8(ascii: "t"):
                bytes(3) == 0x70_6F74 ? (.top, 3) : bytes(8) == 0x676E_696C_6961_7274 ? (.trailing, 8) : nil
            case UInt8(ascii: "b"):
                bytes(6) == 0x6D6F_7474_6F62 ? (.bottom, 6) : bytes(8) == 0x656E_696C_6573_6162 ? (.baseline, 8) : nil
            case UInt8(ascii: "w"): bytes(5) == 0x68_7464_6977 ? (.width, 5) : nil
            case UInt8(ascii: "h"): bytes(6) == 0x7468_6769_6568 ? (.height, 6) : nil
            case UInt8(ascii: "c"):
                bytes(7) == 0x58_7265_746E_6563 ? (.centerX, 7) : bytes(7) == 0x59_7265_746E_6563 ? (.centerY, 7) : nil
            default: nil
            }
            if let (attribute, length) = candidate,
               start &+ length == text.count || !ByteScanner.isNameContinuation(text[start &+ length]) {
                return (attribute, length)
            }
        }
        return prefixOutOfLine(of: text, at: start)
    }

    /// The bytes of `text` from `start` as a little-endian word: the eight
    /// from `start`, or when one to seven are left (and the text has at
    /// least eight) the text's last eight shifted right by the bytes before
    /// `start`, so that the bytes past the text's end read as zero; `nil`
    /// when nothing is left or the text is shorter than eight bytes. Names
    /// at the end of a string (`top + 8`, `centerY`) were otherwise read by
    /// the out-of-line `prefix` (about 60 instructions a call). The words are
    /// read by `plumb_load_unaligned_u64`, which is always inlined.
    @inline(__always)
    static func wordAt(_ start: Int, in text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let remaining = text.count &- start
        guard start >= 0, let base = text.baseAddress else { return nil }
        if remaining >= 8 {
            return UInt64(littleEndian: plumb_load_unaligned_u64(base + start))
        }
        guard remaining > 0, text.count >= 8 else { return nil }
        let last = UInt64(littleEndian: plumb_load_unaligned_u64(base + (text.count &- 8)))
        return last &>> (8 &* UInt64(8 &- remaining))
    }

    /// ``prefix(of:at:)`` as a call: ``wordPrefix(of:at:)``'s other cases
    /// (a text shorter than eight bytes, the long baselines, no match). `prefix`
    /// is transparent: inlined there, it made `wordPrefix` too large to be
    /// inlined in turn, and the fast path called it for every attribute
    /// (about 1 M instructions at `list` 10,000). Matching the last bytes
    /// of a string as a partial word here instead was no better.
    @inline(never)
    static func prefixOutOfLine(of text: UnsafeBufferPointer<UInt8>, at start: Int) -> (LayoutAttribute, length: Int)? {
        prefix(of: text, at: start)
    }
}

/// Byte-wise equality of two buffers (false for different lengths).
///
/// Read a word at a time, as ``NameTable/tag(of:)`` reads names: eight
/// bytes per step with the last eight overlapping, or for four to seven
/// bytes the first and last four, or for one to three bytes the first,
/// middle and last (which cover every byte); no read leaves either buffer.
/// Names are a few bytes to a few dozen, where a byte loop's exit was
/// mispredicted on nearly every call.
@inline(__always)
func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = a.count
    guard n == b.count else { return false }
    guard n > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    let ra = UnsafeRawPointer(pa), rb = UnsafeRawPointer(pb)
    @inline(__always) func word(_ at: Int) -> Bool {
        ra.loadUnaligned(fromByteOffset: at, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: at, as: UInt64.self)
    }
    @inline(__always) func half(_ at: Int) -> Bool {
        ra.loadUnaligned(fromByteOffset: at, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: at, as: UInt32.self)
    }
    if n >= 8 {
        var at = 0
        while at &+ 8 < n {
            if !word(at) { return false }
            at &+= 8
        }
        return word(n &- 8)
    }
    if n >= 4 { return half(0) && half(n &- 4) }
    return pa[0] == pb[0] && pa[n >> 1] == pb[n >> 1] && pa[n &- 1] == pb[n &- 1]
}
