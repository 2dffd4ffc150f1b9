/// A readable line-by-line difference between an expected and an actual text, for test failures.
///
/// Trailing spaces on each line are ignored, so an expected text written in a multi-line string literal
/// needs none, although ``/CellKitText/TextListView/render()`` pads every line to the full width.
///
/// ```swift
/// print(LineDiff.report(expected: "Apple\nPear", actual: "Apple\nPeach") ?? "same")
/// // Prints:
/// // Rendered text does not match (- expected, + actual):
/// //   |Apple
/// // - |Pear
/// // + |Peach
/// ```
public enum LineDiff {
    /// Unchanged lines shown around each change; longer runs are folded.
    public static let context = 3

    /// The difference between two texts, or `nil` when they match line for line.
    ///
    /// Lines are matched by a longest common subsequence, so an inserted or deleted line shows as one
    /// `+` or `-` line rather than shifting everything below it. Runs of more than ``context`` unchanged
    /// lines away from a change are folded into one `…` line.
    ///
    /// - Parameters:
    ///   - expected: The text the test expects.
    ///   - actual: The text produced.
    /// - Returns: A report starting with a header line, or `nil` when the texts match.
    /// - Complexity: O(n + m + k²), where *k* is the length of the block between the common first and
    ///   last lines; a block of more than 2,000 lines is shown removed and added without matching.
    public static func report(expected: String, actual: String) -> String? {
        report(expected: expected, actual: actual, subject: "Rendered text")
    }

    /// The difference between two texts, or `nil` when they match line for line, with a header that
    /// names what was compared: "`subject` does not match (- expected, + actual):".
    static func report(expected: String, actual: String, subject: String) -> String? {
        let old = lines(expected)
        let new = lines(actual)
        guard old != new else { return nil }
        var out = ["\(subject) does not match (- expected, + actual):"]
        let edits = diff(old, new)
        // Which edit lines to show: changes and `context` lines around them.
        var show = [Bool](repeating: false, count: edits.count)
        for (index, edit) in edits.enumerated() where edit.mark != " " {
            for near in max(0, index - context)...min(edits.count - 1, index + context) { show[near] = true }
        }
        var index = 0
        while index < edits.count {
            if show[index] {
                out.append("\(edits[index].mark) |\(edits[index].line)")
                index += 1
                continue
            }
            var end = index
            while end < edits.count && !show[end] { end += 1 }
            let count = end - index
            out.append("  … \(count) unchanged line\(count == 1 ? "" : "s")")
            index = end
        }
        if old.count != new.count {
            out.append("(expected \(old.count) line\(old.count == 1 ? "" : "s"), got \(new.count))")
        }
        return out.joined(separator: "\n")
    }

    /// The lines of a text with trailing spaces removed.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
            return line[..<end]
        }
    }

    /// An edit script: unchanged (`" "`), removed (`"-"`) and added (`"+"`) lines in order.
    static func diff(_ old: [Substring], _ new: [Substring]) -> [(mark: Character, line: Substring)] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        var edits: [(mark: Character, line: Substring)] = old[..<prefix].map { (" ", $0) }
        if a.count <= 2_000 && b.count <= 2_000 {
            // lcs[i][j]: length of the longest common subsequence of a[i...] and b[j...].
            let width = b.count + 1
            var lcs = [Int](repeating: 0, count: (a.count + 1) * width)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    lcs[i * width + j] =
                        a[i] == b[j]
                        ? lcs[(i + 1) * width + j + 1] + 1
                        : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < a.count || j < b.count {
                if i < a.count && j < b.count && a[i] == b[j] {
                    edits.append((" ", a[i]))
                    i += 1
                    j += 1
                } else if i < a.count && (j == b.count || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
                    edits.append(("-", a[i]))
                    i += 1
                } else {
                    edits.append(("+", b[j]))
                    j += 1
                }
            }
        } else {
            edits += a.map { ("-", $0) }
            edits += b.map { ("+", $0) }
        }
        edits += old[(old.count - suffix)...].map { (" ", $0) }
        return edits
    }
}
