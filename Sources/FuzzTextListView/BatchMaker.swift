import DiffableStore
import FuzzSupport

/// Reads a batch for a list with `counts` rows per section: a few changes of every kind, most of them
/// at index paths that exist, some outside, some in conflict; so batches are often invalid.
func makeBatch(_ input: inout FuzzInput, counts: [Int]) -> BatchUpdate {
    func howMany() -> Int { input.oneIn(3) ? input.int(in: 1...3) : 0 }
    func fewSections() -> Int { input.oneIn(3) ? (input.oneIn(4) ? 2 : 1) : 0 }
    func oldSection() -> Int {
        input.oneIn(10) ? input.int(in: -1...counts.count + 1) : (counts.isEmpty ? 0 : input.int(in: 0..<counts.count))
    }
    func newSection() -> Int { input.int(in: 0...max(counts.count, 1)) }
    func oldPath() -> ListIndexPath {
        let section = oldSection()
        let count = counts.indices.contains(section) ? counts[section] : 1
        let item = input.oneIn(10) ? input.int(in: -1...count + 1) : input.int(in: 0..<max(count, 1))
        return ListIndexPath(item: item, section: section)
    }
    func newPath() -> ListIndexPath {
        let section = newSection()
        let count = counts.indices.contains(section) ? counts[section] : 1
        return ListIndexPath(
            item: input.oneIn(10) ? input.int(in: -1...count + 2) : input.int(in: 0...count), section: section)
    }
    var batch = BatchUpdate()
    // Section changes are rarer than item changes.
    if input.oneIn(3) {
        batch.deletedSections = (0..<fewSections()).map { _ in oldSection() }
        batch.insertedSections = (0..<fewSections()).map { _ in newSection() }
        batch.movedSections = (0..<fewSections()).map { _ in Move(oldSection(), newSection()) }
        batch.reloadedSections = (0..<fewSections()).map { _ in oldSection() }
    }
    batch.deletedItems = (0..<howMany()).map { _ in oldPath() }
    batch.insertedItems = (0..<howMany()).map { _ in newPath() }
    batch.movedItems = (0..<howMany()).map { _ in Move(oldPath(), newPath()) }
    batch.reloadedItems = (0..<howMany()).map { _ in oldPath() }
    batch.reconfiguredItems = (0..<howMany()).map { _ in oldPath() }
    return batch
}
