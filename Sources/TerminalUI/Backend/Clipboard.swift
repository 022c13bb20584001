/// The terminal's clipboard, set with OSC 52 (`ESC ] 52 ; c ; base64 BEL`): xterm, kitty, WezTerm, iTerm2,
/// Windows Terminal and tmux (`set-clipboard`) take it, over SSH too, since it travels with the output.
public enum Clipboard {
    /// The OSC 52 sequence that puts `text` on the clipboard (`c`), its UTF-8 in standard base64.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    /// RFC 4648 §4 base64 with padding (this layer has no Foundation).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
