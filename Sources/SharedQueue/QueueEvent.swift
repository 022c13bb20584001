/// One intake day's list in the database: what ``SharedQueue`` opens by name.
public struct QueueEvent: Sendable, Equatable {
    /// The database's id for it.
    public let id: Int
    /// The name the operator gave it (`--event`).
    public let name: String
    /// The tenant the list is for: an authority URL, or the embedded emulator's preset.
    public let tenant: String
    /// The sign-up form's columns the list was checked against (`email` first).
    public let form: [String]
    /// The list's header: every person's fields are in this order.
    public let columns: [String]

    /// Memberwise.
    public init(id: Int, name: String, tenant: String, form: [String], columns: [String]) {
        self.id = id
        self.name = name
        self.tenant = tenant
        self.form = form
        self.columns = columns
    }

    /// Whether `tenant` names the tenant the list was loaded for: authority URLs compare without case or a final `/`.
    public func isFor(tenant: String) -> Bool {
        func key(_ text: String) -> Substring {
            let lowered = text.lowercased()
            return lowered[..<(lowered.lastIndex { $0 != "/" }.map(lowered.index(after:)) ?? lowered.startIndex)]
        }
        return key(self.tenant) == key(tenant)
    }

    /// The event named `name`, or nil.
    static func find(_ name: String, in session: DatabaseSession) throws(DatabaseError) -> QueueEvent? {
        guard let row = try session.execute("SELECT id, name, tenant, array_to_json(form)::text, array_to_json(columns)::text "
                                            + "FROM enrolment_events WHERE name = $1", [name]).first,
              let id = row[0].flatMap({ Int($0) }) else { return nil }
        return QueueEvent(id: id, name: row[1] ?? name, tenant: row[2] ?? "", form: JSONText.strings(row[3]), columns: JSONText.strings(row[4]))
    }
}
