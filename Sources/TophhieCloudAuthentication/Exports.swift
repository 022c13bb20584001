// The protocol vocabularies (`Capability`, `ChallengeType`, `ChallengeChannel`, …) are part of the
// framework's public API, so callers import one module.
@_exported import NativeAuthWire
