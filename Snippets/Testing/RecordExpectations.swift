// Records what a list renders into the test's source in place of an empty expectation, so a new render test is written by running it once.
// snippet.hide
import CellKit
import CellKitTesting
import CellKitText
import DiffableStore
import Foundation

struct Fruit: Hashable { var name: String }

final class FruitCell: TextCell, ConfigurableView {
    func configure(with fruit: Fruit) { text = fruit.name }
}

let list = TextListView(width: 10, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(FruitCell.self)
var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Fruit(name: "Apple"), Fruit(name: "Pear")])
try dataSource.apply(snapshot)

// A test file, as it is before the first run.
let path = FileManager.default.temporaryDirectory.appendingPathComponent("FruitListTests-\(UUID().uuidString).swift")
    .path
try Data(
    """
    @Test func fruits() {
        assertRender(list, "")
    }
    """.utf8
).write(to: URL(fileURLWithPath: path))
// snippet.show
// In a test, write the call with an empty expectation and run it once:
//
//     assertRender(list, "")
//
// It fails once, saying it recorded, and the call now reads as below; the next run passes.
// (`CELLKIT_RECORD=1 swift test` re-records every assertRender and assertRenderAll.)
// Here the recorder writes what `list` (a list showing two fruits) renders into `path`, a copy of
// such a test file, at the call's line and column:
try InlineRecorder.record(list.render(), inFileAt: path, line: 2, column: 5)
print(try String(contentsOfFile: path, encoding: .utf8))
// snippet.hide
try? FileManager.default.removeItem(atPath: path)
// Prints:
// @Test func fruits() {
//     assertRender(list, """
//         Apple
//         Pear
//         """)
// }
