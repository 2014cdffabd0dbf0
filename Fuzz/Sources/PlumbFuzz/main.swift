// The libFuzzer driver: runs the target named by $PLUMB_FUZZ_TARGET (one of
// FuzzTargets.names, in Sources/PlumbFuzzing) under LLVMFuzzerRunDriver;
// the command-line arguments are libFuzzer's.
#if canImport(Glibc)
import Glibc
#endif
import CFuzzDriver
import PlumbFuzzing

guard let name = getenv("PLUMB_FUZZ_TARGET").map({ String(cString: $0) }), FuzzTargets.names.contains(name) else {
    let message = "plumb-fuzz: set PLUMB_FUZZ_TARGET to one of \(FuzzTargets.names.joined(separator: ", "))\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
// The callback is a C function pointer and cannot capture `name`.
nonisolated(unsafe) var selected = name
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    guard let data else { return 0 }
    FuzzTargets.run(selected, UnsafeBufferPointer(start: data, count: size))
    return 0
})
