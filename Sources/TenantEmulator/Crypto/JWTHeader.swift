/// The JOSE header of every token.
struct JWTHeader: Encodable {
    var typ = "JWT"
    var alg = "RS256"
    var kid: String
}
