// Darwin's C types whose widths differ from Glibc's, for the Darwin stand-in (StandInDarwin re-exports them). Each
// quotes the XNU header that declares it; declared here, they shadow Glibc's for the modules that import them.
public import Glibc

/// `typedef __uint16_t mode_t;` (XNU, bsd/sys/_types/_mode_t.h, with `__darwin_mode_t`).
public typealias mode_t = UInt16
/// `typedef __int32_t dev_t;` (XNU, bsd/sys/_types/_dev_t.h).
public typealias dev_t = Int32
/// `typedef __uint16_t nlink_t;` (XNU, bsd/sys/_types/_nlink_t.h).
public typealias nlink_t = UInt16
/// `typedef __uint64_t __darwin_ino64_t;` (XNU, bsd/sys/_types.h): `ino_t` with 64-bit inodes, as Swift sees it.
public typealias ino_t = UInt64
/// `typedef __int64_t off_t;` (XNU, bsd/sys/_types/_off_t.h).
public typealias off_t = Int64
/// `typedef __int64_t blkcnt_t;` (XNU, bsd/sys/_types/_blkcnt_t.h).
public typealias blkcnt_t = Int64
/// `typedef __int32_t blksize_t;` (XNU, bsd/sys/_types/_blksize_t.h).
public typealias blksize_t = Int32

/// `struct stat` with 64-bit inodes, the form Swift gets on Apple platforms (XNU, bsd/sys/stat.h,
/// `__DARWIN_STRUCT_STAT64`): its fields in order, with their Darwin types. Times are `st_*timespec`, not Linux's
/// `st_*tim`.
public struct stat {
    /// ID of the device containing the file.
    public var st_dev: dev_t = 0
    /// Mode of the file.
    public var st_mode: mode_t = 0
    /// Number of hard links.
    public var st_nlink: nlink_t = 0
    /// File serial number.
    public var st_ino: ino_t = 0
    /// User ID of the owner.
    public var st_uid: uid_t = 0
    /// Group ID of the owner.
    public var st_gid: gid_t = 0
    /// Device ID, for a special file.
    public var st_rdev: dev_t = 0
    /// Time of last access.
    public var st_atimespec = timespec()
    /// Time of last data modification.
    public var st_mtimespec = timespec()
    /// Time of last status change.
    public var st_ctimespec = timespec()
    /// Time of creation.
    public var st_birthtimespec = timespec()
    /// Size in bytes.
    public var st_size: off_t = 0
    /// Blocks allocated.
    public var st_blocks: blkcnt_t = 0
    /// Optimal block size for I/O.
    public var st_blksize: blksize_t = 0
    /// User-defined flags.
    public var st_flags: UInt32 = 0
    /// File generation number.
    public var st_gen: UInt32 = 0
    /// Reserved.
    public var st_lspare: Int32 = 0
    /// Reserved.
    public var st_qspare: (Int64, Int64) = (0, 0)

    /// The zero value Swift gives every imported C struct.
    public init() {}
}

/// `struct timespec { __darwin_time_t tv_sec; long tv_nsec; };` (XNU, bsd/sys/_types/_timespec.h, with
/// `typedef long __darwin_time_t;`).
public struct timespec {
    /// Seconds.
    public var tv_sec: Int = 0
    /// Nanoseconds.
    public var tv_nsec: Int = 0

    /// The zero value Swift gives every imported C struct.
    public init() {}
}

/// `typedef struct _opaque_pthread_mutex_t pthread_mutex_t;`, `struct _opaque_pthread_mutex_t { long __sig; char
/// __opaque[56]; }` (XNU, bsd/sys/_pthread/_pthread_types.h; 56 bytes on 64-bit platforms).
public struct pthread_mutex_t {
    /// The signature.
    public var __sig: Int = 0
    /// The opaque bytes (56, here as seven 8-byte words).
    public var __opaque: (Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0)

    /// The zero value Swift gives every imported C struct.
    public init() {}
}

/// `struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; }` (XNU, bsd/sys/_pthread/_pthread_types.h).
public struct pthread_mutexattr_t {
    /// The signature.
    public var __sig: Int = 0
    /// The opaque bytes.
    public var __opaque: Int64 = 0

    /// The zero value Swift gives every imported C struct.
    public init() {}
}
