/// The end of a maker line: nothing more can be added after `.priority(_:)`.
///
/// The base of the step types; every step writes into the same line.
public class ConstraintMakerFinalizable: CustomStringConvertible {
    /// The lines of the block, and the index of the one this step writes
    /// into. A step object that nothing outside its maker holds any more is
    /// given the maker's next line, or the next maker's first, instead of a
    /// new object being made (see ``ConstraintMaker``'s spare steps), so
    /// these change only while the step is unreachable from user code.
    @exclusivity(unchecked) private(set) var lines: MakerLines
    @exclusivity(unchecked) var index: Int

    init(_ lines: MakerLines, _ index: Int) {
        self.lines = lines
        self.index = index
    }

    /// Makes this step, which nothing outside the makers holds, write into
    /// line `index` of `lines`.
    func move(to lines: MakerLines, _ index: Int) {
        self.lines = lines
        self.index = index
    }

    /// Changes this step's line: through a lent reference to the lines
    /// (this step holds them), not loaded for each change (a retain and a
    /// release each).
    @inline(__always)
    func write<R>(_ change: (inout MakerLine) -> R) -> R {
        let index = index
        return Unmanaged.passUnretained(lines)._withUnsafeGuaranteedRef { $0.withLine(index, change) }
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    public var description: String { lines.line(index).text }
}
