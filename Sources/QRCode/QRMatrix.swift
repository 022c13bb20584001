import CQRencode
import Glibc

/// A QR code's modules (ISO/IEC 18004): a square of `size`×`size` dark or light modules, without the quiet
/// zone around it (the renderer adds that).
///
/// ```swift
/// let matrix = try QRMatrix.encode("https://login.example/device")
/// matrix.size        // 33 (version 4)
/// matrix[0, 0]       // true: the top-left finder pattern's corner is dark
/// ```
public struct QRMatrix: Hashable, Sendable {
    /// Modules per side: 21 for version 1, 4 more per version, 177 for version 40.
    public let size: Int
    /// Row-major, `size * size` entries; true is a dark module.
    public let modules: [Bool]

    /// - Precondition: `modules.count == size * size`.
    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR matrix of size \(size) needs \(size * size) modules")
        self.size = size
        self.modules = modules
    }

    /// Whether the module in column `x`, row `y` (from the top-left, 0-based) is dark. Outside the matrix: light.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The QR version (1…40) this size belongs to: `(size - 17) / 4`.
    public var version: Int { (size - 17) / 4 }

    /// Encodes `text` (its UTF-8 bytes) with libqrencode at the smallest version that holds it, error correction
    /// level L (7 %: a screen is not a smudged label, and a lower level keeps a long address small enough to scan).
    /// - Throws: ``QREncodingError/tooLong`` past what version 40 holds (2,953 bytes at level L),
    ///   ``QREncodingError/failed(errno:)`` for any other refusal (out of memory).
    public static func encode(_ text: String) throws(QREncodingError) -> QRMatrix {
        guard !text.utf8.contains(0) else { throw .containsNUL }
        let code = text.withCString { QRcode_encodeString($0, 0, QR_ECLEVEL_L, QR_MODE_8, 1) }
        guard let code else { throw errno == ERANGE ? .tooLong : .failed(errno: errno) }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is part of.
        let modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        return QRMatrix(size: size, modules: modules)
    }
}

/// Why a text could not be made into a QR code.
public enum QREncodingError: Error, Hashable, Sendable {
    /// More than the largest QR code holds.
    case tooLong
    /// A NUL byte, which libqrencode's string API would cut the text at.
    case containsNUL
    /// libqrencode refused for another reason (`errno`, e.g. `ENOMEM`).
    case failed(errno: Int32)
}
