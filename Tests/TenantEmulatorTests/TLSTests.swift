import EmulatorServer
import Foundation
import TenantEmulator
import Testing
import TestSupport
@testable import TophhieCloudAuthentication

/// The emulator over HTTPS with its generated certificate, reached with `CurlTransport` and the curl CLI.
@Suite("Emulator over TLS", .serialized)
struct TLSTests {
    static let discoveryPath = "/v2.0/.well-known/openid-configuration"

    /// A scratch folder, removed when the test's value goes away.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        func file(_ name: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func startTLS() throws -> EmulatorServer {
        try EmulatorServer.start(policy: try TenantPreset.load("email-password"), port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared, tls: true)
    }

    static func discovery(_ server: EmulatorServer, host: String = "127.0.0.1") -> HTTPRequest {
        HTTPRequest(url: URL(string: "https://\(host):\(server.port)/\(server.emulator.tenantID)\(discoveryPath)")
                        ?? URL(fileURLWithPath: "/"), method: "GET", timeout: 10)
    }

    /// Runs a program and returns its exit status, stdout and stderr (through files: no pipe to read while
    /// waiting, and the wait suspends, ``Process/runUntilExit()``).
    static func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("out"), errorsFile = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        try await process.runUntilExit()
        let out = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, out, err)
    }

    @Test("CurlTransport with the server's PEM as CA file fetches discovery over https; endpoints are https")
    func discoveryOverHTTPS() async throws {
        let server = try Self.startTLS()
        defer { server.stop() }
        let scratch = try Scratch()
        #expect(server.origin == "https://127.0.0.1:\(server.port)")
        #expect(server.authority.absoluteString == "https://127.0.0.1:\(server.port)/\(server.emulator.tenantID)")
        let pem = try #require(server.certificatePEM)
        let transport = try CurlTransport(caFile: try scratch.file("ca.pem", pem))
        for host in ["127.0.0.1", "localhost"] {
            let response = try await transport.send(Self.discovery(server, host: host))
            #expect(response.status == 200, "\(host)")
            let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let token = try #require(json["token_endpoint"] as? String)
            #expect(token.hasPrefix("https://\(host):\(server.port)/\(server.emulator.tenantID)/"), "\(token)")
            #expect((json["issuer"] as? String)?.hasPrefix("https://") == true, "\(json["issuer"] ?? "none")")
        }
    }

    @Test("without the CA file the same request fails with a TLS failure that says how to trust a CA")
    func verificationIsOn() async throws {
        let server = try Self.startTLS()
        defer { server.stop() }
        let systemOnly = try CurlTransport(caFile: nil)
        do {
            _ = try await systemOnly.send(Self.discovery(server))
            Issue.record("a self-signed certificate was accepted without its CA file")
        } catch {
            guard case .other(let message) = error else { Issue.record("got \(error)"); return }
            #expect(message.hasPrefix("TLS: "), "\(message)")
            #expect(message.contains("--ca-file") && message.contains("caFile"), "\(message)")
        }
        // Another server's certificate is not this one's: trusting one CA file trusts only that CA.
        let other = try Self.startTLS()
        defer { other.stop() }
        let scratch = try Scratch()
        let wrong = try CurlTransport(caFile: try scratch.file("other.pem", try #require(other.certificatePEM)))
        await #expect(throws: TransportFailure.self) { _ = try await wrong.send(Self.discovery(server)) }
    }

    @Test("the certificate: CN, SAN IP 127.0.0.1 and DNS localhost, CA:TRUE, key usage, ECDSA-SHA256, 30 days")
    func certificateContents() async throws {
        let server = try Self.startTLS()
        defer { server.stop() }
        let scratch = try Scratch()
        let file = try scratch.file("cert.pem", try #require(server.certificatePEM))
        let text = try await Self.run("/usr/bin/openssl", ["x509", "-in", file, "-noout", "-text"])
        #expect(text.status == 0, "\(text.errors)")
        for expected in ["Version: 3 (0x2)", "Subject: CN = Tophhie emulator, OU = instance ", "Issuer: CN = Tophhie emulator, OU = instance ",
                         "IP Address:127.0.0.1", "DNS:localhost", "CA:TRUE", "Digital Signature, Certificate Sign",
                         "Signature Algorithm: ecdsa-with-SHA256", "NIST CURVE: P-256"] {
            #expect(text.output.contains(expected), "missing \(expected)")
        }
        #expect(try await Self.run("/usr/bin/openssl", ["x509", "-in", file, "-noout", "-checkend", String(29 * 86400)]).status == 0)
        #expect(try await Self.run("/usr/bin/openssl", ["x509", "-in", file, "-noout", "-checkend", String(31 * 86400)]).status != 0)
        #expect(!(server.certificatePEM ?? "").contains("PRIVATE KEY"))
    }

    @Test("CAINFO adds to CAPATH: a CA only in the hashed folder and a CA only in the file are both trusted")
    func caFileAddsToTrust() async throws {
        // libcurl's compiled-in folder is what a CA file is added to: Debian's /etc/ssl/certs.
        #expect(CurlTransfer.compiledInCAPath == "/etc/ssl/certs")
        let inFolder = try Self.startTLS(), inFile = try Self.startTLS()
        defer { inFolder.stop(); inFile.stop() }
        let scratch = try Scratch()
        let folder = scratch.url.appendingPathComponent("certs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try #require(inFolder.certificatePEM).utf8).write(to: folder.appendingPathComponent("folder-ca.pem"))
        let rehash = try await Self.run("/usr/bin/openssl", ["rehash", folder.path])
        #expect(rehash.status == 0, "\(rehash.errors)")
        let caFile = try scratch.file("file-ca.pem", try #require(inFile.certificatePEM))

        let both = try CurlTransport(caFile: caFile, caPath: folder.path)
        #expect(try await both.send(Self.discovery(inFolder)).status == 200, "trusted through CAPATH while CAINFO is set")
        #expect(try await both.send(Self.discovery(inFile)).status == 200, "trusted through CAINFO")
        let folderOnly = try CurlTransport(caFile: nil, caPath: folder.path)
        await #expect(throws: TransportFailure.self, "the file's CA is not in the folder") {
            _ = try await folderOnly.send(Self.discovery(inFile))
        }
    }

    @Test("tophhie emulator --tls --tls-cert F: first line https; curl --cacert F accepts it, plain curl refuses")
    func commandLine() async throws {
        let scratch = try Scratch()
        let certificate = scratch.url.appendingPathComponent("emulator.pem").path
        let emulator = try await EmulatorProcess.start(["--tls", "--tls-cert", certificate, "--hash-iterations", "10"])
        defer { if emulator.process.isRunning { kill(emulator.process.processIdentifier, SIGTERM) } }
        #expect(emulator.authority.range(of: #"^https://127\.0\.0\.1:[0-9]+/[0-9a-f-]{36}$"#,
                                         options: .regularExpression) != nil, "\(emulator.authority)")
        let attributes = try FileManager.default.attributesOfItem(atPath: certificate)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
        let pem = try String(contentsOfFile: certificate, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----") && !pem.contains("PRIVATE KEY"))

        let url = emulator.authority + Self.discoveryPath
        let trusted = try await Self.run("/usr/bin/curl", ["-sS", "--fail", "--max-time", "10", "--cacert", certificate, url])
        #expect(trusted.status == 0, "\(trusted.errors)")
        #expect(trusted.output.contains(#""token_endpoint":"https:\/\/127.0.0.1:"#) || trusted.output.contains(#""token_endpoint":"https://127.0.0.1:"#),
                "\(trusted.output)")
        let untrusted = try await Self.run("/usr/bin/curl", ["-sS", "--max-time", "10", url])
        #expect(untrusted.status == 60, "curl exit 60: peer certificate cannot be authenticated; got \(untrusted.status) \(untrusted.errors)")
        #expect(await emulator.stop(with: SIGTERM) == 0)
    }

    @Test("--host with --tls: the certificate also names the bound address, so clients verify it")
    func otherHost() async throws {
        let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), port: 0, host: "127.0.0.2",
                                              hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared, tls: true)
        defer { server.stop() }
        let scratch = try Scratch()
        let transport = try CurlTransport(caFile: try scratch.file("ca.pem", try #require(server.certificatePEM)))
        #expect(try await transport.send(Self.discovery(server, host: "127.0.0.2")).status == 200)
    }

    @Test("--tls-cert without --tls is a usage error (exit 2)")
    func certificateNeedsTLS() async throws {
        let usage = try EmulatorProcess(["--tls-cert", "/tmp/never-written.pem"])
        await usage.process.exited()
        #expect(usage.process.terminationStatus == 2)
        #expect(await usage.standardError().contains("--tls-cert needs --tls"))
    }
}
