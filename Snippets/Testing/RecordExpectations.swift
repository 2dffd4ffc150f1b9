// Records what a list renders into the test's source in place of an empty expectation, so a new render test is written by running it once.
import CellKit
import CellKitTesting
import CellKitText
import DiffableStore
import Foundation

struct Fruit: Hashable { var name: String }

final class FruitCell: TextCell, ConfigurableView {
    func configure(with fruit: Fruit) { text = fruit.name }
}

// The screen under test: a list of two fruits.
let list = TextListView(width: 10, height: 2)
let dataSource = UniversalDataSource<Int>(host: list)
dataSource.registerCellType(FruitCell.self)
var snapshot = Snapshot<Int, AnyHashable>()
try snapshot.appendSections([0])
try snapshot.appendItems([Fruit(name: "Apple"), Fruit(name: "Pear")])
try dataSource.apply(snapshot)

// A test as you write it: the call with an empty expectation. Its first run records what the list
// renders in place of the empty literal, and fails once saying so; the next run compares against it.
let path = FileManager.default.temporaryDirectory.appendingPathComponent("FruitListTests-\(UUID()).swift").path
try """
@Test func fruits() {
    assertRender(list, "")
}
""".write(toFile: path, atomically: true, encoding: .utf8)

// What that run does, with the recorder assertRender uses: it writes at the call's line and column.
try InlineRecorder.record(list.render(), inFileAt: path, line: 2, column: 5)
print(try String(contentsOfFile: path, encoding: .utf8))  // the test now reads:
// snippet.hide
try? FileManager.default.removeItem(atPath: path)
// Prints:
// @Test func fruits() {
//     assertRender(list, """
//         Apple
//         Pear
//         """)
// }
