// A fixed table of paths, and a signal handler that removes them and then
// ends the process by the same signal.
//
// The handler uses only async-signal-safe calls (`unlink`, `sigaction`,
// `pthread_sigmask`, `raise`, `_exit`) and
// lock-free atomics on static storage: nothing is allocated and no lock is
// taken, so a signal that arrives in the middle of `malloc` or of a Swift
// runtime lock cannot deadlock it. A slot's path is copied in before the slot
// is marked live. Registrations take the slots in turn, so a slot freed while
// the handler (on another thread) reads its path is not filled again before
// every other slot has been taken: the tool holds one or two at a time.

#include "CPlumbSignals.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { slotCount = 16, pathBytes = 4096 };
enum { slotFree = 0, slotFilling = 1, slotLive = 2 };

static _Atomic int slotState[slotCount];
static _Atomic unsigned nextSlot;
static char slotPath[slotCount][pathBytes];

static const int handledSignals[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
enum { handledCount = sizeof handledSignals / sizeof handledSignals[0] };

static void removeAndEnd(int signal) {
    for (int i = 0; i < slotCount; i++) {
        if (atomic_load_explicit(&slotState[i], memory_order_acquire) == slotLive) {
            unlink(slotPath[i]);
        }
    }
    // End by the signal itself, with its default action, so that the parent
    // sees a process killed by it (a shell's loop stops on a child killed by
    // SIGINT; a shell reports 128 + the signal either way). The signal is
    // blocked while its handler runs: unblocked here, it is delivered as
    // soon as it is raised.
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(signal, &standard, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(signal);
    // Not reached while the signal's default action ends the process.
    _exit(128 + signal);
}

static void installHandlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = removeAndEnd;
    // One handler at a time: the others wait until it has exited.
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < handledCount; i++) sigaddset(&action.sa_mask, handledSignals[i]);
    for (int i = 0; i < handledCount; i++) {
        struct sigaction previous;
        if (sigaction(handledSignals[i], NULL, &previous) != 0) continue;
        if (previous.sa_handler == SIG_IGN) continue;
        sigaction(handledSignals[i], &action, NULL);
    }
}

static pthread_once_t installed = PTHREAD_ONCE_INIT;

int plumb_signals_remove_on_signal(const char *path) {
    size_t length = strlen(path);
    if (length >= pathBytes) return -1;
    pthread_once(&installed, installHandlers);
    unsigned start = atomic_fetch_add(&nextSlot, 1);
    for (unsigned k = 0; k < slotCount; k++) {
        unsigned i = (start + k) % slotCount;
        int expected = slotFree;
        if (atomic_compare_exchange_strong(&slotState[i], &expected, slotFilling)) {
            memcpy(slotPath[i], path, length + 1);
            atomic_store_explicit(&slotState[i], slotLive, memory_order_release);
            return (int)i;
        }
    }
    return -1;
}

void plumb_signals_forget(int slot) {
    if (slot < 0 || slot >= slotCount) return;
    atomic_store_explicit(&slotState[slot], slotFree, memory_order_release);
}
