#include "ProcessMemory.h"

#if defined(__linux__)
#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

long long process_memory_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return -1;
    long size = 0, resident = 0;
    int read = fscanf(file, "%ld %ld", &size, &resident);
    fclose(file);
    return read == 2 ? (long long)resident * sysconf(_SC_PAGESIZE) : -1;
}

long long process_memory_heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}

#elif defined(__APPLE__)
#include <mach/mach.h>
#include <malloc/malloc.h>

long long process_memory_resident_bytes(void) {
    mach_task_basic_info_data_t info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return (long long)info.resident_size;
}

long long process_memory_heap_bytes(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return (long long)statistics.size_in_use;
}

#else
long long process_memory_resident_bytes(void) { return -1; }
long long process_memory_heap_bytes(void) { return -1; }
#endif
