import Testing
@testable import Plumb

/// `AttributeTerms.write(_:of:scale:to:)`, the one place attributes become
/// variables, against the geometry of each attribute written out here.
@Suite struct AttributeTermsTests {
    @Test func everyAttributeIsItsGeometry() {
        let view = ViewIndex(5)
        func v(_ f: FrameVariable) -> Int32 { view.variable(f).rawValue }
        let expected: [LayoutAttribute: [(Int32, Double)]] = [
            .left: [(v(.left), 1)], .leading: [(v(.left), 1)],
            .right: [(v(.left), 1), (v(.width), 1)], .trailing: [(v(.left), 1), (v(.width), 1)],
            .centerX: [(v(.left), 1), (v(.width), 0.5)],
            .top: [(v(.top), 1)],
            .bottom: [(v(.top), 1), (v(.height), 1)], .baseline: [(v(.top), 1), (v(.height), 1)],
            .firstBaseline: [(v(.top), 1), (v(.height), 1)], .lastBaseline: [(v(.top), 1), (v(.height), 1)],
            .centerY: [(v(.top), 1), (v(.height), 0.5)],
            .width: [(v(.width), 1)], .height: [(v(.height), 1)],
        ]
        #expect(expected.count == LayoutAttribute.allCases.count)
        for attribute in LayoutAttribute.allCases {
            for scale in [1.0, -0.75, 3] {
                let want = expected[attribute]!.map { ($0.0, $0.1 * scale) }
                // Written after a term already there: nothing before it is touched.
                let written = withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: 3) { buffer in
                    buffer[0] = (VariableIndex(rawValue: 99), 7)
                    let count = AttributeTerms.write(attribute, of: view, scale: scale, to: buffer.baseAddress! + 1)
                    #expect(buffer[0].0.rawValue == 99 && buffer[0].1 == 7)
                    return (1 ..< 1 + count).map { (buffer[$0].0.rawValue, buffer[$0].1) }
                }
                #expect(written.map(\.0) == want.map(\.0), "\(attribute) × \(scale)")
                #expect(written.map(\.1) == want.map(\.1), "\(attribute) × \(scale)")
                // The six-slot form appends the same terms after earlier ones.
                var terms = AttributeTerms()
                terms.append(VariableIndex(rawValue: 99), 7)
                terms.append(attribute, of: view, scale: scale)
                let appended = terms.withUnsafeBufferPointer { Array($0) }
                #expect(appended.dropFirst().map(\.0.rawValue) == want.map(\.0), "\(attribute) × \(scale)")
                #expect(appended.dropFirst().map(\.1) == want.map(\.1), "\(attribute) × \(scale)")
            }
        }
    }
}
