// The stand-in for Apple's Combine: OpenCombine (https://github.com/OpenCombine/OpenCombine), whose API follows
// Combine's, re-exported under Combine's name. Prefs' product build uses OpenCombine the same way on Linux.
@_exported public import OpenCombine
