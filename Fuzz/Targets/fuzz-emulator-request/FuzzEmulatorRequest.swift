import Foundation
import FuzzSupport
@testable import TenantEmulator

/// The emulator core in-process (no sockets): any method, path, query, headers and body on the tenant,
/// interactive, Graph and control routes gives an answer without trapping.
///
/// Input: requests separated by a line `--`. Each is a request line `METHOD PATH[?QUERY]`, header lines
/// `name: value` up to an empty line, then the body. `{ct}`, `{code}` and `{token}` in the path and body
/// become the last `continuation_token`, the newest outbox code and the last `access_token` answered, so
/// the fuzzer can walk a flow past its first step.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmulatorRequest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let bytes = input.rest()
    var state = FlowState()
    for record in records(in: bytes) {
        let response = emulator.handle(request(record, state: state))
        state.read(response)
    }
    handled += 1
    // The store grows with every sign-up; start from the preset's users now and then, as a reset does.
    if handled % 2000 == 0 { reset() }
    return 0
}

nonisolated(unsafe) private var handled = 0

private let policy: TenantPolicy = {
    do {
        return try TenantPreset.load(TenantPreset.defaultName)
    } catch {
        fatalError("cannot read the preset: \(error)")
    }
}()

/// One emulator for the whole run: a new one per input would generate an RSA key each time.
private let emulator: TenantEmulator = {
    do {
        return try TenantEmulator(policy: policy, hasher: PasswordHasher(iterations: 1), signingKey: .generate(bits: 1024))
    } catch {
        fatalError("cannot start the emulator: \(error)")
    }
}()

private func reset() {
    for route in ["users", "outbox", "faults", "signins"] {
        _ = emulator.handle(EmulatorRequest(method: "DELETE", path: "/emulator/v1/\(route)"))
    }
    try? emulator.seedUsers(policy.users)
}

/// What earlier answers in the same input handed out.
private struct FlowState {
    var continuationToken = ""
    var accessToken = ""

    mutating func read(_ response: EmulatorResponse) {
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else { return }
        if let token = object["continuation_token"] as? String { continuationToken = token }
        if let token = object["access_token"] as? String { accessToken = token }
    }

    func fill(_ text: String) -> String {
        let code = emulator.outbox.messages().last?.code ?? ""
        return text.replacingOccurrences(of: "{ct}", with: continuationToken).replacingOccurrences(of: "{code}", with: code)
            .replacingOccurrences(of: "{token}", with: accessToken)
    }
}

/// Splits on lines that are exactly `--`.
private func records(in bytes: [UInt8]) -> [[UInt8]] {
    var records: [[UInt8]] = [[]]
    var lineStart = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
        let line = bytes[lineStart..<index]
        if line.elementsEqual("--".utf8) {
            records.append([])
        } else {
            records[records.count - 1] += line + (index < bytes.count ? [0x0A] : [])
        }
        lineStart = index + 1
    }
    return records
}

private func request(_ record: [UInt8], state: FlowState) -> EmulatorRequest {
    var reader = FuzzInput(record)
    let requestLine = text(reader.line()).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    var headers: [String: String] = [:]
    while !reader.isAtEnd {
        let line = text(reader.line())
        if line.isEmpty { break }
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        headers[String(parts[0])] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    }
    // Bytes stay as sent unless there is a placeholder to fill (filling goes through text).
    let raw = reader.rest()
    let body = raw.contains(UInt8(ascii: "{")) ? Data(state.fill(text(raw)).utf8) : Data(raw)
    return EmulatorRequest(method: requestLine.first.map(String.init) ?? "", path: state.fill(requestLine.count > 1 ? String(requestLine[1]) : ""),
                           headers: headers, body: body)
}
