/// Every `tophhie` command and option, in one place: the console's parser, the launcher's, the emulator's,
/// `--help`, the completion scripts and the man page all read this table, so they cannot drift apart.
///
/// Foundation-free: the statically linked launcher reads it before the console is loaded.
public enum CommandTable {
    /// Capabilities the console can declare (sent as `capabilities`).
    public static let capabilityNames = ["mfa_required", "registration_required"]
    /// Challenge types the console can answer (sent as `challenge_type`).
    public static let challengeTypeNames = ["oob", "password", "redirect"]

    /// Every command, the embedded console (empty name) first; hidden ones last.
    public static let commands: [CommandSpec] = [
        embedded.spec, console.spec, emulator.spec, token.spec, accounts.spec, signOut.spec, history.spec, tenantCommand.spec, lookup.spec,
        run.spec, doctor.spec, enrol.spec, record.spec, help.spec, completion.spec, complete.spec,
    ]

    /// The command whose word is `name` (`console`, `run`, `__complete`); nil for any other word, the empty one included.
    public static func command(_ name: String) -> CommandSpec? {
        name.isEmpty ? nil : commands.first { $0.name == name }
    }

    /// The commands a user sees, the embedded console left out (it has no word).
    public static var namedCommands: [CommandSpec] { commands.filter { !$0.name.isEmpty && !$0.hidden } }

    // MARK: Option groups shared by several commands

    static let tenant: [(Option.Tenant, OptionSpec)] = [
        (.authority, OptionSpec(["--authority"], value: "URL",
                                help: "the tenant: https://SUB.ciamlogin.com/TENANT-ID, https://SUB.ciamlogin.com/SUB.onmicrosoft.com, "
                                    + "https://SUB.ciamlogin.com/ (completed with SUB.onmicrosoft.com) or a custom domain with a tenant path; "
                                    + "a query is kept. Plain http only for loopback hosts. Default from TOPHHIE_AUTHORITY.")),
        (.clientID, OptionSpec(["--client-id"], value: "ID", help: "the app's client id. Default from TOPHHIE_CLIENT_ID.")),
        (.capabilities, OptionSpec(["--capabilities"], value: "LIST", completion: .commaList(capabilityNames),
                                   help: "what the console declares it can render, comma-separated (default: both).")),
        (.challengeTypes, OptionSpec(["--challenge-types"], value: "LIST", completion: .commaList(challengeTypeNames),
                                     help: "what it can answer, comma-separated (default: oob,password; redirect is always added).")),
        (.profile, OptionSpec(["--profile"], value: "NAME", completion: .profile,
                              help: "read authority, client id, capabilities and challenge types from $XDG_CONFIG_HOME/tophhie/profiles.json: "
                                  + #"{"profiles": {"NAME": {"authority": "…", "clientId": "…", "capabilities": […], "challengeTypes": […]}}}. "#
                                  + "Flags win over the environment, which wins over the profile.")),
    ]

    /// A shared group's options under a command's names (``tenant`` as `Option.Account.tenant`).
    static func group<Group, Key>(_ options: [(Group, OptionSpec)], as key: (Group) -> Key) -> [(Key, OptionSpec)] {
        options.map { (key($0.0), $0.1) }
    }

    static let tokenCache = OptionSpec(
        ["--token-cache"], value: "FILE", completion: .file,
        help: "the MSAL token cache (default $TOPHHIE_TOKEN_CACHE, else ${XDG_STATE_HOME:-~/.local/state}/tophhie/"
            + "msal_token_cache.json; the embedded emulator keeps tokens in memory unless a file is given; --enrol writes no "
            + "token cache and refuses this option).",
        mode: .notAtDesk("--token-cache %: enrolment mode writes no token cache (each person's account is forgotten); "
                             + "leave out --token-cache or --enrol."))
    static let caFile = OptionSpec(
        ["--ca-file"], value: "FILE", completion: .file,
        help: "a PEM CA certificate trusted for HTTPS besides the system's (the emulator's --tls-cert).")
    static let graph = OptionSpec(
        ["--graph"], value: "URL",
        help: "Microsoft Graph's base (default https://graph.microsoft.com/v1.0; an emulator's own /v1.0 for a loopback authority).")
    static let scopes = OptionSpec(
        ["--scopes"], value: "LIST",
        help: "resource scopes of every sign-in (default User.Read; openid profile offline_access added).")
    static let json = OptionSpec(["--json"], help: "machine-readable output (JSON on stdout).")
    static let output = OptionSpec(["--output"], value: "FORMAT", completion: .words(["table", "json", "md"]),
                                   help: "table (default), json (as --json) or md (a Markdown table).")
    static let debug = OptionSpec(
        ["--debug"], help: "print each HTTP exchange on stderr, secrets redacted as in a HAR file (also TOPHHIE_DEBUG=http); stdout is unchanged.")
    static let account = OptionSpec(["--account"], value: "NAME", help: "a cached account by username or home account id (default: the current one).")

    static let recordAtDesk = ConsoleMode.deskOnly("--record and --staff keep the enrolment record in enrolment mode; add --enrol.")
    static let consoleOptions: [(Option.Console, OptionSpec)] = [
        (.enrol, OptionSpec(["--enrol", "--enroll"],
                   help: "enrolment mode: after each sign-up, forget the account and start a new one; a screen left without a "
                       + "key press goes home and forgets the person. It cannot reach what the terminal keeps itself: line "
                       + "mode's scrollback, a terminal or multiplexer logging or copying the screen, the clipboard.")),
        (.idleReset, OptionSpec(["--idle-reset"], value: "SECONDS",
                   help: "with --enrol: seconds without a key press before that reset (default 120; the last 15 count down on screen).",
                   mode: .deskOnly("--idle-reset clears the screen between people in enrolment mode; add --enrol."))),
        (.language, OptionSpec(["--language"], value: "TAG",
                   help: "the language of the screens and line mode's prompts: a catalogue's tag (an unknown one lists them) or qps, "
                       + "the pseudo-locale (default: LC_ALL, LC_MESSAGES or LANG). Reports, --json, the trace and stderr stay English.")),
        (.record, OptionSpec(["--record"], value: "FILE", completion: .file,
                   help: "with --enrol: append one JSON line per finished person (time, staff, terminal, tenant, email, object id, "
                       + "outcome; AADSTS code and correlation id on failure), fsynced, mode 0600, each line carrying the SHA-256 "
                       + "of the one before (tophhie record verify FILE). Nothing secret is written.", mode: recordAtDesk)),
        (.staff, OptionSpec(["--staff"], value: "NAME", help: "with --record or a shared --queue: who is at the desk (default: the operating-system user).",
                   mode: recordAtDesk)),
        (.queue, OptionSpec(["--queue"], value: "FILE|URL", completion: .file,
                   help: "with --enrol: the people expected, as a list (tophhie enrol --template): the home screen shows the next "
                       + "person and k of N, finds one by name or email, opens sign-up with their row filled in, and marks people "
                       + "absent or skipped. Rows enrol --check refuses are listed, not offered. Outcomes go to FILE.progress, so "
                       + "a console stopped at any moment resumes at the right person. A postgresql://… URL (with --event) is a "
                       + "desk on a shared queue (tophhie enrol --load): it shows only people no other desk holds, claims each "
                       + "person when sign-up opens, and keeps outcomes and the record in the database (no --record).",
                   mode: .deskOnly("--queue serves a list of people in enrolment mode; add --enrol."))),
        (.event, OptionSpec(["--event"], value: "NAME", help: "with a shared --queue: the intake day's name in the database.")),
        (.report, OptionSpec(["--report"], value: "FILE", completion: .file,
                   help: "with --queue: each row's result (enrolled, already-exists, failed, absent, skipped, invalid, not reached) "
                       + "as CSV, or a Markdown table when FILE ends .md; written after each person and at the end.")),
        (.har, OptionSpec(["--har"], value: "FILE", completion: .file,
                   help: "write the session's HTTP exchanges (secrets redacted) as HAR 1.2 on exit; not with --enrol.",
                   mode: .notAtDesk("--har %: the enrolment desk writes no HAR (its exchanges are people's data); leave out --har or --enrol."))),
        (.recordScenario, OptionSpec(["--record-scenario"], value: "FILE", completion: .file,
                   help: "record what you do as a scenario file that tophhie run replays: each flow started, each value typed, "
                       + "each choice and emulator action, and an expect of each screen reached. Passwords become "
                       + #"{"env": "TOPHHIE_PASSWORD"} (named in the file's $comment), codes "outbox" on the emulator ("prompt" on a "#
                       + "tenant). Written at exit; in full screen F9 stops and starts another scenario (without this option F9 "
                       + "records to tophhie-scenario-TIME.json).",
                   mode: .notAtDesk("--record-scenario records an operator's session; enrolment mode forgets each person, so leave out one of them."))),
        (.line, OptionSpec(["--line"], help: "plain prompts instead of the full-screen console (also when not a TTY or TERM=dumb).")),
        (.scopes, scopes), (.tokenCache, tokenCache), (.caFile, caFile), (.graph, graph),
        (.signUpAttributes, OptionSpec(["--sign-up-attributes"], value: "FILE", completion: .file,
                   help: #"the user flow's attributes for the sign-up screen, a JSON array: [{"name": …, "type"?, "required"?, "#
                       + #""regex"?, "label"?}] (default: the embedded emulator's own; none for a real tenant, which asks later)."#)),
        (.exitAfterFirstFrame, OptionSpec(["--exit-after-first-frame"], help: "paint the first frame, then exit (the start-up benchmark).", hidden: true)),
    ]

    // MARK: Commands

    /// `tophhie` with no command word: the console on an embedded emulator.
    public static let embedded = Command<Option.Embedded>(
        name: "", summary: "the console on an embedded tenant emulator",
        usage: ["[--preset NAME|FILE] [--port N] [CONSOLE OPTIONS]"],
        options: [
            (.preset, OptionSpec(["--preset"], value: "NAME|FILE", completion: .presetOrFile,
                       help: "the embedded emulator's tenant: a preset (email-password, the default, email-otp, mfa, attributes, "
                           + "strict), a policy file (a path with / or ending .json, keys as for emulator --tenant FILE), or a tenant "
                           + "snapshot from tenant snapshot (rehearsed; what the emulator cannot model is said at start).")),
            (.port, OptionSpec(["--port"], value: "N", help: "its loopback port, e.g. to reach its control API; 0 (default) takes any free port.")),
        ] + group(consoleOptions, as: Option.Embedded.console))

    /// `tophhie console`.
    public static let console = Command<Option.ConsoleCommand>(
        name: "console", summary: "the console against any tenant",
        usage: ["console --authority URL --client-id ID [--capabilities LIST] [--challenge-types LIST] [--profile NAME]",
                "        [--sign-up password|otp] [CONSOLE OPTIONS]"],
        options: group(tenant, as: Option.ConsoleCommand.tenant) + [
            (.signUp, OptionSpec(["--sign-up"], value: "KIND", completion: .words(["password", "otp"]),
                       help: "accounts sign-up creates: password (default) or otp (email one-time passcode).")),
        ] + group(consoleOptions, as: Option.ConsoleCommand.console))

    /// `tophhie emulator`.
    public static let emulator = Command<Option.Emulator>(
        name: "emulator", summary: "the tenant emulator alone, on loopback",
        usage: ["emulator [--tenant PRESET|FILE] [--port N] [--data FILE] [--host H [--control-token-file FILE]]",
                "         [--show-codes] [--hash-iterations N] [--tls [--tls-cert FILE]] [--maildir DIR]"],
        options: [
            (.tenant, OptionSpec(["--tenant"], value: "PRESET|FILE", completion: .presetOrFile,
                       help: "a preset (email-password, the default, email-otp, mfa, attributes, strict), a policy JSON file, or a "
                           + "tenant snapshot from tenant snapshot (rehearsed; what the emulator cannot model is printed first).")),
            (.port, OptionSpec(["--port"], value: "N", help: "TCP port; 0 takes any free port (default: 0).")),
            (.data, OptionSpec(["--data"], value: "FILE", completion: .file, help: "keep users in this SQLite file across restarts (default: in memory).")),
            (.host, OptionSpec(["--host"], value: "H", help: "IPv4 address to bind (default: 127.0.0.1; anything else is reachable by others).")),
            (.controlTokenFile, OptionSpec(["--control-token-file"], value: "FILE",
                       help: "off loopback, the control API's bearer token: read from FILE (mode 0600), or generated and written "
                           + "there when FILE does not exist; without it a token is generated and printed once on stderr.")),
            (.showCodes, OptionSpec(["--show-codes"], help: "print one-time codes on stdout (they are secrets: only for local rehearsal).")),
            (.hashIterations, OptionSpec(["--hash-iterations"], value: "N", help: "PBKDF2-SHA256 cost for stored passwords (default: 600000).")),
            (.tls, OptionSpec(["--tls"], help: "serve HTTPS with a self-signed certificate made at start (127.0.0.1, localhost; 30 days); "
                           + "clients must trust it as their CA file.")),
            (.tlsCert, OptionSpec(["--tls-cert"], value: "FILE", completion: .file,
                       help: "with --tls: write that certificate (PEM, not the key) to FILE before the first line (mode 0644), "
                           + "the CA file for e.g. curl --cacert FILE.")),
            (.maildir, OptionSpec(["--maildir"], value: "DIR", completion: .directory,
                       help: "also deliver each email one-time code as an RFC 5322 message into the Maildir DIR (created if "
                           + "missing), for an IMAP server such as Dovecot to serve; the files hold codes (mode 0600).")),
        ],
        notes: ["First stdout line: listening on http://HOST:PORT/TENANT-ID (https with --tls); then one line per outbox "
                + "message. SIGINT or SIGTERM stop it cleanly (exit 0); exit 1 when the port cannot be bound."])

    static let tenantNote = "Tenant options: --authority, --client-id, --profile as for tophhie console; "
        + "TOPHHIE_AUTHORITY and TOPHHIE_CLIENT_ID stand in for the first two."

    /// `tophhie token`.
    public static let token = Command<Option.Account>(
        name: "token", summary: "print an access token acquired silently, like az account get-access-token",
        usage: ["token [--scopes LIST] [--json] [--account NAME] [TENANT OPTIONS]"],
        options: group(tenant, as: Option.Account.tenant) + [
            (.tokenCache, tokenCache), (.caFile, caFile), (.scopes, scopes), (.json, json), (.account, account), (.graph, graph), (.debug, debug),
        ],
        notes: ["From the cache while it has more than 5 minutes left, else by the refresh token; when an interactive "
                + "sign-in is needed, the reason on stderr and exit 4. --json adds expiry, scopes and the account.", tenantNote])

    /// `tophhie accounts`.
    public static let accounts = Command<Option.Account>(
        name: "accounts", summary: "list the cached accounts (* marks the current one)",
        usage: ["accounts [--output table|json|md] [--json] [TENANT OPTIONS]"],
        options: group(tenant, as: Option.Account.tenant) + [
            (.tokenCache, tokenCache), (.caFile, caFile), (.json, json), (.output, output), (.graph, graph), (.debug, debug),
        ],
        notes: [tenantNote])

    /// `tophhie sign-out`.
    public static let signOut = Command<Option.Account>(
        name: "sign-out", summary: "remove an account from the token cache",
        usage: ["sign-out [--account NAME] [TENANT OPTIONS]"],
        options: group(tenant, as: Option.Account.tenant) + [
            (.tokenCache, tokenCache), (.caFile, caFile), (.account, account), (.graph, graph), (.debug, debug),
        ],
        notes: ["Removes the account (the current one, or --account NAME) and prints the tenant's URL for ending the "
                + "browser session.", tenantNote])

    /// `tophhie history`.
    public static let history = Command<Option.Account>(
        name: "history", summary: "a user's sign-ins from Graph, read with a cached operator account",
        usage: ["history --user UPN|OBJECT-ID [--top N] [--pages N] [--output table|json|md] [--account OPERATOR] [--graph URL]",
                "        [TENANT OPTIONS]"],
        options: group(tenant, as: Option.Account.tenant) + [
            (.tokenCache, tokenCache), (.caFile, caFile), (.json, json), (.output, output), (.account, account),
            (.user, OptionSpec(["--user"], value: "UPN|ID", help: "whose sign-ins: a user principal name or object id.")),
            (.top, OptionSpec(["--top"], value: "N", help: "rows per page, 1-1000 (default 50).")),
            (.pages, OptionSpec(["--pages"], value: "N", help: "pages to read at most, 1-100 (default 1).")),
            (.graph, graph), (.debug, debug),
        ],
        notes: ["Reads /auditLogs/signIns newest first with an operator account holding AuditLog.Read.All and a "
                + "reports role; throttling waits Retry-After.", tenantNote])

    /// `tophhie tenant snapshot|diff`: a tenant's configuration through Graph, and what differs between two reads.
    public static let tenantCommand = Command<Option.Account>(
        name: "tenant", summary: "snapshot a tenant's configuration through Graph, or diff two snapshots",
        usage: ["tenant snapshot [--out FILE] [--account OPERATOR] [--graph URL] [TENANT OPTIONS]",
                "tenant diff A B [--json]"],
        options: group(tenant, as: Option.Account.tenant) + [
            (.tokenCache, tokenCache), (.caFile, caFile), (.account, account),
            (.out, OptionSpec(["--out"], value: "FILE", completion: .file,
                       help: "snapshot: write the snapshot here (atomically) instead of standard output.")),
            (.json, OptionSpec(["--json"], help: "diff: the differences as JSON ({\"equal\": Bool, \"differences\": [...]}), for CI drift checks.")),
            (.graph, graph), (.debug, debug),
        ],
        operand: "snapshot|diff A B", operandCompletion: .wordThenFiles(["snapshot", "diff"]),
        notes: ["snapshot reads, with a cached operator account, the sign-up user flows, user flow attributes, the email OTP and SMS "
                + "methods, the native-auth app registrations and the conditional access policies requiring MFA (permissions: "
                + "EventListener.Read.All, IdentityUserFlow.Read.All, Policy.Read.AuthenticationMethod, Application.Read.All, "
                + "Policy.Read.All); a part the operator may not read is recorded as notRead. The JSON is stable: an unchanged "
                + "tenant reads to the same bytes.",
                "diff exits 0 when the snapshots are equal, 1 when they differ (one line per difference), 2 when a file is not a snapshot.",
                "A snapshot is also a tenant for the emulator: tophhie --preset FILE, tophhie emulator --tenant FILE.", tenantNote])

    /// `tophhie lookup`.
    public static let lookup = Command<Option.Account>(
        name: "lookup", summary: "the tenant's sign-in log entry for a correlation id, read with a cached operator account",
        usage: ["lookup CORRELATION-ID [--wait DURATION] [--user UPN|OBJECT-ID] [--json] [--account OPERATOR] [--graph URL]",
                "       [TENANT OPTIONS]"],
        options: group(tenant, as: Option.Account.tenant) + [
            (.tokenCache, tokenCache), (.caFile, caFile), (.json, json), (.account, account),
            (.wait, OptionSpec(["--wait"], value: "DURATION",
                       help: "when no entry has the id yet, keep looking for up to DURATION (90s, 5m, 1h; at most 24h): "
                           + "2 s apart, doubling to 30 s, longer when Graph throttles; each wait is said on stderr.")),
            (.user, OptionSpec(["--user"], value: "UPN|ID",
                       help: "when no entry has the id yet (the log lags by minutes): show this user's sign-ins of the last hour instead.")),
            (.graph, graph), (.debug, debug),
        ],
        operand: "CORRELATION-ID",
        notes: ["Reads /auditLogs/signIns?$filter=correlationId eq '…' with an operator account holding AuditLog.Read.All and a "
                + "reports role; shows status, failure reason, conditional access status and MFA detail. The log lags the sign-in "
                + "by minutes: with no entry yet (even after --wait) the exit status is 5, not final.",
                tenantNote])

    /// `tophhie run`.
    public static let run = Command<Option.Run>(
        name: "run", summary: "scenario files against the emulator or a tenant, with reports for CI",
        usage: ["run FILE... [--jobs N] [--timeout SECONDS] [--junit FILE] [--report FILE] [--html FILE] [--har-dir DIR]",
                "    [--shard K/N [--durations FILE]] [--account OPERATOR [--token-cache FILE]]",
                "run merge OUTDIR REPORT...",
                "run --compare --account OPERATOR [--token-cache FILE] [--timeout SECONDS] FILE..."],
        options: [
            (.jobs, OptionSpec(["--jobs"], value: "N", help: "scenarios run at once, each on its own embedded emulator (1-32, default 1).")),
            (.timeout, OptionSpec(["--timeout"], value: "SECONDS", help: "replaces every scenario's timeoutSeconds (1-3600; default: the file's, else 60).")),
            (.junit, OptionSpec(["--junit"], value: "FILE", completion: .file,
                       help: "JUnit XML: one test case per scenario, a failure with the exchange that showed it.")),
            (.report, OptionSpec(["--report"], value: "FILE", completion: .file,
                       help: "Markdown: a table of scenarios, each failure with its request and response.")),
            (.html, OptionSpec(["--html"], value: "FILE", completion: .file,
                       help: "one self-contained HTML page: every scenario and its steps; a failed one open at its failing step, "
                           + "with the error, correlation id and the exchanges that led to it (redacted).")),
            (.harDir, OptionSpec(["--har-dir"], value: "DIR", completion: .directory,
                       help: "where a failed scenario's HAR goes (default: the current folder).")),
            (.shard, OptionSpec(["--shard"], value: "K/N",
                       help: "run only the Kth of N parts of the scenarios (1 <= K <= N <= 100), the same split on every machine "
                           + "given the same FILEs; the reports name the shard for run merge.")),
            (.durations, OptionSpec(["--durations"], value: "FILE", completion: .file,
                       help: "with --shard: a previous run's JUnit, whose times balance the parts (longest first onto the "
                           + "least loaded); without it the scenarios go round the parts by file and name.")),
            (.account, OptionSpec(["--account"], value: "OPERATOR",
                       help: "a cached operator account (AuditLog.Read.All): each failed scenario on a real tenant then shows "
                           + "the tenant's sign-in log entry of its failing exchange in the reports.")),
            (.compare, OptionSpec(["--compare"],
                       help: "run each scenario on its file's real tenant and on an embedded emulator rehearsing a fresh snapshot "
                           + "of that tenant (read with --account, which needs the snapshot's read permissions), and print where "
                           + "they differ, step by step: the step reached, the error, the fields asked for. expect steps are "
                           + "observed, not checked; on the emulator codes come from its outbox. Exit 6 when they differ.")),
            (.tokenCache, tokenCache),
            (.debug, debug),
        ],
        operand: "FILE...", operandCompletion: .file,
        notes: ["FILE is a scenario file (JSON; schema Resources/scenario.schema.json). Secrets (passwords, codes, "
                + "tokens) are redacted in every report and HAR.",
                "run merge OUTDIR REPORT... joins the shards' JUnit, Markdown and HTML reports (any of them, told apart by "
                + "content; every shard 1..N once per kind) into OUTDIR/junit.xml, report.md and report.html, as one run of "
                + "all the FILEs would have written them; exit 2 when a report is unreadable or a shard is missing."])

    /// `tophhie doctor`.
    public static let doctor = Command<Option.Doctor>(
        name: "doctor", summary: "is this app registration and tenant ready for the console?",
        usage: ["doctor --authority URL --client-id ID [--capabilities LIST] [--challenge-types LIST] [--profile NAME]",
                "       [--ca-file FILE] [--json]",
                "doctor --emulator PRESET|FILE [--capabilities LIST] [--challenge-types LIST] [--json]"],
        options: group(tenant, as: Option.Doctor.tenant) + [
            (.emulator, OptionSpec(["--emulator"], value: "PRESET|FILE", completion: .presetOrFile,
                       help: "check an embedded emulator with this preset or policy file instead of a tenant.")),
            (.caFile, caFile), (.json, json), (.debug, debug),
        ],
        notes: ["Checks: HTTPS; discovery and the issuer's shape; the clock against the tenant's Date header; native "
                + "authentication enabled for the client; which challenge types force the browser; the capabilities "
                + "declared; a domain-name authority with SMS codes (use the tenant-id path). Each line is ✓ (ready), "
                + "✗ (not ready, with the fix) or ! (advice that may apply)."])

    /// `tophhie enrol`: an enrolment list (CSV) against the tenant's sign-up form.
    public static let enrol = Command<Option.Enrol>(
        name: "enrol", summary: "an enrolment list (CSV): its template from the tenant's sign-up form, a dry run of it, or a shared queue in PostgreSQL",
        usage: ["enrol --template FILE.csv [--preset NAME|FILE | --sign-up-attributes FILE]",
                "enrol --check FILE.csv [--preset NAME|FILE | --sign-up-attributes FILE]",
                "enrol --load FILE.csv --into postgresql://… --event NAME [--tenant AUTHORITY] [--preset NAME|FILE | --sign-up-attributes FILE]",
                "enrol --status postgresql://… --event NAME [--watch] [--report FILE]"],
        options: [
            (.template, OptionSpec(["--template"], value: "FILE", completion: .file,
                       help: "write a header (email, then the sign-up attributes; never a password) and a commented row giving each "
                           + "column's rule; an existing file is left alone.")),
            (.check, OptionSpec(["--check"], value: "FILE", completion: .file,
                       help: "check every row with the sign-up screen's rules (required, type, pattern, choices, email) and for "
                           + "emails listed twice; one line per problem: row N, column NAME: message.")),
            (.load, OptionSpec(["--load"], value: "FILE", completion: .file,
                       help: "check the list as --check does and load the rows the form accepts into --event on the --into database "
                           + "(a shared queue for many desks); loading it again adds nothing, a row that changed since is named and "
                           + "kept as first loaded.")),
            (.into, OptionSpec(["--into"], value: "URL", help: "with --load: the database, postgresql://USER@HOST[:PORT]/DATABASE (no password in it: "
                           + "~/.pgpass, PGPASSFILE or ?service=; TLS verified off loopback).")),
            (.event, OptionSpec(["--event"], value: "NAME", help: "with --load or --status: the intake day's name in the database.")),
            (.tenant, OptionSpec(["--tenant"], value: "AUTHORITY", help: "with --load: the tenant the event is for, kept with it (default: the "
                           + "embedded emulator's preset).")),
            (.status, OptionSpec(["--status"], value: "URL", help: "where an event stands: counts by outcome and by desk, the rate over the last "
                           + "15 minutes, an estimate of the end.")),
            (.watch, OptionSpec(["--watch"], help: "with --status: redraw it as a full-screen board every 2 seconds; q quits.")),
            (.report, OptionSpec(["--report"], value: "FILE", completion: .file,
                       help: "with --status: write every row's result as --queue's report does (CSV, or Markdown for .md).")),
            (.preset, OptionSpec(["--preset"], value: "NAME|FILE", completion: .presetOrFile,
                       help: "whose form: the embedded emulator's preset or policy file (default email-password).")),
            (.signUpAttributes, OptionSpec(["--sign-up-attributes"], value: "FILE", completion: .file,
                       help: "a real tenant's sign-up attributes, as for the console (a JSON array of {name, type?, required?, regex?, label?}).")),
        ],
        notes: ["The desk that enrols the people on a list is the console in enrolment mode: tophhie --enrol --queue FILE.csv on "
                + "the embedded emulator, tophhie console --authority URL --client-id ID --enrol --queue FILE.csv on a tenant.",
                "The list is CSV (RFC 4180) in UTF-8, a byte order mark allowed: quoted fields may hold commas, quotes (doubled) "
                + "and line breaks; a line starting with # is a comment; rows count as a spreadsheet counts them (the header is "
                + "row 1). --check exits 0 when every row can be enrolled, 1 when a row cannot, 2 when the file cannot be read "
                + "as a list (the message names the row and column)."])

    /// What `enrol LIST.csv` means to run: the desk on the list, or its check (`enrol` takes no operand).
    public static func enrolListHint(_ list: String) -> String {
        "to run a desk on this list: tophhie --enrol --queue \(list); to check it: tophhie enrol --check \(list)"
    }

    /// `tophhie record`: the enrolment record.
    public static let record = Command<Option.Record>(
        name: "record", summary: "check an enrolment record (--record FILE) for changed, removed or reordered lines",
        usage: ["record verify FILE", "record verify|export postgresql://… --event NAME"],
        options: [(.event, OptionSpec(["--event"], value: "NAME", help: "with a postgresql:// URL: the event whose record it is."))],
        operand: "verify FILE", operandCompletion: .wordThenFiles(["verify", "export"]),
        notes: ["Each line carries the SHA-256 of the line before it. Exit 0 intact (with the head hash: keep it elsewhere, "
                + "since cutting lines off the end leaves an intact chain), 1 broken (naming the first line changed, removed "
                + "or moved), 2 not a readable record. On a shared queue's database the record is one chain per event: export "
                + "prints its lines as a --record file holds them."])

    /// `tophhie help`.
    public static let help = Command<Never>(
        name: "help", summary: "this text, a command's, or the exit codes",
        usage: ["help [COMMAND|exit-codes]"], options: [],
        operand: "TOPIC", operandCompletion: .helpTopic)

    /// `tophhie completion`.
    public static let completion = Command<Never>(
        name: "completion", summary: "a completion script for bash, zsh or fish, on stdout",
        usage: ["completion bash|zsh|fish"], options: [],
        operand: "SHELL", operandCompletion: .words(["bash", "zsh", "fish"]),
        notes: ["bash: source <(tophhie completion bash); zsh: tophhie completion zsh > \"${fpath[1]}/_tophhie\"; "
                + "fish: tophhie completion fish > ~/.config/fish/completions/tophhie.fish."])

    /// The completion scripts' helper: `tophhie __complete profiles` prints the profile names, one a line
    /// (`presets`: the preset names; `man-page`: the man page, for the package).
    public static let complete = Command<Never>(
        name: "__complete", summary: "names the completion scripts offer", usage: ["__complete profiles|presets|man-page"], options: [],
        operand: "KIND", hidden: true)
}
