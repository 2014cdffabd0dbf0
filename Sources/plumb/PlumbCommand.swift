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
        #if canImport(Glibc)
        // glibc serves each block of 128 KiB or more with its own mmap and
        // unmaps it when freed, so the next large array (the solver makes
        // many) faults in fresh zeroed pages again; its dynamic threshold only
        // rises once such a block is freed, which made timings depend on
        // whether reading the document happened to free one. Fix the
        // thresholds where that heuristic ends up (32 MiB, trimming above
        // twice that): a run reuses the memory it freed.
        Malloc.set(.mmapThreshold, 32 << 20)
        Malloc.set(.trimThreshold, 64 << 20)
        #endif
        let choice = getenv("PLUMB_LARGE_PARTS").map { String(cString: $0) } ?? "clp"
        SolveOptions.defaultLargePartSolver = choice == "tableau" ? nil : ClpPartSolver()
        // `plumb solve` in its common forms skips ArgumentParser (see
        // `SolveCommand.Arguments.init(commonForm:)`); errors end the
        // process as ArgumentParser's `main` ends it.
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "solve", let common = SolveCommand.Arguments(commonForm: arguments.dropFirst()) {
            do {
                try SolveCommand.run(common)
                return
            } catch {
                exit(withError: error)
            }
        }
        main(nil)
    }
}
