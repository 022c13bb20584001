import FuzzSupport

// libFuzzer runs `fuzzTenantSnapshot` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzTenantSnapshot($0, $1) }
