/// What `tophhie run` was given.
public struct ScenarioRunOptions: Equatable, Sendable {
    /// Scenario files, run in order.
    public var files: [String] = []
    /// `--junit FILE`: JUnit XML, one test case per scenario.
    public var junitPath: String?
    /// `--report FILE`: Markdown, a table of scenarios and each failure's exchange.
    public var reportPath: String?
    /// `--html FILE`: one self-contained page of the run (``HTMLReport``).
    public var htmlPath: String?
    /// `--shard K/N`: run only the Kth of N parts of the scenarios (``ScenarioShard``), as `"K/N"`.
    public var shard: String?
    /// `--durations FILE`: a previous run's JUnit, whose times balance the shards.
    public var durationsPath: String?
    /// `--har-dir DIR`: where a failed scenario's HAR goes (default: the current folder).
    public var harDirectory: String?
    /// `--jobs N`: scenarios run at once, each on its own emulator (1…32, default 1).
    public var jobs = 1
    /// `--timeout SECONDS`: replaces every scenario's `timeoutSeconds` (a slow tenant or a loaded CI machine).
    public var timeout: Int?
    /// `--account OPERATOR`: the cached operator account whose Graph token reads a failed scenario's sign-in
    /// log entry (real tenants only); nil: no lookup.
    public var operatorAccount: String?
    /// `--token-cache FILE`: where that account is cached (default: the XDG token cache).
    public var tokenCachePath: String?
    /// `--compare`: run each scenario on its real tenant and on the emulator rehearsing a snapshot of it, and report
    /// where they differ (``ScenarioCompare``); needs ``operatorAccount``.
    public var compare = false
    /// `--debug` or `TOPHHIE_DEBUG=http`: every scenario's exchanges on standard error (``HTTPDebugLog``).
    public var debugHTTP = false

    /// No files, no reports, one job.
    public init() {}
}
