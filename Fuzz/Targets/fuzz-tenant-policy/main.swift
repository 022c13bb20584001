import FuzzSupport

// libFuzzer runs `fuzzTenantPolicy` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzTenantPolicy($0, $1) }
