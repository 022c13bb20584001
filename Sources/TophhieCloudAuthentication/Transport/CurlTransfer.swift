import CCurl
import Foundation
import Synchronization

/// One libcurl easy handle for one request: options set from an `HTTPRequest`, the answer collected by
/// the callbacks in `CurlCallbacks.swift`, failures mapped to `TransportFailure`.
///
/// Owns the handle, its header list and its error buffer, and frees them in `deinit`.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked: `body`, `headers` and the handle are only touched by the thread running `perform()`
    // (and by `init` before it); `cancelled` is atomic and is all other threads touch.
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let cancelled = Atomic<Bool>(false)
    var body: [UInt8] = []
    private(set) var headers: [String: String] = [:]

    /// Sets every option; the transfer starts in `perform()`.
    /// - Parameters:
    ///   - caFile: PEM file added to the trust (CURLOPT_CAINFO); `nil` keeps libcurl's compiled-in bundle.
    ///   - caPath: a hashed certificate folder (CURLOPT_CAPATH); `nil` keeps libcurl's compiled-in folder.
    /// - Throws: `TransportFailure.other` when libcurl refuses an option or a header has a line break.
    init(_ request: HTTPRequest, caFile: String?, caPath: String?) throws(TransportFailure) {
        guard CurlTransfer.globalInit == CURLE_OK, let handle = curl_easy_init() else {
            throw .other("cannot start libcurl")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: ccurl_error_size())
        errorBuffer.initialize(repeating: 0, count: ccurl_error_size())
        try configure(request, caFile: caFile, caPath: caPath)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// `curl_global_init` once per process (thread-safe through the lazy global).
    private static let globalInit: CURLcode = ccurl_global_init()

    /// libcurl's compiled-in CA folder (CURLINFO_CAPATH, libcurl ≥ 7.84), e.g. `/etc/ssl/certs` on Debian;
    /// `nil` when it has none. With CURLOPT_CAINFO set to a CA file, OpenSSL trusts both.
    static var compiledInCAPath: String? {
        guard globalInit == CURLE_OK, let handle = curl_easy_init() else { return nil }
        defer { curl_easy_cleanup(handle) }
        var path: UnsafeMutablePointer<CChar>?
        guard ccurl_getinfo_string(handle, CURLINFO_CAPATH, &path) == CURLE_OK, let path else { return nil }
        return String(cString: path)
    }

    /// Whether `cancel()` was called.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Makes the running (or next) `perform()` stop within about a second with `.cancelled`. Any thread.
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    private func configure(_ request: HTTPRequest, caFile: String?, caPath: String?) throws(TransportFailure) {
        let context = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
        try set(CURLOPT_URL, string: request.url.absoluteString)
        try set(CURLOPT_PROTOCOLS_STR, string: "http,https")
        try set(CURLOPT_NOSIGNAL, 1)  // several threads: no SIGALRM for timeouts
        try set(CURLOPT_FOLLOWLOCATION, 0)  // a redirect is an answer
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { try set(CURLOPT_CAINFO, string: caFile) }
        if let caPath { try set(CURLOPT_CAPATH, string: caPath) }
        let milliseconds = max(1, Int((request.timeout * 1000).rounded(.up).clamped(to: 1...Double(Int32.max))))
        try set(CURLOPT_TIMEOUT_MS, milliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        try setMethod(request)
        try setHeaders(request.headers)
        try check(ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, curlWriteBody))
        try check(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(ccurl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, curlReceiveHeader))
        try check(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        try check(ccurl_setopt_xferinfo_function(handle, curlCheckCancelled))
        try check(ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
        try set(CURLOPT_NOPROGRESS, 0)
        try check(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    }

    private func setMethod(_ request: HTTPRequest) throws(TransportFailure) {
        let method = request.method.uppercased()
        if method == "GET" && request.body.isEmpty {
            try set(CURLOPT_HTTPGET, 1)
        } else if method == "HEAD" {
            try set(CURLOPT_NOBODY, 1)
        } else {
            // POST carries the body (copied by libcurl); another method name replaces "POST" on the wire.
            try set(CURLOPT_POST, 1)
            try check(ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
            if request.body.isEmpty {
                // An empty body still needs a non-NULL pointer, or libcurl would read the body from stdin.
                try set(CURLOPT_COPYPOSTFIELDS, string: "")
            } else {
                let handle = handle
                try check(request.body.withUnsafeBytes { ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) })
            }
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, string: method) }
        }
    }

    private func setHeaders(_ fields: [String: String]) throws(TransportFailure) {
        var list: UnsafeMutablePointer<curl_slist>?
        var lines = fields.map { name, value in value.isEmpty ? "\(name);" : "\(name): \(value)" }
        // libcurl would otherwise send `Expect: 100-continue` for larger bodies and wait for the go-ahead.
        if !fields.keys.contains(where: { $0.lowercased() == "expect" }) { lines.append("Expect:") }
        for line in lines {
            guard !line.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
                curl_slist_free_all(list)
                // Only the name: the value may be a bearer token.
                throw .other("the request header \(line.prefix { $0 != ":" && $0 != ";" }) contains a line break")
            }
            guard let appended = curl_slist_append(list, line) else {
                curl_slist_free_all(list)
                throw .other("cannot build the request headers")
            }
            list = appended
        }
        headerList = list
        try check(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, list))
    }

    /// Runs the transfer to the end on the calling thread (it blocks: never call it on the cooperative pool).
    /// - Returns: the answer, whatever its status; or the failure.
    func perform() -> Result<HTTPResponse, TransportFailure> {
        if isCancelled { return .failure(.cancelled) }
        let code = curl_easy_perform(handle)
        if isCancelled { return .failure(.cancelled) }
        guard code == CURLE_OK else { return .failure(failure(for: code)) }
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: headers, body: Data(body)))
    }

    /// Keeps the headers of the last response only: a status line (a 100 Continue, a proxy's answer) starts over.
    func receiveHeaderLine(_ raw: String) {
        let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        // RFC 9110 §5.3: repeated fields combine into one comma-separated value.
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }

    /// The curl message of this transfer: the error buffer when libcurl filled it, else the code's text.
    private func message(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    private func failure(for code: CURLcode) -> TransportFailure {
        let text = message(for: code)
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .unreachable(text)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            return .connectionLost(text)
        case CURLE_PEER_FAILED_VERIFICATION:
            return .other("TLS: the server's certificate is not trusted (\(text)). If the server uses a private or "
                + "self-signed CA (the emulator's --tls), trust that CA's PEM certificate: --ca-file FILE, or configure(caFile:)")
        case CURLE_SSL_CACERT_BADFILE:
            return .other("TLS: the CA file cannot be used (\(text)); give a readable PEM certificate file")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED,
             CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED:
            return .other("TLS: the secure connection failed (\(text)); check that the URL is https on a TLS port "
                + "and that the server's certificate is valid for its host name")
        default:
            return .other(text)
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(TransportFailure) {
        try check(ccurl_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, string: String) throws(TransportFailure) {
        try check(ccurl_setopt_string(handle, option, string))
    }

    private func check(_ code: CURLcode) throws(TransportFailure) {
        guard code == CURLE_OK else { throw .other("libcurl refused an option: \(String(cString: curl_easy_strerror(code)))") }
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
