import Localization

/// The mode the header bar names at its right end (and the queue's header): kept as a case and put into words
/// when drawn, so an enrolment desk's header follows the language the person picked (F12) and the idle reset's.
enum HeaderMode: Sendable {
    case `operator`, enrolment, emulator, emulatorEnrolment

    init(enrolment: Bool, emulator: Bool) {
        self = switch (enrolment, emulator) {
        case (false, false): .operator
        case (true, false): .enrolment
        case (false, true): .emulator
        case (true, true): .emulatorEnrolment
        }
    }

    /// The mode in the language shown now.
    var words: String {
        switch self {
        case .operator: tr("header.mode.operator")
        case .enrolment: tr("header.mode.enrolment")
        case .emulator: tr("header.mode.emulator")
        case .emulatorEnrolment: tr("header.mode.emulatorEnrolment")
        }
    }
}
