/// The text of `--help` for each command, and `--version`.
public enum HelpText {
    /// What `--version` prints; also the HAR log's creator version.
    public static let version = "tophhie 0.1.0"

    /// The usage text `--help` prints for `topic`.
    public static func text(_ topic: HelpTopic) -> String {
        switch topic {
        case .main: main
        case .console: console
        }
    }

    static let main = """
    tophhie: account console for Entra External ID native authentication

    Usage:
      tophhie [--preset NAME|FILE] [--port N] [CONSOLE OPTIONS]   console on an embedded tenant emulator
      tophhie console --authority URL --client-id ID [--capabilities LIST] [--challenge-types LIST]
                      [--profile NAME] [CONSOLE OPTIONS]
      tophhie emulator [--tenant PRESET|FILE] [--port N] [--data FILE] [--host H] [--show-codes]
      tophhie --version | --help | COMMAND --help

    Embedded emulator:
      --preset NAME|FILE a preset: email-password (default), email-otp, mfa, attributes, strict; or a
                         policy file (a path with / or ending .json, keys as for emulator --tenant FILE)
      --port N           its loopback port, e.g. to reach its control API; 0 (default) takes any free port

    Console options:
      --enrol            enrolment mode: after each sign-up, forget the account and start a new one
      --har FILE         write the session's HTTP exchanges (secrets redacted) as HAR 1.2 on exit
      --line             plain prompts instead of the full-screen console (also when not a TTY or TERM=dumb)

    Exit codes: 0 done, 1 the flow failed, 2 usage or configuration error.
    """

    static let console = """
    tophhie console: the console against any tenant

    Usage:
      tophhie console --authority URL --client-id ID [--capabilities mfa_required,registration_required]
                      [--challenge-types oob,password] [--profile NAME] [--sign-up password|otp]
                      [--enrol] [--har FILE] [--line]

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
}
