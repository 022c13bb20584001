import CMicroHTTPD
import Synchronization

// libmicrohttpd calls these from its own threads: they live outside any actor (not in main.swift) and
// reach their owner through `Unmanaged` context pointers. Source: docs/ARCHITECTURE.md "Traps of this toolchain".

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
        Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue().drain.requestBegan(on: drainState(of: connection))
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
    // Taken out of `values` (and the body out of `pending`), so the responder holds the only references.
    let request = LoopbackRequest(method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
                                  query: values.query, headers: values.takeHeaders(), body: pending.takeBody(), isSecure: box.isSecure)
    let answer = box.responder.respond(to: request)
    let response = answer.body.withUnsafeBytes { cmhd_response_copy($0.count, $0.baseAddress) }
    guard let response else { return cmhd_no() }
    defer { MHD_destroy_response(response) }
    for (name, value) in answer.headers { MHD_add_response_header(response, name, value) }
    return MHD_queue_response(connection, UInt32(clamping: answer.status), response)
}

let requestCompleted: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
    guard let requestContext, let pointer = requestContext.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pointer).release()
    requestContext.pointee = nil
    if let context { Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue().drain.requestEnded(on: connection.flatMap(drainState)) }
}

/// Gives each connection a `DrainGate.Connection` in its socket context, so a stop knows which connections owe
/// a request (see `DrainGate`).
let connectionNotified: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
    guard let context, let connection, let socketContext else { return }
    let drain = Unmanaged<ResponderBox>.fromOpaque(context).takeUnretainedValue().drain
    if cmhd_is_connection_start(code) != 0 {
        let state = DrainGate.Connection(socket: cmhd_connection_socket(connection))
        socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        drain.opened(state)
    } else if let stored = socketContext.pointee {
        let state = Unmanaged<DrainGate.Connection>.fromOpaque(stored)
        drain.closed(state.takeUnretainedValue())
        state.release()
        socketContext.pointee = nil
    }
}

/// The state `connectionNotified` gave `connection`.
func drainState(of connection: OpaquePointer) -> DrainGate.Connection? {
    cmhd_socket_context(connection).map { Unmanaged<DrainGate.Connection>.fromOpaque($0).takeUnretainedValue() }
}
