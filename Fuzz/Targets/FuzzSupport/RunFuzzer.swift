#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point for a program with its own `main` (SwiftPM gives every executable one).
/// Source: https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt) -> CInt

/// Hands the process to libFuzzer with `test` as the target and the command line as its flags; exits with
/// libFuzzer's status (non-zero after a crash, a sanitizer report, a timeout or running out of memory).
public func runFuzzer(_ test: @convention(c) (UnsafeRawPointer?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
