import Foundation

/// Everything the console's flow knows: the settings, the current step, the request in flight and the
/// signed-in account. Holds no live framework step and no tokens.
public struct FlowState: Sendable, Equatable {
    /// The operator's choices, fixed once the console has opened the desk (``FlowSettings/deskHasList``).
    public package(set) var settings: FlowSettings
    /// The current step; ``screen`` draws it.
    public var step: FlowStep
    /// The flow in progress (and its email); `nil` at home and after completion.
    public var origin: FlowOrigin?
    /// The request in flight; user input other than cancel is ignored meanwhile.
    public var pending: PendingRequest?
    /// The account signed in last (summary only), offered as "account" on the home menu.
    public var signedIn: SignedInAccount?
    /// The latest `.tick` time.
    public var now: Date?
    /// Counts repeats of one server step; reset when a flow starts, restarts or ends.
    public var loopGuard: LoopGuard
    /// What the home menu says on arrival ("Sign-in cancelled", the restored account); it goes as soon as
    /// another screen is shown or a request starts.
    public var homeNotice: String?
    /// The language the person at an enrolment desk picked (a catalogue tag), shown until the idle reset; `nil`:
    /// the desk's (``FlowSettings/deskLanguage``). The front shows the screen in it.
    public var language: String?
    /// The server's Retry-After (HTTP 429) still running after Back left its failure screen: requests
    /// wait it out wherever the user went; `nil` when none runs.
    public var serverWait: Countdown?
    /// Enrolment mode: the countdown to going home and forgetting the person at the terminal, restarted by
    /// every key; `nil` at home (nobody to forget) and outside enrolment mode.
    public var idle: Countdown?

    /// By default at home, with nothing in flight, nobody signed in, no tick yet and no home notice.
    public init(settings: FlowSettings, step: FlowStep = .home, origin: FlowOrigin? = nil,
                pending: PendingRequest? = nil, signedIn: SignedInAccount? = nil, now: Date? = nil,
                loopGuard: LoopGuard = LoopGuard(), homeNotice: String? = nil, idle: Countdown? = nil) {
        self.settings = settings
        self.step = step
        self.origin = origin
        self.pending = pending
        self.signedIn = signedIn
        self.now = now
        self.loopGuard = loopGuard
        self.homeNotice = homeNotice
        self.idle = idle
    }
}
