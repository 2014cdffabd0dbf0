#ifndef CPLUMB_SIGNALS_H
#define CPLUMB_SIGNALS_H

// Temporary output files removed when `plumb` is stopped by a signal.
//
// The command-line tool writes each output file under a temporary name
// beside it (`FILE.plumb-tmp-PID`) and renames it into place at the end. A
// path registered here is removed by the tool's handler of SIGHUP, SIGINT,
// SIGPIPE and SIGTERM, which then ends the process by that same signal (its
// default action: a shell reports 128 + the signal's number). The
// handlers are installed on the first registration; a signal the process
// inherited as ignored (`nohup`, a background job's SIGINT) stays ignored.

#ifdef __cplusplus
extern "C" {
#endif

/// Registers `path` for removal on a signal. Returns its slot (give it to
/// `plumb_signals_forget` once the file is renamed into place or removed),
/// or -1 when the path does not fit or every slot is taken: that file is
/// then not removed on a signal, as before.
int plumb_signals_remove_on_signal(const char *path);

/// Stops removing the path registered in `slot` (nothing for -1).
void plumb_signals_forget(int slot);

#ifdef __cplusplus
}
#endif

#endif
