import FuzzSupport

// libFuzzer runs `fuzzNativeAuth` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzNativeAuth($0, $1) }
