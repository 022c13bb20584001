import CCurl
import Foundation
import Synchronization

/// One logged-in IMAP session over libcurl (`imaps://`, TLS verified): UID SEARCH, FETCH, STORE and EXPUNGE
/// on one folder, the connection kept open between commands by the easy handle.
///
/// Every command blocks its calling thread until the server answers, the per-command timeout passes or
/// ``cancel()`` is called (noticed within about a second): ``MailboxReader`` calls it on a Dispatch thread,
/// never on the cooperative pool, and one command at a time.
final class IMAPConnection: @unchecked Sendable {
    // @unchecked: the handle and `answer` are only touched by the one thread running a command (commands never
    // overlap: MailboxReader awaits each); `cancelled` is atomic and all that other threads touch.
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let cancelled = Atomic<Bool>(false)
    private var answer: [UInt8] = []
    private let location: MailboxLocation

    /// The most bytes one command may bring back (a message, or a SEARCH line of UIDs): 4 MiB.
    static let largestAnswer = 4 << 20

    /// Sets the options that hold for every command; nothing is sent until the first command.
    /// - Parameters:
    ///   - password: handed to libcurl (which copies it); never in a message.
    ///   - caFile: a PEM file of CA certificates trusted besides the system's (a test's generated certificate).
    init(location: MailboxLocation, password: String, caFile: String?) throws(MailboxFailure) {
        guard Self.globalInit == CURLE_OK, let handle = curl_easy_init() else {
            throw .configuration("cannot start libcurl")
        }
        self.handle = handle
        self.location = location
        errorBuffer = .allocate(capacity: ccurl_error_size())
        errorBuffer.initialize(repeating: 0, count: ccurl_error_size())
        let context = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
        try set(CURLOPT_PROTOCOLS_STR, string: "imap,imaps")
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { try set(CURLOPT_CAINFO, string: caFile) }
        try set(CURLOPT_USERNAME, string: location.user)
        try set(CURLOPT_PASSWORD, string: password)
        try check(ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, imapReceive))
        try check(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(ccurl_setopt_xferinfo_function(handle, imapCheckCancelled))
        try check(ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
        try set(CURLOPT_NOPROGRESS, 0)
        try check(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    private static let globalInit: CURLcode = ccurl_global_init()

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Makes the running command (and every later one) stop with `.cancelled`. Any thread; never waits.
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// `UID SEARCH criteria`: the UIDs the server lists, ascending.
    func search(_ criteria: String, timeout: TimeInterval) throws(MailboxFailure) -> [UInt64] {
        let text = String(decoding: try command(url: location.serverURL, request: "UID SEARCH " + criteria, timeout: timeout), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("* SEARCH") }
            .flatMap { $0.dropFirst("* SEARCH".count).split(separator: " ").compactMap { UInt64($0) } }.sorted()
    }

    /// The whole message `uid` (RFC 5322 bytes). The server marks it `\Seen` (a plain `BODY[]` fetch).
    func fetch(uid: UInt64, timeout: TimeInterval) throws(MailboxFailure) -> [UInt8] {
        let url = location.serverURL + "/;UID=\(uid)"
        do {
            return try command(url: url, request: nil, timeout: timeout)
        } catch .protocolFailure {
            // Once more: after a long SEARCH, Dovecot may put an untagged update before the FETCH answer,
            // which libcurl then reads as "Remote file not found"; that update is consumed by now.
            return try command(url: url, request: nil, timeout: timeout)
        }
    }

    /// `UID STORE uid +FLAGS (flags)`, e.g. `\Seen` or `\Deleted`.
    func addFlags(_ flags: String, uid: UInt64, timeout: TimeInterval) throws(MailboxFailure) {
        _ = try command(url: location.serverURL, request: "UID STORE \(uid) +FLAGS (\(flags))", timeout: timeout)
    }

    /// `EXPUNGE`: removes the messages flagged `\Deleted`.
    func expunge(timeout: TimeInterval) throws(MailboxFailure) {
        _ = try command(url: location.serverURL, request: "EXPUNGE", timeout: timeout)
    }

    /// Appends received bytes; false (which aborts the command) past ``largestAnswer``.
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard answer.count + bytes.count <= Self.largestAnswer else { return false }
        answer.append(contentsOf: bytes)
        return true
    }

    /// Runs one command to its end on this thread.
    private func command(url: String, request: String?, timeout: TimeInterval) throws(MailboxFailure) -> [UInt8] {
        if isCancelled { throw .cancelled }
        answer = []
        errorBuffer[0] = 0
        try set(CURLOPT_URL, string: url)
        if let request {
            try set(CURLOPT_CUSTOMREQUEST, string: request)
        } else {
            try check(ccurl_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, nil))
        }
        let milliseconds = Int(max(1, min(timeout, 3600)) * 1000)
        try set(CURLOPT_TIMEOUT_MS, milliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        let code = curl_easy_perform(handle)
        if isCancelled { throw .cancelled }
        guard code == CURLE_OK else { throw failure(for: code, timeout: timeout) }
        return answer
    }

    private func failure(for code: CURLcode, timeout: TimeInterval) -> MailboxFailure {
        let detail = String(cString: errorBuffer)
        let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        let mailbox = location.description
        switch code {
        case CURLE_LOGIN_DENIED:
            return .loginRefused(mailbox: mailbox, user: location.user)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST:
            return .unreachable(mailbox: mailbox, reason: text)
        case CURLE_OPERATION_TIMEDOUT:
            return .unreachable(mailbox: mailbox, reason: "it did not answer within \(Int(timeout.rounded(.up))) s")
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_PEER_FAILED_VERIFICATION:
            return .unreachable(mailbox: mailbox, reason: "TLS: the server's certificate is not trusted (\(text)); "
                                + "for a private CA give the mailbox's CA file")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_USE_SSL_FAILED:
            return .unreachable(mailbox: mailbox, reason: "TLS: \(text)")
        case CURLE_WRITE_ERROR:
            return .protocolFailure(mailbox: mailbox, reason: "an answer larger than \(Self.largestAnswer >> 20) MiB was refused")
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_WEIRD_SERVER_REPLY:
            return .unreachable(mailbox: mailbox, reason: text)
        default:
            return .protocolFailure(mailbox: mailbox, reason: text)
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(MailboxFailure) {
        try check(ccurl_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, string: String) throws(MailboxFailure) {
        try check(ccurl_setopt_string(handle, option, string))
    }

    private func check(_ code: CURLcode) throws(MailboxFailure) {
        guard code == CURLE_OK else { throw .configuration("libcurl refused an option: \(String(cString: curl_easy_strerror(code)))") }
    }
}
