#ifndef PLUMB_CCLP_SHIM_H
#define PLUMB_CCLP_SHIM_H
// COIN-OR Clp's C interface (Debian's coinor-libclp-dev; pkg-config clp
// puts /usr/include/coin on the include path).
#include <Clp_C_Interface.h>
#endif
