import Foundation
import TokenCacheJSON

/// The unified MSAL token cache document in memory, readable and writable by MSAL Python, Node and .NET.
///
/// A value type: the JSON object with the five well-known members `AccessToken`, `RefreshToken`,
/// `IdToken`, `Account` and `AppMetadata` (cache key → entry), plus every unknown top-level member and
/// every unknown entry field, carried through unchanged. Entries are found by their fields, never by their
/// keys (keys differ per SDK); `environment`, `realm`, `credential_type`, `home_account_id` and
/// `client_id` compare ignoring case, and `environment` ignoring a port.
///
/// Duplicates (entries for the same identity under keys that differ, e.g. only in case) collapse to the
/// newest when the document is read; only those entries get new keys (MSAL Python's, lower-cased). Every
/// other key is kept as found.
///
/// `description` and `dump` show entry counts only, never a token.
/// Source: docs/protocol.md §I1.1–§I1.3, §I1.7, traps T1, T2, T20; field case 020 (docs/field-cases.md).
public struct MSALTokenCache: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The whole top-level object; a known member, when present, is an object.
    var root: [String: CacheJSON]
    /// Whether reading collapsed duplicates, so the file should be written back even if nothing else changes.
    var collapsedDuplicates = false

    /// An empty cache.
    public init() {
        root = [:]
    }

    /// Reads a unified cache as any MSAL writes it.
    ///
    /// Empty or whitespace-only data is an empty cache. A missing well-known member is empty (MSAL Python
    /// writes a member only once it holds an entry). Timestamps may be strings or numbers.
    /// - Parameter json: UTF-8 JSON text.
    /// - Throws: ``TokenCacheError/malformed(_:)`` when the text is not one JSON object (including extra bytes
    ///   after it) or a well-known member is not an object. The message gives a byte offset, never content.
    public init(json: Data) throws(TokenCacheError) {
        let bytes = [UInt8](json)
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            self.init()
            return
        }
        let parsed: CacheJSON
        do {
            parsed = try CacheJSON.parse(bytes)
        } catch {
            throw .malformed(error.message)
        }
        guard case .object(let root) = parsed else {
            throw .malformed("the top level is not a JSON object")
        }
        for section in CacheSection.allCases {
            if let member = root[section.rawValue], member.object == nil {
                throw .malformed("the member \(section.rawValue) is not an object")
            }
        }
        var cache = MSALTokenCache()
        cache.root = root
        cache.collapsedDuplicates = cache.collapseDuplicates()
        self = cache
    }

    /// The cache as UTF-8 JSON: all five well-known members always present (MSAL.NET looks them up by
    /// exact spelling), unknown members kept, 4-space indent and sorted keys like MSAL Python's output.
    public func serialized() -> Data {
        var document = root
        for section in CacheSection.allCases where document[section.rawValue] == nil {
            document[section.rawValue] = .object([:])
        }
        return Data(CacheJSON.object(document).written())
    }

    /// Compares the documents (every member and field), not how they were read.
    public static func == (lhs: MSALTokenCache, rhs: MSALTokenCache) -> Bool {
        lhs.root == rhs.root
    }

    // MARK: Sections

    /// The object entries of `section`, sorted by key so every choice between equals is stable.
    func entries(_ section: CacheSection) -> [CacheEntry] {
        (root[section.rawValue]?.object ?? [:])
            .compactMap { key, value in value.object.map { CacheEntry(key: key, fields: $0) } }
            .sorted { $0.key < $1.key }
            .filter { entry in section.credentialType.map(entry.credentialType(is:)) ?? true }
    }

    /// Replaces the entries under `keys` by `entry` written under MSAL Python's key (or, `keepingKey`, under
    /// `entry.key`).
    mutating func replace(_ section: CacheSection, keys: [String], with entry: CacheEntry?, keepingKey: Bool = false) {
        var members = root[section.rawValue]?.object ?? [:]
        for key in keys { members[key] = nil }
        if let entry { members[keepingKey ? entry.key : section.key(for: entry)] = .object(entry.fields) }
        root[section.rawValue] = .object(members)
    }

    /// Removes the entries of `section` for which `matches` holds.
    mutating func remove(_ section: CacheSection, where matches: (CacheEntry) -> Bool) {
        let keys = entries(section).filter(matches).map(\.key)
        guard !keys.isEmpty else { return }
        replace(section, keys: keys, with: nil)
    }

    // MARK: Redaction

    private var counts: String {
        CacheSection.allCases.map { "\($0.rawValue): \(root[$0.rawValue]?.object?.count ?? 0)" }.joined(separator: ", ")
    }

    /// Entry counts per member; never a token.
    public var description: String { "MSALTokenCache(\(counts))" }

    /// Same as `description`, so debuggers never print a token.
    public var debugDescription: String { description }

    /// `dump` and debuggers see entry counts only.
    public var customMirror: Mirror {
        Mirror(self, children: CacheSection.allCases.map { (label: $0.rawValue, value: root[$0.rawValue]?.object?.count ?? 0) as Mirror.Child })
    }
}
