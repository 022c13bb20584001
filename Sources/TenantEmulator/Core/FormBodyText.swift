import NativeAuthWire

/// Query-string decoding, shared with form bodies (`+` is a space, `%XX` a UTF-8 byte).
enum FormBodyText {
    static func unescape<Text: StringProtocol>(_ text: Text) -> String { FormBody.unescape(text) }
}
