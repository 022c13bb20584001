import Foundation

/// JUnit XML as CI servers read it (Jenkins, GitLab, GitHub actions): `<testsuites>` with one `<testsuite>`
/// per scenario file and one `<testcase>` per scenario; a failed scenario has a `<failure>` whose `message` is
/// the failing step and whose text is the exchange that showed it (redacted).
/// Shape: the Ant/Jenkins JUnit schema (`testsuites/testsuite/testcase/failure`), checked by
/// `Tests/ConsoleTests/Schemas/junit.xsd`.
enum JUnitReport {
    static func document(_ results: [ScenarioResult], files: [String], timestamp: Date = Date()) -> String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let failures = results.filter { !$0.passed }.count
        xml.append("<testsuites name=\"tophhie run\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" "
                   + "time=\(attribute(seconds(results.map(\.elapsed).reduce(0, +))))>")
        // The schema's timestamp: ISO 8601 without a zone (UTC here).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let stamp = formatter.string(from: timestamp)
        for file in files {
            let cases = results.filter { $0.file == file }
            let suite = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            xml.append("  <testsuite name=\(attribute(suite)) tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0.passed }.count)\" "
                       + "errors=\"0\" skipped=\"0\" time=\(attribute(seconds(cases.map(\.elapsed).reduce(0, +)))) timestamp=\"\(stamp)\">")
            for result in cases {
                let open = "    <testcase name=\(attribute(result.name)) classname=\(attribute(suite)) time=\(attribute(seconds(result.elapsed)))"
                guard let failure = result.failure else {
                    xml.append(open + "/>")
                    continue
                }
                xml.append(open + ">")
                var body = failure.headline
                if let exchange = failure.exchange { body += "\n\n" + ExchangeText.text(exchange) }
                if let har = result.harPath { body += "\n\nHAR: \(har)" }
                xml.append("      <failure message=\(attribute(failure.headline)) type=\"ScenarioFailure\">\(escape(body))</failure>")
                xml.append("    </testcase>")
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    private static func seconds(_ value: TimeInterval) -> String { String(format: "%.3f", value) }

    private static func attribute(_ text: String) -> String { "\"" + escape(text).replacingOccurrences(of: "\n", with: "&#10;") + "\"" }

    /// XML text: markup characters escaped; characters XML 1.0 forbids (controls other than tab and line
    /// breaks) dropped, so a server's stray byte cannot make the file unreadable.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
