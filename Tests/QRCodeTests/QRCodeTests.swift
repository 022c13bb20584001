import QRCode
import Testing

/// A phone must be able to scan what the console draws: the matrix is a real QR code of the right size,
/// and the half blocks put each module where it belongs, inside the quiet zone.
@Suite struct QRCodeTests {
    /// The 7×7 finder pattern whose top-left module is at (`x`, `y`): a dark ring, a light ring, a dark 3×3 centre.
    static func isFinderPattern(_ matrix: QRMatrix, at x: Int, _ y: Int) -> Bool {
        (0..<7).allSatisfy { dy in
            (0..<7).allSatisfy { dx in
                let ring = max(abs(dx - 3), abs(dy - 3))
                return matrix[x + dx, y + dy] == (ring != 2)
            }
        }
    }

    @Test func aDeviceCodeAddressHasFinderPatternsAtThreeCornersOnly() throws {
        let matrix = try QRMatrix.encode("https://login.microsoftonline.com/common/oauth2/deviceauth")
        #expect(Self.isFinderPattern(matrix, at: 0, 0))
        #expect(Self.isFinderPattern(matrix, at: matrix.size - 7, 0))
        #expect(Self.isFinderPattern(matrix, at: 0, matrix.size - 7))
        #expect(!Self.isFinderPattern(matrix, at: matrix.size - 7, matrix.size - 7))
        // The timing pattern between the top finders alternates, starting dark.
        #expect((8..<matrix.size - 8).allSatisfy { matrix[$0, 6] == ($0 % 2 == 0) })
    }

    /// 58 bytes at level L need version 4 (version 3 holds 53): 17 + 4 × 4 = 33 modules a side.
    @Test func theSizeMatchesTheVersionTheTextNeeds() throws {
        let short = try QRMatrix.encode("HELLO")
        #expect(short.size == 21 && short.version == 1)
        let address = try QRMatrix.encode("https://login.microsoftonline.com/common/oauth2/deviceauth")
        #expect(address.size == 33 && address.version == 4)
        // A browser sign-in address is long; it still fits, in a larger version.
        let long = try QRMatrix.encode("http://127.0.0.1:40713/5f0c3a1e/oauth2/v2.0/authorize?" + String(repeating: "state=abc&", count: 40))
        #expect(long.version > 10 && long.size == 17 + 4 * long.version)
    }

    @Test func textBeyondTheLargestVersionIsRefused() {
        #expect(throws: QREncodingError.tooLong) { try QRMatrix.encode(String(repeating: "x", count: 3000)) }
        #expect(throws: QREncodingError.containsNUL) { try QRMatrix.encode("a\u{0}b") }
    }

    /// A 1×1 matrix, dark: 9×9 modules with the quiet zone, so 5 lines of 9 cells; the dark module is
    /// row 4, the top half of line 2, column 4.
    @Test func oneDarkModuleSitsInsideTheQuietZone() {
        let picture = HalfBlockQR(QRMatrix(size: 1, modules: [true]))
        #expect(picture.columns == 9 && picture.rows == 5)
        let blank = String(repeating: " ", count: 9)
        #expect(picture.lines(ink: .dark) == [blank, blank, "    ▀    ", blank, blank])
        // Light ink draws the quiet zone and leaves the dark module empty; the half row past the end is light too.
        let full = String(repeating: "█", count: 9)
        #expect(picture.lines(ink: .light) == [full, full, "████▄████", full, full])
    }

    /// Two module rows per line: top, bottom, both and neither each get their own character.
    @Test func eachPairOfModulesGetsItsHalfBlock() {
        // Columns: top only, bottom only, both, neither; the rows beyond are light.
        let matrix = QRMatrix(size: 4, modules: [true, false, true, false,
                                                  false, true, true, false,
                                                  false, false, false, false,
                                                  false, false, false, false])
        let lines = HalfBlockQR(matrix).lines(ink: .dark)
        #expect(lines.count == 6)
        #expect(lines[2] == "    ▀▄█     ")
        #expect(lines.allSatisfy { $0.count == 12 })
        #expect(lines.enumerated().allSatisfy { $0.offset == 2 || $0.element.allSatisfy { $0 == " " } })
    }

    /// Every module of a real code comes back out of the lines it was drawn as.
    @Test func theLinesReadBackAsTheMatrix() throws {
        let matrix = try QRMatrix.encode("https://login.microsoftonline.com/common/oauth2/deviceauth")
        let lines = HalfBlockQR(matrix).lines(ink: .dark).map(Array.init)
        for y in 0..<matrix.size {
            for x in 0..<matrix.size {
                let cell = lines[(y + 4) / 2][x + 4]
                let dark = (y + 4) % 2 == 0 ? "▀█".contains(cell) : "▄█".contains(cell)
                #expect(dark == matrix[x, y], "module (\(x), \(y))")
            }
        }
    }
}
