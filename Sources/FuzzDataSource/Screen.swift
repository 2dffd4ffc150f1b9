import CellKit
import CellKitText
import DiffableStore

/// A tile: an identity and a text of one or more lines, which can change under the same id.
struct Tile: Hashable, Identifiable {
    var id: Int
    var text: String
}

/// A note: matched by its whole value; its cell shows its position in the section.
struct Note: Hashable {
    var id: Int
}

/// A value with no registration: a snapshot that holds one is invalid.
struct Stray: Hashable {
    var id: Int
}

final class TileCell: TextCell {}
final class NoteCell: TextCell {}
final class IntCell: TextCell, ConfigurableView {
    func configure(with number: Int) { text = "#\(number)" }
}
/// `Int8(3)` is the identifier `Int(3)` under `AnyHashable`, but has a cell of its own.
final class SmallIntCell: TextCell, ConfigurableView {
    func configure(with number: Int8) { text = "i8 \(number)" }
}
final class HeaderView: TextCell, ConfigurableView {
    func configure(with section: Int) { text = "== S\(section) ==" }
}
final class FooterView: TextCell {}

/// The fuzzed screen, and the brand-new screens it is compared with: the same registrations (a
/// closure that reads the cell's context, `ConfigurableView`s, a header and a footer when asked),
/// with `onTileConfigured` called from the tile closure on the fuzzed screen only.
@MainActor
struct Screen {
    let list: TextListView
    let dataSource: UniversalDataSource<Int>

    init(height: Int, kinds: [SupplementaryKind], onTileConfigured: ((Tile) -> Void)? = nil) {
        // An estimate of at least the tallest row (see TextListViewRandomBatchTests).
        list = TextListView(width: 20, height: height, estimatedRowHeight: 3)
        dataSource = UniversalDataSource<Int>(host: list)
        dataSource.registerCell(itemType: Tile.self, cellType: TileCell.self) { cell, context, tile in
            let edge = context.position.isFirst ? "╭" : context.position.isLast ? "╰" : "│"
            cell.text = tile.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "\(edge) t\(tile.id) \($0)" }.joined(separator: "\n")
            onTileConfigured?(tile)
        }
        dataSource.registerCell(itemType: Note.self, cellType: NoteCell.self) { cell, context, note in
            cell.text = "note \(note.id) (\(context.position))"
        }
        dataSource.registerCellType(IntCell.self)
        dataSource.registerCellType(SmallIntCell.self)
        // One registration per kind on a fresh data source: these cannot clash.
        do {
            if kinds.contains(.header) {
                try dataSource.registerSupplementaryView(ofKind: .header, viewType: HeaderView.self)
            }
            if kinds.contains(.footer) {
                try dataSource.registerSupplementaryView(ofKind: .footer, viewType: FooterView.self) {
                    footer, _, section in
                    footer.text = "-- end S\(section) --"
                }
            }
        } catch {
            preconditionFailure("A fresh data source refused a kind: \(error)")
        }
    }
}
