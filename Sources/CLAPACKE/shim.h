#ifndef PLUMB_CLAPACKE_SHIM_H
#define PLUMB_CLAPACKE_SHIM_H
// Swift cannot import C `_Complex`; give LAPACKE plain structs for complex
// numbers so the module imports cleanly. Plumb only calls real (d*) routines.
#define LAPACK_COMPLEX_CUSTOM
typedef struct { float real, imag; } plumb_complex_float;
typedef struct { double real, imag; } plumb_complex_double;
#define lapack_complex_float plumb_complex_float
#define lapack_complex_double plumb_complex_double
#include <cblas.h>
#include <lapacke.h>
#endif
