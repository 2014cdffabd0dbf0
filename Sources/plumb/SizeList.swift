/// A list of root lengths from the command line: a single value (`1024`), a
/// range with a step (`320...1400:10`, both ends included when the step
/// lands on the end), or a comma-separated list of either
/// (`320,768...1024:128,1400`). Values are finite and not negative.
struct SizeList: Equatable {
    var values: [Double]

    /// At most this many values, so a typo such as `0...1e9:1` fails quickly.
    static let limit = 1_000_000

    init(values: [Double]) { self.values = values }

    /// Parses `text`, naming the part that is wrong.
    static func parse(_ text: String) throws(CLIError) -> SizeList {
        var values: [Double] = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        for item in items {
            let item = item.trimmingSpaces
            guard !item.isEmpty else { throw CLIError("'\(text)': empty entry in the list") }
            guard let dots = item.firstRange(of: "...") else {
                values.append(try number(item, in: text))
                continue
            }
            let start = try number(String(item[..<dots.lowerBound]), in: text)
            let rest = item[dots.upperBound...]
            guard let colon = rest.firstIndex(of: ":") else {
                throw CLIError("'\(item)': a range needs a step, as in 320...1400:10")
            }
            let end = try number(String(rest[..<colon]), in: text)
            let step = try number(String(rest[rest.index(after: colon)...]), in: text)
            guard step > 0 else { throw CLIError("'\(item)': the step must be positive") }
            guard end >= start else { throw CLIError("'\(item)': the range ends below its start") }
            let count = ((end - start) / step * (1 + 1e-12)).rounded(.down) + 1
            guard count + Double(values.count) <= Double(limit) else {
                throw CLIError("'\(item)': more than \(limit) sizes")
            }
            // Multiplying, not accumulating, so 0.1 steps do not drift.
            for k in 0 ..< Int(count) { values.append(min(start + Double(k) * step, end)) }
        }
        return SizeList(values: values)
    }

    private static func number(_ text: String, in whole: String) throws(CLIError) -> Double {
        let trimmed = text.trimmingSpaces
        guard let value = Double(trimmed), value.isFinite else {
            throw CLIError("'\(whole)': '\(trimmed)' is not a number")
        }
        guard value >= 0 else { throw CLIError("'\(whole)': \(trimmed) is negative; sizes are not") }
        return value
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
