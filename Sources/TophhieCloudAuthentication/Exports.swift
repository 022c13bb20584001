// The protocol vocabularies (`Capability`, `ChallengeType`, `ChallengeChannel`, …) are part of the
// framework's public API, so callers import one module.
@_exported import NativeAuthWire
// `tenantSnapshot` returns the snapshot model (`TenantSnapshot` and its parts), so it is public API too.
@_exported import TenantConfiguration
// The token cache's entries hold `Secret`s (`entry.secret.revealed`), so the wrapper is public API too.
@_exported import Secrets
