// The stand-in for Apple's Darwin: Linux's Glibc, plus the Darwin-only names Prefs' `#if canImport(Darwin)` branches
// use, each quoted from the XNU header that declares it. Glibc's C declarations are close to Darwin's but not equal:
// some integer widths differ (`mode_t` is `UInt16` on Darwin, `UInt32` here), so conversions involving them are not
// verified by this build. Compiled, never run.
@_exported public import Glibc

/// `#define O_EVTONLY 0x00008000 /* descriptor requested for event notifications only */` (XNU, bsd/sys/fcntl.h),
/// which Swift imports as `var O_EVTONLY: Int32 { get }`.
public var O_EVTONLY: Int32 { 0x0000_8000 }

extension stat {
    /// `struct timespec st_mtimespec; /* time of last data modification */` (XNU, bsd/sys/stat.h); Linux's `st_mtim`.
    public var st_mtimespec: timespec { st_mtim }
    /// `struct timespec st_ctimespec; /* time of last status change */` (XNU, bsd/sys/stat.h); Linux's `st_ctim`.
    public var st_ctimespec: timespec { st_ctim }
}
