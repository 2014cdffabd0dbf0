import ArgumentParser
import Plumb
import PlumbText

/// `plumb check`: every conflict and every ambiguous view of a document.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every conflict and every ambiguous view of a layout document.",
        discussion: """
            Reads a version-1 layout document (a file, or - for standard input) and reports, \
            without stopping at the first: every set of required constraints that cannot all \
            hold (a minimal set, by origin), and every view whose position or size is not \
            determined along an axis, with the constraints that mention it. \
            Exit status: 0 clean, 1 warnings (ambiguous views), 2 errors (conflicts, or a \
            document that cannot be read, parsed or lowered).
            """
    )

    @Argument(help: "The layout document (JSON), or - for standard input.")
    var document: String

    @Flag(help: "Tell on standard error what the check is doing as it goes (phases and their times).")
    var progress = false

    func run() throws {
        let source = document == "-" ? "<stdin>" : document
        let lowered: LoweredLayout
        do {
            let bytes = try IO.read(document)
            // Texts are measured first, so the check sees the sizes a solve settles on.
            PlumbText.install()
            lowered = try LayoutDocument.parse(bytes, source: source, threads: .one).lower().measuringContent()
        } catch let error as LayoutError {
            IO.printError(error.description)
            throw ExitCode(2)
        } catch let error as CLIError {
            IO.printError("error: \(error.description)")
            throw ExitCode(2)
        }
        let check = lowered.check(progress: progress ? { IO.printError("plumb check: \($0)") } : nil)
        print(check.report(location: source))
        if check.exitStatus != 0 { throw ExitCode(check.exitStatus) }
    }
}
