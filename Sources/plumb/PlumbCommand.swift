import ArgumentParser

/// The `plumb` command-line tool.
@main
struct PlumbCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plumb",
        abstract: "Plumb: a constraint layout engine. Solves layout documents into frames.",
        subcommands: [SolveCommand.self, CheckCommand.self, SweepCommand.self, BatchCommand.self, RenderCommand.self]
    )
}
