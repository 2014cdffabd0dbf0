import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbClp
import PlumbSolver

/// The `plumb` command-line tool.
@main
struct PlumbCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plumb",
        abstract: "Plumb: a constraint layout engine. Solves layout documents into frames.",
        subcommands: [SolveCommand.self, CheckCommand.self, SweepCommand.self, BatchCommand.self, RenderCommand.self]
    )

    /// Installs Clp for the parts that stay large and coupled after presolve
    /// (see docs/solver.md; `PLUMB_LARGE_PARTS=tableau` keeps them in the
    /// tableau), then runs the command.
    static func main() {
        let choice = getenv("PLUMB_LARGE_PARTS").map { String(cString: $0) } ?? "clp"
        SolveOptions.defaultLargePartSolver = choice == "tableau" ? nil : ClpPartSolver()
        main(nil)
    }
}
