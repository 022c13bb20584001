import Foundation

/// Times in the record, the progress file and the report: UTC, ISO 8601, to the second (`2026-12-02T07:30:00Z`).
enum UTCTime {
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
