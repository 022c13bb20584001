import CMicroHTTPD
import Synchronization

// libmicrohttpd calls these from its own threads: they live outside any actor (not in main.swift) and
// reach their owner through `Unmanaged` context pointers. Source: DESIGN.md "Traps".

/// Bodies over 1 MiB are not what a loopback API or a redirect listener expects; reading stops there.
let maximumBodyBytes = 1 << 20

let collectValue: MHD_KeyValueIterator = { context, kind, key, value in
    guard let context, let key else { return cmhd_yes() }
    let values = Unmanaged<ConnectionValues>.fromOpaque(context).takeUnretainedValue()
    let name = String(cString: key)
    let text = value.map { String(cString: $0) } ?? ""
    if cmhd_is_header_kind(kind) != 0 { values.headers[name.lowercased()] = text } else { values.query[name] = text }
    return cmhd_yes()
}

let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let requestContext, let uploadSize else { return cmhd_no() }
    // First call for a request: only headers are known; allocate the body buffer and ask for more.
    guard let existing = requestContext.pointee else {
        requestContext.pointee = Unmanaged.passRetained(PendingRequest()).toOpaque()
        Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue().requestsUnderWay.add(1, ordering: .relaxed)
        return cmhd_yes()
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) { bytes in
                pending.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: uploadSize.pointee))
            }
        }
        if pending.body.count > maximumBodyBytes { return cmhd_no() }
        uploadSize.pointee = 0
        return cmhd_yes()
    }
    let box = Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue()
    let values = ConnectionValues()
    withExtendedLifetime(values) {
        cmhd_each_value(connection, collectValue, Unmanaged.passUnretained(values).toOpaque())
    }
    let request = LoopbackRequest(method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
                                  query: values.query, headers: values.headers, body: pending.body, isSecure: box.isSecure)
    let answer = box.responder.respond(to: request)
    let response = answer.body.withUnsafeBytes { cmhd_response_copy($0.count, $0.baseAddress) }
    guard let response else { return cmhd_no() }
    defer { MHD_destroy_response(response) }
    for (name, value) in answer.headers { MHD_add_response_header(response, name, value) }
    return MHD_queue_response(connection, UInt32(clamping: answer.status), response)
}

let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let requestContext, let pointer = requestContext.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pointer).release()
    requestContext.pointee = nil
    if let context { Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue().requestsUnderWay.subtract(1, ordering: .releasing) }
}
