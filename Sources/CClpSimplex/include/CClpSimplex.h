#ifndef PLUMB_CCLPSIMPLEX_H
#define PLUMB_CCLPSIMPLEX_H
// A small C interface over COIN-OR Clp's ClpSimplex (Debian's
// coinor-libclp-dev), made for PlumbClp's lexicographic solves. Clp's own
// C interface has no way to set the factorisation frequency, which decides
// how often a long warm primal solve refactorises its basis (see
// docs/solver.md, "Large parts on Clp"); this one has what PlumbClp uses
// and nothing else.
//
// Arrays passed in are copied; arrays returned belong to the model and stay
// valid until the next call that changes or solves it.

#ifdef __cplusplus
extern "C" {
#endif

// Everything here is internal to the binary that links it: libplumbc.so
// exports exactly plumb.h's functions, not these.
#pragma GCC visibility push(hidden)

/// One LP: free-standing columns with bounds, rows with bounds, an objective.
typedef struct PlumbClpModel PlumbClpModel;

/// A new model with `columns` columns (bounds given, objective 0) and the
/// rows given row by row: row `i` has the entries `rowStarts[i] ..<
/// rowStarts[i + 1]` of `columnIndices` and `elements`. Clp's messages are
/// off. Returns NULL when Clp cannot allocate it.
PlumbClpModel *plumb_clp_new(int columns, const double *columnLower, const double *columnUpper,
                             int rows, const double *rowLower, const double *rowUpper,
                             const int *rowStarts, const int *columnIndices, const double *elements);
void plumb_clp_free(PlumbClpModel *model);

int plumb_clp_columns(const PlumbClpModel *model);
int plumb_clp_rows(const PlumbClpModel *model);

/// Primal and dual feasibility tolerances (Clp's default is 1e-7 for both).
void plumb_clp_set_tolerances(PlumbClpModel *model, double primal, double dual);

/// Add `count` columns with bounds and objective 0, column `k` with the
/// entries `starts[k] ..< starts[k + 1]` of `rows` and `elements`.
void plumb_clp_add_columns(PlumbClpModel *model, int count, const double *lower, const double *upper,
                           const int *starts, const int *rows, const double *elements);
/// Add `count` rows with bounds, given row by row as in `plumb_clp_new`.
void plumb_clp_add_rows(PlumbClpModel *model, int count, const double *lower, const double *upper,
                        const int *starts, const int *columns, const double *elements);

/// For the tests: sets the entry of `row` and `column` (one the matrix has)
/// to `value` in place, in the matrix and its row copy, so that a model's
/// entries change while its shape stays; the next solve sets up afresh.
void plumb_clp_set_element_for_tests(PlumbClpModel *model, int row, int column, double value);

/// Replace the objective, the column bounds or the row bounds (`columns` or
/// `rows` values each).
void plumb_clp_set_objective(PlumbClpModel *model, const double *objective);
void plumb_clp_set_column_upper(PlumbClpModel *model, const double *upper);
void plumb_clp_set_row_bounds(PlumbClpModel *model, const double *lower, const double *upper);

const double *plumb_clp_column_lower(const PlumbClpModel *model);
const double *plumb_clp_column_upper(const PlumbClpModel *model);
const double *plumb_clp_row_lower(const PlumbClpModel *model);
const double *plumb_clp_row_upper(const PlumbClpModel *model);
/// The last solve's column values, row activities (each row's sum of
/// coefficient times value), row duals and column reduced costs.
const double *plumb_clp_solution(const PlumbClpModel *model);
const double *plumb_clp_row_activity(const PlumbClpModel *model);
const double *plumb_clp_row_duals(const PlumbClpModel *model);
const double *plumb_clp_reduced_costs(const PlumbClpModel *model);

/// The primal simplex from the model's current basis, stopping after
/// `maximumPivots` pivots (then the status is 3), refactorising the basis
/// every `refactorEvery` pivots (Clp's own default is 200; the model's
/// setting is put back afterwards). Returns the
/// status, as `plumb_clp_status`.
/// `continuation` 0: a fresh start; 1: a fresh start that keeps its
/// factorisation at the end for a call with 2 or 3, which starts from it;
/// 3 also keeps it again at the end. Between the call that keeps and the
/// one that starts from the kept factorisation the matrix and the basis
/// must not change; the objective and the bounds may (the basis matrix
/// is the same: only the values and prices change, which Clp computes
/// again). 7 (6 is 2 with it) also takes Clp's set-up of the matrix as
/// the kept call left it (its row copy and work arrays, no search for
/// duplicate entries) and skips Clp's sanity check of the bounds and the
/// costs: the caller promises that since then no bound was made to cross
/// the other and no number became huge (see
/// `plumb_clp_set_ups_kept`).
int plumb_clp_primal(PlumbClpModel *model, int maximumPivots, int refactorEvery, int continuation);

/// A warm level's primal (`plumb_clp_primal`'s continuations): with
/// continuation 7, from the factorisation and Clp's set-up of the matrix
/// the warm level before kept, but only when the last call on the model
/// was this function's, ended optimal keeping its work areas (bit 1) at
/// the same `refactorEvery`, and left the factorisation fresh (no update
/// since it was made); else afresh as with continuation 1. The caller
/// promises that only bounds and the objective changed since, as for
/// continuation 7 (see `plumb_clp_warm_set_ups_carried`).
int plumb_clp_warm_primal(PlumbClpModel *model, int maximumPivots, int refactorEvery, int continuation);

/// Calls of `plumb_clp_warm_primal` that took the warm level before's
/// factorisation and set-up.
int plumb_clp_warm_set_ups_carried(const PlumbClpModel *model);

/// The dual simplex from the model's current basis, no presolve, at most
/// `maximumPivots` pivots. Returns Clp's status as `plumb_clp_primal` does;
/// when that is not 0 (optimal), the basis and the point are put back as
/// they were before the call.
int plumb_clp_dual(PlumbClpModel *model, int maximumPivots);

/// `plumb_clp_dual` with the objective set to 0 for the call and put back
/// after: a search for a feasible point from the current basis, which the
/// dual simplex can start from any basis (every reduced cost is 0). The
/// duals and reduced costs it leaves are those of the zero objective.
int plumb_clp_dual_without_costs(PlumbClpModel *model, int maximumPivots);

/// Clp's presolve (at most `presolvePasses` passes, Clp's default when
/// `presolvePasses` is 0, none when it is below 0; never its tripleton substitutions, its doubleton
/// substitutions only when `doubletons` is not 0) then the dual simplex
/// from a fresh basis,
/// stopping after `maximumPivots` pivots. Returns the status. A
/// factorisation kept by `plumb_clp_primal` (continuation 1) is freed
/// first: presolve copies the whole model, and the copy would carry it
/// (see `plumb_clp_released_factorizations`). With `largestInfeasibility`
/// not 0, the dual simplex of this call picks the row to leave by its
/// infeasibility alone (Clp's `ClpDualRowDantzig`, its rows found from a
/// list rather than a scan of every row: see
/// `plumb_clp_set_listed_pricing`) instead of by dual steepest edge, which
/// costs a second solve with the basis per pivot; the model's pricing is
/// put back after the call. With `dropFreeRows` not
/// 0, the free rows (no finite bound) are left out of the model Clp
/// presolves (a copy is solved and its answer put back, each such row
/// basic with a dual of 0; see `plumb_clp_dropped_rows`). With
/// `refactorEvery` above 0, the basis is factorised afresh at least every
/// `refactorEvery` pivots in this call instead of the model's interval.
/// With `feasibleStart` not 0 (the model's basis is primal feasible), the
/// rows that repeat another row with a basic slack are left out too when
/// free rows are (see `plumb_clp_dropped_repeats`), and the presolved
/// model is solved by the primal simplex instead of the dual (see
/// `plumb_clp_primal_solves`); with `feasibleStart` 1 Clp's presolve then
/// makes none of its dual reductions (2: it makes them).
int plumb_clp_presolved_dual(PlumbClpModel *model, int presolvePasses, int maximumPivots, int doubletons,
                             int largestInfeasibility, int dropFreeRows, int refactorEvery, int feasibleStart);
/// Presolve action bits (ClpPresolve's: 1, none of its dual reductions;
/// 128, no duplicate columns; 256, no duplicate rows) that every later
/// `plumb_clp_presolved_dual` on this model adds to its own, until set
/// again (0: none, the default).
void plumb_clp_set_added_presolve_actions(PlumbClpModel *model, int actions);
/// Keeps the model's basis and point (its columns' values and its rows'
/// activities) as they stand, until `plumb_clp_leave_start`.
void plumb_clp_keep_start(PlumbClpModel *model);
/// Lets go of what `plumb_clp_keep_start` kept, putting it back into the
/// model first when `putBack` is not 0 (the row and column bounds are the
/// caller's to restore).
void plumb_clp_leave_start(PlumbClpModel *model, int putBack);
/// How many rows that repeat another `plumb_clp_presolved_dual` left out
/// on this model, over all its calls.
long plumb_clp_dropped_repeats(const PlumbClpModel *model);
/// How many calls of `plumb_clp_presolved_dual` on this model solved by the
/// primal simplex (`feasibleStart`).
int plumb_clp_primal_solves(const PlumbClpModel *model);
/// Calls of `plumb_clp_primal` with continuation 6 or 7 (the set-up kept).
int plumb_clp_set_ups_kept(const PlumbClpModel *model);
/// How many free rows `plumb_clp_presolved_dual` left out on this model,
/// over all its calls.
long plumb_clp_dropped_rows(const PlumbClpModel *model);
/// How many calls of `plumb_clp_presolved_dual` priced by the largest
/// infeasibility on this model.
int plumb_clp_largest_infeasibility_solves(const PlumbClpModel *model);

/// The basis: one status byte for each column then each row, as Clp keeps
/// it (basic, at a bound, free, fixed). `plumb_clp_basis` copies it into
/// `status` (`columns + rows` bytes) and returns 1, or returns 0 when the
/// model has none yet; `plumb_clp_set_basis` makes it the basis the next
/// solve starts from.
int plumb_clp_basis(const PlumbClpModel *model, unsigned char *status);
void plumb_clp_set_basis(PlumbClpModel *model, const unsigned char *status);

/// The last solve's status: 0 optimal, 1 primal infeasible, 2 dual
/// infeasible, 3 stopped on the pivot limit, 4 stopped on difficulties.
int plumb_clp_status(const PlumbClpModel *model);
/// Pivots in the last solve.
int plumb_clp_pivots(const PlumbClpModel *model);
/// How many kept factorisations `plumb_clp_presolved_dual` freed on this
/// model before presolving (for the tests).
int plumb_clp_released_factorizations(const PlumbClpModel *model);
/// When the last solve found the objective unbounded below (status 2):
/// copies into `ray` (one value a column) a direction along which its
/// primal simplex saw the objective fall without end, and returns 1; 0,
/// with `ray` untouched, when Clp kept no such direction. Clp's word
/// only: the caller checks it against the rows before it relies on it.
int plumb_clp_unbounded_ray(const PlumbClpModel *model, double *ray);

/// A check at the model's basis: `plumb_clp_primal` with no pivot allowed
/// (refactorising every 200, `continuation` as there), returning its
/// status, with the point and the prices computed once instead of twice
/// when `continuation` starts from a kept factorisation (2, 3, 6 or 7) and
/// the point the last solve left lies within every bound as the bounds now
/// stand. For that call only, Clp's weight of infeasibility is set just
/// below its default 1e10, which keeps its primal from lowering the weight
/// and computing everything again; with no infeasible variable the weight
/// prices nothing, so the status, the point, the prices and the basis come
/// out as `plumb_clp_primal` gives them, to the bit (see
/// `plumb_clp_checks_computed_once`).
int plumb_clp_check_once(PlumbClpModel *model, int continuation);
/// Calls of `plumb_clp_check_once` that set the weight for the check.
int plumb_clp_checks_computed_once(const PlumbClpModel *model);
/// A zero trial: `plumb_clp_dual_without_costs`, which with
/// `afterCheckSetUp` not 0 (the call before was a check that kept Clp's
/// work areas, and only bounds, the objective and statuses changed since)
/// takes Clp's set-up of the matrix from that check. Returns Clp's status;
/// when not 0, the basis and the point are put back.
int plumb_clp_zero_trial(PlumbClpModel *model, int maximumPivots, int afterCheckSetUp);
/// Zero trials that took the check's set-up, over the model's life.
int plumb_clp_zero_trial_set_ups(const PlumbClpModel *model);

/// A promotion's presolved dual (see `plumb_clp_presolved_dual`: presolve
/// passes and the pivot limit as given, doubletons on, no pricing or
/// refactorisation change, no rows left out); with `dualReductions` 0 the
/// presolve makes none of Clp's dual reductions. Returns Clp's status.
int plumb_clp_promoted_dual(PlumbClpModel *model, int presolvePasses, int maximumPivots, int dualReductions);

/// Presolves `plumb_clp_promoted_dual` ran without Clp's dual reductions.
int plumb_clp_promotions_without_dual_reductions(const PlumbClpModel *model);

/// `plumb_clp_promoted_dual` with a probe: at the first refactorisation of
/// Clp's dual on the presolved model, or after its first `probePivots`
/// pivots if that comes first, `probePivots` dual pivots priced by
/// the largest infeasibility on a copy of it; when they prove it
/// infeasible, the usual dual stops there (Clp's status 5), else it runs
/// on as in `plumb_clp_promoted_dual`. `probePivots` 0: no probe.
/// `fromStart` 1: the probe runs before the dual's first pivot instead.
/// `afterPivots`: the pivots after which it runs if no refactorisation came
/// first (0 or less: `probePivots`).
int plumb_clp_probed_promoted_dual(PlumbClpModel *model, int presolvePasses, int maximumPivots, int dualReductions,
                                   int probePivots, int fromStart, int afterPivots);
/// Probes made, and promotions they proved infeasible, over the model's
/// life.
int plumb_clp_promotion_probes(const PlumbClpModel *model);
int plumb_clp_promotions_proved_infeasible(const PlumbClpModel *model);

/// Whether factorisations on this thread look rows up in their long
/// columns (1, the default) or leave the step to CoinUtils' own code (0),
/// which gives the same factorisation (see `pivotColumnSingleton` in the
/// shim). Rows found that way on this thread, over its life.
void plumb_clp_set_column_rows(int on);
long plumb_clp_column_rows_found(void);
/// Rows of long columns whose entries presolve's removal of redundant rows
/// (`useless_constraint_action` in CoinUtils) found through the same index
/// as the factorisation's, on this thread over its life; with
/// `plumb_clp_set_column_rows(0)` the step is CoinUtils' own and finds none.
long plumb_clp_presolve_rows_found(void);
/// A digest (FNV-1a) of CoinUtils' factorisation of the `size` x `size`
/// matrix given column by column (`columnStarts`, `size` + 1 of them, into
/// `rowIndices` and `elements`), every column basic, made with the rows
/// looked up (`lookingUp` 1) or by CoinUtils' own step (0): its status,
/// pivot order, pivots, U's entries in order and the bits of four solves
/// with it. For the tests.
unsigned long long plumb_clp_factorization_digest(int size, const int *columnStarts, const int *rowIndices,
                                        const double *elements, int lookingUp);

/// Whether the postsolve of Clp's implied-free substitutions on this
/// thread answers its searches of long columns from an index of their rows
/// (1, the default) or leaves them to CoinUtils' walks (0); both give the
/// same postsolved model (see `subst_constraint_action::postsolve` in the
/// shim). Searches answered from the index on this thread, over its life.
void plumb_clp_set_postsolve_rows(int on);
long plumb_clp_postsolve_rows_found(void);
/// Deletions from long columns in that postsolve on this thread unlinked
/// through the index (no walk down the column), over the thread's life.
long plumb_clp_postsolve_rows_deleted(void);
/// How presolve's implied-free substitutions on this thread search long
/// columns for a row: 1 (the default) from an index of each column's rows,
/// 0 by CoinUtils' walks, 2 from the index with each answer also walked
/// and compared (for the tests); all give the same presolved model (see
/// `subst_constraint_action::presolve` in the shim). Searches answered
/// from the index without a walk, and answers that differed from the walk
/// in mode 2, on this thread over its life.
void plumb_clp_set_presolve_searches(int mode);
long plumb_clp_presolve_searches_found(void);
long plumb_clp_presolve_searches_disagreed(void);
/// How presolve's implied-free substitutions on this thread make room for
/// one more entry in a long column whose neighbour in the store leaves
/// none: 1 (the default) by moving the short columns behind it, 0 by
/// CoinUtils' own move of the long column to the store's end; both give
/// the same presolved matrix (see `presolve_expand_major` in the shim).
/// Short columns moved so on this thread, over its life.
void plumb_clp_set_presolve_room(int mode);
long plumb_clp_presolve_room_moves(void);
/// With 1, each call of those substitutions on this thread folds its
/// matrix as it ends (every column's and every row's entries in order, not
/// where they sit; the row bounds and the costs) into a digest (FNV-1a), read by
/// `plumb_clp_presolve_digest`; setting either value starts the digest
/// afresh. For the tests.
void plumb_clp_set_presolve_digest(int on);
unsigned long long plumb_clp_presolve_digest(void);
/// Who makes presolve's implied-free substitutions on this thread: 1 (the
/// default) the shim's statement of CoinUtils' step, which finds the target
/// row in a long column from an index when it deletes it; 0 CoinUtils' own.
/// Both give the same presolved matrix and postsolve actions.
void plumb_clp_set_presolve_substitution(int mode);
/// Target rows that statement deleted from a long column found from the
/// column's index, on this thread over its life.
long plumb_clp_presolve_deletions_found(void);
/// Presolve's and postsolve's indexes of long columns on this thread keep
/// eight columns at once, and with 1 (the default) take one slot more each
/// time a column given up for room is indexed again in the same call (up
/// to 64 and a budget of row-sized arrays); with 0 they stay at eight.
/// Either call starts both afresh at eight slots. Slots so taken on this
/// thread, over its life. The indexes' answers are the walks' either way.
void plumb_clp_set_index_slots_growing(int on);
long plumb_clp_index_slots_grown(void);

/// How the cold solves priced by the largest infeasibility on this thread
/// find their pivot row (see `ListedLargestInfeasibility` in the shim): 1
/// (the default), from a list of the rows that may be infeasible; 0, by
/// Clp's scan of every row; 2, from the list, each choice also made by
/// Clp's scan and compared, and the list checked to hold every row outside
/// the tolerance; 3, from the list, with every row the dual moves listed
/// (the list's upkeep before stop 58, for the tests). The same rows either
/// way; with another Clp than 1.17, always Clp's scan (and nothing
/// counted).
void plumb_clp_set_listed_pricing(int mode);
/// Pivot rows chosen from the list on this thread, over its life.
long plumb_clp_listed_choices(void);
/// With mode 2, choices where Clp's scan chose another row, or where a row
/// outside the tolerance was not listed.
long plumb_clp_listed_disagreements(void);
/// Rows the choices from the list looked at, on this thread over its life.
long plumb_clp_listed_looks(void);

/// Sets the upper bounds of `count` columns (`columns[k]` to `uppers[k]`)
/// as `plumb_clp_set_column_upper` would with the model's own bounds for
/// every other column, without an array of every column.
void plumb_clp_set_column_uppers_at(PlumbClpModel *model, int count, const int *columns, const double *uppers);
/// Sets the objective to 1 at each column `firstError + j` whose
/// `levelOfError[j]` is `level` (of `errors`) and 0 elsewhere, as
/// `plumb_clp_set_objective` would with that array, without making it;
/// returns how many columns are at 1.
int plumb_clp_set_level_objective(PlumbClpModel *model, int firstError, int errors, const double *levelOfError,
                                  double level);
/// Opens `rows` (no bounds), as `plumb_clp_set_row_bounds` would with the
/// model's own bounds for every other row, without arrays of every row.
void plumb_clp_open_rows(PlumbClpModel *model, int count, const int *rows);

/// With `on` not 0, every zero trial (`plumb_clp_zero_trial`) gives the
/// heap's free pages back to the system (`malloc_trim`) before its dual and
/// after it, and every `plumb_clp_primal` allowed no pivot before it and
/// prices without the steepest-edge weights, for the whole process; off
/// (0) by default.
void plumb_clp_set_heap_given_back(int on);
/// Whether zero trials give the heap's free pages back (the process's
/// setting).
int plumb_clp_heap_given_back(void);
/// Overrides the process's setting for the calls made on this thread: 1 on,
/// 0 off, -1 back to the process's setting.
void plumb_clp_set_heap_given_back_on_this_thread(int on);
/// The setting in force for the calls made on this thread.
int plumb_clp_heap_given_back_on_this_thread(void);
/// The times the heap's free pages were given back, over the process's life.
long plumb_clp_heap_trims(void);
/// The calls allowed no pivot that priced by Dantzig's rule, without the
/// steepest-edge weights, because the heap is given back (see
/// `plumb_clp_set_heap_given_back`), so far in the process.
long plumb_clp_plain_checks(void);
/// When the heap is given back, frees the factorisation a stalled warm
/// primal kept, before the part goes back to an earlier basis (its next
/// call factorises afresh); nothing otherwise.
void plumb_clp_release_stalled_factorization(PlumbClpModel *model);
/// The factorisations `plumb_clp_release_stalled_factorization` freed, so
/// far in the process.
long plumb_clp_stalled_factorizations_released(void);

/// How Clp's start makes its second factorisation of a basis its first one
/// repaired (a singular basis whose rejected columns Clp replaced with
/// slacks; Clp's start then factorises the repaired basis again), on this
/// thread: from scratch as Clp does (0), answered from the factorisation the
/// repair left, the same one (1, the default), or from scratch and checked
/// against that one (2). Counts on this thread over its life: the calls
/// answered, checked, and checked with another factorisation or pivot order.
void plumb_clp_set_repeated_start(int mode);
long plumb_clp_repeated_starts_kept(void);
long plumb_clp_repeated_starts_checked(void);
long plumb_clp_repeated_starts_disagreed(void);
/// The factorisations Clp made on this thread over its life (Clp 1.17's
/// `ClpFactorization::factorize` calls, the answered ones too; 0 with
/// another Clp).
long plumb_clp_factorizations(void);
/// cgfac66: a replay's start (a model that keeps its matrix checks) whose
/// factorisation's inputs (the basic variables, the scale, the matrix, the
/// factor object's settings) are those of one it kept is answered from the
/// kept copy: 1 (the default) answers it, 0 leaves every call to Clp, 2
/// makes Clp's call and counts where the kept copy would differ. Per thread.
void plumb_clp_set_kept_factorization(int mode);
/// Starts answered (or, in mode 2, compared) from a kept factorisation on
/// this thread, and in mode 2 those whose copy differed from Clp's call.
long plumb_clp_factorizations_restored(void);
long plumb_clp_factorizations_restore_disagreed(void);
/// Of those, the starts whose factor object's sparse threshold was not the
/// kept call's (again68: not an input of the factorisation; a replay's
/// second start of a level after the one-shot solve freed the arrays).
long plumb_clp_factorizations_across_sparse_threshold(void);
/// How Clp's sanity check of a start's bounds and costs runs on this thread
/// (cgclp65): 1 answered without Clp when it would change nothing (the
/// default), 0 always Clp's own, 2 both (Clp's result is used) with the
/// calls where Clp's check changed a bound or failed counted.
/// How Clp's check of the matrix at a start runs on this thread for models
/// that keep their matrix checks (cgclp65): 1 answered from a check with
/// the same inputs that passed and changed nothing (the default), 0 always
/// Clp's own, 2 both (Clp's result is used) with the calls where Clp's
/// check failed, changed an entry or set other flags counted.
void plumb_clp_set_matrix_check(int mode);
long plumb_clp_matrix_checks_answered(void);
long plumb_clp_matrix_checks_disagreed(void);
/// Whether Clp's check of `model`'s matrix in the presolve of
/// `plumb_clp_presolved_dual` (the same check a dual's start makes) is kept
/// and answered as a dual's is for a model that keeps its matrix checks
/// (first69; a session's models: their first replay's check is then
/// answered from the one-shot solve's). The presolve's copies are not kept.
void plumb_clp_set_keeps_presolve_matrix_checks(PlumbClpModel *model, int keeps);
/// On this thread: 1 (the default) as `plumb_clp_set_keeps_presolve_matrix_checks`
/// says, 0 Clp's own presolve checks always. Mode 2 of
/// `plumb_clp_set_matrix_check` checks these answers too.
void plumb_clp_set_presolve_matrix_checks(int mode);
/// Whether `model`'s duals (`plumb_clp_dual`) may answer Clp's check of the
/// matrix from one it passed before (see `plumb_clp_set_matrix_check`).
void plumb_clp_set_keeps_matrix_checks(PlumbClpModel *model, int keeps);
void plumb_clp_set_sanity_check(int mode);
/// Sanity checks answered (modes 1 and 2) on this thread, and in mode 2
/// those Clp's own check disagreed with.
long plumb_clp_sanity_checks_answered(void);
long plumb_clp_sanity_checks_disagreed(void);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
