import NativeAuthWire

/// The claims of the emulator's id and access tokens (a v2 JWT payload). Source: docs/protocol.md §N3.4.
struct JWTClaims: Encodable {
    var aud: String
    var iss: String
    var iat: Int
    var nbf: Int
    var exp: Int
    var sub: String
    var oid: String
    var tid: String
    /// Entra's unique token identifier: two tokens minted in the same second for the same user still differ.
    var uti = Base64URL.encode(SecureRandom.bytes(16))
    var ver = "2.0"
    var preferredUsername: String?
    var email: String?
    var name: String?
    var azp: String?
    var scp: String?
    /// The `/authorize` request's `nonce`, on id tokens minted for that code (docs/protocol.md §I7.3, trap T6).
    var nonce: String?
    /// When the user signed in interactively, epoch seconds (MSAL Python wants it when `max_age` was sent).
    var authTime: Int?
    /// Graph (v1.0) access tokens only: the client id, `"0"` (public client) and `"user"` (docs/protocol.md §I7.4).
    var appid: String?
    var appidacr: String?
    var idtyp: String?

    enum CodingKeys: String, CodingKey {
        case aud, iss, iat, nbf, exp, sub, oid, tid, uti, ver, preferredUsername = "preferred_username", email, name, azp, scp, nonce
        case authTime = "auth_time"
        case appid, appidacr, idtyp
    }

    /// The payload as `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes it, byte for byte
    /// (`JWTClaimsJSONTests` pins the two together): every token answer signs two payloads, and the encoder's
    /// generic machinery was a visible share of a flow's work.
    var json: [UInt8] {
        var object = JSONObjectWriter()
        // Keys in byte order, as `.sortedKeys` puts them.
        object.add("appid", appid)
        object.add("appidacr", appidacr)
        object.add("aud", aud)
        object.add("auth_time", authTime)
        object.add("azp", azp)
        object.add("email", email)
        object.add("exp", exp)
        object.add("iat", iat)
        object.add("idtyp", idtyp)
        object.add("iss", iss)
        object.add("name", name)
        object.add("nbf", nbf)
        object.add("nonce", nonce)
        object.add("oid", oid)
        object.add("preferred_username", preferredUsername)
        object.add("scp", scp)
        object.add("sub", sub)
        object.add("tid", tid)
        object.add("uti", uti)
        object.add("ver", ver)
        return object.finished()
    }
}
