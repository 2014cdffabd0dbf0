/// The enclosing Fahrenheit blocks of the current thread, innermost last.
///
/// Each entry is a view whose block is running and the `º` calls made
/// directly inside it, whose blocks wait until it returns. Thread-local (see
/// ``ThreadLocal``): hierarchies built on different threads do not see each
/// other's blocks.
enum FahrenheitBlocks {
    /// One running block: its view and the blocks waiting for it to return.
    final class Frame {
        let view: View
        var waiting: [(view: View, file: String, line: Int, block: (FahrenheitScope) -> Void)] = []

        init(view: View) { self.view = view }
    }

    private static let stack = ThreadLocal<[Frame]> { [] }

    /// The innermost running block, if any.
    static var innermost: Frame? { stack.value.last }

    /// Runs `body` as the block of `view`, then the blocks of the `º` calls it
    /// made, in call order, each inside its own frame (and so on down).
    static func run(_ view: View, _ body: () -> Void) {
        let frame = Frame(view: view)
        stack.withValue { $0.append(frame) }
        body()
        stack.withValue { _ = $0.popLast() }
        for child in frame.waiting {
            let maker = ConstraintMaker(view: child.view, file: child.file, line: child.line)
            let scope = FahrenheitScope(view: child.view, superview: view, make: maker)
            run(child.view) { child.block(scope) }
            _ = child.view.install(maker)
        }
    }
}
