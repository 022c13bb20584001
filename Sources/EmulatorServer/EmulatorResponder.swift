import Foundation
import TenantEmulator

/// Adapts `TenantEmulator.handle(_:)` to the daemon.
final class EmulatorResponder: HTTPResponder {
    let emulator: TenantEmulator

    init(emulator: TenantEmulator) { self.emulator = emulator }

    func respond(method: String, path: String, query: [String: String], headers: [String: String], body: Data)
        -> (status: Int, headers: [String: String], body: Data, delaySeconds: Int) {
        let response = emulator.handle(EmulatorRequest(method: method, path: path, query: query, headers: headers, body: body))
        return (response.status, response.headers, response.body, response.delaySeconds)
    }
}
