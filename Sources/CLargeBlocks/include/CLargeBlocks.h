#ifndef PLUMB_CLARGEBLOCKS_H
#define PLUMB_CLARGEBLOCKS_H
// Where C++'s large blocks live in the `plumb` tool (Clp's and CoinUtils'
// arrays: the target replaces the global operator new and delete of the
// binary that links it). A block of `plumb_large_block_threshold` bytes or
// more gets a mapping of its own, and a freed one is kept, up to
// `plumb_large_blocks_kept_limit` bytes of them, for a later block of
// about its size; every other block comes from malloc as before. See
// docs/solver.md, "Large parts on Clp".

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Blocks of this many bytes or more are mapped on their own.
extern const size_t plumb_large_block_threshold;
/// At most this many bytes of freed mappings are kept for reuse.
extern const size_t plumb_large_blocks_kept_limit;

/// What operator new does: `bytes` from a mapping (kept or new) or from
/// malloc; NULL when neither can give them.
void *plumb_large_blocks_allocate(size_t bytes);
/// What operator delete does.
void plumb_large_blocks_free(void *block);
/// The bytes of freed mappings kept for reuse now.
size_t plumb_large_blocks_kept(void);
/// Whether `block` (from `plumb_large_blocks_allocate`) has a mapping of
/// its own.
int plumb_large_blocks_is_mapped(const void *block);

#ifdef __cplusplus
}
#endif

#endif
