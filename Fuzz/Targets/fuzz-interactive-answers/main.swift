import FuzzSupport

// libFuzzer runs `fuzzInteractiveAnswers` (the target's LLVMFuzzerTestOneInput) with the command line's flags.
runFuzzer { fuzzInteractiveAnswers($0, $1) }
