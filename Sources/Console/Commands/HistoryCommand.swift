import Foundation
import TophhieCloudAuthentication

/// `tophhie history --user UPN|OBJECT-ID [--top N] [--pages N] [--json]`: a user's sign-ins from Graph,
/// newest first, read with the cached operator account (`--account`, else the current one).
enum HistoryCommand {
    static func run(_ options: AccountCommandOptions, auth: TophhieAuth, output: (String) -> Void,
                    errors: (String) -> Void) async throws {
        let user = options.historyUser ?? ""
        let account = try options.account.map { try AccountCommandRunner.find($0, auth: auth) }
        let subject: SignInHistoryUser = user.contains("@") ? .userPrincipalName(user) : .id(user)
        let wait: @Sendable (Int) -> Void = { seconds in
            FileHandle.standardError.write(Data("tophhie history: throttled, retrying in \(seconds) s\n".utf8))
        }
        var page = try await auth.signInHistory(for: subject, top: options.top, account: account, onWait: wait)
        var rows = page.rows
        var pages = 1
        while pages < options.pages, page.nextLink != nil {
            page = try await auth.nextSignInPage(after: page, account: account, onWait: wait)
            rows += page.rows
            pages += 1
        }
        if options.json {
            output(json(rows, more: page.nextLink != nil))
            return
        }
        let time = ISO8601DateFormatter()
        for row in rows {
            let result = row.succeeded ? "success" : "failed \(row.errorCode)"
            let place = [row.city, row.countryOrRegion].compactMap { $0 }.joined(separator: ", ")
            output(PrintableText.make("\(time.string(from: row.createdDateTime))  \(result)  \(row.appDisplayName ?? row.appId ?? "?")  "
                                      + "\(row.ipAddress ?? "")  \(place)"))
        }
        if page.nextLink != nil { errors("tophhie history: more sign-ins exist; raise --pages to read them.") }
    }

    private static func json(_ rows: [SignInRecord], more: Bool) -> String {
        let time = ISO8601DateFormatter()
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = ["id": row.id, "createdDateTime": time.string(from: row.createdDateTime), "errorCode": row.errorCode]
            object["appDisplayName"] = row.appDisplayName
            object["appId"] = row.appId
            object["ipAddress"] = row.ipAddress
            object["clientAppUsed"] = row.clientAppUsed
            object["isInteractive"] = row.isInteractive
            object["failureReason"] = row.failureReason
            object["city"] = row.city
            object["countryOrRegion"] = row.countryOrRegion
            object["conditionalAccessStatus"] = row.conditionalAccessStatus
            object["userPrincipalName"] = row.userPrincipalName
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["value": objects, "more": more], options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
