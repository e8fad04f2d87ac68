// The stand-in for Apple's Darwin: Linux's Glibc, plus the Darwin-only names Prefs' `#if canImport(Darwin)` branches
// use, and Darwin's own form of the C declarations whose types differ from Glibc's (`struct stat`: `mode_t` is UInt16
// there, UInt32 in Glibc; `dev_t` Int32, not UInt64; `nlink_t` UInt16), each quoted from the XNU header that declares
// it. Its functions (StandInDarwinFunctions, re-exported) take only these types, so what Prefs calls with them directly
// (the pthread mutex; a file's status and permissions come through swift-system, in each platform's own widths) is
// proven to compile with Darwin's widths. Compiled, never run.
//
// Linux's CoreFoundation includes the C library's headers itself, and in a clean build the compiler names it as the
// module that declares the fields of the C library's `timespec` (which swift-system's `Stat` hands out): re-exported
// here, they are visible wherever Darwin is imported, as on Apple platforms, where Darwin declares them. (A file that
// used CoreFoundation's own API with only Darwin imported would pass here.)
@_exported public import CoreFoundation
@_exported public import Glibc
@_exported public import StandInDarwinFunctions
@_exported public import StandInDarwinTypes

/// `struct stat` as Darwin declares it (StandInDarwinTypes).
public typealias stat = StandInDarwinTypes.stat
/// `typedef __uint16_t mode_t;` (StandInDarwinTypes).
public typealias mode_t = StandInDarwinTypes.mode_t
/// `struct timespec` as Darwin declares it (StandInDarwinTypes).
public typealias timespec = StandInDarwinTypes.timespec
/// `pthread_mutex_t` as Darwin declares it (StandInDarwinTypes).
public typealias pthread_mutex_t = StandInDarwinTypes.pthread_mutex_t
/// `pthread_mutexattr_t` as Darwin declares it (StandInDarwinTypes).
public typealias pthread_mutexattr_t = StandInDarwinTypes.pthread_mutexattr_t

/// `#define O_EVTONLY 0x00008000 /* descriptor requested for event notifications only */` (XNU, bsd/sys/fcntl.h),
/// which Swift imports as `var O_EVTONLY: Int32 { get }`.
public var O_EVTONLY: Int32 { 0x0000_8000 }
