#ifndef PREFS_BENCHMARKS_PROCESS_MEMORY_H
#define PREFS_BENCHMARKS_PROCESS_MEMORY_H

/// The resident set size of this process in bytes, or -1 where it cannot be read.
long long process_memory_resident_bytes(void);

/// The bytes the allocator has handed out and not taken back, over every arena or zone, or -1 where it cannot be
/// read. On Linux, glibc's mallinfo2(): bytes in use in the arenas plus those in blocks of their own (mmap).
long long process_memory_heap_bytes(void);

#endif
