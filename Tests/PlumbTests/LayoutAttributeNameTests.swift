import Testing
@testable import Plumb

/// Attribute names looked up from bytes: every name finds its attribute, and
/// nothing else does (each name with a byte changed, a byte dropped or
/// added, in any position).
@Suite struct LayoutAttributeNameTests {
    static func lookUp(_ bytes: [UInt8]) -> LayoutAttribute? {
        bytes.withUnsafeBufferPointer { LayoutAttribute(utf8: $0) }
    }

    @Test func everyNameAndNoNearMiss() {
        let names = Dictionary(uniqueKeysWithValues: LayoutAttribute.allCases.map { (Array($0.name.utf8), $0) })
        #expect(names.count == LayoutAttribute.allCases.count)
        for (bytes, attribute) in names {
            #expect(Self.lookUp(bytes) == attribute)
            #expect(LayoutAttribute(name: attribute.name) == attribute)
            var near: [[UInt8]] = [Array(bytes.dropLast()), Array(bytes.dropFirst()), bytes + [UInt8(ascii: "s")]]
            for k in bytes.indices {
                for delta: UInt8 in [1, 0x20, 0x80] {
                    var changed = bytes
                    changed[k] ^= delta
                    near.append(changed)
                }
            }
            for candidate in near {
                #expect(Self.lookUp(candidate) == names[candidate], "\(String(decoding: candidate, as: UTF8.self))")
            }
        }
        #expect(Self.lookUp([]) == nil)
        #expect(Self.lookUp(Array("to".utf8)) == nil)
    }

    /// A name read where it starts in a longer text: found when what follows
    /// it cannot continue a name (or nothing does), with its length.
    @Test func namesReadInsideAText() {
        for attribute in LayoutAttribute.allCases {
            let name = Array(attribute.name.utf8)
            for (after, whole) in [([UInt8](), true), (Array(" + 8".utf8), true), (Array("=".utf8), true),
                                   (Array("@".utf8), true), (Array("x".utf8), false), (Array("1".utf8), false),
                                   (Array("_".utf8), false), ([0xC3, 0xA9], false)] {
                let text = Array("v.".utf8) + name + after
                let found = text.withUnsafeBufferPointer { LayoutAttribute.prefix(of: $0, at: 2) }
                #expect(found?.0 == (whole ? attribute : nil), "\(attribute) then \(after)")
                if whole { #expect(found?.length == name.count) }
            }
        }
        let short = Array("v.to".utf8)
        #expect(short.withUnsafeBufferPointer { LayoutAttribute.prefix(of: $0, at: 2) } == nil)
        #expect(short.withUnsafeBufferPointer { LayoutAttribute.prefix(of: $0, at: 4) } == nil)
    }
}
