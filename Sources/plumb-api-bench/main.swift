// The Swift API path, timed: view trees in the shapes of `list` and `cards`
// (tiny components) and `table` and `chartgrid` (one large coupled component
// each) built in Swift with each constraint front end, then one
// `root.layout(width:height:)`, then layouts again after a change. Beside
// them, for the same tree as a document: `CompiledLayout`'s step after a
// root width change (what `plumb sweep` pays a size).
//
//   swift build -c release --product plumb-api-bench
//   .build/release/plumb-api-bench [--sizes 1000,10000,100000] [--shapes list,cards,table,chartgrid]
//                                  (shapes: list and cards unless asked)
//                                  [--fronts sfl,mortar,maker] [--runs N] [--mode first|again]
//
// Prints one markdown table row per shape, size and front end: medians over
// the runs (each run builds a fresh tree) of
//   build      views made, added to their superviews, constraints made and activated
//   layout     the first root.layout(width: 1024, height: 768)
//   total      build + layout (Yoga's build + first layout is the anchor)
//   width      root.layout again at width 800 (nothing else changed)
//   constant   root.layout again after the tree's `firstLength` constant
//              changed by 4 (list, cards: the first unit's fixed height; table:
//              the first column's cap; chartgrid: the second column's gap at 750)
// and for the document rows (front end `compiled`): compiling the generated
// document (parse, lower, plan), and CompiledLayout.frames at a new width.
//
// `--mode again` times layouts again after one change, against the first
// layout of the same tree (medians, each run a fresh tree):
//   first      the first root.layout(width: 1024, height: 768)
//   nothing    root.layout again, nothing changed (the first reuse of the
//              tree's layout record; a tree solved by its blocks alone was
//              kept compiled by the first layout)
//   width      again at width 800
//   constant   again after the tree's `firstLength` constant changed by 4
//   required   (table, chartgrid) again after a required row's constant in
//              the large component changed by 4 (the first row gap)
//   intrinsic  on a second tree: for list and cards one whose first unit has
//              its fixed height as an intrinsic height instead, for table and
//              chartgrid the same tree (its `intrinsicView`: the tallest cell or
//              title of the first row); its first layout, then (after one
//              layout with nothing changed) again after that height changed by 4
// and `sweep step`: CompiledLayout.frames of the same tree as a document at
// a new width (what `plumb sweep` pays a size).
// `--faults yes` adds each phase's page faults (medians, `getrusage`; for
// the document rows, the compile's, in the build column). A
// process's first tree's first layout at 10,000 views touches about 1,100
// to 1,200 pages the process does not have yet. Later trees' first layouts
// write into the arrays the previous tree's layout record gave back
// (`SpareArrays` and the spare system, bounded at 32 MB each), so they
// fault about none at 10,000 views in any order of front ends (about 570
// before, when glibc returned the heap's top as each tree was freed) and
// about half as many as before at 100,000. Plumb is a library and leaves
// glibc's malloc settings to the application; with
//   GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864
// (the settings `plumb` itself makes with mallopt) no freed memory is returned.
// `--warmup yes` (the default; `--mode first`) builds and lays out one tree with each
// front end asked, untimed, before the timed runs of each shape and size:
// the first trees of a process grow its heap, and until glibc has freed a
// large block (which raises its trim and mmap thresholds) every freed tree
// is returned to the system and the next one faults its pages in again.
// Without a warm-up the front ends that ran first paid those faults and the
// later ones did not (the `sfl` row, first, read 1.1-1.7x the same row run
// later in the same process, before the kept arrays); `--warmup no` gives
// that order-dependent measure.
// `--large-parts clp` (the default) installs Clp for parts of 200 variables
// or more (`SolveOptions.defaultLargePartSolver`), as `plumb` does, so the
// coupled shapes are solved as `plumb solve` solves their documents;
// `--large-parts tableau` leaves what a program that links only `Plumb` gets
// (the tableau for every part: quadratic on `chartgrid`).
// The frames are checked against `plumb solve`'s by the tests
// (Tests/PlumbTests/APIWorkloadTests.swift), not here. `--frames DIR`
// writes, for each shape and size, the tree's document (`SHAPE-N.doc.json`)
// and for each front end the frames of the first run's first layout as
// `plumb solve` writes them (`SHAPE-N-FRONT.frames.json`), to compare with
// `plumb solve SHAPE-N.doc.json` at any size. With `--mode again` it writes
// instead the frames after each layout of the first run
// (`SHAPE-N-FRONT-again-KIND.frames.json`, KIND first, nothing, width,
// constant, required, intrinsic-first, intrinsic), to compare two binaries
// or two settings layout by layout (its times are then not to be read).
// `--settled-trials run|checked` sets `ClpPartSolver.settledTrials` (the
// default is `skipped`), to compare the replay with and without the dual
// it skips. `--refit no` sets `ClpPartSolver.refitsAfterRelease` to false
// (the replay's steps after a released level from their recorded bases as
// they are).
import Foundation
@_spi(Lowering) import Plumb
import PlumbAPIWorkloads
import PlumbClp
import PlumbSolver

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// Page faults of this process so far (minor and major; `getrusage`).
func faults() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_minflt + usage.ru_majflt)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func fmt(_ ms: Double) -> String {
    ms >= 100 ? String(format: "%.0f", ms) : ms >= 10 ? String(format: "%.1f", ms) : String(format: "%.2f", ms)
}

var sizes = [1_000, 10_000, 100_000]
// `table` and `chartgrid` only when asked, so a run without `--shapes` is the earlier sections' run.
var shapes: [APIShape] = [.list, .cards]
var fronts = APIFrontEnd.allCases
var runsAsked: Int? = nil
var mode = "first"
var framesDirectory: String? = nil
var countFaults = false
var largeParts = "clp"
var settledTrials = ClpPartSolver.PinnedTrials.skipped
var refits = true
var warmup = true
let usage = """
    usage: plumb-api-bench [--sizes 1000,10000,100000] [--shapes \(APIShape.allCases.map(\.rawValue).joined(separator: ","))]
                           [--fronts \(APIFrontEnd.allCases.map(\.rawValue).joined(separator: ","))] [--runs N] [--mode first|again]
                           [--frames DIR] [--faults yes] [--large-parts clp|tableau] [--warmup yes|no]
                           [--settled-trials skipped|run|checked] [--refit yes|no]
    """

/// Stops with the usage and exit status 2 (a bad command line is not a crash).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("plumb-api-bench: \(message)\n\(usage)\n".utf8))
    exit(2)
}

/// Writes the frames of `root` and `views` as `plumb solve` writes them, to
/// `directory/name.frames.json`.
func writeFrames(_ root: View, _ views: [View], to directory: String, named name: String) {
    let all = [root] + views
    write(FrameWriter.json(ids: all.map(\.id), frames: all.map(\.frame)), to: "\(directory)/\(name).frames.json")
}

/// Writes `bytes` to `path` (frames or a document under `--frames`), or
/// stops with exit status 1 naming the file: frames silently missing would
/// make a comparison of two binaries' frames pass on nothing.
func write(_ bytes: [UInt8], to path: String) {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        FileHandle.standardError.write(Data("plumb-api-bench: could not write \(path)\n".utf8))
        exit(1)
    }
}

/// Each comma-separated item of `value` made by `make`, or a failure naming `option`.
func list<T>(_ value: String, _ option: String, _ make: (String) -> T?) -> [T] {
    let items = value.split(separator: ",").map(String.init)
    guard !items.isEmpty else { fail("\(option) needs at least one value") }
    return items.map { item in
        guard let made = make(item) else { fail("\(option): '\(item)' is not one of the accepted values") }
        return made
    }
}

var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    if a == "-h" || a == "--help" {
        print(usage)
        exit(0)
    }
    guard let v = args.popFirst() else { fail("\(a) needs a value") }
    switch a {
    case "--sizes": sizes = list(v, a) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
    case "--shapes": shapes = list(v, a) { APIShape(rawValue: $0) }
    case "--fronts": fronts = list(v, a) { APIFrontEnd(rawValue: $0) }
    case "--runs":
        guard let n = Int(v), n > 0 else { fail("--runs needs a positive whole number, not '\(v)'") }
        runsAsked = n
    case "--frames":
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: v, isDirectory: &isDirectory), isDirectory.boolValue else {
            fail("--frames needs an existing directory, and '\(v)' is not one")
        }
        framesDirectory = v
    case "--faults":
        guard v == "yes" || v == "no" else { fail("--faults is yes or no, not '\(v)'") }
        countFaults = v == "yes"
    case "--warmup":
        guard v == "yes" || v == "no" else { fail("--warmup is yes or no, not '\(v)'") }
        warmup = v == "yes"
    case "--large-parts":
        guard v == "clp" || v == "tableau" else { fail("--large-parts is clp or tableau, not '\(v)'") }
        largeParts = v
    case "--settled-trials":
        switch v {
        case "skipped": settledTrials = .skipped
        case "run": settledTrials = .run
        case "checked": settledTrials = .checked
        default: fail("--settled-trials is skipped, run or checked, not '\(v)'")
        }
    case "--refit":
        guard v == "yes" || v == "no" else { fail("--refit is yes or no, not '\(v)'") }
        refits = v == "yes"
    case "--mode":
        guard v == "first" || v == "again" else { fail("--mode is first or again, not '\(v)'") }
        mode = v
    default: fail("unknown option \(a)")
    }
}

if largeParts == "clp" {
    var clp = ClpPartSolver()
    clp.settledTrials = settledTrials
    clp.refitsAfterRelease = refits
    SolveOptions.defaultLargePartSolver = clp
}

if mode == "again" {
    againTable()
    exit(0)
}

print("| shape | views | front end | build ms | layout ms | build + layout ms | again, width ms | again, constant ms |"
    + (countFaults ? " build faults | layout faults |" : ""))
print("|---|---:|---|---:|---:|---:|---:|---:|" + (countFaults ? "---:|---:|" : ""))
for shape in shapes {
    for size in sizes {
        let runs = runsAsked ?? (size >= 100_000 ? 3 : size >= 10_000 ? 7 : 15)
        let lengths = shape.lengths(units: shape.units(views: size))
        var viewCount = 0
        // One untimed tree a front end, so that every timed row finds the
        // allocator in the same state (see `--warmup`).
        for front in fronts where warmup {
            let tree = APIWorkloads.build(shape, frontEnd: front, lengths: lengths)
            try! tree.root.layout(width: 1024, height: 768)
        }
        for front in fronts {
            var build: [Double] = [], layout: [Double] = [], total: [Double] = []
            var width: [Double] = [], constant: [Double] = []
            var buildFaults: [Double] = [], layoutFaults: [Double] = []
            for _ in 0 ..< runs {
                let f0 = countFaults ? faults() : 0
                let t0 = now()
                let tree = APIWorkloads.build(shape, frontEnd: front, lengths: lengths)
                let t1 = now()
                let f1 = countFaults ? faults() : 0
                try! tree.root.layout(width: 1024, height: 768)
                let t2 = now()
                let f2 = countFaults ? faults() : 0
                buildFaults.append(f1 - f0)
                layoutFaults.append(f2 - f1)
                if let framesDirectory, build.isEmpty {
                    writeFrames(tree.root, tree.views, to: framesDirectory, named: "\(shape)-\(size)-\(front)")
                }
                try! tree.root.layout(width: 800, height: 768)
                let t3 = now()
                tree.firstLength.constant += 4
                try! tree.root.layout(width: 800, height: 768)
                let t4 = now()
                build.append(t1 - t0)
                layout.append(t2 - t1)
                total.append(t2 - t0)
                width.append(t3 - t2)
                constant.append(t4 - t3)
                viewCount = tree.views.count + 1
            }
            print("| \(shape) | \(viewCount) | \(front) | \(fmt(median(build))) | \(fmt(median(layout))) "
                + "| \(fmt(median(total))) | \(fmt(median(width))) | \(fmt(median(constant))) |"
                + (countFaults ? " \(Int(median(buildFaults))) | \(Int(median(layoutFaults))) |" : ""))
        }
        // The same tree as a document, compiled once; a step at a new width.
        let bytes = Array(APIWorkloads.documentJSON(shape, lengths: lengths).utf8)
        if let framesDirectory {
            write(bytes, to: "\(framesDirectory)/\(shape)-\(size).doc.json")
        }
        var compile: [Double] = [], step: [Double] = [], compileFaults: [Double] = []
        for _ in 0 ..< runs {
            let f0 = countFaults ? faults() : 0
            let t0 = now()
            let document = try! LayoutDocument.parse(bytes, source: "\(shape)-\(size).json")
            let compiled = try! CompiledLayout(document)
            let t1 = now()
            compileFaults.append((countFaults ? faults() : 0) - f0)
            _ = try! compiled.frames(width: 800, height: 768)
            let t2 = now()
            compile.append(t1 - t0)
            step.append(t2 - t1)
        }
        // With `--faults yes`, the compile's faults are in the build column.
        print("| \(shape) | \(viewCount) | compiled document | \(fmt(median(compile))) | — | — | \(fmt(median(step))) | — |"
            + (countFaults ? " \(Int(median(compileFaults))) | — |" : ""))
    }
}

/// `--mode again`: layouts again after one change, against the first.
@MainActor func againTable() {
    print("| shape | views | front end | first layout ms | again, nothing ms | again, width ms | again, constant ms "
        + "| again, required ms | intrinsic tree: first layout ms | again, intrinsic ms | sweep step ms |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for shape in shapes {
        for size in sizes {
            let runs = runsAsked ?? (size >= 100_000 ? 3 : size >= 10_000 ? 7 : 15)
            let lengths = shape.lengths(units: shape.units(views: size))
            // The sweep step of the same tree as a document, for reference.
            let bytes = Array(APIWorkloads.documentJSON(shape, lengths: lengths).utf8)
            var sweep: [Double] = []
            for _ in 0 ..< runs {
                let compiled = try! CompiledLayout(try! LayoutDocument.parse(bytes, source: "\(shape)-\(size).json"))
                _ = try! compiled.frames(width: 800, height: 768)
                let t0 = now()
                _ = try! compiled.frames(width: 900, height: 768)
                sweep.append(now() - t0)
            }
            for front in fronts {
                var first: [Double] = [], nothing: [Double] = [], width: [Double] = [], constant: [Double] = []
                var required: [Double] = [], intrinsicFirst: [Double] = [], intrinsic: [Double] = []
                var viewCount = 0
                for run in 0 ..< runs {
                    // Under `--frames`, the first run's frames after each
                    // layout (written between the clocks: its times are not
                    // to be read).
                    func keep(_ kind: String, _ root: View, _ views: [View]) {
                        guard let framesDirectory, run == 0 else { return }
                        writeFrames(root, views, to: framesDirectory, named: "\(shape)-\(size)-\(front)-again-\(kind)")
                    }
                    let tree = APIWorkloads.build(shape, frontEnd: front, lengths: lengths)
                    viewCount = tree.views.count + 1
                    let t0 = now()
                    try! tree.root.layout(width: 1024, height: 768)
                    let t1 = now()
                    keep("first", tree.root, tree.views)
                    try! tree.root.layout(width: 1024, height: 768)
                    let t2 = now()
                    keep("nothing", tree.root, tree.views)
                    try! tree.root.layout(width: 800, height: 768)
                    let t3 = now()
                    keep("width", tree.root, tree.views)
                    tree.firstLength.constant += 4
                    try! tree.root.layout(width: 800, height: 768)
                    let t4 = now()
                    keep("constant", tree.root, tree.views)
                    first.append(t1 - t0)
                    nothing.append(t2 - t1)
                    width.append(t3 - t2)
                    constant.append(t4 - t3)
                    if let row = tree.requiredConstant {
                        row.constant += 4
                        let r0 = now()
                        try! tree.root.layout(width: 800, height: 768)
                        required.append(now() - r0)
                        keep("required", tree.root, tree.views)
                    }
                    // Where the kept presolves found the changed required rows
                    // (the constant's and the required row's), on stderr.
                    FileHandle.standardError.write(Data(
                        "\(shape) \(size) \(front) kept presolve, required rows: \(tree.root.requiredRowTally)\n".utf8))

                    // An intrinsic height: the coupled shapes' own, or the
                    // first unit's fixed height made one.
                    let other = APIWorkloads.build(shape, frontEnd: front, lengths: lengths)
                    let unit: View
                    if let view = other.intrinsicView {
                        unit = view
                    } else {
                        unit = other.firstLength.firstView!
                        other.firstLength.isActive = false
                        unit.intrinsicContentSize = IntrinsicSize(height: other.firstLength.constant)
                    }
                    let u0 = now()
                    try! other.root.layout(width: 1024, height: 768)
                    let u1 = now()
                    keep("intrinsic-first", other.root, other.views)
                    try! other.root.layout(width: 1024, height: 768)
                    unit.intrinsicContentSize.height! += 4
                    let u2 = now()
                    try! other.root.layout(width: 1024, height: 768)
                    let u3 = now()
                    keep("intrinsic", other.root, other.views)
                    intrinsicFirst.append(u1 - u0)
                    intrinsic.append(u3 - u2)
                }
                print("| \(shape) | \(viewCount) | \(front) | \(fmt(median(first))) | \(fmt(median(nothing))) "
                    + "| \(fmt(median(width))) | \(fmt(median(constant))) "
                    + "| \(required.isEmpty ? "—" : fmt(median(required))) | \(fmt(median(intrinsicFirst))) "
                    + "| \(fmt(median(intrinsic))) | \(fmt(median(sweep))) |")
            }
        }
    }
}
