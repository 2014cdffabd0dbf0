/// A maker line that can still be given a priority.
public class ConstraintMakerPrioritizable: ConstraintMakerFinalizable {
    /// Sets the line's priority: a number in `1 ... 1000` or a named level
    /// (`.required` 1000, the default; `.high` 750; `.medium` 500; `.low` 250).
    ///
    /// A number outside `1 ... 1000` is reported by the next layout.
    @discardableResult
    public func priority(_ priority: LayoutPriority) -> ConstraintMakerFinalizable {
        write { line in
            line.priority = priority
            line.modifiers.append(.priority(priority))
        }
        return self
    }

    /// `priority(.low)`: 250, Masonry's `priorityLow()`.
    @discardableResult
    public func priorityLow() -> ConstraintMakerFinalizable { priority(.low) }

    /// `priority(.medium)`: 500, Masonry's `priorityMedium()`.
    @discardableResult
    public func priorityMedium() -> ConstraintMakerFinalizable { priority(.medium) }

    /// `priority(.high)`: 750, Masonry's `priorityHigh()`.
    @discardableResult
    public func priorityHigh() -> ConstraintMakerFinalizable { priority(.high) }
}
