/// `tophhie run --shard K/N`: which scenarios the Kth of N runs take, the same on every machine.
///
/// Scenarios are placed longest first, each on the shard with the least time so far (ties: the lower shard
/// number), in order of last known duration, then file, then name, then place in the run; a scenario of no known
/// duration counts as the mean of the known ones (one unit when none is known), so without durations the
/// scenarios go round the shards in file-and-name order. Only integer milliseconds and the files' paths as given
/// decide: nothing hashed, nothing seeded, so every shard job of a CI matrix computes the same split.
package struct ScenarioShard: Equatable, Sendable {
    /// 1-based.
    package var index: Int
    package var count: Int

    /// `2/3` (1 ≤ K ≤ N ≤ 100); nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { "0"..."9" ~= $0 } }), let index = Int(parts[0]), let count = Int(parts[1]),
              (1...100).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    package var text: String { "\(index)/\(count)" }

    /// One scenario as the split sees it.
    package struct Entry {
        /// The scenario file as given on the command line.
        var file: String
        var name: String
        /// The last known duration in milliseconds, if any.
        var milliseconds: Int?

        package init(file: String, name: String, milliseconds: Int?) {
            self.file = file
            self.name = name
            self.milliseconds = milliseconds
        }
    }

    /// The 1-based shard of each entry, in the entries' order.
    package static func assign(_ entries: [Entry], count: Int) -> [Int] {
        let known = entries.compactMap(\.milliseconds)
        let unknown = known.isEmpty ? 1 : max(1, known.reduce(0, +) / known.count)
        let weights = entries.map { $0.milliseconds ?? unknown }
        let order = entries.indices.sorted { left, right in
            if weights[left] != weights[right] { return weights[left] > weights[right] }
            if entries[left].file != entries[right].file { return entries[left].file < entries[right].file }
            if entries[left].name != entries[right].name { return entries[left].name < entries[right].name }
            return left < right
        }
        var loads = Array(repeating: 0, count: max(count, 1))
        var shards = Array(repeating: 1, count: entries.count)
        for entry in order {
            // `min` keeps the first of equal loads: the lowest shard number.
            let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
            loads[lightest] += weights[entry]
            shards[entry] = lightest + 1
        }
        return shards
    }
}
