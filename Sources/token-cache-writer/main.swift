// Hidden test helper for the token cache's durability tests (TokenCacheProcessTests). Not shipped.
// Usage:
//   token-cache-writer sample 0|1 PATH          write sample cache A (0) or B (1) to PATH, then exit
//   token-cache-writer alternate PATH PAUSE     write A, B, A, … to PATH until killed, pausing PAUSE µs halfway
//                                               through each write (so kills land mid-write)
//   token-cache-writer sign-out PATH HOME ENV   remove the account HOME of ENV and its tokens (what `tophhie sign-out` does)
//   token-cache-writer hold PATH                take PATH's lock, print "held", keep it until stdin ends
//   token-cache-writer rotate PATH NAME COUNT   COUNT read-modify-write cycles: store a token answer with refresh
//                                               token "rt-NAME-i" and account name = previous name + 1
// Exit status 0 on success, 1 with the error on stderr.
import Foundation
@_spi(Testing) import TophhieCloudAuthentication

let home = "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
let environment = "contoso.ciamlogin.com"
let client = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
let realm = "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
let clientInfo = "eyJ1aWQiOiJlN2Q2YzViNC1hMzkyLTQ4MTctOWYwZS0xZDJjM2I0YTU5NjgiLCJ1dGlkIjoiOWEzYzZlNTItMWYwZC00YjdhLThjMmUtNWQ0ZjNiMmExYzAwIn0"

/// An unsigned id token for the test account with display name `name`.
func idToken(name: String) -> String {
    let payload = #"{"oid":"e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968","tid":"9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00","preferred_username":"river@contoso.com","name":"\#(name)"}"#
    return Base64URL.encode(#"{"alg":"none"}"#.utf8) + "." + Base64URL.encode(payload.utf8) + ".c2ln"
}

/// Sample A (variant 0) or B (variant 1): about 1 MB, B longer than A, so a torn write would show.
func sample(_ variant: Int) throws -> MSALTokenCache {
    var cache = MSALTokenCache()
    let letter = variant == 0 ? "a" : "b"
    for index in 0..<(variant == 0 ? 12 : 20) {
        let answer = TokenGrant(
            accessToken: Secret(String(repeating: letter, count: 60_000) + "\(index)"), refreshToken: Secret("rt-\(letter)"),
            idToken: Secret(idToken(name: "sample \(letter)")), clientInfo: clientInfo, scope: "User.Read scope\(index)", expiresIn: 3599)
        try cache.store(answer, clientID: client, environment: environment, realm: realm, requestedScopes: [],
                        accountSource: nil, now: Date(timeIntervalSince1970: 1_767_225_600))
    }
    return cache
}

func run(_ arguments: [String]) throws {
    switch arguments.first {
    case "sample" where arguments.count == 3:
        let cache = try sample(Int(arguments[1]) ?? 0)
        _ = try TokenCacheFile(path: arguments[2]).update { $0 = cache }
    case "alternate" where arguments.count == 3:
        let file = TokenCacheFile(path: arguments[1], writePauseMicroseconds: UInt32(arguments[2]) ?? 0)
        let samples = [try sample(0), try sample(1)]
        var turn = 0
        while true {
            _ = try file.update { $0 = samples[turn % 2] }
            turn += 1
        }
    case "rotate" where arguments.count == 4:
        let file = TokenCacheFile(path: arguments[1])
        for cycle in 1...(Int(arguments[3]) ?? 1) {
            _ = try file.update { cache in
                let count = Int(cache.account(homeAccountID: home, environment: environment)?.name ?? "") ?? 0
                let answer = TokenGrant(
                    accessToken: Secret("at-\(arguments[2])-\(cycle)"), refreshToken: Secret("rt-\(arguments[2])-\(cycle)"),
                    idToken: Secret(idToken(name: "\(count + 1)")), clientInfo: clientInfo, scope: "User.Read", expiresIn: 3599)
                try cache.store(answer, clientID: client, environment: environment, realm: realm, requestedScopes: [],
                                accountSource: nil, now: Date())
            }
        }
    case "sign-out" where arguments.count == 4:
        _ = try TokenCacheFile(path: arguments[1]).update { $0.removeAccount(homeAccountID: arguments[2], environment: arguments[3]) }
    case "hold" where arguments.count == 2:
        _ = try TokenCacheFile(path: arguments[1]).update { _ in
            FileHandle.standardOutput.write(Data("held\n".utf8))
            _ = FileHandle.standardInput.readDataToEndOfFile()
        }
    default:
        throw TokenCacheError.io("usage: token-cache-writer sample 0|1 PATH | alternate PATH PAUSE | rotate PATH NAME COUNT | sign-out PATH HOME ENV | hold PATH")
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("token-cache-writer: \(error.localizedDescription)\n".utf8))
    exit(1)
}
