import Foundation

extension TenantEmulator {
    /// What a front door answers during an outage: 503 with an HTML page, not the token service's JSON
    /// envelope, and `Retry-After` when given (the `http503` fault; field case 030).
    static func serviceUnavailablePage(retryAfter: Int?) -> EmulatorResponse {
        var headers = ["Content-Type": "text/html; charset=utf-8"]
        if let retryAfter { headers["Retry-After"] = String(retryAfter) }
        let page = "<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head>"
            + "<body><h1>Service Unavailable</h1><p>The service is temporarily unavailable. Please try again later.</p></body></html>"
        return EmulatorResponse(status: 503, headers: headers, body: Data(page.utf8))
    }
}
