import Foundation
import TophhieCloudAuthentication

/// A device-code sign-in waiting for the user: the prompt to show and how the polling goes.
public struct DeviceCodeWait: Sendable, Equatable {
    /// The code, where to type it, and when it expires.
    public var prompt: DeviceCodePrompt
    /// The latest polling state (``FlowEvent/deviceCodeProgress(_:)``).
    public var status: DeviceCodeProgress

    /// A wait for `prompt`, polling at the prompt's interval until told otherwise.
    public init(prompt: DeviceCodePrompt, status: DeviceCodeProgress? = nil) {
        self.prompt = prompt
        self.status = status ?? .waiting(interval: prompt.interval)
    }

    /// Whole seconds until the code expires at `now` (0 once it has); `nil` before the first tick.
    public func secondsLeft(at now: Date?) -> Int? {
        guard let now else { return nil }
        return max(0, Int(prompt.expiresOn.timeIntervalSince(now)))
    }
}
