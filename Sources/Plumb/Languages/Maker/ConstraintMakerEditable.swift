/// A maker line with its relation: the constant and multiplier can be
/// changed, then the priority set.
///
/// Constants add up: `make.left.equalTo(8).offset(2).inset(1)` is
/// `left = superview.left + 11`. The constraint reads
/// `first = multiplier · target + constant`.
public class ConstraintMakerEditable: ConstraintMakerPrioritizable {
    /// Adds `amount` to the constant of every attribute of the line.
    @discardableResult
    public func offset(_ amount: some ConstraintNumber) -> ConstraintMakerEditable {
        let x = amount.constraintValue
        write { line in
            line.offset += x
            line.modifiers.append(.offset(x))
        }
        return self
    }

    /// Moves every attribute inward by `amount`: the same as
    /// `insets(EdgeInsets(all: amount))`.
    @discardableResult
    public func inset(_ amount: some ConstraintNumber) -> ConstraintMakerEditable {
        addInsets(.inset(amount.constraintValue))
        return self
    }

    /// Moves the attributes inward, as if the target were the rectangle
    /// inset by `insets`: `left` and `leading` by `insets.left`, `right` and
    /// `trailing` by `-insets.right`, `top` by `insets.top`, `bottom` and
    /// `baseline` by `-insets.bottom`, centers to the middle of the inset
    /// rectangle and `width`/`height` by minus both insets of their axis.
    @discardableResult
    public func insets(_ insets: EdgeInsets) -> ConstraintMakerEditable {
        addInsets(.insets(insets))
        return self
    }

    /// Multiplies the target attribute by `factor` (the multiplier of a
    /// number target on `width` or `height` has nothing to scale and is ignored).
    @discardableResult
    public func multipliedBy(_ factor: some ConstraintNumber) -> ConstraintMakerEditable {
        let x = factor.constraintValue
        write { line in
            line.multiplier *= x
            line.modifiers.append(.multipliedBy(x))
        }
        return self
    }

    /// Divides the target attribute by `divisor`; zero is reported by the next layout.
    @discardableResult
    public func dividedBy(_ divisor: some ConstraintNumber) -> ConstraintMakerEditable {
        let d = divisor.constraintValue
        write { line in
            line.modifiers.append(.dividedBy(d))
            if d == 0 {
                line.dividesByZero = true
            } else {
                line.multiplier /= d
            }
        }
        return self
    }

    private func addInsets(_ modifier: MakerLine.Modifier) {
        write { line in
            line.hasInsets = true
            line.modifiers.append(modifier)
        }
    }
}
