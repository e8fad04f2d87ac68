package import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Process {
    /// Waits until the process has exited and returns its status as `terminationStatus` gives it (the exit code, or
    /// the number of the signal that ended it). Every test waits for a child with it, never with `waitUntilExit()`.
    ///
    /// Foundation learns that a child exited when a socket it shares with the child closes. A process that another
    /// thread starts at the same moment can inherit that socket, and so can a daemon the child starts (PostgreSQL
    /// started by the test server's script): the socket then stays open after the child exits, and `waitUntilExit()`
    /// waits for as long as that other process lives. A run of the suite under load hung so, on a server restart.
    /// This asks the kernel instead: it waits for the child's exit (`waitid`), then reaps it, or takes Foundation's
    /// status when Foundation reaped it first.
    package func exitStatus() -> Int32 {
        let pid = processIdentifier
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, WNOHANG)
        while reaped == -1 && errno == EINTR { reaped = waitpid(pid, &status, WNOHANG) }
        guard reaped == pid else {
            // Foundation reaped it (its socket did close): it hands the status to the run loop of the thread that
            // started the process, which `waitUntilExit()` runs, and returns at once.
            waitUntilExit()
            return terminationStatus
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }
}
