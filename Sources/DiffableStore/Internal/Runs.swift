/// The runs of a snapshot's storage in order (see ``_ItemStorage``), held in pages of
/// ``pageCapacity`` runs so that a copy shares what it does not change.
///
/// A run is five words, four of them references (its items, hashes and two order arrays). Held in one
/// array, the first edit of a copy of 1,000,000 items (2,605 runs) copied that array, retaining about
/// 10,000 references, each a cache miss on the object it names, and the copy's release later released
/// them all again: that was what made one insert + apply grow 1.7-1.9x from 100,000 to 1,000,000 items.
/// In pages, an edit copies the list of pages (one reference per page) and the page it writes (at most
/// ``pageCapacity`` runs): at 1,000,000 items 82 + 4 × 32 references, whatever the number of runs.
///
/// Every page but the last holds exactly ``pageCapacity`` runs, so run `i` is
/// `pages[i >> pageShift][i & pageMask]` in O(1). Inserting or removing a run rewrites the pages from
/// the one it lands in to the end (O(c) for *c* runs, as a split of a run renumbers the runs after it
/// anyway); the pages before it stay shared.
@usableFromInline
struct _Runs<Item: Hashable>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// The pages of runs: each full but the last, which is not empty (no page when there is no run).
    @usableFromInline var pages: ContiguousArray<ContiguousArray<_Chunk<Item>>>
    /// The number of runs.
    @usableFromInline var count: Int
    /// Runs copied because a write found the page holding them shared with a copy (the whole
    /// page each time), for tests that bound the work of an edit.
    @usableFromInline var runsCopied = 0

    /// The log₂ of the runs of a page: 32 runs, so a first write copies about 4 × 32 + *c* / 32
    /// references for *c* runs (the fewest around *c* = 2,600, 1,000,000 items).
    @inlinable static var pageShift: Int { 5 }
    /// The most runs of a page.
    @inlinable static var pageCapacity: Int { 1 &<< pageShift }
    /// The bits of a run's ordinal that name it inside its page.
    @inlinable static var pageMask: Int { pageCapacity &- 1 }

    @inlinable
    init() {
        pages = []
        count = 0
    }

    /// The runs of `runs`, in order.
    @inlinable
    init<Runs: Sequence<_Chunk<Item>>>(_ runs: Runs) {
        self.init()
        append(contentsOf: runs)
    }

    @inlinable
    init(arrayLiteral runs: _Chunk<Item>...) { self.init(runs) }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }

    /// Run `ordinal`. An ordinal out of `0..<count` traps in the pages' own bounds checks (every page
    /// but the last is full and the last holds the rest, so no such ordinal names a run).
    @inlinable
    subscript(ordinal: Int) -> _Chunk<Item> {
        _read {
            yield pages[ordinal &>> _Runs.pageShift][ordinal & _Runs.pageMask]
        }
        _modify {
            let page = ordinal &>> _Runs.pageShift
            let before = pages[page].withUnsafeBufferPointer { $0.baseAddress }
            yield &pages[page][ordinal & _Runs.pageMask]
            if pages[page].withUnsafeBufferPointer({ $0.baseAddress }) != before { runsCopied &+= pages[page].count }
        }
    }

    /// Appends `run` after the last run. Amortized O(1), plus the last page's copy when it is shared.
    @inlinable
    mutating func append(_ run: _Chunk<Item>) {
        if count & _Runs.pageMask == 0 {
            var page = ContiguousArray<_Chunk<Item>>()
            page.reserveCapacity(_Runs.pageCapacity)
            page.append(run)
            pages.append(page)
        } else {
            let last = pages.count &- 1
            let before = pages[last].withUnsafeBufferPointer { $0.baseAddress }
            pages[last].append(run)
            if pages[last].withUnsafeBufferPointer({ $0.baseAddress }) != before {
                runsCopied &+= pages[last].count - 1
            }
        }
        count &+= 1
    }

    /// Appends `runs` after the last run.
    @inlinable
    mutating func append<Runs: Sequence<_Chunk<Item>>>(contentsOf runs: Runs) {
        for run in runs { append(run) }
    }

    /// Replaces the runs at `range` with `runs`. O(c - `range.lowerBound`): the pages from the one
    /// that holds `range.lowerBound` on are rebuilt; the pages before it stay shared.
    @inlinable
    mutating func replaceSubrange<Runs: Collection<_Chunk<Item>>>(_ range: Range<Int>, with runs: Runs) {
        let firstPage = range.lowerBound &>> _Runs.pageShift
        let kept = firstPage &<< _Runs.pageShift
        var tail = ContiguousArray<_Chunk<Item>>()
        tail.reserveCapacity(count - kept - range.count + runs.count)
        for ordinal in kept..<range.lowerBound { tail.append(self[ordinal]) }
        tail.append(contentsOf: runs)
        for ordinal in range.upperBound..<count { tail.append(self[ordinal]) }
        runsCopied &+= tail.count
        pages.removeSubrange(firstPage...)
        count = kept
        append(contentsOf: tail)
    }

    /// Removes the run at `ordinal`. O(c - `ordinal`).
    @inlinable
    mutating func remove(at ordinal: Int) {
        replaceSubrange(ordinal..<(ordinal &+ 1), with: EmptyCollection())
    }

    /// Runs `body` on these runs (a reference to the list of pages, no run copied): code that reads
    /// runs while it changes other parts of the storage reads them through this.
    @inlinable
    func withRuns<R>(_ body: (_Runs) throws -> R) rethrows -> R { try body(self) }

    /// Checks that every page but the last is full and the last not empty, and that they hold `count`
    /// runs.
    func _checkInvariants() -> [String] {
        var broken: [String] = []
        if pages.reduce(0, { $0 + $1.count }) != count {
            broken.append("_Runs: the pages hold \(pages.reduce(0) { $0 + $1.count }) runs, count says \(count)")
        }
        for (number, page) in pages.enumerated() {
            let full = page.count == _Runs.pageCapacity
            let last = number == pages.count - 1
            if !(full || (last && !page.isEmpty)) {
                broken.append("_Runs: page \(number) of \(pages.count) holds \(page.count) runs")
            }
        }
        return broken
    }
}

extension _Runs: Sendable where Item: Sendable {}
