import Foundation

/// One row of the sign-in log, in Microsoft Graph's `signIn` vocabulary.
///
/// Every sign-in attempt the emulator decides is recorded: native password / code / MFA answers at `/token`,
/// device-code and authorize page sign-ins, authorization-code redemptions that fail, and refresh grants;
/// successes (`errorCode` 0) and failures (the AADSTS number). Times are the virtual clock's.
/// Source: docs/protocol.md §I6.2 (field table); field case 022 (docs/field-cases.md).
struct SignInEvent: Sendable {
    /// The event id (a GUID), not the user id.
    var id: String
    /// When it happened (virtual clock).
    var createdAt: Date
    var userID: String
    /// `nil` only for rows written before the log had these columns.
    var userDisplayName: String?
    var userPrincipalName: String?
    /// The client id.
    var appID: String
    var appDisplayName: String?
    /// The emulator listens on loopback only, so always `127.0.0.1` today.
    var ipAddress: String?
    /// `Mobile Apps and Desktop clients` or `Browser`.
    var clientAppUsed: String?
    /// `false` for refresh-token grants.
    var isInteractive: Bool
    /// 0 on success, else the AADSTS number the client was given.
    var errorCode: Int
    var failureReason: String?
    var additionalDetails: String?
    var resourceID: String?
    var resourceDisplayName: String?
    /// The correlation id of the request that decided it, as returned to the client (`correlation_id`, the
    /// `client-request-id` header); nil for rows logged before the log kept it (Graph then shows the event id).
    var correlationID: String?
    /// The store's row id: the tie-breaker of "newest first" and of `$skiptoken`.
    var rowID: Int64 = 0

    /// The emulator's fixed location for every sign-in (it has no geo-IP data).
    static var location: [String: Any] { ["city": "Redmond", "state": "Washington", "countryOrRegion": "US",
                                          "geoCoordinates": ["altitude": NSNull(), "latitude": 47.674, "longitude": -122.1215]]
    }

    /// The Graph `signIn` JSON object (`JSONSerialization` values; absent strings are `null`).
    var graphJSON: [String: Any] {
        func text(_ value: String?) -> Any { value ?? NSNull() }
        return [
            "id": id, "createdDateTime": Self.timestamp(createdAt),
            "userDisplayName": text(userDisplayName), "userPrincipalName": text(userPrincipalName), "userId": userID,
            "appId": appID, "appDisplayName": text(appDisplayName), "ipAddress": text(ipAddress),
            "clientAppUsed": text(clientAppUsed), "correlationId": correlationID ?? id, "conditionalAccessStatus": "notApplied",
            "appliedConditionalAccessPolicies": [Any](), "isInteractive": isInteractive,
            "resourceId": text(resourceID), "resourceDisplayName": text(resourceDisplayName),
            "riskDetail": "none", "riskLevelAggregated": "none", "riskLevelDuringSignIn": "none", "riskState": "none",
            "riskEventTypes": [Any](), "riskEventTypes_v2": [Any](),
            "status": ["errorCode": errorCode, "failureReason": text(failureReason), "additionalDetails": text(additionalDetails)],
            "deviceDetail": ["deviceId": "", "displayName": "", "operatingSystem": "Linux", "browser": clientAppUsed == "Browser" ? "Chrome" : "",
                             "isCompliant": false, "isManaged": false, "trustType": ""],
            "location": Self.location,
        ]
    }

    /// Whole seconds as `2026-03-14T09:26:41Z` (UTC); a value type, shared by every row without a lock.
    private static let seconds = Date.ISO8601FormatStyle(timeZone: .gmt)

    /// ISO 8601 UTC with 7 fractional digits, e.g. `2026-03-14T09:26:41.1234567Z` (docs/protocol.md §I6.2).
    static func timestamp(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let digits = String(fractionTicks(date))
        return String(seconds.format(Date(timeIntervalSince1970: whole)).dropLast()) + "."
            + String(repeating: "0", count: 7 - digits.count) + digits + "Z"
    }

    /// The 100 ns ticks past the whole second that ``timestamp(_:)`` writes (0–9 999 999).
    private static func fractionTicks(_ date: Date) -> Int64 {
        let whole = date.timeIntervalSince1970.rounded(.down)
        return min(9_999_999, max(0, Int64(((date.timeIntervalSince1970 - whole) * 10_000_000).rounded(.down))))
    }

    /// `date` as `createdDateTime` shows it, in 100 ns ticks since 1970: integers, so a filter compares exactly
    /// what the client read (a `Date` holds about 0.1 µs at today's times, too coarse to compare ticks in).
    static func ticks(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down)) * 10_000_000 + fractionTicks(date)
    }

    /// ``parseTimestamp(_:)`` in 100 ns ticks since 1970, the fraction's digits taken as written.
    static func parseTicks(_ text: String) -> Int64? {
        guard let date = parseTimestamp(text) else { return nil }
        let fraction = text.dropLast().split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
        let digits = String(fraction) + String(repeating: "0", count: 7 - fraction.count)
        return Int64(date.timeIntervalSince1970.rounded(.down)) * 10_000_000 + (Int64(digits) ?? 0)
    }

    /// Reads `2026-03-14T09:26:41Z` or with 1–7 fractional digits (`…:41.1234567Z`); `nil` otherwise.
    static func parseTimestamp(_ text: String) -> Date? {
        // Checked by hand rather than with a regex compiled on every call (this runs per `$filter`).
        let characters = Array(text.utf8)
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        guard characters.count >= 20, characters.last == UInt8(ascii: "Z"),
              zip(shape, characters).allSatisfy({ expected, actual in
                  expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(actual) : expected == actual
              }) else { return nil }
        let fraction = characters[19..<(characters.count - 1)]
        if !fraction.isEmpty {
            guard fraction.first == UInt8(ascii: "."), (2...8).contains(fraction.count),
                  fraction.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        }
        guard let base = try? seconds.parse(String(text.prefix(19)) + "Z") else { return nil }
        guard fraction.count > 1, let value = Double("0" + String(decoding: fraction, as: UTF8.self)) else { return base }
        return base.addingTimeInterval(value)
    }
}

/// How a sign-in reached the emulator: decides `clientAppUsed` and `isInteractive`.
enum SignInChannel {
    /// Native authentication at `/token`, device-code pages, and refresh grants are "Mobile Apps and Desktop
    /// clients"; authorize pages are "Browser". Source: docs/protocol.md §I6.2 (`clientAppUsed` values, INFER).
    case native, deviceCode, browser, refresh

    var clientAppUsed: String { self == .browser ? "Browser" : "Mobile Apps and Desktop clients" }
    var isInteractive: Bool { self != .refresh }
}
