import CProcessMemory

/// What this process holds in memory, as the kernel and the allocator count it.
struct ProcessMemory {
    /// Resident set size in bytes (pages of this process in RAM), or nil where it cannot be read.
    var residentBytes: Int?
    /// Bytes the allocator has handed out and not taken back, over every arena, or nil where it cannot be read.
    var heapBytes: Int?

    /// The figures now.
    static func current() -> ProcessMemory {
        let resident = process_memory_resident_bytes()
        let heap = process_memory_heap_bytes()
        return ProcessMemory(
            residentBytes: resident < 0 ? nil : Int(resident),
            heapBytes: heap < 0 ? nil : Int(heap)
        )
    }
}
