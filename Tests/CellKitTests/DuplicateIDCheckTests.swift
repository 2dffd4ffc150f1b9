@_spi(Testing) @testable import CellKit
import DiffableStore
import SeededRandom
import Testing

// The duplicate-`id` check keeps the `id`s of the snapshot on screen and carries them through each
// apply's changeset (`Apply/ApplyTransaction+Steps.swift`). Whatever happened before, an apply must be
// refused exactly when, and with exactly the error that, a brand-new data source given the same
// snapshot refuses it with.

@MainActor
@Suite("Duplicate-id check")
struct DuplicateIDCheckTests {
    /// A data source on a recording host with tiles, badges and plain rows registered.
    private func makeDataSource() -> (RecordingHost, UniversalDataSource<Section>) {
        let host = RecordingHost()
        let dataSource = UniversalDataSource<Section>(host: host)
        dataSource.registerCellType(TileCell.self)
        dataSource.registerCell(itemType: Badge.self, cellType: AlertCell.self) { cell, _, badge in
            cell.text = badge.label
        }
        dataSource.registerCellType(PlainCell.self)
        return (host, dataSource)
    }

    /// What a brand-new data source does with `snapshot`: the error it throws, or `nil`.
    private func freshOutcome(_ snapshot: Snapshot<Section, AnyHashable>) -> DataSourceError? {
        let (_, fresh) = makeDataSource()
        do {
            try fresh.apply(snapshot)
            return nil
        } catch {
            return error
        }
    }

    /// A random change of `snapshot`: items deleted, inserted (with `id`s drawn from a small range, so
    /// that some repeat one on screen), changed in content, moved; sections dropped and added.
    private func randomChange(
        of snapshot: Snapshot<Section, AnyHashable>, step: Int, using random: inout SplitMix64
    ) throws -> Snapshot<Section, AnyHashable> {
        var sections: [(Section, [AnyHashable])] = snapshot.sectionIdentifiers.map {
            ($0, snapshot.itemIdentifiers(inSection: $0) ?? [])
        }
        if Int.random(in: 0..<8, using: &random) == 0, !sections.isEmpty {
            sections.remove(at: Int.random(in: 0..<sections.count, using: &random))
        }
        for section in [Section.main, .more, .last] where !sections.contains(where: { $0.0 == section }) {
            if Int.random(in: 0..<4, using: &random) == 0 { sections.append((section, [])) }
        }
        for index in sections.indices {
            var items = sections[index].1
            for _ in 0..<Int.random(in: 0...3, using: &random) where !items.isEmpty {
                items.remove(at: Int.random(in: 0..<items.count, using: &random))
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let id = Int.random(in: 0..<30, using: &random)
                let item: AnyHashable =
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: Tile(id: id, title: "t\(step)")
                    case 1: Badge(id: id, label: "b\(step)")
                    default: Plain(name: "p\(id)")
                    }
                guard !items.contains(item) else { continue }
                items.insert(item, at: Int.random(in: 0...items.count, using: &random))
            }
            if !items.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
                let at = Int.random(in: 0..<items.count, using: &random)
                if let tile = items[at].base as? Tile {
                    let changed = AnyHashable(Tile(id: tile.id, title: tile.title + "'"))
                    if !items.contains(changed) { items[at] = changed }
                }
            }
            if items.count > 1, Int.random(in: 0..<3, using: &random) == 0 {
                let moved = items.remove(at: Int.random(in: 0..<items.count, using: &random))
                items.insert(moved, at: Int.random(in: 0...items.count, using: &random))
            }
            sections[index].1 = items
        }
        // Items may now repeat across sections; a snapshot refuses that, so those are dropped.
        var seen = Set<AnyHashable>()
        for index in sections.indices { sections[index].1 = sections[index].1.filter { seen.insert($0).inserted } }
        return try makeSnapshot(sections)
    }

    @Test("after any applies, an apply is refused exactly as a brand-new data source refuses it", arguments: 0..<60)
    func agreesWithBrandNewDataSource(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (host, dataSource) = makeDataSource()
        var shown = Snapshot<Section, AnyHashable>()
        // 40 steps in full; fewer under `CELLKIT_INVARIANT_STEPS`.
        for step in 0..<SeededRuns.length(40, minimum: 6) {
            let next = try randomChange(of: shown, step: step, using: &random)
            let expected = freshOutcome(next)
            let animated = Int.random(in: 0..<6, using: &random) != 0
            // Now and then the host rejects the batch: the data source keeps the previous snapshot.
            let rejects = animated && expected == nil && Int.random(in: 0..<10, using: &random) == 0
            host.rejectBatch = rejects ? 0 : nil
            var outcome: DataSourceError?
            do {
                try dataSource.apply(next, animatingDifferences: animated)
            } catch {
                outcome = error
            }
            host.rejectBatch = nil
            if rejects, case .hostRejectedUpdate = outcome {
                #expect(dataSource.snapshot() == shown, "seed \(seed), step \(step)")
                #expect(dataSource._checkInvariants() == [], "seed \(seed), step \(step)")
                continue
            }
            #expect(outcome == expected, "seed \(seed), step \(step): \(next)")
            if outcome == nil { shown = next }
            #expect(dataSource.snapshot() == shown, "seed \(seed), step \(step)")
            #expect(dataSource._checkInvariants() == [], "seed \(seed), step \(step)")
        }
    }

    @Test("an apply diffed from the snapshot on screen reads only the ids its changeset touches")
    func readsOnlyTheChanges() throws {
        let (_, dataSource) = makeDataSource()
        let tiles: [AnyHashable] = (0..<1000).map { Tile(id: $0, title: "\($0)") }
        try dataSource.apply(makeSnapshot(tiles))
        var read = dataSource._workCounts.identitiesRead
        // The first apply inserts the section: every item is read, and the ids are kept.
        #expect(read == 1000)
        // New content under the same ids, and a deletion: the deleted id is read.
        var changed = tiles
        changed[10] = Tile(id: 10, title: "new")
        changed.removeLast()
        try dataSource.apply(makeSnapshot(changed))
        #expect(dataSource._workCounts.identitiesRead == read + 1)
        read = dataSource._workCounts.identitiesRead
        // Two plain rows and a tile inserted: the three are read.
        try dataSource.apply(makeSnapshot(changed + [Tile(id: 5000, title: "z"), Plain(name: "x"), Plain(name: "y")]))
        #expect(dataSource._workCounts.identitiesRead == read + 3)
        read = dataSource._workCounts.identitiesRead
        // An inserted tile with an id on screen: refused, after a read of every item to name the pair.
        let duplicate =
            changed + [Tile(id: 5000, title: "z"), Plain(name: "x"), Plain(name: "y"), Tile(id: 7, title: "7'")]
        #expect(throws: DataSourceError.self) { try dataSource.apply(makeSnapshot(duplicate)) }
        #expect(dataSource._workCounts.identitiesRead > read + 1000)
        read = dataSource._workCounts.identitiesRead
        // The refused check dropped the ids it was carrying: the next apply that inserts a tile reads the
        // tile, then every item of its snapshot (999 + 1); the one after it only its changes.
        try dataSource.apply(makeSnapshot(changed + [Tile(id: 6000, title: "w")]))
        #expect(dataSource._workCounts.identitiesRead == read + 1 + 1000)
        read = dataSource._workCounts.identitiesRead
        try dataSource.apply(makeSnapshot(changed + [Tile(id: 6000, title: "w"), Tile(id: 6001, title: "v")]))
        #expect(dataSource._workCounts.identitiesRead == read + 1)
    }

    @Test("without the ids on screen, an apply whose diff inserts no Identifiable item reads no id")
    func noIndexNoIdentifiableInsert() throws {
        let (_, dataSource) = makeDataSource()
        // A reload keeps the ids; a refused apply drops them.
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b")]))
        #expect(throws: DataSourceError.self) {
            try dataSource.apply(
                makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Tile(id: 1, title: "c")]))
        }
        let read = dataSource._workCounts.identitiesRead
        try dataSource.apply(makeSnapshot([Tile(id: 1, title: "a"), Tile(id: 2, title: "b"), Plain(name: "x")]))
        #expect(dataSource._workCounts.identitiesRead == read + 1)
    }
}
