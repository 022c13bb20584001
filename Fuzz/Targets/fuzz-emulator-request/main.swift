import FuzzSupport

// libFuzzer runs `fuzzEmulatorRequest` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzEmulatorRequest($0, $1) }
