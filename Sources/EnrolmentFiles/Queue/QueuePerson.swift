/// One person of an enrolment list whose row the sign-up form accepts.
public struct QueuePerson: Sendable, Equatable {
    /// The list's row (the header is row 1).
    public let row: Int
    /// The row's email, as written.
    public let email: String
    /// The row's values by column (email included), to fill the sign-up form.
    public let values: [String: String]

    /// Memberwise.
    public init(row: Int, email: String, values: [String: String]) {
        self.row = row
        self.email = email
        self.values = values
    }

    /// The person's name for a list: `displayName`, else given name and surname, else empty.
    public var name: String {
        if let display = values["displayName"]?.trimmed(of: [" ", "\t"]), !display.isEmpty { return display }
        return [values["givenName"], values["surname"]].compactMap { $0?.trimmed(of: [" ", "\t"]) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Whether `filter` (already lower case) is part of the name or the email, ignoring case.
    public func matches(_ filter: String) -> Bool {
        filter.isEmpty || email.lowercased().contains(filter) || name.lowercased().contains(filter)
    }
}
