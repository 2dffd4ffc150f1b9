import Foundation

/// A measured amount: a time, or bytes per item for the memory workload.
enum Quantity: Sendable {
    case time(Duration)
    case bytesPerItem(Double)

    /// The number the ratio is taken of (nanoseconds or bytes).
    var magnitude: Double {
        switch self {
        case .time(let duration): duration.nanoseconds
        case .bytesPerItem(let bytes): bytes
        }
    }

    /// "1.234 ms", "56.3 B/item".
    var formatted: String {
        switch self {
        case .time(let duration):
            let ns = duration.nanoseconds
            if ns >= 1e9 { return String(format: "%.3f s", ns / 1e9) }
            if ns >= 1e6 { return String(format: "%.3f ms", ns / 1e6) }
            if ns >= 1e3 { return String(format: "%.2f µs", ns / 1e3) }
            return String(format: "%.0f ns", ns)
        case .bytesPerItem(let bytes):
            return String(format: "%.1f B/item", bytes)
        }
    }
}

/// What a row must meet to PASS.
enum Target: Sendable, CustomStringConvertible {
    /// The ratio to the baseline at most this.
    case ratioAtMost(Double)
    /// The measured value itself at most this (same unit as the row).
    case valueAtMost(Double, unit: String)

    var description: String {
        switch self {
        case .ratioAtMost(let limit): "≤ \(limit.formatted(fractionDigits: 2))x"
        case .valueAtMost(let limit, let unit): "≤ \(limit.formatted(fractionDigits: 0)) \(unit)"
        }
    }
}

/// One line of the report: a measurement, the baseline it is compared with, and the verdict.
struct Row: Sendable {
    /// The workload's name (what `--filter` matches).
    var workload: String
    /// What was measured.
    var measured: String
    /// Its median (or bytes per item).
    var value: Quantity
    /// The baseline's name.
    var baseline: String
    /// The baseline's median, measured in the same run.
    var baselineValue: Quantity
    /// Timed runs behind each median (0 for non-timed rows).
    var repetitions: Int
    /// The target, when the row has one.
    var target: Target? = nil
    /// Further conditions the row must meet to PASS (say, "moves equal the minimal moves").
    var conditions: [(name: String, holds: Bool)] = []
    /// Counts and explanations printed under the row.
    var details: [String] = []

    /// `value / baselineValue`.
    var ratio: Double { value.magnitude / baselineValue.magnitude }

    /// `nil` without a target; otherwise whether the value is within it.
    var meetsTarget: Bool? {
        switch target {
        case nil: nil
        case .ratioAtMost(let limit): ratio <= limit
        case .valueAtMost(let limit, _): value.magnitude <= limit
        }
    }

    /// `nil` without a target or conditions; otherwise whether the target (if any) and every condition hold.
    var passes: Bool? {
        guard target != nil || !conditions.isEmpty else { return nil }
        return (meetsTarget ?? true) && conditions.allSatisfy(\.holds)
    }

    /// "PASS", "MISS (over target; not: moves = minimal)", or "" without a target or conditions.
    var verdict: String {
        guard let passes else { return "" }
        if passes { return "PASS" }
        let reasons =
            (meetsTarget == false ? ["over target"] : []) + conditions.filter { !$0.holds }.map { "not: \($0.name)" }
        return "MISS (\(reasons.joined(separator: "; ")))"
    }
}

/// Prints rows and notes as a table, or as one JSON object per line.
@MainActor
final class Reporter {
    private let json: Bool
    private var printedHeader = false
    /// Every row reported, for the closing summary.
    private(set) var rows: [Row] = []

    init(json: Bool) {
        self.json = json
    }

    private static let columns = [18, 36, 11, 40, 11, 8, 8]

    private func line(_ cells: [String]) -> String {
        var text = ""
        for (cell, width) in zip(cells, Self.columns) {
            let isNumber = cell.first?.isNumber == true
            text += isNumber ? cell.leftPadded(to: width) + "  " : cell.padded(to: width) + "  "
        }
        if cells.count > Self.columns.count { text += cells[Self.columns.count...].joined(separator: "  ") }
        return text.trimmingTrailingSpaces()
    }

    /// Prints the machine, the mode and the column header (table mode only).
    func header(machine: String, mode: String) {
        if json {
            emit([("machine", .string(machine)), ("mode", .string(mode))])
            return
        }
        print("cellkit-bench: \(mode)")
        print(machine)
        print("Ratio = median / baseline median, both measured in this run, interleaved. Targets print PASS or MISS.")
        print(
            "Diff rows time Changeset(from:to:) between prebuilt snapshots; \"build + Changeset\" rows also build the new one, as an app does."
        )
        print(
            "A row with checks but no target PASSes when its answer is right; --fail-on-miss exits non-zero on any MISS."
        )
        print("New-side items are equal values in new AnyHashable boxes unless a row says \"shared values\".")
        print("")
        print(line(["workload", "measured", "median", "baseline", "median", "ratio", "target", "result"]))
        print(String(repeating: "-", count: 160))
        printedHeader = true
    }

    /// Prints a row and its details.
    func report(_ row: Row) {
        rows.append(row)
        if json {
            var fields: [(String, JSONValue)] = [
                ("workload", .string(row.workload)), ("measured", .string(row.measured)),
                ("baseline", .string(row.baseline)),
            ]
            switch (row.value, row.baselineValue) {
            case (.time(let value), .time(let baseline)):
                fields.append(("median_ns", .number(value.nanoseconds)))
                fields.append(("baseline_median_ns", .number(baseline.nanoseconds)))
            default:
                fields.append(("bytes_per_item", .number(row.value.magnitude)))
                fields.append(("baseline_bytes_per_item", .number(row.baselineValue.magnitude)))
            }
            fields.append(("ratio", .number(row.ratio)))
            fields.append(("repetitions", .number(Double(row.repetitions))))
            if let target = row.target { fields.append(("target", .string(target.description))) }
            if let passes = row.passes {
                fields.append(("result", .string(passes ? "PASS" : "MISS")))
                fields.append(("verdict", .string(row.verdict)))
            }
            if !row.conditions.isEmpty {
                fields.append(("conditions", .object(row.conditions.map { ($0.name, .bool($0.holds)) })))
            }
            if !row.details.isEmpty { fields.append(("details", .array(row.details.map(JSONValue.string)))) }
            emit(fields)
            return
        }
        print(
            line([
                row.workload, row.measured, row.value.formatted, row.baseline, row.baselineValue.formatted,
                String(format: "%.3fx", row.ratio), row.target?.description ?? "", row.verdict,
            ]))
        if !row.conditions.isEmpty {
            print(
                "    checks: " + row.conditions.map { "\($0.name) \($0.holds ? "yes" : "NO")" }.joined(separator: ", "))
        }
        for detail in row.details { print("    " + detail) }
    }

    /// Prints a note that belongs to a workload (a method, a skipped baseline, a check).
    func note(_ workload: String, _ text: String) {
        if json {
            emit([("workload", .string(workload)), ("note", .string(text))])
        } else {
            print("    \(workload): \(text)")
        }
    }

    /// Whether any row missed its target or a condition.
    var hasMiss: Bool { rows.contains { $0.passes == false } }

    /// Prints the PASS/MISS tally.
    func summary(elapsed: Duration) {
        let judged = rows.compactMap(\.passes)
        let passed = judged.filter { $0 }.count
        if json {
            emit([
                ("summary", .string("\(passed) of \(judged.count) rows pass")),
                ("elapsed_s", .number(elapsed.nanoseconds / 1e9)),
            ])
            return
        }
        print(String(repeating: "-", count: 160))
        print(
            String(
                format: "%d of %d judged rows pass (targets and checks); run took %.1f s.", passed, judged.count,
                elapsed.nanoseconds / 1e9))
        for row in rows where row.passes == false {
            print(
                "  MISS: \(row.workload) \(row.measured) vs \(row.baseline): \(String(format: "%.3fx", row.ratio)) \(row.verdict)"
            )
        }
    }

    private func emit(_ fields: [(String, JSONValue)]) {
        print(JSONValue.object(fields).encoded)
    }
}

/// A JSON value with ordered keys (so lines read workload first).
enum JSONValue: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Compact JSON text.
    var encoded: String {
        switch self {
        case .string(let text): return Self.quoted(text)
        case .number(let value):
            if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
            return value.isFinite ? String(value) : "null"
        case .bool(let value): return value ? "true" : "false"
        case .array(let values): return "[" + values.map(\.encoded).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { Self.quoted($0.0) + ":" + $0.1.encoded }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension Double {
    func formatted(fractionDigits: Int) -> String {
        String(format: "%.\(fractionDigits)f", self)
    }
}

extension Int {
    /// "1,000,000".
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
