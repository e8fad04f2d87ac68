import Foundation

// SDK symbols: in the table and available, in the table and unavailable on some platforms, not in the table.

func listedAndAvailable() -> Date { Date() }

func listedMacOSOnly() -> URL {
    FileManager.default.homeDirectoryForCurrentUser  // planted: macOS only
}

#if os(macOS)
func listedMacOSOnlyWhereMacOS() -> URL {
    FileManager.default.homeDirectoryForCurrentUser  // compiled for macOS alone: the check sees Linux's build
}
#endif

func notListed() -> String {
    ProcessInfo.processInfo.hostName  // planted: not in the table
}
