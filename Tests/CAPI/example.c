/*
 * A C program against plumb.h and libplumbc: the solver (values, edit
 * variables, a conflict's minimal set, every error code a caller can cause)
 * and layout documents (one document, a compiled layout at several sizes, a
 * batch on two threads). Exits 0 when every check holds, else prints each
 * failed check and exits 1.
 *
 *   bash scripts/build-capi.sh
 *   PKG_CONFIG_PATH=.build/capi/lib/pkgconfig
 *   gcc -std=c11 -Wall -Wextra -Werror Tests/CAPI/example.c $(pkg-config --cflags --libs plumb) -o example
 *   ./example Examples/hello.json
 */
#include <plumb.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        checks++;                                                                     \
        if (!(cond)) {                                                                \
            failures++;                                                               \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__,  \
                    __LINE__, #cond, plumb_last_error());                             \
        }                                                                             \
    } while (0)

#define CHECK_STATUS(call, expected)                                                  \
    do {                                                                              \
        int status_ = (call);                                                         \
        checks++;                                                                     \
        if (status_ != (expected)) {                                                  \
            failures++;                                                               \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", __FILE__,   \
                    __LINE__, #call, plumb_status_name(status_),                      \
                    plumb_status_name(expected), plumb_last_error());                 \
        }                                                                             \
    } while (0)

#define OK(call) CHECK_STATUS(call, PLUMB_OK)

static double value(plumb_variable *v) {
    double x = NAN;
    OK(plumb_variable_value(v, &x));
    return x;
}

/* a*x + b*y + constant REL 0 at priority (y may be NULL). */
static plumb_constraint *make(double a, plumb_variable *x, double b, plumb_variable *y, double constant,
                              plumb_relation relation, double priority) {
    plumb_variable *vars[2] = {x, y};
    double coefficients[2] = {a, b};
    plumb_constraint *c = NULL;
    OK(plumb_constraint_new(y ? 2 : 1, vars, coefficients, constant, relation, priority, &c));
    return c;
}

static void solver_checks(void) {
    plumb_solver *solver = NULL;
    OK(plumb_solver_new(&solver));
    plumb_variable *left = NULL, *width = NULL;
    OK(plumb_variable_new("left", &left));
    OK(plumb_variable_new("width", &width));

    /* README's example: left >= 0, left + width <= 80, width == 100 @ 250. */
    plumb_constraint *c1 = make(1, left, 0, NULL, 0, PLUMB_GE, PLUMB_REQUIRED);
    plumb_constraint *c2 = make(1, left, 1, width, -80, PLUMB_LE, PLUMB_REQUIRED);
    plumb_constraint *c3 = make(1, width, 0, NULL, -100, PLUMB_EQ, PLUMB_LOW);
    OK(plumb_solver_add_constraint(solver, c1));
    OK(plumb_solver_add_constraint(solver, c2));
    OK(plumb_solver_add_constraint(solver, c3));
    CHECK(strcmp(plumb_last_error(), "") == 0);
    OK(plumb_solver_update_variables(solver));
    CHECK(value(left) == 0 && value(width) == 80);

    OK(plumb_solver_add_edit_variable(solver, left, PLUMB_HIGH));
    int has = -1;
    OK(plumb_solver_has_edit_variable(solver, left, &has));
    CHECK(has == 1);
    OK(plumb_solver_suggest_value(solver, left, 10));
    OK(plumb_solver_update_variables(solver));
    CHECK(value(left) == 10 && value(width) == 70);
    OK(plumb_solver_suggest_value(solver, left, 30));
    OK(plumb_solver_update_variables(solver));
    CHECK(value(left) == 30 && value(width) == 50);

    /* Removing the cap lets width reach 100. */
    OK(plumb_solver_remove_constraint(solver, c2));
    OK(plumb_solver_has_constraint(solver, c2, &has));
    CHECK(has == 0);
    OK(plumb_solver_update_variables(solver));
    CHECK(value(width) == 100);

    /* Errors of the solver. */
    CHECK_STATUS(plumb_solver_add_constraint(solver, c1), PLUMB_ERROR_DUPLICATE_CONSTRAINT);
    CHECK(strlen(plumb_last_error()) > 0);
    CHECK_STATUS(plumb_solver_remove_constraint(solver, c2), PLUMB_ERROR_UNKNOWN_CONSTRAINT);
    CHECK_STATUS(plumb_solver_add_edit_variable(solver, left, 500), PLUMB_ERROR_DUPLICATE_EDIT_VARIABLE);
    CHECK_STATUS(plumb_solver_add_edit_variable(solver, width, PLUMB_REQUIRED), PLUMB_ERROR_REQUIRED_EDIT_PRIORITY);
    CHECK_STATUS(plumb_solver_suggest_value(solver, width, 5), PLUMB_ERROR_UNKNOWN_EDIT_VARIABLE);
    CHECK_STATUS(plumb_solver_remove_edit_variable(solver, width), PLUMB_ERROR_UNKNOWN_EDIT_VARIABLE);
    CHECK_STATUS(plumb_solver_suggest_value(solver, left, NAN), PLUMB_ERROR_INVALID_ARGUMENT);
    OK(plumb_solver_remove_edit_variable(solver, left));

    /* A conflict: x == 10 and x == 20 (required), with x >= 0 beside them. */
    plumb_variable *x = NULL;
    OK(plumb_variable_new("x", &x));
    plumb_constraint *ten = make(1, x, 0, NULL, -10, PLUMB_EQ, PLUMB_REQUIRED);
    plumb_constraint *positive = make(1, x, 0, NULL, 0, PLUMB_GE, PLUMB_REQUIRED);
    plumb_constraint *twenty = make(1, x, 0, NULL, -20, PLUMB_EQ, PLUMB_REQUIRED);
    OK(plumb_solver_add_constraint(solver, ten));
    OK(plumb_solver_add_constraint(solver, positive));
    size_t count = 99;
    OK(plumb_solver_conflict(solver, NULL, 0, &count));
    CHECK(count == 0);
    CHECK_STATUS(plumb_solver_add_constraint(solver, twenty), PLUMB_ERROR_UNSATISFIABLE);
    CHECK(strstr(plumb_last_error(), "conflict") != NULL);
    OK(plumb_solver_conflict(solver, NULL, 0, &count));
    CHECK(count == 2);
    plumb_constraint *conflict[4] = {NULL, NULL, NULL, NULL};
    OK(plumb_solver_conflict(solver, conflict, 4, &count));
    CHECK(count == 2);
    CHECK((conflict[0] == ten && conflict[1] == twenty) || (conflict[0] == twenty && conflict[1] == ten));
    OK(plumb_solver_has_constraint(solver, twenty, &has));
    CHECK(has == 0); /* the solver is as it was */
    OK(plumb_solver_update_variables(solver));
    CHECK(value(x) == 10);

    /* Lexicographic levels: one constraint at 750 beats three at 250. */
    plumb_variable *y = NULL;
    OK(plumb_variable_new("y", &y));
    OK(plumb_solver_add_constraint(solver, make(1, y, 0, NULL, 0, PLUMB_EQ, 750)));
    for (int i = 0; i < 3; i++) OK(plumb_solver_add_constraint(solver, make(1, y, 0, NULL, -10, PLUMB_EQ, 250)));
    OK(plumb_solver_update_variables(solver));
    CHECK(value(y) == 0);

    char *dump = NULL;
    OK(plumb_solver_dump(solver, &dump));
    CHECK(dump != NULL && strstr(dump, "Objective") != NULL && strstr(dump, "width") != NULL);
    plumb_string_free(dump);
    char *name = NULL;
    OK(plumb_variable_name(width, &name));
    CHECK(name != NULL && strcmp(name, "width") == 0);
    plumb_string_free(name);

    /* Bad arguments and handles: error codes, never a crash. */
    plumb_constraint *bad = NULL;
    double nan_coefficient[1] = {NAN};
    CHECK_STATUS(plumb_constraint_new(1, &x, nan_coefficient, 0, PLUMB_EQ, 500, &bad), PLUMB_ERROR_INVALID_ARGUMENT);
    double one[1] = {1};
    CHECK_STATUS(plumb_constraint_new(1, &x, one, 0, PLUMB_EQ, 0.5, &bad), PLUMB_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(plumb_constraint_new(1, &x, one, 0, PLUMB_EQ, 1000.5, &bad), PLUMB_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(plumb_constraint_new(1, &x, one, 0, (plumb_relation)7, 500, &bad), PLUMB_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(plumb_constraint_new(1, NULL, one, 0, PLUMB_EQ, 500, &bad), PLUMB_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(plumb_constraint_new(1, (plumb_variable **)&solver, one, 0, PLUMB_EQ, 500, &bad),
                 PLUMB_ERROR_INVALID_HANDLE);
    CHECK(bad == NULL);
    CHECK_STATUS(plumb_solver_add_constraint(NULL, ten), PLUMB_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(plumb_solver_add_constraint(solver, (plumb_constraint *)x), PLUMB_ERROR_INVALID_HANDLE);
    CHECK_STATUS(plumb_solver_update_variables((plumb_solver *)(void *)&failures), PLUMB_ERROR_INVALID_HANDLE);
    CHECK_STATUS(plumb_variable_value(x, NULL), PLUMB_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(plumb_variable_new(NULL, &x), PLUMB_ERROR_NULL_ARGUMENT);
    CHECK(strcmp(plumb_status_name(PLUMB_ERROR_UNSATISFIABLE), "PLUMB_ERROR_UNSATISFIABLE") == 0);
    CHECK(strcmp(plumb_status_name(12345), "unknown status") == 0);

    /* Freeing a variable handle leaves the solver's copy working. */
    OK(plumb_variable_free(y));
    CHECK_STATUS(plumb_variable_free(y), PLUMB_ERROR_INVALID_HANDLE);
    CHECK_STATUS(plumb_variable_value(y, &(double){0}), PLUMB_ERROR_INVALID_HANDLE);
    OK(plumb_solver_update_variables(solver));

    OK(plumb_solver_reset(solver));
    OK(plumb_solver_has_constraint(solver, ten, &has));
    CHECK(has == 0);
    OK(plumb_solver_conflict(solver, NULL, 0, &count));
    CHECK(count == 0);

    OK(plumb_solver_free(solver));
    CHECK_STATUS(plumb_solver_free(solver), PLUMB_ERROR_INVALID_HANDLE);
    CHECK_STATUS(plumb_solver_add_constraint(solver, ten), PLUMB_ERROR_INVALID_HANDLE);
    OK(plumb_constraint_free(ten));
    CHECK_STATUS(plumb_constraint_free(ten), PLUMB_ERROR_INVALID_HANDLE);
}

static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 1);
    if (fread(data, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(data);
        return NULL;
    }
    fclose(f);
    data[n] = 0;
    *length = (size_t)n;
    return data;
}

/* The frame of `id` in a frames JSON text, found by its key. */
static int frame_of(const char *json, const char *id, double frame[4]) {
    char key[64];
    snprintf(key, sizeof key, "\"%s\": [", id);
    const char *at = json ? strstr(json, key) : NULL;
    if (!at) return 0;
    return sscanf(at + strlen(key), "%lf, %lf, %lf, %lf", &frame[0], &frame[1], &frame[2], &frame[3]) == 4;
}

static int frame_is(const char *json, const char *id, double x, double y, double w, double h) {
    double f[4];
    return frame_of(json, id, f) && f[0] == x && f[1] == y && f[2] == w && f[3] == h;
}

static void document_checks(const char *hello_path) {
    size_t length = 0;
    char *hello = read_file(hello_path, &length);
    CHECK(hello != NULL);
    if (!hello) return;

    /* One document, parent and root coordinates (Examples/hello.frames.json). */
    char *frames = NULL;
    OK(plumb_solve_document(hello, length, 0, &frames));
    CHECK(strncmp(frames, "{\"frames\": {", 12) == 0);
    CHECK(frame_is(frames, "root", 0, 0, 320, 200));
    CHECK(frame_is(frames, "header", 16, 16, 288, 48));
    CHECK(frame_is(frames, "title", 12, 14, 120, 20));
    CHECK(frame_is(frames, "button", 216, 9, 60, 30));
    CHECK(frame_is(frames, "body", 16, 72, 288, 112));
    char *absolute = NULL;
    OK(plumb_solve_document(hello, length, PLUMB_FRAMES_ABSOLUTE, &absolute));
    CHECK(frame_is(absolute, "title", 28, 30, 120, 20));
    CHECK(frame_is(absolute, "button", 232, 25, 60, 30));
    plumb_string_free(absolute);

    /* Bad documents: an error code and a message. */
    char *none = NULL;
    const char *broken = "{\"root\": {\"id\": \"root\", \"width\": 320";
    CHECK_STATUS(plumb_solve_document(broken, strlen(broken), 0, &none), PLUMB_ERROR_DOCUMENT);
    CHECK(none == NULL && strlen(plumb_last_error()) > 0);
    const char *conflict = "{\"root\": {\"id\": \"root\", \"width\": 320, \"height\": 200},"
                           " \"views\": [{\"id\": \"a\", \"parent\": \"root\"}],"
                           " \"constraints\": [\"a.width = 10\", \"a.width = 20\"]}";
    CHECK_STATUS(plumb_solve_document(conflict, strlen(conflict), 0, &none), PLUMB_ERROR_DOCUMENT);
    CHECK(strstr(plumb_last_error(), "a.width = 20") != NULL);
    CHECK_STATUS(plumb_solve_document(NULL, 10, 0, &none), PLUMB_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(plumb_solve_document("", 0, 0, &none), PLUMB_ERROR_DOCUMENT);
    CHECK_STATUS(plumb_solve_document(hello, length, 8, &none), PLUMB_ERROR_INVALID_ARGUMENT);

    /* A compiled layout at several sizes; at the document's own size its
     * frames are byte for byte those of the one-off solve. */
    plumb_compiled *compiled = NULL;
    OK(plumb_compiled_new(hello, length, &compiled));
    size_t views = 0;
    OK(plumb_compiled_view_count(compiled, &views));
    CHECK(views == 5);
    const char *id = NULL;
    OK(plumb_compiled_view_id(compiled, 1, &id));
    CHECK(id && strcmp(id, "header") == 0);
    CHECK_STATUS(plumb_compiled_view_id(compiled, 5, &id), PLUMB_ERROR_OUT_OF_RANGE);
    char *again = NULL;
    OK(plumb_compiled_frames(compiled, 320, 200, 0, &again));
    CHECK(again && strcmp(again, frames) == 0);
    plumb_string_free(again);
    double array[20];
    const double widths[3] = {320, 400, 480};
    for (int i = 0; i < 3; i++) {
        OK(plumb_compiled_frames_array(compiled, widths[i], 300, 0, array, 20));
        CHECK(array[4 * 1 + 2] == widths[i] - 32); /* header width */
        CHECK(array[4 * 4 + 3] == 300 - 88);       /* body height: 300 - 16 - 48 - 8 - 16 */
        CHECK(array[4 * 3 + 0] == widths[i] - 32 - 12 - 60); /* button x in the header */
    }
    CHECK_STATUS(plumb_compiled_frames_array(compiled, 320, 200, 0, array, 19), PLUMB_ERROR_OUT_OF_RANGE);
    CHECK_STATUS(plumb_compiled_frames(compiled, -1, 200, 0, &again), PLUMB_ERROR_DOCUMENT);
    CHECK_STATUS(plumb_compiled_frames(compiled, NAN, 200, 0, &again), PLUMB_ERROR_DOCUMENT);
    OK(plumb_compiled_frames_array(compiled, 320, 200, 0, array, 20)); /* usable after a failure */
    CHECK(array[4 * 1 + 2] == 288);
    CHECK_STATUS(plumb_compiled_new(broken, strlen(broken), &compiled), PLUMB_ERROR_DOCUMENT);
    OK(plumb_compiled_free(compiled));
    CHECK_STATUS(plumb_compiled_free(compiled), PLUMB_ERROR_INVALID_HANDLE);

    /* A batch of four on two threads: results in input order, a bad
     * document's error beside the others' frames. */
    const char *documents[4] = {hello, broken, conflict, hello};
    size_t lengths[4] = {length, strlen(broken), strlen(conflict), length};
    plumb_batch *batch = NULL;
    OK(plumb_batch_solve(documents, lengths, 4, 2, 0, &batch));
    size_t results = 0;
    OK(plumb_batch_count(batch, &results));
    CHECK(results == 4);
    const char *result = NULL, *error = NULL;
    OK(plumb_batch_result(batch, 0, &result, &error));
    CHECK(result && !error && strcmp(result, frames) == 0);
    OK(plumb_batch_result(batch, 1, &result, &error));
    CHECK(!result && error && strlen(error) > 0);
    OK(plumb_batch_result(batch, 2, &result, &error));
    CHECK(!result && error && strstr(error, "a.width = 20") != NULL);
    OK(plumb_batch_result(batch, 3, &result, &error));
    CHECK(result && !error && strcmp(result, frames) == 0);
    CHECK_STATUS(plumb_batch_result(batch, 4, &result, &error), PLUMB_ERROR_OUT_OF_RANGE);
    OK(plumb_batch_free(batch));
    plumb_batch *nul_terminated = NULL;
    OK(plumb_batch_solve(documents, NULL, 1, 1, PLUMB_FRAMES_ABSOLUTE, &nul_terminated));
    OK(plumb_batch_result(nul_terminated, 0, &result, NULL));
    CHECK(frame_is(result, "title", 28, 30, 120, 20));
    OK(plumb_batch_free(nul_terminated));
    CHECK_STATUS(plumb_batch_solve(documents, lengths, 4, 0, 0, &batch), PLUMB_ERROR_INVALID_ARGUMENT);
    const char *with_null[2] = {hello, NULL};
    CHECK_STATUS(plumb_batch_solve(with_null, NULL, 2, 1, 0, &batch), PLUMB_ERROR_NULL_ARGUMENT);

    plumb_string_free(frames);
    free(hello);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s Examples/hello.json\n", argv[0]);
        return 2;
    }
    printf("libplumbc %s\n", plumb_version());
    solver_checks();
    document_checks(argv[1]);
    printf("%d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
