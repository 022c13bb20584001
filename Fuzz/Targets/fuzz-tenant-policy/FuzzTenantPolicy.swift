import Foundation
import FuzzSupport
import TenantEmulator

/// Tenant policy files: any bytes parse to a policy or a `PolicyError`; an accepted policy's attribute
/// patterns compile as the emulator compiles them at start. Input: the file's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTenantPolicy(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    guard let policy = try? TenantPolicy.parse(Data(input.rest()), file: "fuzz.json") else { return 0 }
    for attribute in policy.signUp.attributes {
        if let pattern = attribute.effectiveRegex { _ = try? NSRegularExpression(pattern: pattern) }
    }
    _ = policy.client(policy.clients.first?.clientID ?? "")
    _ = policy.isOperator("fuzz@example.com")
    return 0
}
