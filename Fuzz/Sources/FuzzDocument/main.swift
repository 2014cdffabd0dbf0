// libFuzzer driver for the "document" target (see Sources/PlumbFuzzing).
#if canImport(Glibc)
import Glibc
#endif
import CFuzzDriver
import PlumbFuzzing

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    guard let data else { return 0 }
    FuzzTargets.run("document", UnsafeBufferPointer(start: data, count: size))
    return 0
})
