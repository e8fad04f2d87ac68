// The C functions of Darwin that take its own types (`struct stat`, `mode_t`), for the Darwin stand-in (StandInDarwin
// re-exports them). Each quotes XNU's bsd/sys/stat.h. Compiled, never run: every function traps. (`open` is not
// here: its mode is a literal in Prefs, which Glibc's overlay takes as well as Darwin's would.)
public import StandInDarwinTypes

/// Traps: the stand-ins are for type-checking only.
func standIn(_ function: StaticString = #function) -> Never {
    fatalError("Darwin stand-in \(function) is for type-checking only")
}

/// `int stat(const char *, struct stat *)`.
public func stat(_ path: UnsafePointer<CChar>!, _ status: UnsafeMutablePointer<StandInDarwinTypes.stat>!) -> Int32 {
    standIn()
}

/// `int lstat(const char *, struct stat *)`.
public func lstat(_ path: UnsafePointer<CChar>!, _ status: UnsafeMutablePointer<StandInDarwinTypes.stat>!) -> Int32 {
    standIn()
}

/// `int fstat(int, struct stat *)`.
public func fstat(_ descriptor: Int32, _ status: UnsafeMutablePointer<StandInDarwinTypes.stat>!) -> Int32 {
    standIn()
}

/// `int fchmod(int, mode_t)`.
public func fchmod(_ descriptor: Int32, _ mode: StandInDarwinTypes.mode_t) -> Int32 { standIn() }

/// `int chmod(const char *, mode_t)`.
public func chmod(_ path: UnsafePointer<CChar>!, _ mode: StandInDarwinTypes.mode_t) -> Int32 { standIn() }

/// `mode_t umask(mode_t)`.
public func umask(_ mask: StandInDarwinTypes.mode_t) -> StandInDarwinTypes.mode_t { standIn() }

/// `int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *)` (libpthread, pthread.h).
public func pthread_mutex_init(
    _ mutex: UnsafeMutablePointer<StandInDarwinTypes.pthread_mutex_t>!,
    _ attributes: UnsafePointer<StandInDarwinTypes.pthread_mutexattr_t>!
) -> Int32 { standIn() }

/// `int pthread_mutex_destroy(pthread_mutex_t *)` (libpthread, pthread.h).
@discardableResult
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<StandInDarwinTypes.pthread_mutex_t>!) -> Int32 {
    standIn()
}

/// `int pthread_mutex_lock(pthread_mutex_t *)` (libpthread, pthread.h).
@discardableResult
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<StandInDarwinTypes.pthread_mutex_t>!) -> Int32 {
    standIn()
}

/// `int pthread_mutex_unlock(pthread_mutex_t *)` (libpthread, pthread.h).
@discardableResult
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<StandInDarwinTypes.pthread_mutex_t>!) -> Int32 {
    standIn()
}
