import ArgumentParser
import Plumb

/// `--scale S`, shared by the subcommands that write frames.
struct PixelOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Round frames to device pixels, S pixels per point (e.g. 2 or 3).",
        discussion: "Every edge is rounded in root coordinates, so touching edges still touch.",
        valueName: "S"))
    var scale: Double?

    func validate() throws {
        if let scale, PixelRounding(scale: scale) == nil {
            throw ValidationError("--scale must be a finite number greater than 0, not \(scale)")
        }
    }
}
