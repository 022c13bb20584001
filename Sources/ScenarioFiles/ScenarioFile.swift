import ConsoleCommandLine
import Foundation
import MailboxCodes
import TenantEmulator

/// A scenario file as `tophhie run` reads it: the tenant and its scenarios.
/// Shape: `Resources/scenario.schema.json`; parsed strictly by ``ScenarioFileParser``.
package struct ScenarioFile: Sendable {
    /// The path given on the command line (messages and JUnit suite names).
    package var path: String
    /// `$comment`: what the file needs that it cannot hold (a recorded file names its environment variables here).
    var comment: String?
    package var tenant: ScenarioTenant
    package var scenarios: [Scenario]

    /// The environment variables its passwords are read from (the mailbox's `passwordEnv`, then each `{"env": "NAME"}`
    /// in order of first use).
    package var passwordVariables: [String] {
        var names: [String] = []
        if case .real(_, _, _, let mailbox?) = tenant, case .environment(let name) = mailbox.password { names.append(name) }
        for step in scenarios.flatMap(\.steps) {
            var source: PasswordSource?
            if case .start(let start) = step { source = start.password }
            if case .answer(.password(let password)) = step { source = password }
            if let name = source?.variable, !names.contains(name) { names.append(name) }
        }
        return names
    }
}

/// Where a scenario file's flows run.
package enum ScenarioTenant: Sendable, Equatable {
    /// A fresh embedded emulator per scenario: a preset name or a policy file path (relative to the
    /// scenario file's folder).
    case emulator(preset: String)
    /// A real tenant; codes come from `codeCommand` (run by `/bin/sh -c` with `TOPHHIE_SCENARIO_EMAIL` set),
    /// from a mailbox read over IMAP, or from a prompt.
    case real(TenantTarget, codeCommand: String?, caFile: String?, mailbox: MailboxSettings?)

    package var isEmulator: Bool {
        if case .emulator = self { true } else { false }
    }
}

/// One named scenario: steps run in order on one tenant; the first that fails ends it.
package struct Scenario: Sendable {
    package var name: String
    /// Seconds the whole scenario may take (default 60).
    package var timeout: TimeInterval
    package var steps: [ScenarioStep]
}

/// One step of a scenario (the key that names it in the file: `start`, `answer`, `emulator`, `expect`).
package enum ScenarioStep: Sendable, Equatable {
    case start(FlowStart)
    case answer(Answer)
    case emulator(EmulatorAction)
    case expect(Expectation)

    /// The file's key for each kind of step, in the schema's order.
    package enum Kind: String, Sendable, CaseIterable { case start, answer, emulator, expect }

    /// The file's key for this kind of step.
    package var kind: Kind {
        switch self {
        case .start: .start
        case .answer: .answer
        case .emulator: .emulator
        case .expect: .expect
        }
    }
}

/// `start`: a flow from the home menu, as a user fills its first screen.
package struct FlowStart: Sendable, Equatable {
    package enum Flow: String, Sendable, CaseIterable { case signUp, signIn, resetPassword, deviceCode }
    package var flow: Flow
    package var email: String?
    /// Sign-up's password, or sign-in's (absent: sign-in with a one-time code).
    package var password: PasswordSource?
    /// Sign-up attributes typed on the first screen, by API name.
    package var attributes: [String: String]
}

/// `answer`: what the user gives the tenant on the current screen.
package enum Answer: Sendable, Equatable {
    /// The one-time code on the code screen.
    case code(CodeSource)
    /// A new password (sign-up's `credential_required`, the reset's new password).
    case password(PasswordSource)
    /// Attribute values by API name (sign-up's `attributes_required`).
    case attributes([String: String])
    /// A method by channel (`email`, `sms`) or id; `contact` for a registration.
    case method(String, contact: String?)
    /// The screen's default action ("Sign in" after sign-up or reset).
    case proceed
    /// Sign out on the account screen.
    case signOut
    /// Emulator only: approve the pending device code as this user (`POST /emulator/v1/devicecodes/…/approve`).
    case approveDeviceCode(username: String)

    /// The file's key for each kind of answer (`contact` goes with `method` and is none).
    enum Kind: String, Sendable, CaseIterable { case code, password, attributes, method, proceed, signOut, approveDeviceCode }
}

/// A password as the file gives it: typed out, or `{"env": "NAME"}`, read from that environment variable when the step
/// runs (what a recorded file writes: a password is never in it).
package enum PasswordSource: Sendable, Equatable {
    case value(String)
    case environment(String)

    /// The variable named, if any.
    var variable: String? {
        if case .environment(let name) = self { name } else { nil }
    }
}

/// Where a one-time code comes from.
package enum CodeSource: Sendable, Equatable {
    /// The embedded emulator's outbox: the newest code sent.
    case outbox
    /// The tenant's `codeCommand`.
    case command
    /// The tenant's `mailbox`: a new message to `address` (nil: the flow's own, as typed at the start; an MFA
    /// code goes to the method's address), read over IMAP.
    case mailbox(address: String?)
    /// Asked on the terminal.
    case prompt
    /// Typed as given (e.g. a wrong code on purpose).
    case value(String)

    /// The sources a file names by a string (`"code": "outbox"`), in the schema's order.
    enum Named: String, Sendable, CaseIterable { case outbox, command, mailbox, prompt }
}

/// `emulator`: an action on the embedded emulator, through its control API.
package enum EmulatorAction: Sendable, Equatable {
    /// `POST /emulator/v1/clock` `{"advanceSeconds": N}`.
    case advanceClock(seconds: Double)
    /// `POST /emulator/v1/faults` with this JSON object (endpoint, kind, count, seconds, retryAfter).
    case fault(Data)
    /// `PATCH /emulator/v1/tenant` with this patch (read from dotted policy keys, `mfa.required`).
    case policy(PolicyPatch)

    /// The file's key for each kind of action.
    enum Kind: String, Sendable, CaseIterable { case advanceClock, fault, policy }
}

/// `expect`: what came back. Every key given must hold.
package struct Expectation: Sendable, Equatable {
    /// The flow step's name (`FlowStep` case), e.g. `codeEntry`, `signedIn`, `webFallback`, `failure`.
    package var step: String?
    /// `error` of the last error answer since the last start or answer.
    package var error: String?
    package var suberror: String?
    /// The AADSTS number (`error_codes[0]`).
    package var aadsts: Int?
    /// The attribute names the attributes screen asks for (any order).
    package var attributesAsked: [String]?
    /// The methods offered (channel names or ids, any order).
    package var methodsOffered: [String]?
    /// Text the web fallback's `redirect_reason` contains.
    package var redirectReason: String?

    /// The file's key for each property above.
    enum Key: String, Sendable, CaseIterable { case step, error, suberror, aadsts, attributesAsked, methodsOffered, redirectReason }
}
