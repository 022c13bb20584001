extension PolicyKnob {
    /// Every scalar setting of the policy file, by section; the doc is docs/emulator.md's "Allowed" cell after the range.
    public static let all: [PolicyKnob] = [
        choice("signUp.method", \.signUp.method, patchable: true, #"`"emailPassword"`, `"emailOtp"`"#),
        int("password.minLength", \.password.minLength, 1...256, " (`password_too_short`)"),
        int("password.maxLength", \.password.maxLength, 1...1024, ", ≥ `minLength` (`password_too_long`)"),
        int("password.minCharacterClasses", \.password.minCharacterClasses, 1...4, " of lower, upper, digit, symbol (`password_too_weak`)"),
        int("password.history", \.password.history, 0...24, " previous passwords a reset may not reuse (`password_recently_used`)"),
        bool("mfa.required", \.mfa.required, patchable: true, "second factor for password accounts"),
        bool("mfa.registrationRequired", \.mfa.registrationRequired, patchable: true,
             "a password account with no method must register one (`registration_required`)"),
        bool("mfa.legacyFlow", \.mfa.legacyFlow,
             "after `mfa_required`, `/challenge` without `id` sends to the only method or answers `introspect_required` 550025"),
        choice("mfa.smsBlocked", \.mfa.smsBlocked, #"`"none"`, `"reputation"` (`access_denied` + `provider_blocked_by_rep` 550024), "#
                   + #"`"admin"` (`provider_blocked_by_admin`)"#),
        bool("mfa.preverifiedFastPass", \.mfa.preverifiedFastPass,
             "registering the account's own email answers `preverified` (no code); `false` sends a code"),
        bool("mfa.smsNeedsTenantIdAuthority", \.mfa.smsNeedsTenantIdAuthority, patchable: true,
             "reproduces the service's known issue: SMS MFA or SMS registration through a domain-name authority (`…/NAME.onmicrosoft.com`) "
                + "is refused with `invalid_request`; the tenant-id path works (`tophhie doctor` advises it)"),
        int("otp.length", \.otp.length, 4...10, " digits"),
        int("otp.ttlSeconds", \.otp.ttlSeconds, 10...86_400, ""),
        int("otp.maxAttempts", \.otp.maxAttempts, 1...100, " wrong entries before the code is dead; each new code starts from none"),
        int("otp.resendIntervalSeconds", \.otp.resendIntervalSeconds, 0...3600,
            "; sent as `interval` on the sign-in and sign-up code challenges; the MFA and reset challenges carry none (the optional "
                + "field, left out as in the documented exchanges), so there the console learns the wait only from a refused resend"),
        int("otp.maxCodesPerFlow", \.otp.maxCodesPerFlow, 1...100, " codes one flow may send, the first included; then a resend answers "
                + "`invalid_request` 50196, so one flow gets at most `maxAttempts × maxCodesPerFlow` guesses"),
        limit("otp.maxCodesPerAddress", \.otp.maxCodesPerAddress, 1...1000, patchable: true,
              " codes one address (email or phone, compared as usernames are) may be sent within `otp.addressWindowSeconds` of virtual "
                + "time, across flows and endpoints; past it the challenge answers AADSTS701014 (see [Protocol behaviour](#protocol-behaviour)); "
                + "in a scenario's `emulator.policy` step `0` lifts it"),
        int("otp.addressWindowSeconds", \.otp.addressWindowSeconds, 1...86_400, ": the sliding window of `otp.maxCodesPerAddress`"),
        int("tokens.accessTokenSeconds", \.tokens.accessTokenSeconds, 60...86_400, " (`expires_in`)"),
        int("tokens.refreshTokenSeconds", \.tokens.refreshTokenSeconds, 60...7_776_000, ""),
        int("tokens.continuationTokenSeconds", \.tokens.continuationTokenSeconds, 10...3600, "; then `expired_token` 55112"),
        bool("passwordReset.enabled", \.passwordReset.enabled, patchable: true, "`false` → `/resetpassword/v1.0/start` answers `invalid_request`"),
        choice("deviceCode.verificationURI", \.deviceCode.verificationURI, #"`"service"`: `https://microsoft.com/devicelogin`, as the real "#
                   + #"service answers; `"fixed"`: `<origin>/common/oauth2/deviceauth`, the emulator's page ([protocol](protocol.md) trap T8)"#),
        int("deviceCode.expiresInSeconds", \.deviceCode.expiresInSeconds, 60...3600, " (`expires_in`; then `expired_token` 70020)"),
        int("deviceCode.intervalSeconds", \.deviceCode.intervalSeconds, 1...60, patchable: true,
            " (`interval`; each `slow_down` adds 5 s for that code)"),
        bool("graph.premium", \.graph.premium, "`false`: the tenant has no Entra ID P1/P2 licence, and the sign-in log answers 403 "
                 + "`Authentication_RequestFromNonPremiumTenantOrB2CTenant` ([field case 022](field-cases.md#case-022) a)"),
        int("graph.signInLogLagSeconds", \.graph.signInLogLagSeconds, 0...86_400, patchable: true,
            ": a sign-in shows in `GET /v1.0/auditLogs/signIns` only this many seconds after it happened, on the virtual clock "
                + "(`POST /emulator/v1/clock` moves it on), as Entra's log is written minutes late ([field case 040](field-cases.md#case-040)); "
                + "the control API's `GET /emulator/v1/signins` shows every row at once"),
        bool("graph.noisyConfiguration", \.graph.noisyConfiguration, patchable: true,
             "`true`: the configuration reads of `tophhie tenant snapshot` answer with the noise real Graph may add: collections whose "
                + "order means nothing in another order on each read, `@odata.type` and `@odata.etag` on each entity, an empty list "
                + "written `[]`, `null` or left out; the sign-up page's `views`, `inputs` and `options` keep their order "
                + "([field case 041](field-cases.md#case-041))"),
    ]
}
