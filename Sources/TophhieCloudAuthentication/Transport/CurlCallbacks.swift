import CCurl

// libcurl calls these on the thread running `curl_easy_perform`: they live outside any actor (not in a
// main.swift) and reach their `CurlTransfer` through an `Unmanaged` context pointer. Source: docs/ARCHITECTURE.md "Traps of this toolchain".

/// CURLOPT_WRITEFUNCTION: appends body bytes.
let curlWriteBody: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if let data, length > 0 {
        data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
    }
    return length
}

/// CURLOPT_HEADERFUNCTION: one header line (with its CRLF) per call, status lines included.
let curlReceiveHeader: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if let data, length > 0 {
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
        transfer.receiveHeaderLine(line)
    }
    return length
}

/// CURLOPT_XFERINFOFUNCTION: called often (at least about once a second, even while waiting); a non-zero
/// answer aborts the transfer with CURLE_ABORTED_BY_CALLBACK.
let curlCheckCancelled: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
