import FuzzSupport

// libFuzzer runs `fuzzGraphResponse` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzGraphResponse($0, $1) }
