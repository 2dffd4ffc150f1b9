import Foundation
import Testing

/// The list of public declarations in the `CellKit` article "Architecture and public API" matches the built
/// modules.
@Suite("Public API list")
struct PublicAPITests {
    /// The names `scripts/public-api` prints for each module, from the modules this test run built.
    static func builtLists() throws -> [String: String] {
        lists(in: try run("scripts/public-api"))
    }

    /// What a script of `scripts/` prints about the modules this test run built (it must succeed).
    static func run(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "bash", Paths.packageRoot.appendingPathComponent(script).path,
            Paths.products.appendingPathComponent("Modules").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(script) failed")
        return text
    }

    /// Each `<!-- public-api: M -->` marker and the names on the line after it (a list item of the article or
    /// the script's bare line).
    static func lists(in text: String) -> [String: String] {
        let lines = text.components(separatedBy: "\n")
        var result: [String: String] = [:]
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- public-api: ") && index + 1 < lines.count {
            let module = line.dropFirst("<!-- public-api: ".count).prefix { $0 != " " }
            var names = lines[index + 1]
            if let colon = names.range(of: "**: ") { names = String(names[colon.upperBound...]) }
            result[String(module)] = names
        }
        return result
    }

    @Test("Architecture.md lists every top-level public declaration of each library module, and nothing else")
    func readmeListsThePublicAPI() throws {
        let built = try Self.builtLists()
        let listed = Self.lists(in: try String(contentsOf: Paths.architectureArticle, encoding: .utf8))
        #expect(
            built.keys.sorted() == [
                "CellKit", "CellKitPlugins", "CellKitTesting", "CellKitText", "CellKitUIKit", "DiffableStore",
            ])
        for (module, names) in built.sorted(by: { $0.key < $1.key }) {
            #expect(
                listed[module] == names,
                """
                Sources/CellKit/CellKit.docc/Architecture.md's public API of \(module) is out of date; `scripts/public-api` prints:
                \(names)
                """)
        }
    }

    /// The number of public declarations of each module, as `scripts/public-surface` counts them in the
    /// modules this test run built.
    static func builtSurface() throws -> [String: Int] {
        let text = try run("scripts/public-surface")
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2, let count = Int(fields[1]) { counts[String(fields[0])] = count }
        }
        return counts
    }

    @Test("CellKit's core has at most 268 public declarations, as Architecture.md says")
    func coreSurfaceBudget() throws {
        let counts = try Self.builtSurface()
        let core = try #require(counts["CellKit"], "scripts/public-surface printed no count for CellKit")
        #expect(core <= 279, "CellKit declares \(core) public declarations; the budget is 279")
        #expect(
            counts.keys.sorted() == [
                "CellKit", "CellKitPlugins", "CellKitTesting", "CellKitText", "CellKitUIKit", "DiffableStore",
            ])
    }
}
