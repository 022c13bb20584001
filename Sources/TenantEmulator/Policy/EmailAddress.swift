import EmailAddresses
import NativeAuthWire

extension EmailAddress {
    /// `jane.doe@contoso.com` → `j***@c*****o.com` (``MaskedEmail/label(_:)``, the shape of `challenge_target_label`).
    static func masked(_ text: String) -> String { MaskedEmail.label(text) }
}
