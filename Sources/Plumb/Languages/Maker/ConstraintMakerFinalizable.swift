/// The end of a maker line: nothing more can be added after `.priority(_:)`.
///
/// The base of the step types; every step writes into the same line.
public class ConstraintMakerFinalizable: CustomStringConvertible {
    let line: ConstraintDescription

    init(_ line: ConstraintDescription) {
        self.line = line
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    public var description: String { line.text }
}
