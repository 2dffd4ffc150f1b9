import Foundation
import Testing

/// The fuzz targets as CONTRIBUTING.md's "Fuzzing and sanitizers" describes them. `scripts/fuzz` runs them under
/// libFuzzer; here, in the normal build `swift test` makes, each replays its corpus and seeded random
/// inputs, so a change that breaks a target's checks, or that one of its corpus inputs catches, fails
/// the test run too.
@Suite("Fuzz targets")
struct FuzzTargetTests {
    /// The executable targets of the manifest whose names start with `Fuzz`.
    static func targets() throws -> [String] {
        let manifest = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        // swift-format may wrap a target's arguments onto the next line.
        let joined = manifest.replacingOccurrences(of: #"\(\s+name:"#, with: "(name:", options: .regularExpression)
        return quoted(after: ".executableTarget(name: ", in: joined).filter { $0.hasPrefix("Fuzz") }
    }

    static func corpus(_ target: String) -> URL {
        Paths.packageRoot.appendingPathComponent("Fuzz/Corpus/\(target)")
    }

    @Test("CONTRIBUTING.md's table names every fuzz target of the manifest, and each has a corpus")
    func listed() throws {
        let targets = try Self.targets()
        #expect(targets.count == 4, "the manifest's fuzz targets: \(targets)")
        let contributing = try String(contentsOf: Paths.contributing, encoding: .utf8)
        guard let start = contributing.range(of: "## Fuzzing and sanitizers") else {
            Issue.record("CONTRIBUTING.md has no \"## Fuzzing and sanitizers\" section")
            return
        }
        let rest = contributing[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        for target in targets {
            let inTable = section.contains("| `\(target)` |")
            #expect(inTable, "CONTRIBUTING.md's fuzzing table has no row for \(target)")
            let inputs = (try? FileManager.default.contentsOfDirectory(atPath: Self.corpus(target).path)) ?? []
            #expect(!inputs.isEmpty, "\(target) has no corpus in Fuzz/Corpus/\(target)")
        }
    }

    @Test(
        "in a normal build each fuzz target replays its corpus and random inputs, and every check passes",
        arguments: ["FuzzSnapshot", "FuzzChangeset", "FuzzTextListView", "FuzzDataSource"])
    func replay(target: String) throws {
        let result = try run(target, [Self.corpus(target).path, "--random", "20", "--seed", "7"], allowance: 900)
        #expect(result.status == 0, "\(target) exited \(result.status):\n\(result.standardError)")
        let passed = result.standardOutput.contains("passed every check")
        #expect(passed, "\(target) printed:\n\(result.standardOutput)")
    }
}
