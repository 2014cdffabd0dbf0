// The global operator new and delete of the `plumb` tool (see
// include/CLargeBlocks.h). Only C++ allocates through them: COIN-OR Clp and
// CoinUtils, whose large arrays (the factorisation's areas, the work
// vectors over a part's rows and columns) are made and freed many times
// over a part's levels, many of them mostly untouched. In glibc's heap
// those land on pages earlier blocks touched, which then count as resident
// beside the live data; on a mapping each of their own they are faulted in
// afresh on every use. Here each gets a mapping of its own and a freed one
// is kept for the next block of about its size.
#include "CLargeBlocks.h"

#include <sys/mman.h>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>

const size_t plumb_large_block_threshold = size_t(8) << 20;
const size_t plumb_large_blocks_kept_limit = size_t(512) << 20;

namespace {

constexpr uintptr_t pageSize = 4096;
/// A mapped block starts this far into its mapping (its length is stored
/// first), so that operator delete can tell it from malloc's blocks by its
/// address before it looks it up.
constexpr uintptr_t offset = 64;

struct Mapping {
    char *start;
    size_t length;
};

/// The mappings in use and the freed ones kept; both short (blocks of
/// megabytes), searched in full. A block that does not fit comes from
/// malloc, a mapping that does not fit is unmapped.
constexpr int liveCapacity = 1024, keptCapacity = 256;
std::mutex lock;
char *live[liveCapacity];
int liveCount = 0;
Mapping kept[keptCapacity];
int keptCount = 0;
size_t keptBytes = 0;

void takeKept(int i) {
    keptBytes -= kept[i].length;
    for (int k = i + 1; k < keptCount; k++) kept[k - 1] = kept[k];
    keptCount--;
}

void *mapped(size_t bytes) {
    size_t length = (bytes + offset + pageSize - 1) & ~(pageSize - 1);
    char *start = nullptr;
    std::lock_guard<std::mutex> hold(lock);
    if (liveCount == liveCapacity) return nullptr;
    // The smallest kept mapping that holds the block with at most a
    // quarter to spare (a much larger one would keep its touched pages
    // under a smaller block).
    int best = -1;
    for (int i = 0; i < keptCount; i++) {
        size_t l = kept[i].length;
        if (l >= length && l - length <= length / 4 && (best < 0 || l < kept[best].length)) best = i;
    }
    if (best >= 0) {
        start = kept[best].start;
        length = kept[best].length;
        takeKept(best);
    } else {
        void *p = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return nullptr;
        start = static_cast<char *>(p);
    }
    *reinterpret_cast<size_t *>(start) = length;
    live[liveCount++] = start;
    return start + offset;
}

/// Whether `block`'s mapping is in use; taken out of `live` with `remove`.
bool isLive(const void *block, bool remove) {
    if ((reinterpret_cast<uintptr_t>(block) & (pageSize - 1)) != offset) return false;
    const char *start = static_cast<const char *>(block) - offset;
    for (int i = 0; i < liveCount; i++) {
        if (live[i] != start) continue;
        if (remove) live[i] = live[--liveCount];
        return true;
    }
    return false;
}

} // namespace

void *plumb_large_blocks_allocate(size_t bytes) {
    if (bytes >= plumb_large_block_threshold) {
        if (void *block = mapped(bytes)) return block;
    }
    return std::malloc(bytes == 0 ? 1 : bytes);
}

void plumb_large_blocks_free(void *block) {
    if (block == nullptr) return;
    if ((reinterpret_cast<uintptr_t>(block) & (pageSize - 1)) == offset) {
        std::lock_guard<std::mutex> hold(lock);
        if (isLive(block, true)) {
            char *start = static_cast<char *>(block) - offset;
            size_t length = *reinterpret_cast<size_t *>(start);
            if (length > plumb_large_blocks_kept_limit) {
                munmap(start, length);
                return;
            }
            // The oldest kept go first.
            while (keptCount > 0 && (keptCount == keptCapacity || keptBytes + length > plumb_large_blocks_kept_limit)) {
                munmap(kept[0].start, kept[0].length);
                takeKept(0);
            }
            kept[keptCount++] = {start, length};
            keptBytes += length;
            return;
        }
    }
    std::free(block);
}

size_t plumb_large_blocks_kept(void) {
    std::lock_guard<std::mutex> hold(lock);
    return keptBytes;
}

int plumb_large_blocks_is_mapped(const void *block) {
    std::lock_guard<std::mutex> hold(lock);
    return isLive(block, false) ? 1 : 0;
}

static void *allocateOrThrow(size_t bytes) {
    for (;;) {
        if (void *block = plumb_large_blocks_allocate(bytes)) return block;
        std::new_handler handler = std::get_new_handler();
        if (handler == nullptr) throw std::bad_alloc();
        handler();
    }
}

void *operator new(size_t bytes) { return allocateOrThrow(bytes); }
void *operator new[](size_t bytes) { return allocateOrThrow(bytes); }
void *operator new(size_t bytes, const std::nothrow_t &) noexcept {
    try { return allocateOrThrow(bytes); } catch (...) { return nullptr; }
}
void *operator new[](size_t bytes, const std::nothrow_t &) noexcept {
    try { return allocateOrThrow(bytes); } catch (...) { return nullptr; }
}
void operator delete(void *block) noexcept { plumb_large_blocks_free(block); }
void operator delete[](void *block) noexcept { plumb_large_blocks_free(block); }
void operator delete(void *block, size_t) noexcept { plumb_large_blocks_free(block); }
void operator delete[](void *block, size_t) noexcept { plumb_large_blocks_free(block); }
void operator delete(void *block, const std::nothrow_t &) noexcept { plumb_large_blocks_free(block); }
void operator delete[](void *block, const std::nothrow_t &) noexcept { plumb_large_blocks_free(block); }
