// peak_sites: which allocation sites hold the resident memory of a process at
// its highest resident set size, for a program run unchanged.
//
//   g++ -O2 -shared -fPIC scripts/peak_sites.cpp -o peak_sites.so -ldl -lpthread
//   LD_PRELOAD=./peak_sites.so plumb solve DOC -o /dev/null --threads 1
//
// Every block of 256 KiB or more gets a mapping of its own (given back when
// freed), with the call stack that asked for it. A thread reads the resident
// set every 20 ms; whenever it is the highest yet, it sums the resident
// pages (`mincore`) of the live blocks by the first six frames of their
// stacks. At exit the breakdown of the highest moment goes to standard
// error, largest first: resident KiB, allocated KiB, blocks, frames (names
// from `dladdr`; addresses in the program itself are offsets for
// `addr2line -f -i -e BINARY`). Smaller blocks stay with glibc and count
// only in the total.
//
// Mapping each large block on its own is itself an allocator: freed blocks
// do not keep their pages, and untouched parts of a block are never
// resident. So the process peaks lower than with glibc's heap; the moment
// and the holders are what this is for (BENCHMARKS.md, mem41).
#include <dlfcn.h>
#include <execinfo.h>
#include <malloc.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

extern "C" void *__libc_malloc(size_t);
extern "C" void __libc_free(void *);
extern "C" void *__libc_realloc(void *, size_t);
extern "C" void *__libc_calloc(size_t, size_t);

namespace {

const size_t large = 256 << 10;
// A page before each block holds its marker, mapped length and size.
const size_t header = 4096;
const size_t marker = 0x5045414b53495445;  // "PEAKSITE"
const int maximumBlocks = 1 << 16;

struct Block {
    void *start;
    size_t mapped;
    void *frames[8];
    int depth;
    bool live;
};

Block blocks[maximumBlocks];
int blockCount = 0;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
// Set while this library allocates for itself (stacks, the report).
thread_local int inside = 0;

size_t *headerOf(void *p) { return reinterpret_cast<size_t *>(static_cast<char *>(p) - header); }

bool isLarge(void *p) {
    if (p == nullptr || (reinterpret_cast<uintptr_t>(p) & 4095) != 0) return false;
    return headerOf(p)[0] == marker;
}

void *mapLarge(size_t size) {
    const size_t mapped = (size + header + 4095) & ~size_t(4095);
    void *m = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    size_t *h = static_cast<size_t *>(m);
    h[0] = marker;
    h[1] = mapped;
    h[2] = size;
    void *p = static_cast<char *>(m) + header;
    inside++;
    void *stack[12];
    const int depth = backtrace(stack, 12);
    pthread_mutex_lock(&lock);
    int slot = -1;
    for (int i = 0; i < blockCount; i++) {
        if (!blocks[i].live) { slot = i; break; }
    }
    if (slot < 0 && blockCount < maximumBlocks) slot = blockCount++;
    if (slot >= 0) {
        Block &b = blocks[slot];
        b.start = p;
        b.mapped = mapped;
        b.live = true;
        b.depth = 0;
        // Frames 0 and 1 are this function and malloc.
        for (int i = 2; i < depth && b.depth < 8; i++) b.frames[b.depth++] = stack[i];
    }
    pthread_mutex_unlock(&lock);
    inside--;
    return p;
}

void unmapLarge(void *p) {
    const size_t mapped = headerOf(p)[1];
    pthread_mutex_lock(&lock);
    for (int i = 0; i < blockCount; i++) {
        if (blocks[i].live && blocks[i].start == p) { blocks[i].live = false; break; }
    }
    munmap(headerOf(p), mapped);
    pthread_mutex_unlock(&lock);
}

long residentKiB() {
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, resident = 0;
    if (f != nullptr) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = 0;
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

std::string nameOf(void *frame) {
    Dl_info info;
    char text[64];
    if (dladdr(frame, &info) != 0 && info.dli_sname != nullptr) return info.dli_sname;
    const char *base = static_cast<const char *>(info.dli_fbase);
    snprintf(text, sizeof text, "%#lx", static_cast<unsigned long>(static_cast<char *>(frame) - base));
    return text;
}

struct Site {
    size_t residentKiB = 0, allocatedKiB = 0;
    int blocks = 0;
};

std::string highestReport;
long highest = 0;

// The breakdown of the live large blocks by site, largest resident first.
std::string breakdown(long rss) {
    static unsigned char pages[1 << 18];
    std::map<std::string, Site> bySite;
    size_t total = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < blockCount; i++) {
        const Block &b = blocks[i];
        if (!b.live) continue;
        char *start = static_cast<char *>(b.start) - header;
        const size_t count = b.mapped / 4096;
        size_t resident = 0;
        for (size_t at = 0; at < count; at += sizeof pages) {
            const size_t n = std::min(count - at, sizeof pages);
            if (mincore(start + at * 4096, n * 4096, pages) != 0) continue;
            for (size_t k = 0; k < n; k++) resident += pages[k] & 1;
        }
        std::string key;
        for (int k = 0; k < b.depth && k < 6; k++) key += nameOf(b.frames[k]) + " < ";
        Site &site = bySite[key];
        site.residentKiB += resident * 4;
        site.allocatedKiB += (b.mapped - header) >> 10;
        site.blocks += 1;
        total += resident * 4;
    }
    pthread_mutex_unlock(&lock);
    std::vector<std::pair<size_t, std::string>> lines;
    char text[128];
    for (const auto &entry : bySite) {
        snprintf(text, sizeof text, "%9zu KiB resident %9zu KiB allocated %4d  ", entry.second.residentKiB,
                 entry.second.allocatedKiB, entry.second.blocks);
        lines.emplace_back(entry.second.residentKiB, text + entry.first);
    }
    std::sort(lines.begin(), lines.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    snprintf(text, sizeof text, "highest RSS %ld KiB, of it %zu KiB in blocks of %zu KiB or more\n", rss, total,
             large >> 10);
    std::string report = text;
    for (const auto &line : lines) report += line.second + "\n";
    return report;
}

void *sample(void *) {
    inside = 1;
    for (;;) {
        usleep(20000);
        const long rss = residentKiB();
        if (rss <= highest) continue;
        highest = rss;
        highestReport = breakdown(rss);
    }
    return nullptr;
}

__attribute__((constructor)) void start() {
    pthread_t thread;
    pthread_create(&thread, nullptr, sample, nullptr);
}

__attribute__((destructor)) void finish() { fputs(highestReport.c_str(), stderr); }

}  // namespace

extern "C" {

void *malloc(size_t n) { return n >= large && !inside ? mapLarge(n) : __libc_malloc(n); }

void *calloc(size_t count, size_t size) {
    const size_t n = count * size;
    // A fresh mapping reads as zeros.
    return n >= large && !inside ? mapLarge(n) : __libc_calloc(count, size);
}

void free(void *p) {
    if (isLarge(p)) unmapLarge(p); else __libc_free(p);
}

// Swift reads a block's capacity from here.
size_t malloc_usable_size(void *p) {
    static auto glibc = reinterpret_cast<size_t (*)(void *)>(dlsym(RTLD_NEXT, "malloc_usable_size"));
    return isLarge(p) ? headerOf(p)[2] : glibc(p);
}

void *realloc(void *p, size_t n) {
    if (!isLarge(p) && !(n >= large && !inside)) return __libc_realloc(p, n);
    void *q = malloc(n);
    if (q != nullptr && p != nullptr) {
        const size_t old = malloc_usable_size(p);
        memcpy(q, p, std::min(old, n));
        free(p);
    }
    return q;
}

}  // extern "C"
