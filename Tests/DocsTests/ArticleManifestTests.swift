import Foundation
import Testing

/// The manifests DocC articles show besides Getting Started's (which is the README's, checked by
/// `ReadmeTests`): a reader who copies one gets products this package has, from a path ending in its name,
/// with its platforms.
@Suite("Article manifests")
struct ArticleManifestTests {
    /// The article that shows a manifest for a SwiftUI screen.
    static let swiftUIArticle = "Sources/CellKitSwiftUI/CellKitSwiftUI.docc/ASwiftUIScreenWithACellKitList.md"

    @Test("the SwiftUI article's manifest names library products of this package, its path and its platforms")
    func swiftUIArticleManifest() throws {
        let text = try String(
            contentsOf: Paths.packageRoot.appendingPathComponent(Self.swiftUIArticle), encoding: .utf8)
        let manifests = ArticleBlock.all(in: text, file: Self.swiftUIArticle).filter {
            $0.lines.contains { $0.contains(".package(") }
        }
        #expect(manifests.count == 1, "\(Self.swiftUIArticle) should show one manifest")
        let package = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = Set(quoted(after: ".library(name: ", in: package))
        let platforms = package.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("platforms: [") }
        for block in manifests {
            let shown = block.lines.joined(separator: "\n")
            let products = quoted(after: ".product(name: ", in: shown)
            #expect(!products.isEmpty && Set(products).isSubset(of: libraries), "\(block.place): \(products)")
            #expect(products.contains("CellKitSwiftUI"), "\(block.place): the screen needs CellKitSwiftUI")
            let packages = quoted(after: ", package: ", in: shown)
            #expect(packages.count == products.count && packages.allSatisfy { $0 == "CellKit" }, "\(block.place)")
            let paths = quoted(after: ".package(path: ", in: shown)
            #expect(paths.count == 1 && paths.allSatisfy { $0.hasSuffix("/CellKit") }, "\(block.place): \(paths)")
            let shownPlatforms = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("platforms: [") }
            #expect(platforms != nil && shownPlatforms == platforms, "\(block.place): \(shownPlatforms ?? "none")")
        }
    }
}
