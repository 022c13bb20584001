import FuzzSupport

// libFuzzer runs `fuzzTerminalInput` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzTerminalInput($0, $1) }
