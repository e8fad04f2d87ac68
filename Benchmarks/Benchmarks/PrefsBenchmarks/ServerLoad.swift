import Foundation

/// What the PostgreSQL cluster costs while a benchmark runs: the CPU time of its processes, read from /proc.
struct ServerLoad {
    /// The cluster's postmaster, from `postmaster.pid` in its data folder.
    let postmaster: Int32

    init(folder: String) throws {
        let text = try String(contentsOfFile: "\(folder)/data/postmaster.pid", encoding: .utf8)
        guard let pid = text.split(separator: "\n").first.flatMap({ Int32($0) }) else {
            throw BenchmarkServerError(message: "no postmaster pid in \(folder)")
        }
        postmaster = pid
    }

    /// The CPU time, user and system, of the postmaster and every process it started (backends, checkpointer,
    /// WAL writer…), in nanoseconds.
    func cpuNanoseconds() -> Int {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let fields = Self.stat(pid), fields.count > 14 else { continue }
            // Fields after the command: state(0) ppid(1) … utime(11) stime(12).
            guard pid == postmaster || Int32(fields[1]) == postmaster else { continue }
            total += (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        }
        return Int(total / ticks * 1e9)
    }

    /// The fields of /proc/PID/stat after the command name.
    private static func stat(_ pid: Int32) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The proportional set size (PSS: private pages, and shared ones divided among the processes that map them) of
    /// the cluster's client backends, per backend, in bytes.
    func proportionalBytesPerSession() -> Int {
        var total = 0
        var sessions = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let fields = Self.stat(pid), fields.count > 1, Int32(fields[1]) == postmaster,
                let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                command.contains("127.0.0.1(") || command.contains("[local]"),
                let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8),
                let line = rollup.split(separator: "\n").first(where: { $0.hasPrefix("Pss:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { continue }
            total += kilobytes * 1_024
            sessions += 1
        }
        return sessions == 0 ? 0 : total / sessions
    }

    /// The one-minute load average of the machine.
    static var loadAverage: Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return Double(text.split(separator: " ").first ?? "") ?? 0
    }
}

/// A process's resident memory, from /proc.
enum ResidentMemory {
    /// `VmRSS` of a process, in bytes; 0 when it cannot be read.
    static func bytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1_024
    }
}
