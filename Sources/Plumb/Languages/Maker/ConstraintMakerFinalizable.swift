/// The end of a maker line: nothing more can be added after `.priority(_:)`.
///
/// The base of the step types; every step writes into the same line.
public class ConstraintMakerFinalizable: CustomStringConvertible {
    /// The line this step writes into. A step object that nothing outside
    /// its maker holds any more is given the maker's next line instead of a
    /// new object being made (see ``ConstraintMaker``'s spare steps), so this
    /// changes only while the step is unreachable from user code.
    @exclusivity(unchecked) var line: ConstraintDescription

    init(_ line: ConstraintDescription) {
        self.line = line
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    public var description: String { line.text }
}
