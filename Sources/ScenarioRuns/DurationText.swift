/// Seconds as reports write them: a point, never a comma, whatever `LC_NUMERIC` says; never negative.
///
/// `String(format:)` follows the C locale, so under `de_DE.UTF-8` it writes `1,500`, and a JUnit `time="1,500"`
/// makes CI publishers drop the whole file (field case 034). Integer arithmetic on rounded units instead.
enum DurationText {
    /// `value` rounded to `decimals` places (0–6), e.g. `seconds(1.5, decimals: 3)` → `1.500`; negative and
    /// non-finite values read as 0.
    static func seconds(_ value: Double, decimals: Int) -> String {
        let places = min(max(decimals, 0), 6)
        let scale = (0..<places).reduce(1) { total, _ in total * 10 }
        return text(units: units(value, scale: scale), scale: scale, places: places)
    }

    /// Whole milliseconds of `value` (0 for negative or non-finite): JUnit sums these, so a suite's time is
    /// exactly the sum of its cases' as written.
    static func milliseconds(_ value: Double) -> Int { units(value, scale: 1000) }

    /// `1500` → `1.500`.
    static func text(milliseconds: Int) -> String { text(units: milliseconds, scale: 1000, places: 3) }

    private static func units(_ value: Double, scale: Int) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return Int(min((value * Double(scale)).rounded(), Double(Int.max / 2)))
    }

    private static func text(units: Int, scale: Int, places: Int) -> String {
        guard places > 0 else { return String(units) }
        let fraction = String(units % scale)
        return "\(units / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
