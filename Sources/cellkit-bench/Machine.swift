import Foundation

/// "Machine: Intel(R) Xeon(R) ... , 2 cores, Linux 6.1, Swift 6.3": what the numbers were measured on.
func machineDescription() -> String {
    var cpu = "unknown CPU"
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let name = line.split(separator: ":", maxSplits: 1).last
    {
        cpu = name.trimmingCharacters(in: .whitespaces)
    }
    let system = ProcessInfo.processInfo.operatingSystemVersionString
    return "Machine: \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(system), \(compilerVersion)"
}

/// The compiler that built the benchmark, to the minor version.
private var compilerVersion: String {
    #if compiler(>=6.4)
    "Swift 6.4 or later"
    #elseif compiler(>=6.3)
    "Swift 6.3"
    #elseif compiler(>=6.2)
    "Swift 6.2"
    #else
    "Swift 6.1 or earlier"
    #endif
}
