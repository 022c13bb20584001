/// The text of `--help` for each command, and `--version`.
public enum HelpText {
    /// What `--version` prints; also the HAR log's creator version.
    public static let version = "tophhie 0.1.0"

    /// The usage text `--help` prints for `topic`.
    public static func text(_ topic: HelpTopic) -> String {
        switch topic {
        case .main: main
        case .console: console
        case .account: account
        case .run: run
        case .doctor: doctor
        }
    }

    static let main = """
    tophhie: account console for Entra External ID native authentication

    Usage:
      tophhie [--preset NAME|FILE] [--port N] [CONSOLE OPTIONS]   console on an embedded tenant emulator
      tophhie console --authority URL --client-id ID [--capabilities LIST] [--challenge-types LIST]
                      [--profile NAME] [CONSOLE OPTIONS]
      tophhie emulator [--tenant PRESET|FILE] [--port N] [--data FILE] [--host H] [--show-codes] [--tls]
      tophhie token [--scopes LIST] [--json] [--account NAME] [TENANT OPTIONS]   a silently acquired access token
      tophhie accounts [--json] [TENANT OPTIONS]                                 the cached accounts
      tophhie sign-out [--account NAME] [TENANT OPTIONS]                         remove an account from the cache
      tophhie history --user UPN|ID [--top N] [--pages N] [--json] [--account OPERATOR] [--graph URL]
                      [TENANT OPTIONS]
                                                                                 a user's sign-ins (operators)
      tophhie run FILE... [--jobs N] [--timeout SECONDS] [--junit FILE] [--report FILE] [--har-dir DIR]
                                                                                 scenario files, for CI
      tophhie doctor [--emulator PRESET|FILE] [--json] [TENANT OPTIONS]          is the app ready?
      tophhie --version | --help | COMMAND --help

    Embedded emulator:
      --preset NAME|FILE a preset: email-password (default), email-otp, mfa, attributes, strict; or a
                         policy file (a path with / or ending .json, keys as for emulator --tenant FILE)
      --port N           its loopback port, e.g. to reach its control API; 0 (default) takes any free port

    Console options:
      --enrol            enrolment mode: after each sign-up, forget the account and start a new one; a
                         screen left without a key press goes home and forgets the person. It cannot
                         reach what the terminal keeps itself: line mode's scrollback, a terminal or
                         multiplexer logging or copying the screen (script, tmux pipe-pane) or moving it
                         into its scrollback on a resize (tmux narrowing a window), the clipboard
      --idle-reset SECS  with --enrol: seconds without a key press before that reset (default 120; the
                         last 15 count down on screen)
      --har FILE         write the session's HTTP exchanges (secrets redacted) as HAR 1.2 on exit
      --line             plain prompts instead of the full-screen console (also when not a TTY or TERM=dumb)
      --scopes LIST      resource scopes of every sign-in (default User.Read; openid profile offline_access added)
      --token-cache FILE the MSAL token cache (console mode default: $TOPHHIE_TOKEN_CACHE, else
                         ${XDG_STATE_HOME:-~/.local/state}/tophhie/msal_token_cache.json; the embedded
                         emulator and --enrol keep tokens in memory unless a file is given)
      --ca-file FILE     a PEM CA certificate trusted for HTTPS besides the system's (the emulator's --tls-cert)
      --graph URL        Microsoft Graph's base (default https://graph.microsoft.com/v1.0; the embedded
                         emulator serves its own under /v1.0)
      --sign-up-attributes FILE  the user flow's attributes for the sign-up screen, a JSON array:
                         [{"name": …, "type"?, "required"?, "regex"?, "label"?}] (default: the embedded
                         emulator's own; none for a real tenant, which asks for required ones later)

    Exit codes: 0 done, 1 the flow failed, 2 usage or configuration error.
    """

    static let run = """
    tophhie run: scenario files against the emulator or a tenant, with reports for CI

    Usage:
      tophhie run FILE... [--jobs N] [--timeout SECONDS] [--junit FILE] [--report FILE] [--har-dir DIR]

      FILE            a scenario file (JSON; schema Resources/scenario.schema.json, README "Scenario runs")
      --jobs N        scenarios run at once, each on its own embedded emulator (1-32, default 1)
      --timeout SECONDS  replaces every scenario's timeoutSeconds (1-3600; default: the file's, else 60)
      --junit FILE    JUnit XML: one test case per scenario, a failure with the exchange that showed it
      --report FILE   Markdown: a table of scenarios, each failure with its request and response
      --har-dir DIR   where a failed scenario's HAR goes (default: the current folder)

    Secrets (passwords, codes, tokens) are redacted in every report and HAR.
    Exit codes: 0 every scenario passed, 1 a scenario failed, 2 usage or file error (with the JSON path).
    """

    static let doctor = """
    tophhie doctor: is this app registration and tenant ready for the console?

    Usage:
      tophhie doctor --authority URL --client-id ID [--capabilities LIST] [--challenge-types LIST]
                     [--profile NAME] [--ca-file FILE] [--json]
      tophhie doctor --emulator PRESET|FILE [--capabilities LIST] [--challenge-types LIST] [--json]

    Checks: HTTPS; discovery and the issuer's shape; the clock against the tenant's Date header;
    native authentication enabled for the client; which challenge types force the browser; the
    capabilities declared; a domain-name authority with SMS codes (use the tenant-id path).
    Each line is ✓ (ready), ✗ (not ready, with the fix) or ! (advice that may apply).

    Exit codes: 0 ready (! lines may remain), 1 a check failed, 2 usage or configuration error.
    """

    static let console = """
    tophhie console: the console against any tenant

    Usage:
      tophhie console --authority URL --client-id ID [--capabilities mfa_required,registration_required]
                      [--challenge-types oob,password] [--profile NAME] [--sign-up password|otp]
                      [--enrol [--idle-reset SECS]] [--har FILE] [--line]

      --authority URL      https://SUB.ciamlogin.com/TENANT-ID, https://SUB.ciamlogin.com/SUB.onmicrosoft.com,
                           https://SUB.ciamlogin.com/ (completed with SUB.onmicrosoft.com) or a custom
                           domain with a tenant path; a query is kept. Plain http only for loopback
                           hosts. Default from TOPHHIE_AUTHORITY.
      --client-id ID       the app's client id. Default from TOPHHIE_CLIENT_ID.
      --capabilities LIST  what the console declares it can render (default: both).
      --challenge-types L  what it can answer (default: oob,password; redirect is always added).
      --sign-up KIND       accounts sign-up creates: password (default) or otp (email one-time passcode).
      --profile NAME       read the values above from $XDG_CONFIG_HOME/tophhie/profiles.json:
                           {"profiles": {"NAME": {"authority": "…", "clientId": "…",
                                                  "capabilities": […], "challengeTypes": […]}}}
    Flags win over the environment, which wins over the profile.
    """

    static let account = """
    tophhie token | accounts | sign-out | history: the token cache and Graph, for scripts

    Usage:
      tophhie token [--scopes LIST] [--json] [--account NAME] [TENANT OPTIONS]
      tophhie accounts [--json] [TENANT OPTIONS]
      tophhie sign-out [--account NAME] [TENANT OPTIONS]
      tophhie history --user UPN|OBJECT-ID [--top N] [--pages N] [--json] [--account OPERATOR] [--graph URL]
                      [TENANT OPTIONS]

      token            print an access token acquired silently: from the cache while it has more than
                       5 minutes left, else by the refresh token; exit 1 with the reason when an
                       interactive sign-in is needed. --json adds expiry, scopes and the account.
      accounts         list the cached accounts of this app and authority (* marks the current one).
      sign-out         remove the account (the current one, or --account NAME) from the cache and print
                       the tenant's URL for ending the browser session.
      history          a user's sign-ins from Graph (/auditLogs/signIns), newest first, read with a cached
                       operator account (AuditLog.Read.All and a reports role; --account picks it): --top
                       rows per page (50), --pages pages at most (1); throttling waits Retry-After.

    Tenant options: --authority URL, --client-id ID, --profile NAME (as for tophhie console),
      --token-cache FILE (default $TOPHHIE_TOKEN_CACHE, else ${XDG_STATE_HOME:-~/.local/state}/tophhie/
      msal_token_cache.json), --ca-file FILE (a PEM CA trusted besides the system's).
    Exit codes: 0 done, 1 could not be done (sign-in needed, no such account, network), 2 usage error.
    """
}
