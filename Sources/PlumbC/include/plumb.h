/*
 * plumb.h: the C interface to Plumb, a constraint layout engine (libplumbc).
 *
 * Two levels:
 *
 *   - the solver: variables, linear constraints with a priority, an
 *     incremental solver with add/remove, edit variables and suggestions
 *     (Plumb's `Solver`, see docs/solver.md);
 *   - layout documents: one document (JSON bytes in memory) to its frames,
 *     a compiled layout solved again for many root sizes, and a batch of
 *     documents on several threads (what `plumb solve`, `plumb sweep` and
 *     `plumb batch` do).
 *
 * Build and link (from a clone; see README.md):
 *
 *   bash scripts/build-capi.sh            # writes .build/capi/{include,lib,lib/pkgconfig}
 *   export PKG_CONFIG_PATH=$PWD/.build/capi/lib/pkgconfig
 *   cc app.c $(pkg-config --cflags --libs plumb)
 *
 * ---------------------------------------------------------------------------
 * Conventions
 *
 * Status. Every function that can fail returns a plumb_status: PLUMB_OK (0)
 * or an error code. Results come back through out-parameters, which are
 * written only on PLUMB_OK.
 *
 * Messages. After a call that fails, plumb_last_error() returns a
 * human-readable message for it. The message is per thread (calls on other
 * threads do not change it), owned by the library, and valid until the next
 * call into the library on the same thread. A call that succeeds sets it to
 * "". Copy it if you need it longer.
 *
 * Strings the library allocates for you (frames JSON, dumps, names) are
 * returned as `char **out`; they are NUL-terminated, UTF-8, and YOURS: free
 * each with plumb_string_free(). Strings that the library keeps (a batch's
 * results, a compiled layout's view ids) are returned as `const char **`
 * and live as long as the handle they come from.
 *
 * Handles. Solvers, variables, constraints, compiled layouts and batches
 * are opaque handles. They are tokens, not addresses: every call checks
 * that a handle is live and of the right kind, and returns
 * PLUMB_ERROR_INVALID_HANDLE otherwise (a handle freed once is never valid
 * again, and freeing it twice is that error, not a crash). NULL where a
 * pointer is required is PLUMB_ERROR_NULL_ARGUMENT. NaN or infinite numbers,
 * a priority outside 1...1000, an unknown relation or a job count below 1
 * are PLUMB_ERROR_INVALID_ARGUMENT. Bad input never aborts the process.
 *
 * Ownership. A solver keeps what it needs of the variables and constraints
 * added to it: freeing a variable or constraint handle releases only the
 * handle. A variable's value (plumb_variable_value) is the one written by
 * the last plumb_solver_update_variables of any solver that knows it.
 *
 * Threads. The library may be called from any number of threads at once.
 * Each solver and each compiled layout serialises the calls made on it with
 * its own lock, so sharing one between threads is safe but not parallel;
 * give each thread its own for parallel work. Document calls without a
 * handle (plumb_solve_document, plumb_batch_solve) share nothing.
 *
 * Priorities. A priority is a number in 1...1000; 1000 (PLUMB_REQUIRED) is
 * required. Priorities are exact lexicographic levels, not weights: among
 * the optional constraints, the total violation at the highest priority is
 * minimised first, and each lower priority only breaks the ties left by the
 * ones above it, however many constraints it has. Two different numbers are
 * two different levels (500 and 500.5 are two levels).
 */
#ifndef PLUMB_H
#define PLUMB_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Status codes and errors                                                   */

typedef enum plumb_status {
    PLUMB_OK = 0,
    /* A pointer argument that must not be NULL was NULL. */
    PLUMB_ERROR_NULL_ARGUMENT = 1,
    /* A handle that is not live, or not of the kind the function takes. */
    PLUMB_ERROR_INVALID_HANDLE = 2,
    /* A number that is NaN or infinite, a priority outside 1...1000, an
     * unknown relation or flag, a job count below 1. */
    PLUMB_ERROR_INVALID_ARGUMENT = 3,
    /* Required constraints cannot all hold. The solver is unchanged; the
     * minimal conflicting set is available from plumb_solver_conflict. */
    PLUMB_ERROR_UNSATISFIABLE = 4,
    /* The constraint is already in this solver. */
    PLUMB_ERROR_DUPLICATE_CONSTRAINT = 5,
    /* The constraint is not in this solver. */
    PLUMB_ERROR_UNKNOWN_CONSTRAINT = 6,
    /* The variable is already an edit variable of this solver. */
    PLUMB_ERROR_DUPLICATE_EDIT_VARIABLE = 7,
    /* The variable is not an edit variable of this solver. */
    PLUMB_ERROR_UNKNOWN_EDIT_VARIABLE = 8,
    /* An edit variable cannot have the required priority (1000). */
    PLUMB_ERROR_REQUIRED_EDIT_PRIORITY = 9,
    /* A layout document that cannot be read (not JSON, not a layout
     * document), lowered (an unknown view, a malformed constraint string)
     * or solved (conflicting required constraints, a bad root size). The
     * message lists every diagnostic, as `plumb solve` prints them. */
    PLUMB_ERROR_DOCUMENT = 10,
    /* An index past the end (plumb_batch_result, plumb_compiled_view_id),
     * or an output array too small (plumb_compiled_frames_array). */
    PLUMB_ERROR_OUT_OF_RANGE = 11
} plumb_status;

/* The message of the last call on this thread ("" after a success, never
 * NULL). Owned by the library, valid until this thread's next call. */
const char *plumb_last_error(void);

/* A constant name for a status ("PLUMB_OK", "PLUMB_ERROR_UNSATISFIABLE",
 * ...; "unknown status" for any other number). Never NULL, never freed. */
const char *plumb_status_name(int status);

/* Frees a string the library returned through a `char **` out-parameter.
 * NULL is ignored. (The strings come from malloc, so free() also works.) */
void plumb_string_free(char *string);

/* The library's version, e.g. "0.1.0". Never freed. */
const char *plumb_version(void);

/* ------------------------------------------------------------------------ */
/* The solver                                                                */

typedef struct plumb_solver plumb_solver;
typedef struct plumb_variable plumb_variable;
typedef struct plumb_constraint plumb_constraint;

/* The relation of a constraint's expression to zero. */
typedef enum plumb_relation {
    PLUMB_EQ = 0, /* expression == 0 */
    PLUMB_LE = 1, /* expression <= 0 */
    PLUMB_GE = 2  /* expression >= 0 */
} plumb_relation;

#define PLUMB_REQUIRED 1000.0
#define PLUMB_HIGH 750.0
#define PLUMB_MEDIUM 500.0
#define PLUMB_LOW 250.0

/* A new variable named `name` (UTF-8, copied; used in messages and dumps;
 * names need not be unique). Its value is 0 until a solver updates it.
 * Free with plumb_variable_free. */
plumb_status plumb_variable_new(const char *name, plumb_variable **out);
plumb_status plumb_variable_free(plumb_variable *variable);
/* The value written by the last plumb_solver_update_variables that knew it. */
plumb_status plumb_variable_value(const plumb_variable *variable, double *out);
/* The name, as a new string (free it with plumb_string_free). */
plumb_status plumb_variable_name(const plumb_variable *variable, char **out);

/* A new constraint
 *
 *     coefficients[0]*variables[0] + ... + coefficients[count-1]*variables[count-1]
 *         + constant  RELATION  0
 *
 * at `priority` (1...1000; PLUMB_REQUIRED must hold). A variable may appear
 * more than once (its coefficients add up). `variables` and `coefficients`
 * may be NULL when count is 0. The constraint is immutable; one constraint
 * may be added to several solvers. Free with plumb_constraint_free. */
plumb_status plumb_constraint_new(size_t count, plumb_variable *const *variables,
                                  const double *coefficients, double constant,
                                  plumb_relation relation, double priority,
                                  plumb_constraint **out);
plumb_status plumb_constraint_free(plumb_constraint *constraint);
/* The constraint as text, variables by name, the constant moved to the
 * right and the priority after `@` unless required: "x == 10",
 * "2*width + left <= 80 @500" (for people; free it with plumb_string_free). */
plumb_status plumb_constraint_describe(const plumb_constraint *constraint, char **out);

/* A new, empty solver. Free with plumb_solver_free. */
plumb_status plumb_solver_new(plumb_solver **out);
plumb_status plumb_solver_free(plumb_solver *solver);

/* Adds a constraint and re-optimises. Errors: DUPLICATE_CONSTRAINT,
 * UNSATISFIABLE (a required constraint that cannot hold with the required
 * constraints already added: the solver is left as it was, and
 * plumb_solver_conflict gives a minimal conflicting set, which includes
 * this constraint when it takes part). */
plumb_status plumb_solver_add_constraint(plumb_solver *solver, plumb_constraint *constraint);
/* Removes a constraint and re-optimises. Error: UNKNOWN_CONSTRAINT. */
plumb_status plumb_solver_remove_constraint(plumb_solver *solver, plumb_constraint *constraint);
/* *out = 1 if the constraint is in the solver, else 0. */
plumb_status plumb_solver_has_constraint(plumb_solver *solver, const plumb_constraint *constraint, int *out);

/* Makes `variable` an edit variable: an optional `variable == suggestion`
 * at `priority` (below 1000; the suggestion starts at 0). Errors:
 * DUPLICATE_EDIT_VARIABLE, REQUIRED_EDIT_PRIORITY. */
plumb_status plumb_solver_add_edit_variable(plumb_solver *solver, plumb_variable *variable, double priority);
/* Error: UNKNOWN_EDIT_VARIABLE. */
plumb_status plumb_solver_remove_edit_variable(plumb_solver *solver, plumb_variable *variable);
plumb_status plumb_solver_has_edit_variable(plumb_solver *solver, const plumb_variable *variable, int *out);
/* Suggests a value for an edit variable and re-optimises (dual simplex from
 * the current basis). Error: UNKNOWN_EDIT_VARIABLE. */
plumb_status plumb_solver_suggest_value(plumb_solver *solver, plumb_variable *variable, double value);

/* Writes the current solution into every variable the solver knows; read
 * them with plumb_variable_value. */
plumb_status plumb_solver_update_variables(plumb_solver *solver);
/* Removes every constraint and edit variable (variables keep their values). */
plumb_status plumb_solver_reset(plumb_solver *solver);
/* A human-readable account of the solver's state (objective per priority
 * level, variables, edit variables, constraints); for people, not parsers.
 * Free it with plumb_string_free. */
plumb_status plumb_solver_dump(plumb_solver *solver, char **out);

/* The minimal conflicting set of the last add on this solver that failed
 * with PLUMB_ERROR_UNSATISFIABLE: the required constraints that cannot all
 * hold together (drop any one and the rest can). Writes up to `capacity`
 * handles to `out` (which may be NULL when capacity is 0) and the set's
 * size to *count; call with capacity 0 first to learn the size. The set is
 * empty before any such failure and after plumb_solver_reset. The handles
 * are those given to plumb_solver_add_constraint (one freed since is
 * returned as it was, and is no longer valid). */
plumb_status plumb_solver_conflict(plumb_solver *solver, plumb_constraint **out, size_t capacity, size_t *count);

/* ------------------------------------------------------------------------ */
/* Layout documents                                                          */

/* Flags for the frame functions. 0: frames in each view's parent
 * coordinates, as `plumb solve` writes them. */
#define PLUMB_FRAMES_ABSOLUTE 1 /* frames in root coordinates (`--absolute`) */

/* Solves one layout document (`json`, `length` bytes; the format is in
 * README.md) and returns its frames as `plumb solve` writes them:
 *   {"frames": {"root": [0, 0, 320, 200], "header": [16, 16, 288, 48], ...}}
 * in *frames_json (free it with plumb_string_free). A document that cannot
 * be parsed, lowered or solved is PLUMB_ERROR_DOCUMENT with every
 * diagnostic in the message. */
plumb_status plumb_solve_document(const char *json, size_t length, int flags, char **frames_json);

typedef struct plumb_compiled plumb_compiled;

/* Parses, lowers and plans a document once (Plumb's CompiledLayout) for
 * solving again at many root sizes. Error: PLUMB_ERROR_DOCUMENT. */
plumb_status plumb_compiled_new(const char *json, size_t length, plumb_compiled **out);
plumb_status plumb_compiled_free(plumb_compiled *compiled);
/* The number of views, the root included, and the id of view `index`
 * (0 is the root, then the document's views in order); the id lives as long
 * as the handle. */
plumb_status plumb_compiled_view_count(plumb_compiled *compiled, size_t *count);
plumb_status plumb_compiled_view_id(plumb_compiled *compiled, size_t index, const char **id);
/* The frames with the root at width x height, as plumb_solve_document
 * writes them (the same frames a fresh solve of the document at that size
 * gives). Error: PLUMB_ERROR_DOCUMENT for a negative or non-finite size or
 * required constraints that conflict at that size; the compiled layout stays
 * usable for other sizes. */
plumb_status plumb_compiled_frames(plumb_compiled *compiled, double width, double height, int flags,
                                   char **frames_json);
/* The same frames as numbers: x, y, width, height of view 0, then view 1,
 * ... into `out`, which holds `capacity` doubles (at least 4 x view count,
 * else PLUMB_ERROR_OUT_OF_RANGE). */
plumb_status plumb_compiled_frames_array(plumb_compiled *compiled, double width, double height, int flags,
                                         double *out, size_t capacity);

typedef struct plumb_batch plumb_batch;

/* Solves `count` documents with `jobs` workers, each solving one document
 * at a time on one thread (the workers run on libdispatch's thread pool, as
 * `plumb batch --jobs` does, so more workers than processors add nothing),
 * and keeps one result per document in input order. documents[i] holds lengths[i] bytes; `lengths` may be NULL when
 * every document is a NUL-terminated string. A document that fails does not
 * stop the others: its result is an error message. The call returns when
 * every document is solved. Free the batch with plumb_batch_free. */
plumb_status plumb_batch_solve(const char *const *documents, const size_t *lengths, size_t count, int jobs,
                               int flags, plumb_batch **out);
plumb_status plumb_batch_free(plumb_batch *batch);
plumb_status plumb_batch_count(plumb_batch *batch, size_t *count);
/* Result `index`: on success *frames_json is the frames (as
 * plumb_solve_document writes them) and *error is NULL; for a document that
 * failed *frames_json is NULL and *error its message. Both strings live as
 * long as the batch. Either pointer may be NULL if not wanted. */
plumb_status plumb_batch_result(plumb_batch *batch, size_t index, const char **frames_json, const char **error);

#ifdef __cplusplus
}
#endif

#endif /* PLUMB_H */
