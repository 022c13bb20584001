import AccountFlow
import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import TenantEmulator
import TerminalUI

/// `tophhie enrol --template FILE | --check FILE [--preset NAME|FILE | --sign-up-attributes FILE]`; `--load` and
/// `--status` on a shared queue are ``QueueLoadCommand`` and ``QueueStatusCommand``.
///
/// Exit codes: `--template` 0 written, 2 the file exists or cannot be written; `--check` 0 every row can be
/// enrolled, 1 some row cannot (one `row N, column NAME: message` line each on stdout), 2 the file cannot be
/// read as a list (the message on stderr names its row and column).
public enum EnrolCommand {
    /// Runs the task and returns the exit code.
    public static func run(_ options: EnrolOptions) async -> Int32 {
        if case .status(let url, let event, let watch, let report) = options.task {
            return await QueueStatusCommand.run(url, event: event, watch: watch, report: report)
        }
        let form: EnrolmentForm
        if let attributes = options.signUpAttributes {
            form = EnrolmentForm(attributes: attributes)
        } else {
            do {
                form = EnrolmentForm(attributes: try TenantPreset.resolve(options.preset).signUpRequiredAttributes)
            } catch {
                return fail("--preset \(options.preset): \(error.message)")
            }
        }
        switch options.task {
        case .template(let path): return writeTemplate(form, to: path)
        case .check(let path): return check(path, with: form)
        case .load(let path, let url, let event, let tenant):
            // The parser asks for --tenant with --sign-up-attributes: only the emulator's tenant goes without saying.
            return await QueueLoadCommand.run(path, into: url, event: event, tenant: tenant ?? EventTenant.emulator(preset: options.preset), form: form)
        case .status: return 2
        }
    }

    private static func writeTemplate(_ form: EnrolmentForm, to path: String) -> Int32 {
        do {
            // Never over a list someone has filled in.
            try Data(EnrolmentTemplate.text(for: form).utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            return fail("--template \(path): " + (exists ? "a file is there already; choose another name." : error.localizedDescription))
        }
        FileHandle.standardError.write(Data("wrote \(path): \(form.columns.count) columns (\(form.columns.joined(separator: ", "))).\n".utf8))
        return 0
    }

    private static func check(_ path: String, with form: EnrolmentForm) -> Int32 {
        let output = BufferedOutput()
        defer { output.flush() }
        var check = EnrolmentCheck(form: form)
        var reader: CSVReader?
        // Before the verdict or the refusal: how the file was read explains them.
        func sayDialect() {
            if let notice = reader?.dialect?.notice { FileHandle.standardError.write(Data("\(path): \(notice).\n".utf8)) }
        }
        let summary: EnrolmentCheck.Summary
        do throws(CSVError) {
            let opened = try check.reader(path)
            reader = opened
            summary = try check.run(opened) { output.line(PrintableText.make($0)) }
        } catch {
            output.flush()
            sayDialect()
            return fail("\(path): \(PrintableText.make(error.description))")
        }
        output.flush()
        sayDialect()
        let verdict = summary.invalidRows == 0
            ? "every row can be enrolled"
            : "\(summary.invalidRows) of \(summary.people) row\(summary.people == 1 ? "" : "s") cannot be enrolled as they stand"
        FileHandle.standardError.write(Data("\(path): \(summary.people) \(summary.people == 1 ? "person" : "people"); \(verdict).\n".utf8))
        return summary.invalidRows == 0 ? 0 : 1
    }

    /// `tophhie enrol: message` on stderr, and exit 2 (`--load` and `--status` too).
    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("tophhie enrol: \(message)\n".utf8))
        return 2
    }
}

/// Lines for stdout, written in blocks: a list with a problem on every row prints fast.
private final class BufferedOutput {
    private var buffer: [UInt8] = []

    func line(_ text: String) {
        buffer += text.utf8
        buffer.append(0x0A)
        if buffer.count >= 64 * 1024 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
