#ifndef PLUMB_CFUZZDRIVER_H
#define PLUMB_CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>
/* libFuzzer's entry point for programs that have their own main (SwiftPM
 * renames an executable's main, so libFuzzer's main cannot be used). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
