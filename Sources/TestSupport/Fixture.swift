import Foundation
import NativeAuthWire

/// One documented exchange of the real service from `Tests/Fixtures/native-auth/`.
///
/// Shape: `name`, `source`, `request` (`method`, `path`, `form`), `response` (`status`, `headers`,
/// `body` JSON or `bodyText`), `expect` (`outcome`, `notes`). See `Tests/Fixtures/README.md`.
public struct Fixture: Sendable, CustomStringConvertible {
    public let name: String
    public let source: String
    public let method: String
    public let path: String
    /// The decoded form fields of the request.
    public let form: [String: String]
    public let status: Int
    public let headers: [String: String]
    /// The response body as the service sent it (JSON re-serialised, or the raw text).
    public let body: Data
    public let expectedOutcome: String

    public var description: String { name }

    /// The endpoint the request went to.
    public var endpoint: NativeAuthEndpoint? { NativeAuthEndpoint(path: path) }

    /// The request's `grant_type`, if it had one.
    public var grantType: GrantType? { form["grant_type"].map(GrantType.init(wireValue:)) }

    init(url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let request = root["request"] as? [String: Any],
              let response = root["response"] as? [String: Any],
              let expect = root["expect"] as? [String: Any] else {
            throw FixtureError.malformed(url.lastPathComponent)
        }
        name = root["name"] as? String ?? url.deletingPathExtension().lastPathComponent
        source = root["source"] as? String ?? ""
        method = request["method"] as? String ?? "POST"
        path = request["path"] as? String ?? ""
        form = (request["form"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        status = response["status"] as? Int ?? 0
        headers = (response["headers"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        if let text = response["bodyText"] as? String {
            body = Data(text.utf8)
        } else if let json = response["body"] {
            body = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed, .sortedKeys])
        } else {
            body = Data()
        }
        expectedOutcome = expect["outcome"] as? String ?? ""
    }
}

public enum FixtureError: Error, CustomStringConvertible {
    case malformed(String)
    case missingDirectory(String)

    public var description: String {
        switch self {
        case .malformed(let name): "fixture \(name) is not a documented exchange"
        case .missingDirectory(let path): "no fixtures at \(path): the checkout is incomplete"
        }
    }
}

/// The repository's own test files: the package root, the documented exchanges and the mail under `Tests/Fixtures/`.
public enum RepositoryFiles {
    /// The package's root folder, found from this file's path.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var nativeAuthDirectory: URL {
        packageRoot.appendingPathComponent("Tests/Fixtures/native-auth")
    }

    /// Every fixture in `Tests/Fixtures/native-auth/`, sorted by name. A new file is picked up with no code change.
    public static func nativeAuthFixtures() throws -> [Fixture] {
        let directory = nativeAuthDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw FixtureError.missingDirectory(directory.path)
        }
        return try names.filter { $0.hasSuffix(".json") }.sorted().map {
            try Fixture(url: directory.appendingPathComponent($0))
        }
    }

    /// Loads one fixture by name (file stem).
    public static func fixture(_ name: String) throws -> Fixture {
        try Fixture(url: nativeAuthDirectory.appendingPathComponent("\(name).json"))
    }

    /// One received message from `Tests/Fixtures/mail/` by name (file stem), its bytes as sent (CRLF line ends).
    public static func mail(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/mail/\(name).eml")))
    }
}
