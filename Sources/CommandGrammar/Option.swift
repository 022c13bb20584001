/// The options' names, one enum per parser. ``CommandTable`` pairs each name with its ``OptionSpec`` (spellings and
/// meaning), and a parser switches over its enum with no `default:`: an option in the table without a meaning in its
/// parser does not compile.
public enum Option {
    /// `--authority`, `--client-id`, `--capabilities`, `--challenge-types`, `--profile`: the tenant, wherever one is named.
    public enum Tenant: Sendable { case authority, clientID, capabilities, challengeTypes, profile }
    /// The console's options, in both its commands.
    public enum Console: Sendable {
        case enrol, idleReset, language, record, staff, queue, event, report, har, recordScenario, line, scopes, tokenCache, caFile,
             graph, signUpAttributes, exitAfterFirstFrame
    }
    /// `tophhie` with no command word.
    public enum Embedded: Equatable, Sendable { case preset, port, console(Console) }
    /// `tophhie console`.
    public enum ConsoleCommand: Equatable, Sendable { case tenant(Tenant), signUp, console(Console) }
    /// `tophhie emulator`.
    public enum Emulator: Sendable { case tenant, port, data, host, controlTokenFile, showCodes, hashIterations, tls, tlsCert, maildir }
    /// `token`, `accounts`, `sign-out`, `history`, `tenant` and `lookup`: one parser, each command taking some of these.
    public enum Account: Equatable, Sendable {
        case tenant(Tenant), tokenCache, caFile, scopes, json, output, account, user, top, pages, wait, graph, out, debug
    }
    /// `tophhie run`.
    public enum Run: Sendable { case jobs, timeout, junit, report, html, harDir, shard, durations, account, compare, tokenCache, debug }
    /// `tophhie doctor`.
    public enum Doctor: Equatable, Sendable { case tenant(Tenant), emulator, caFile, json, debug }
    /// `tophhie enrol`.
    public enum Enrol: Sendable { case template, check, load, into, event, tenant, status, watch, report, preset, signUpAttributes }
    /// `tophhie record`.
    public enum Record: Sendable { case event }
}
