// Arithmetic on the right side of a Mortar statement. Each operator has a
// scalar form (every part) and tuple forms (one number per part, for the
// 2-part and 4-part composites). Only concrete types appear here, never
// generics or literal protocols, so each overload is accepted or rejected by
// the type checker at a glance (see Benchmarks/MortarTypeCheck).

extension MortarAttribute {
    /// Records `problem` unless an earlier one is already recorded.
    mutating func note(_ problem: SwiftFrontEndProblem) {
        if self.problem == nil { self.problem = problem }
    }

    /// `values` combined with `current` part by part; a single number on
    /// either side applies to every part. `nil` when the lengths differ.
    private static func combine(
        _ current: [Double], _ values: [Double], _ op: (Double, Double) -> Double
    ) -> [Double]? {
        if values.count == 1 { return current.map { op($0, values[0]) } }
        if current.count == values.count { return zip(current, values).map(op) }
        if current.count == 1 { return values.map { op(current[0], $0) } }
        return nil
    }

    private mutating func checkLength(_ values: [Double]) -> Bool {
        if values.count != 1, let n = componentCount, values.count != n {
            note(.tupleLengthMismatch(attribute: text, components: n, tuple: values.count))
            return false
        }
        return true
    }

    /// This side plus `sign · value` (`+ 8`, `- 8`, the common case): the same
    /// sums as the form with an array of numbers, without its arrays.
    func adding(_ value: Double, sign: Double) -> MortarAttribute {
        var r = self
        if r.addInline(value, sign: sign) { return r }
        r.hasArithmetic = true
        r.appendWritten(.scalar(sign < 0 ? "-" : "+", value))
        r.add(sign * value)
        return r
    }

    /// This side plus `sign · values` (`+` and `-`).
    func adding(_ values: [Double], sign: Double) -> MortarAttribute {
        if values.count == 1 { return adding(values[0], sign: sign) }
        var r = self
        r.hasArithmetic = true
        r.appendWritten(.arithmetic(sign < 0 ? "-" : "+", values))
        guard r.checkLength(values) else { return r }
        if let c = Self.combine(constants, values.map { sign * $0 }, +) {
            r.constants = c
        } else {
            r.note(.tupleLengthMismatch(attribute: text, components: constants.count, tuple: values.count))
        }
        return r
    }

    /// This side times `value` (`*`), or divided by it (`/`, `divide`): the
    /// same as the form with an array of numbers, without its arrays.
    func scaled(by value: Double, divide: Bool) -> MortarAttribute {
        var r = self
        r.hasArithmetic = true
        r.appendWritten(.scalar(divide ? "/" : "*", value))
        if divide && value == 0 {
            r.note(.divisionByZero)
            return r
        }
        r.scale(by: divide ? 1 / value : value)
        return r
    }

    /// This side times `values` (`*`), or divided by them (`/`, `divide`):
    /// multipliers and constants are both scaled.
    func scaled(by values: [Double], divide: Bool) -> MortarAttribute {
        if values.count == 1 { return scaled(by: values[0], divide: divide) }
        var r = self
        r.hasArithmetic = true
        r.appendWritten(.arithmetic(divide ? "/" : "*", values))
        guard r.checkLength(values) else { return r }
        if divide && values.contains(0) {
            r.note(.divisionByZero)
            return r
        }
        let factors = divide ? values.map { 1 / $0 } : values
        if let m = Self.combine(multipliers, factors, *), let c = Self.combine(constants, factors, *) {
            r.multipliers = m
            r.constants = c
        } else {
            r.note(.tupleLengthMismatch(attribute: text, components: multipliers.count, tuple: values.count))
        }
        return r
    }

    /// This side with every edge moved inward by `values` (`~`): left, top
    /// and leading edges grow, right, bottom and trailing edges shrink.
    func inset(by values: [Double]) -> MortarAttribute {
        var r = self
        r.hasArithmetic = true
        r.appendWritten(.arithmetic("~", values))
        let signs = kind?.components.map(\.insetSign)
        guard let signs, signs.allSatisfy({ $0 != nil }) else {
            r.note(.insetNeedsEdges(text))
            return r
        }
        guard r.checkLength(values) else { return r }
        let perPart = values.count == 1 ? Array(repeating: values[0], count: signs.count) : values
        let moves = zip(signs, perPart).map { ($0 ?? 0) * $1 }
        if let c = Self.combine(constants, moves, +) {
            r.constants = c
        } else {
            r.note(.tupleLengthMismatch(attribute: text, components: constants.count, tuple: values.count))
        }
        return r
    }
}

// MARK: - Operators

/// `attribute * m`: multiplies every part by `m`.
public func * (lhs: MortarAttribute, rhs: Double) -> MortarAttribute {
    lhs.scaled(by: rhs, divide: false)
}

/// `attribute * (a, b)`: multiplies the two parts of a 2-part attribute.
public func * (lhs: MortarAttribute, rhs: (Double, Double)) -> MortarAttribute {
    lhs.scaled(by: [rhs.0, rhs.1], divide: false)
}

/// `attribute * (a, b, c, d)`: multiplies the four parts of a 4-part attribute.
public func * (lhs: MortarAttribute, rhs: (Double, Double, Double, Double)) -> MortarAttribute {
    lhs.scaled(by: [rhs.0, rhs.1, rhs.2, rhs.3], divide: false)
}

/// `attribute / d`: divides every part by `d` (0 is reported as a problem).
public func / (lhs: MortarAttribute, rhs: Double) -> MortarAttribute {
    lhs.scaled(by: rhs, divide: true)
}

/// `attribute + c`: adds `c` to every part.
public func + (lhs: MortarAttribute, rhs: Double) -> MortarAttribute {
    lhs.adding(rhs, sign: 1)
}

/// `attribute + (a, b)`: adds to the two parts of a 2-part attribute.
public func + (lhs: MortarAttribute, rhs: (Double, Double)) -> MortarAttribute {
    lhs.adding([rhs.0, rhs.1], sign: 1)
}

/// `attribute + (a, b, c, d)`: adds to the four parts of a 4-part attribute.
public func + (lhs: MortarAttribute, rhs: (Double, Double, Double, Double)) -> MortarAttribute {
    lhs.adding([rhs.0, rhs.1, rhs.2, rhs.3], sign: 1)
}

/// `attribute - c`: subtracts `c` from every part.
public func - (lhs: MortarAttribute, rhs: Double) -> MortarAttribute {
    lhs.adding(rhs, sign: -1)
}

/// `attribute - (a, b)`: subtracts from the two parts of a 2-part attribute.
public func - (lhs: MortarAttribute, rhs: (Double, Double)) -> MortarAttribute {
    lhs.adding([rhs.0, rhs.1], sign: -1)
}

/// `attribute - (a, b, c, d)`: subtracts from the four parts of a 4-part attribute.
public func - (lhs: MortarAttribute, rhs: (Double, Double, Double, Double)) -> MortarAttribute {
    lhs.adding([rhs.0, rhs.1, rhs.2, rhs.3], sign: -1)
}

/// `edges ~ inset`: moves every edge inward by `inset`.
public func ~ (lhs: MortarAttribute, rhs: Double) -> MortarAttribute {
    lhs.inset(by: [rhs])
}

/// `sides ~ (left, right)` (or any 2-part attribute made of edges): moves each edge inward.
public func ~ (lhs: MortarAttribute, rhs: (Double, Double)) -> MortarAttribute {
    lhs.inset(by: [rhs.0, rhs.1])
}

/// `edges ~ (top, left, bottom, right)`: moves each edge inward, so
/// `v1 |=| v2.m_edges ~ (20, 20, 20, 20)` insets `v1` by 20 on every side.
public func ~ (lhs: MortarAttribute, rhs: (Double, Double, Double, Double)) -> MortarAttribute {
    lhs.inset(by: [rhs.0, rhs.1, rhs.2, rhs.3])
}

/// `side ! priority`: gives the constraints made from `side` this priority
/// instead of ``MortarDefault``'s. Works on views, attributes and numbers, and
/// inside tuples and arrays: `(v2.m_height ! .high, v2.m_width + 20 ! .low)`.
public func ! (lhs: any MortarAttributable, rhs: LayoutPriority) -> MortarAttribute {
    var side = lhs._mortarAttribute
    side.priority = rhs
    side.appendWritten(.priority(rhs))
    return side
}
