import DiffableStore
import Foundation

/// The memory measurement: how many bytes a 1,000,000-item snapshot holds per item, index included.
///
/// # Method
/// Swift's `Glibc` module does not export `mallinfo2` (it lives in `malloc.h`), so the benchmark
/// reads the resident set instead, in a fresh child process (this executable with `--memory-probe`)
/// where nothing has been freed yet: each buffer of a million-item snapshot is far above glibc's
/// mmap threshold, so it is a fresh mapping whose pages are all written, and resident growth
/// (`VmRSS` in `/proc/self/status`) equals the bytes allocated, to the page. The child makes the
/// items first, straight into their array (their boxes are not the snapshot's: it shares them with
/// the caller's array), then
/// measures a plain array copy as the baseline, then the snapshot; `VmHWM` gives the peak while building.
enum MemoryProbe {
    static let itemCount = 1_000_000

    /// One reading of `/proc/self/status`, in bytes.
    struct Reading {
        var resident: Int
        var peak: Int

        static func now() -> Reading {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            func field(_ name: String) -> Int {
                guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                    return 0
                }
                let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap {
                    Int($0)
                }
                return (kilobytes ?? 0) * 1024
            }
            return Reading(resident: field("VmRSS"), peak: field("VmHWM"))
        }
    }

    /// Runs in the child: measures and prints `key=value` lines (bytes per item).
    static func runInChild() {
        let start = Reading.now()
        // Made straight into their final array: freeing a big intermediate buffer here would raise
        // glibc's mmap threshold, and later transient buffers would stay resident on the heap.
        var generator = SeededGenerator(seed: 9)
        var items: [AnyHashable] = []
        items.reserveCapacity(itemCount)
        for number in 0..<itemCount { items.append(AnyHashable(BenchItem(number: number, using: &generator))) }
        let afterItems = Reading.now()
        var array: [AnyHashable] = []
        array.append(contentsOf: items)
        let afterArray = Reading.now()
        let snapshot = makeSnapshot(items)
        let afterSnapshot = Reading.now()
        blackHole((items, array, snapshot))
        let n = Double(itemCount)
        print("items_and_boxes=\(Double(afterItems.resident - start.resident) / n)")
        print("array=\(Double(afterArray.resident - afterItems.resident) / n)")
        print("snapshot=\(Double(afterSnapshot.resident - afterArray.resident) / n)")
        print("snapshot_peak=\(Double(max(afterSnapshot.peak, afterArray.resident) - afterArray.resident) / n)")
        print("count=\(snapshot.numberOfItems)")
    }

    /// Runs this executable with `--memory-probe` and parses what it prints.
    ///
    /// - Returns: The values by key, or `nil` with the reason when the child could not be run.
    static func runChild() -> Result<[String: Double], UsageError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--memory-probe"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return .failure(UsageError(description: "could not start the memory probe: \(error)"))
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(UsageError(description: "the memory probe exited with status \(process.terminationStatus)"))
        }
        var values: [String: Double] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return .success(values)
    }
}

extension Benchmark {
    /// Workload 8: bytes per item of a 1,000,000-item snapshot, index included.
    static let memory = Benchmark(
        name: "memory", summary: "bytes per item of a 1,000,000-item snapshot with its index (child process, VmRSS)"
    ) { context in
        let values: [String: Double]
        switch MemoryProbe.runChild() {
        case .success(let result): values = result
        case .failure(let error):
            context.reporter.note("memory", "not measured: \(error)")
            return
        }
        guard let snapshot = values["snapshot"], let array = values["array"] else {
            context.reporter.note("memory", "not measured: the probe printed no result")
            return
        }
        let slots = Double(indexCapacity(for: MemoryProbe.itemCount))
        let expected =
            Double(MemoryLayout<AnyHashable>.stride + MemoryLayout<Int>.stride) + slots * 4
            / Double(MemoryProbe.itemCount)
        context.reporter.report(
            Row(
                workload: "memory", measured: "Snapshot, 1,000,000 items + index", value: .bytesPerItem(snapshot),
                baseline: "[AnyHashable], same items", baselineValue: .bytesPerItem(array), repetitions: 1,
                target: .valueAtMost(64, unit: "B/item"),
                details: [
                    String(
                        format: "peak while building: %.1f B/item (transient buffers included)",
                        values["snapshot_peak"] ?? .nan),
                    String(
                        format:
                            "layout: AnyHashable %d + stored hash %d + Int32 index slots %.1f (load ≤ 3/4) = %.1f B/item expected",
                        MemoryLayout<AnyHashable>.stride, MemoryLayout<Int>.stride,
                        slots * 4 / Double(MemoryProbe.itemCount), expected),
                    String(
                        format:
                            "not counted: each item's own box (%d-byte BenchItem, shared with the app's array); items + boxes cost %.1f B/item",
                        MemoryLayout<BenchItem>.size, values["items_and_boxes"] ?? .nan),
                    "method: VmRSS growth in a fresh child process (mallinfo2 is not in Swift's Glibc module); buffers this large are fresh mmaps, so resident growth = bytes allocated",
                ]))
    }

    /// The index's slot count for `count` items: the power of two that keeps the load at or under 3/4.
    private static func indexCapacity(for count: Int) -> Int {
        var capacity = 8
        while capacity * 3 < count * 4 { capacity <<= 1 }
        return capacity
    }
}
