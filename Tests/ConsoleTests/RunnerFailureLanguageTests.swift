@testable import FlowRunner
import Foundation
import Localization
import Testing
import TophhieCloudAuthentication

/// A browser or device-code sign-in, sign-out or Graph call that failed is said in the screen's language, with what
/// the transport or the service said kept as it was sent (they were English sentences on German screens).
@Suite struct RunnerFailureLanguageTests {
    static let curl = "The server contoso.ciamlogin.com could not be reached."

    @Test(arguments: ["de", "es", "fr", "pl", "pt-BR"])
    func failuresAreInTheScreensLanguage(_ tag: String) {
        let english = Localization.with(.english) { Self.messages() }
        let translated = Localization.with(Localizer(tag: tag)) { Self.messages() }
        for (index, message) in translated.enumerated() {
            #expect(message != english[index], "\(tag): still English: \(message)")
        }
        #expect(translated[0].hasSuffix(Self.curl), "\(tag): the transport's words are kept: \(translated[0])")
        #expect(translated[3].contains("Invalid Skip Token"), "\(tag): \(translated[3])")
    }

    /// A network failure, a declined browser sign-in, Graph's licence gate, a refused page link, the snapshot not read.
    static func messages() -> [String] {
        [InteractiveRunner.failure(AuthError.networkFailure(curl)).message,
         InteractiveRunner.failure(AuthError.authorizationDeclined(ServerDetails(status: 400))).message,
         GraphRunner.failure(GraphError.notPremium(GraphErrorDetails(status: 403))).message,
         GraphRunner.failure(GraphError.pageLinkRefused(rowsRead: [], nextLink: URL(string: "https://graph.microsoft.com/v1.0/auditLogs/signIns?$skiptoken=x")!, GraphErrorDetails(status: 400, message: "Invalid Skip Token"))).message,
         GraphRunner.failure(GraphError.networkFailure(curl)).message]
    }
}
