import FuzzSupport

// libFuzzer runs `fuzzJWTClaims` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzJWTClaims($0, $1) }
