import AccountFlow
@testable import Console
import QRCode
import TerminalUI
import Foundation
import Testing

/// F7's QR code: drawn whole and in its own colours when it fits, else the size it needs, never a cut code.
@Suite struct QRCodeOverlayTests {
    static let link = PhoneLink(address: "https://login.microsoftonline.com/common/oauth2/deviceauth",
                                instructions: ["Scan this with a phone to open the address, then enter the code ABCD-EFGH."])

    /// 33 modules + the quiet zone: 41 columns, 21 lines, a line of instructions above and the key hint below.
    @Test func theCodeIsDrawnWholeInItsOwnStyle() throws {
        let overlay = QRCodeOverlay(Self.link)
        #expect(overlay.neededSize == Size(width: 41, height: 23))
        var buffer = Buffer(size: Size(width: 80, height: 24))
        overlay.render(into: &buffer)
        let lines = buffer.lines()
        let expected = HalfBlockQR(try QRMatrix.encode(Self.link.address)).lines(ink: .dark)
        let left = (80 - 41) / 2
        for (row, line) in expected.enumerated() {
            #expect(String(Array(lines[1 + row])[left..<left + 41]) == line, "line \(row + 1)")
        }
        #expect(buffer[left, 1].style == .qrCode && buffer[left + 40, 21].style == .qrCode)
        #expect(lines[0].contains("ABCD-EFGH"))
        #expect(lines[23].contains("Any key goes back"))
    }

    /// An enrolment desk offers no device-code or browser sign-in: F7 there must not say to wait for one.
    @Test func f7AtADeskSaysItHasNoCodeRatherThanToWaitForASignIn() {
        let f7 = "\u{1B}[18~"
        let desk = fullScreenFrames(keys: [f7], attributes: [], enrolment: true, emulator: false, desk: nil)
        #expect(desk.contains { $0.contains("F7 shows no QR code at an enrolment desk") }, "\(desk.last ?? "")")
        #expect(!desk.contains { $0.contains("device code or browser sign-in") }, "\(desk.last ?? "")")
        let operatorSession = fullScreenFrames(keys: [f7], attributes: [], enrolment: false, emulator: false, desk: nil)
        #expect(operatorSession.contains { $0.contains("F7 works while a device code or browser sign-in waits") }, "\(operatorSession.last ?? "")")
    }

    @Test func aSmallTerminalIsToldTheSizeItNeeds() {
        var buffer = Buffer(size: Size(width: 40, height: 20))
        QRCodeOverlay(Self.link).render(into: &buffer)
        // Wrapped to 38 columns: read as one paragraph.
        let text = buffer.lines().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("at least 41×23"), "\(text)")
        #expect(text.contains("this one is 40×20"), "\(text)")
        #expect(!text.contains("▀") && !text.contains("▄"), "a code that does not fit is not drawn cut:\n\(text)")
    }

    /// `i` swaps dark and light (a light terminal without colours); any other key closes.
    @Test func iSwapsAndAnyOtherKeyCloses() throws {
        var overlay = QRCodeOverlay(Self.link)
        let stays = overlay.handle(.character("i"))
        #expect(stays)
        var buffer = Buffer(size: Size(width: 80, height: 24))
        overlay.render(into: &buffer)
        let light = HalfBlockQR(try QRMatrix.encode(Self.link.address)).lines(ink: .light)
        #expect(String(Array(buffer.lines()[1])[19..<60]) == light[0])
        let closes = !overlay.handle(.escape)
        #expect(closes)
    }
}
