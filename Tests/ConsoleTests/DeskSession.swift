import AccountFlow
@testable import Console
@testable import EnrolmentDesk
import EnrolmentFiles
@testable import FlowRunner
import Foundation
import TerminalUI
import TestSupport
import TophhieCloudAuthentication

/// An enrolment desk on `list` (CSV text), written to `people.csv` in a folder of its own, whose form asks
/// `attributes`.
func queueDesk(list: String, attributes: [RequiredAttribute]) throws -> EnrolmentDesk {
    let folder = NSTemporaryDirectory() + "tophhie-desk-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(list.utf8).write(to: URL(fileURLWithPath: folder + "/people.csv"))
    return try EnrolmentDesk(listPath: folder + "/people.csv", reportPath: nil, form: EnrolmentForm(attributes: attributes))
}

/// Runs a full-screen session on a 100×40 screen over `raw` keys, then closed input, with `attributes` asked up
/// front and `desk` (nil: none) as its queue; returns every frame it showed.
func fullScreenFrames(keys raw: [String], attributes: [RequiredAttribute], enrolment: Bool, emulator: Bool,
                      desk: EnrolmentDesk?) -> [String] {
    let mailbox = Mailbox()
    let trace = TraceLog()
    let settings = FlowSettings(upFrontAttributes: attributes, enrolmentMode: enrolment)
    let model = ConsoleModel(state: FlowState(settings: settings), runner: EffectRunner(auth: TophhieNativeAuth()) { mailbox.post($0) },
                             mailbox: mailbox, trace: trace)
    defer { model.shutdown() }
    model.desk = desk
    let backend = TestBackend(size: Size(width: 100, height: 40))
    for key in raw { backend.type(key) }
    backend.events.append(.inputClosed)
    let mode = HeaderMode(enrolment: enrolment, emulator: emulator)
    FullScreenSession(model: model, header: HeaderInfo(tenant: "contoso", authority: "http://127.0.0.1", mode: mode.words), mode: mode,
                      outbox: nil, trace: trace, desk: desk).run(on: backend)
    return backend.frames
}
