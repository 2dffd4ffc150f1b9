import Foundation
import Testing

// Shared helpers for DocsTests: where the package and the built binaries are, running a binary, and a
// line diff for messages.

// MARK: - Paths

enum Paths {
    /// The package root, found from this file's path (`<root>/Tests/DocsTests/TestTools.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DocsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let snippets = packageRoot.appendingPathComponent("Snippets")
    static let readme = packageRoot.appendingPathComponent("README.md")
    static let contributing = packageRoot.appendingPathComponent("CONTRIBUTING.md")
    /// The `CellKit` article that lists every error and every programmer error (trap).
    static let errorsArticle = packageRoot.appendingPathComponent("Sources/CellKit/CellKit.docc/Errors.md")
    /// The `CellKit` article that lists the public API of each library module.
    static let architectureArticle = packageRoot.appendingPathComponent(
        "Sources/CellKit/CellKit.docc/Architecture.md")
    static let expected = packageRoot.appendingPathComponent("Tests/DocsTests/Expected")

    /// The build products directory this test bundle runs from (`<scratch-path>/<configuration>`), which
    /// also holds the snippet executables and `cellkit-demo`.
    ///
    /// On Linux the test bundle is the executable `<products>/CellKitPackageTests.xctest`; on macOS it is a
    /// bundle whose executable sits at `<products>/CellKitPackageTests.xctest/Contents/MacOS/...`. Either
    /// way the products directory is the parent of the `.xctest` component, whatever `--scratch-path` was.
    static let products: URL = {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var url = executable.resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
            url.deleteLastPathComponent()
        }
        return executable.deletingLastPathComponent()
    }()

    /// The built executable with a name.
    ///
    /// - Throws: ``MissingBinary`` when it is not in ``products``.
    static func binary(_ name: String) throws -> URL {
        let url = products.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw MissingBinary(name: name, directory: products.path)
        }
        return url
    }
}

/// A binary the tests need was not built next to the test bundle.
struct MissingBinary: Error, CustomStringConvertible {
    var name: String
    var directory: String
    var description: String {
        "the executable '\(name)' is not in \(directory); `swift build` and `swift test` build every snippet "
            + "and the demo there (did it fail to build, or was the file renamed?)"
    }
}

// MARK: - Running a binary

/// What a finished process printed and how it exited.
struct ProcessResult: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// A process did not finish within its allowance (a guard against hanging the test run, not a timing check).
struct ProcessHung: Error, CustomStringConvertible {
    var name: String
    var seconds: Int
    var description: String { "'\(name)' did not exit within \(seconds) s and was terminated" }
}

/// Runs a built executable with standard input from `/dev/null` and returns its exit status and output.
///
/// - Parameters:
///   - name: The executable's name in ``Paths/products``.
///   - arguments: Its arguments.
///   - allowance: Seconds after which a hung process is terminated and the call throws.
func run(_ name: String, _ arguments: [String] = [], allowance: Int = 120) throws -> ProcessResult {
    let process = Process()
    process.executableURL = try Paths.binary(name)
    process.arguments = arguments
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ck-docs-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(TimeInterval(allowance))
    while process.isRunning {
        if Date() > deadline {
            process.terminate()
            process.waitUntilExit()
            throw ProcessHung(name: name, seconds: allowance)
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
    try out.close()
    try err.close()
    return ProcessResult(
        status: process.terminationStatus,
        standardOutput: try String(contentsOf: outURL, encoding: .utf8),
        standardError: try String(contentsOf: errURL, encoding: .utf8))
}

// MARK: - Comparing text

/// The lines of a program's output, without the newline that ends the last one and without trailing
/// spaces (which a `// ` comment in a snippet cannot keep).
func outputLines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines.map { line in
        var line = Substring(line)
        while line.last == " " || line.last == "\t" || line.last == "\r" { line.removeLast() }
        return String(line)
    }
}

/// A line diff from `expected` to `actual`: unchanged lines start with two spaces, lines only in
/// `expected` with `- `, lines only in `actual` with `+ `. Long unchanged stretches are elided.
func lineDiff(expected: [String], actual: [String], context: Int = 3) -> String {
    // Longest common subsequence table, suffix form.
    let n = expected.count, m = actual.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    if n > 0 && m > 0 {
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
    }
    var rows: [(mark: Character, text: String)] = []
    var i = 0, j = 0
    while i < n || j < m {
        if i < n && j < m && expected[i] == actual[j] {
            rows.append((" ", expected[i])); i += 1; j += 1
        } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
            rows.append(("-", expected[i])); i += 1
        } else {
            rows.append(("+", actual[j])); j += 1
        }
    }
    let changed = rows.indices.filter { rows[$0].mark != " " }
    var keep = Set<Int>()
    for index in changed {
        for near in max(0, index - context)...min(rows.count - 1, index + context) { keep.insert(near) }
    }
    var result: [String] = []
    var skipped = false
    for (index, row) in rows.enumerated() {
        if keep.contains(index) {
            result.append("\(row.mark) \(row.text)")
            skipped = false
        } else if !skipped {
            result.append("  ...")
            skipped = true
        }
    }
    return result.joined(separator: "\n")
}

/// Records an issue with a line diff when `actual` differs from `expected`.
///
/// - Parameters:
///   - actual: The lines produced.
///   - expected: The lines promised.
///   - what: What is compared, for the message: `"snippet Registration/OneLineRegistration"`.
///   - fix: How to bring them back in line.
func expectLines(
    _ actual: [String], equal expected: [String], _ what: String, fix: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    Issue.record(
        """
        \(what) differs from what is expected (- expected, + actual):
        \(lineDiff(expected: expected, actual: actual))
        \(fix)
        """, sourceLocation: sourceLocation)
}

// MARK: - Running a binary on a terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A built executable running on a pseudo-terminal, as a user runs an interactive program: the tests type
/// keys into it, resize it, and read what it drew.
///
/// Nothing here depends on how fast the program or the machine is. Every wait is for something the program
/// does: ``waitFor(_:count:allowance:)`` reads until the text has been drawn, ``finish(allowance:)`` reads
/// until the program has closed the terminal and its stderr (which the kernel reports only after every
/// byte written before has been delivered), then takes its exit status. The allowances only turn a hung
/// program into an error instead of a hung test run.
///
/// The descriptors are opened close-on-exec, so that no other program started meanwhile (the tests run in
/// parallel, and Foundation's `Process` on Linux closes inherited descriptors only as of a moment before it
/// spawns) can keep this terminal or this stderr open after the program exits.
final class TerminalSession {
    private let process = Process()
    private let master: Int32
    /// The read end of the program's stderr.
    private let errorOutput: Int32
    /// Everything the program wrote to the terminal so far, as bytes.
    private var bytes: [UInt8] = []
    /// Everything the program wrote to stderr so far, as bytes.
    private var errorBytes: [UInt8] = []
    /// Whether the terminal reported that the program (and everyone else) closed it: no more output.
    private var terminalClosed = false
    /// Whether the program closed its stderr.
    private var errorClosed = false

    /// Starts `name` with stdin, stdout (and the terminal's size) on a new pseudo-terminal; stderr is kept apart.
    ///
    /// - Parameters:
    ///   - columns: The terminal's width; with `rows`, `nil` leaves the size unset (0×0, as a terminal
    ///     nobody has sized reports it).
    ///   - rows: The terminal's height.
    init(_ name: String, _ arguments: [String], columns: Int?, rows: Int?) throws {
        master = PseudoTerminal.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, PseudoTerminal.grant(master) == 0, PseudoTerminal.unlock(master) == 0,
            let path = PseudoTerminal.slaveName(master)
        else {
            throw TerminalUnavailable(reason: "cannot open a pseudo-terminal (errno \(errno))")
        }
        let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw TerminalUnavailable(reason: "cannot open \(path)") }
        defer { close(slave) }
        var error: [Int32] = [-1, -1]
        guard PseudoTerminal.closeOnExecPipe(&error) == 0 else {
            throw TerminalUnavailable(reason: "cannot open a pipe for stderr (errno \(errno))")
        }
        errorOutput = error[0]
        defer { close(error[1]) }
        if let columns, let rows { setSize(columns: columns, rows: rows) }
        process.executableURL = try Paths.binary(name)
        process.arguments = arguments
        // Foundation dups these onto the program's 0, 1 and 2, which do not close on exec.
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = FileHandle(fileDescriptor: error[1], closeOnDealloc: false)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
        close(errorOutput)
    }

    /// Sets the terminal's size and sends the program SIGWINCH, as a terminal does when its window is
    /// resized. (The kernel signals the foreground process group of a terminal that is someone's
    /// controlling terminal; this one is not the program's, so the session sends the signal itself.)
    func resize(columns: Int, rows: Int) {
        setSize(columns: columns, rows: rows)
        kill(process.processIdentifier, SIGWINCH)
    }

    private func setSize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        #if canImport(Darwin)
        _ = ioctl(master, TIOCSWINSZ, &size)
        #else
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        #endif
    }

    /// Types text, as keys. (After the program has exited, the keys go nowhere.)
    func type(_ keys: String) {
        let data = Array(keys.utf8)
        _ = data.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything written to the terminal so far (what has been read of it: see ``waitFor(_:count:allowance:)``).
    var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Reads the terminal until its output contains `text` `count` times, or the program has closed the
    /// terminal (it exited: the caller's expectations on the output then say what is missing).
    ///
    /// - Throws: ``ProcessHung`` when neither happens within `allowance` seconds.
    func waitFor(_ text: String, count: Int = 1, allowance: Int = 60) throws {
        let deadline = Date().addingTimeInterval(TimeInterval(allowance))
        while output.components(separatedBy: text).count - 1 < count && !terminalClosed {
            try readSome(until: deadline, waitingFor: "'\(text)'", allowance: allowance)
        }
    }

    /// Reads everything the program writes until it closes the terminal and its stderr, then waits for it to
    /// exit, and returns its status, everything it drew, and its stderr.
    ///
    /// - Throws: ``ProcessHung`` (and terminates the program) when it does not exit within `allowance` seconds.
    func finish(allowance: Int = 60) throws -> ProcessResult {
        let deadline = Date().addingTimeInterval(TimeInterval(allowance))
        while !terminalClosed || !errorClosed {
            try readSome(until: deadline, waitingFor: "the end of its output", allowance: allowance)
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, standardOutput: output,
            standardError: String(decoding: errorBytes, as: UTF8.self))
    }

    /// Waits until the terminal or stderr has something to read (or reports its end), and reads it.
    private func readSome(until deadline: Date, waitingFor what: String, allowance: Int) throws {
        var descriptors = [
            pollfd(fd: terminalClosed ? -1 : master, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errorClosed ? -1 : errorOutput, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow, 3600)) * 1000)
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready < 0 && errno == EINTR { return }
        guard ready > 0 else {
            process.terminate()
            throw ProcessHung(
                name: "\(process.executableURL?.lastPathComponent ?? "?") waiting for \(what)", seconds: allowance)
        }
        if descriptors[0].revents != 0, !readAvailable(from: master, into: &bytes) { terminalClosed = true }
        if descriptors[1].revents != 0, !readAvailable(from: errorOutput, into: &errorBytes) { errorClosed = true }
    }

    /// Reads what `descriptor` has (it is ready); `false` at its end. A terminal's end is EIO, which Linux
    /// returns once nobody has it open and everything written to it has been read.
    private func readAvailable(from descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }
}

/// The C library's pseudo-terminal calls, and a pipe whose ends close on exec. Glibc declares some of them
/// only for `_XOPEN_SOURCE` and `_GNU_SOURCE`, which Swift's Glibc module does not define, so on Linux they
/// are looked up by name.
enum PseudoTerminal {
    /// The path of the terminal (the slave side) of `master`, or `nil`.
    ///
    /// `ptsname` answers in one static buffer that its next call overwrites, from any thread, and the
    /// tests open terminals in parallel (the cases of a parameterized test start together): unguarded,
    /// two sessions could both read the name of one terminal, so that two programs share it while the
    /// other session's terminal stays silent. The name is copied out under a lock.
    static func slaveName(_ master: Int32) -> String? {
        nameLock.withLock { rawSlaveName(master).map { String(cString: $0) } }
    }

    private static let nameLock = NSLock()

    #if canImport(Darwin)
    static let openMaster = posix_openpt
    static let grant = grantpt
    static let unlock = unlockpt
    private static let rawSlaveName = ptsname

    /// `pipe` with both ends close-on-exec (Darwin has no `pipe2`; its `Process` closes every other
    /// descriptor in the child anyway).
    static func closeOnExecPipe(_ descriptors: UnsafeMutablePointer<Int32>) -> Int32 {
        guard pipe(descriptors) == 0 else { return -1 }
        for end in 0..<2 { _ = fcntl(descriptors[end], F_SETFD, FD_CLOEXEC) }
        return 0
    }
    #else
    static let openMaster = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let rawSlaveName = function(
        "ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    private static let pipe2 = function(
        "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

    /// `pipe2(descriptors, O_CLOEXEC)`: both ends close-on-exec from the start.
    static func closeOnExecPipe(_ descriptors: UnsafeMutablePointer<Int32>) -> Int32 {
        pipe2(descriptors, O_CLOEXEC)
    }

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("the C library has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }
    #endif
}

/// The test machine cannot give a program a pseudo-terminal.
struct TerminalUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// The screens a full-screen program drew: the text after each "clear screen" (`ESC [H ESC [2J`), with other
/// escape sequences and carriage returns removed, split into lines. (Every character the demo draws takes one
/// column, so a line's `count` is its width.)
func screens(in output: String) -> [[String]] {
    output.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst().map { screen in
        // Scalars, not Characters: "\r\n" is one Character.
        var text = String.UnicodeScalarView()
        var escape = false
        for scalar in screen.unicodeScalars {
            if escape {
                if scalar.properties.isAlphabetic { escape = false }
            } else if scalar == "\u{1B}" {
                escape = true
            } else if scalar != "\r" {
                text.append(scalar)
            }
        }
        return String(text).components(separatedBy: "\n")
    }
}
