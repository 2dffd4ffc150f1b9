// Shows a section as an outline: rows are its visible items, expanding inserts a subtree after its parent, children load on first expand, and expansion survives a rebuilt outline.
import CellKit
import CellKitPlugins  // apply { }
import CellKitText
import DiffableStore

struct File: Hashable {
    var name: String
    var isFolder: Bool { !name.contains(".") }
}

final class FileCell: TextCell {}

let list = TextListView(width: 16, height: 8)
let dataSource = UniversalDataSource<String>(host: list)
dataSource.registerCell(itemType: File.self, cellType: FileCell.self) { cell, context, file in
    // In an outline section the context gives each row its level and whether it is expanded.
    let marker = !file.isFolder ? "· " : context.isExpanded ? "▾ " : "▸ "
    cell.text = String(repeating: "  ", count: context.level) + marker + file.name
}
dataSource.onSelect = { item, _ in try? dataSource.toggle(item) }  // a tap expands or collapses

// The model: folders and files; the photos are loaded the first time their folder opens.
var photos: [File] = []
@MainActor func showFiles() throws {
    try dataSource.apply {
        OutlineSection("files") {
            OutlineItem(File(name: "Docs")) {
                File(name: "a.txt")
                OutlineItem(File(name: "Old")) { File(name: "b.txt") }
            }
            OutlineItem(File(name: "Photos")) { photos }
        }
    }
}
dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
    guard (parent.base as? File)?.name == "Photos", photos.isEmpty else { return children }
    photos = [File(name: "cat.jpg"), File(name: "dog.jpg")]
    var loaded = SectionSnapshot<AnyHashable>()
    try? loaded.append(photos)
    return loaded
}

try showFiles()  // an outline section: the rows are the visible items (two roots, collapsed)
try dataSource.expand(File(name: "Docs"))  // its children are inserted right after it
print(list.updateLog.last ?? "")
list.select(ListIndexPath(item: 2, section: 0))  // tap "Old"
list.select(ListIndexPath(item: 4, section: 0))  // tap "Photos": its photos load
print(list.renderAll())

// Rebuilt from the model, which knows nothing of expansion: what is expanded stays expanded.
let shown = dataSource.snapshot()
try showFiles()
print("unchanged:", dataSource.snapshot() == shown)

// Collapsing hides the whole shown subtree, in one batch; "Old" stays expanded inside it.
try dataSource.collapse(File(name: "Docs"))
print(list.updateLog.last ?? "")
print(list.renderAll())
// snippet.hide
// Prints:
// insert 0.1, 0.2; reconfigure 0.0
// ▾ Docs
//   · a.txt
//   ▾ Old
//     · b.txt
// ▾ Photos
//   · cat.jpg
//   · dog.jpg
// unchanged: true
// delete 0.1, 0.2, 0.3; reconfigure 0.0
// ▸ Docs
// ▾ Photos
//   · cat.jpg
//   · dog.jpg
