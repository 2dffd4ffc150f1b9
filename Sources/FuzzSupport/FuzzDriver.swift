import Foundation
import SeededRandom

/// Runs a fuzz target's body on many inputs: under libFuzzer in a fuzz build (one compiled with
/// `-sanitize=fuzzer` and `-DCELLKIT_FUZZ`, see `scripts/fuzz`), or, in a normal build, on the files of
/// its corpus and a seeded number of random inputs.
///
/// A target's body reads its choices from a ``FuzzInput`` and stops the process through
/// ``fuzzCheck(_:_:file:line:)`` when a check fails; libFuzzer then saves the input that failed.
public enum FuzzDriver {
    /// One fuzz case: reads its choices from the input and checks what it did.
    public typealias Body = (inout FuzzInput) -> Void

    /// What the case now running is, for the failure message.
    nonisolated(unsafe) static var currentCase = "no case yet"

    /// Runs `body` on one input.
    public static func run(_ bytes: [UInt8], label: String, _ body: Body) {
        currentCase = label
        var input = FuzzInput(bytes)
        body(&input)
    }

    // MARK: Replay (normal builds)

    /// The replay a normal build runs: every file named on the command line (a directory stands for
    /// the files in it), then random inputs. With no paths, the target's corpus in the repository.
    ///
    /// Options: `--random N` random inputs (default 200), `--seed S` their seed (default 1),
    /// `--max-length L` their largest size in bytes (default 1024).
    ///
    /// - Parameters:
    ///   - name: The target's name; its corpus is `Fuzz/Corpus/<name>/`.
    ///   - arguments: The command line, without the program name.
    ///   - sourceFile: The `#filePath` of the target's main file, to find the repository's corpus.
    ///   - body: The fuzz case.
    /// - Returns: The process exit status: 0, or 2 for a bad command line (a failed check stops the
    ///   process before this returns).
    public static func replay(name: String, arguments: [String], sourceFile: String = #filePath, _ body: Body) -> Int32
    {
        var paths: [String] = []
        var randomCount = 200
        var seed: UInt64 = 1
        var maxLength = 1024
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--random", "--seed", "--max-length":
                guard let value = rest.popFirst().flatMap({ UInt64($0) }) else {
                    printError("\(name): \(argument) needs a number")
                    return 2
                }
                switch argument {
                case "--random": randomCount = Int(value)
                case "--seed": seed = value
                default: maxLength = Int(value)
                }
            case "--help", "-h":
                print(
                    """
                    usage: \(name) [corpus file or directory ...] [--random N] [--seed S] [--max-length L]
                    Replays each file (every file of a directory), then N random inputs (default 200) of up to
                    L bytes (default 1024) from seed S (default 1). With no path, replays Fuzz/Corpus/\(name).
                    Built with scripts/fuzz, this executable is a libFuzzer target instead (see CONTRIBUTING.md).
                    """)
                return 0
            default:
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            // <root>/Sources/<Target>/<File>.swift -> <root>/Fuzz/Corpus/<name>
            let root = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let corpus = root.appendingPathComponent("Fuzz/Corpus/\(name)").path
            if FileManager.default.fileExists(atPath: corpus) { paths = [corpus] }
        }
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                printError("\(name): no such file or directory: \(path)")
                return 2
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("\(name): cannot read \(file)")
                return 2
            }
            run([UInt8](data), label: "corpus file \(file)", body)
        }
        var generator = SplitMix64(seed: seed)
        for number in 0..<randomCount {
            let length = Int(generator.next() % UInt64(maxLength + 1))
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            run(
                bytes,
                label:
                    "random input \(number) of seed \(seed) (\(length) bytes; --seed \(seed) --random \(number + 1) replays it last)",
                body)
        }
        print("\(name): \(files.count) corpus files and \(randomCount) random inputs (seed \(seed)) passed every check")
        return 0
    }

    /// The `main` of a fuzz target in a normal build: ``replay(name:arguments:sourceFile:_:)`` with the
    /// process's command line, then exits with its status.
    public static func replayMain(name: String, sourceFile: String = #filePath, _ body: Body) -> Never {
        exit(replay(name: name, arguments: Array(CommandLine.arguments.dropFirst()), sourceFile: sourceFile, body))
    }

    // MARK: libFuzzer (fuzz builds)

    #if CELLKIT_FUZZ
    /// The body libFuzzer's callback runs (a C callback cannot capture it).
    nonisolated(unsafe) static var libFuzzerBody: Body?

    /// Hands the process to libFuzzer, which calls `body` on each input it makes; its options and corpus
    /// directories come from the command line (`-max_total_time=60 corpus/`, `-help=1`).
    ///
    /// A fuzz target's `<Module>_main` returns this: SwiftPM links an executable with its `main` renamed
    /// to `<Module>_main`, so libFuzzer's own `main` is not used and its driver is called instead.
    public static func runLibFuzzer(
        argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ body: @escaping Body
    ) -> Int32 {
        libFuzzerBody = body
        var argc = argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return _LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = size == 0 ? [] : [UInt8](UnsafeBufferPointer(start: data, count: size))
            FuzzDriver.run(bytes, label: "libFuzzer input of \(size) bytes", FuzzDriver.libFuzzerBody!)
            return 0
        }
    }
    #endif
}

#if CELLKIT_FUZZ
/// libFuzzer's entry point for programs that have their own `main`
/// (`int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size))`).
@_silgen_name("LLVMFuzzerRunDriver")
func _LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif

/// Stops the process with `message` and the case that failed when `condition` is false. Under
/// libFuzzer the stop is a crash, and libFuzzer saves the input as `crash-<hash>`.
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    fuzzFailure(message(), file: file, line: line)
}

/// Stops the process with `message` and the case that failed.
public func fuzzFailure(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    printError("\nFUZZ CHECK FAILED (\(FuzzDriver.currentCase)) at \(file):\(line):\n\(message)\n")
    fatalError("fuzz check failed", file: file, line: line)
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
