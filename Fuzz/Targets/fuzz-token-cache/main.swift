import FuzzSupport

// libFuzzer runs `fuzzTokenCache` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzTokenCache($0, $1) }
