import CCurl

// libcurl calls these on the thread running `curl_easy_perform`: outside any actor, reaching their
// `IMAPConnection` through an `Unmanaged` context pointer (docs/ARCHITECTURE.md, "Traps of this toolchain").

/// CURLOPT_WRITEFUNCTION: appends what the server sent (a SEARCH line, a message); refuses more than
/// ``IMAPConnection/largestAnswer`` bytes, which ends the transfer with CURLE_WRITE_ERROR.
let imapReceive: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let connection = Unmanaged<IMAPConnection>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return length }
    return data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        connection.receive(UnsafeBufferPointer(start: bytes, count: length)) ? length : 0
    }
}

/// CURLOPT_XFERINFOFUNCTION: called at least about once a second, even while waiting; non-zero aborts the
/// transfer (CURLE_ABORTED_BY_CALLBACK) when the connection was cancelled.
let imapCheckCancelled: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    return Unmanaged<IMAPConnection>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
