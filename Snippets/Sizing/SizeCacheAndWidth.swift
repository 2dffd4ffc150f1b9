// Caches measured sizes by item, content and width: an insert measures only the new item, a new width measures again.
import CellKit
import CellKitText
import DiffableStore

struct Note: Hashable, Identifiable {
    var id: String
    var text: String
}

final class NoteCell: TextCell, ConfigurableView {
    var note = ""
    func configure(with note: Note) { self.note = "\(note.id): \(note.text)" }
    override func render(width: Int) -> [String] {  // wraps at the width
        let characters = Array(note)
        return stride(from: 0, to: characters.count, by: width).map {
            String(characters[$0..<min($0 + width, characters.count)])
        }
    }
}

let list = TextListView(width: 12, height: 6)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(NoteCell.self, sizing: .automatic)

@MainActor func show(_ notes: [Note], animated: Bool = true) throws {
    var snapshot = Snapshot<Int, AnyHashable>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(notes)
    try dataSource.apply(snapshot, animatingDifferences: animated)
    print("measured \(list.statistics.measured) in all")
}

let a = Note(id: "A", text: "buy milk")
let b = Note(id: "B", text: "call the bank")
let c = Note(id: "C", text: "ok")
try show([a, b])  // A and B are measured
try show([c, a, b])  // C alone: A and B keep their sizes through the insert
try show([c, a, b], animated: false)  // a reload asks again: all three come from the cache
list.resize(width: 20, height: 6)  // a new width: every entry is measured again
print("measured \(list.statistics.measured) in all")
try show([c, Note(id: "A", text: "buy milk and eggs"), b])  // A's new content: A alone
print(list.renderAll())
// snippet.hide
// Prints:
// measured 2 in all
// measured 3 in all
// measured 3 in all
// measured 6 in all
// measured 7 in all
// C: ok
// A: buy milk and eggs
// B: call the bank
