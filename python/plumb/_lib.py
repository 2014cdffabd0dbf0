"""Loading libplumbc and declaring its functions for ctypes.

The library is looked for, in order:

1. the path in the environment variable ``PLUMB_LIBRARY``;
2. ``libplumbc.so`` next to this file (copy it into ``python/plumb/``
   before ``pip install ./python`` to install it with the package);
3. ``.build/capi/lib``, ``.build/release`` and ``.build/debug`` of the
   clone this package was imported from (only when it is run or installed
   in editable mode from ``python/`` inside the clone);
4. the system's library path (``ctypes.util.find_library("plumbc")``).

Calls go through ``ctypes.CDLL``, which releases the GIL for the duration
of each foreign call, so Python threads solve in parallel.
"""

import ctypes
import ctypes.util
import os
import threading

_c_double_p = ctypes.POINTER(ctypes.c_double)
_c_char_pp = ctypes.POINTER(ctypes.c_char_p)
_void_pp = ctypes.POINTER(ctypes.c_void_p)

# Status codes of plumb.h.
OK = 0
ERROR_NULL_ARGUMENT = 1
ERROR_INVALID_HANDLE = 2
ERROR_INVALID_ARGUMENT = 3
ERROR_UNSATISFIABLE = 4
ERROR_DUPLICATE_CONSTRAINT = 5
ERROR_UNKNOWN_CONSTRAINT = 6
ERROR_DUPLICATE_EDIT_VARIABLE = 7
ERROR_UNKNOWN_EDIT_VARIABLE = 8
ERROR_REQUIRED_EDIT_PRIORITY = 9
ERROR_DOCUMENT = 10
ERROR_OUT_OF_RANGE = 11

EQ, LE, GE = 0, 1, 2
FRAMES_ABSOLUTE = 1
REQUIRED = 1000.0


class PlumbError(Exception):
    """A call into libplumbc failed: ``status`` is its plumb_status code,
    ``str(error)`` the library's message."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def _candidates():
    env = os.environ.get("PLUMB_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "libplumbc.so")
    clone = os.path.dirname(os.path.dirname(here))
    for sub in (("capi", "lib"), ("release",), ("debug",)):
        yield os.path.join(clone, ".build", *sub, "libplumbc.so")
    found = ctypes.util.find_library("plumbc")
    if found:
        yield found


_lib = None
_lock = threading.Lock()


def library():
    """The loaded libplumbc (loaded on first use)."""
    global _lib
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is None:
            tried = []
            for path in _candidates():
                if "/" in path and not os.path.exists(path):
                    tried.append(path)
                    continue
                lib = ctypes.CDLL(path)
                _declare(lib)
                _lib = lib
                break
            else:
                raise OSError(
                    "libplumbc not found; build it with `bash scripts/build-capi.sh` and set "
                    "PLUMB_LIBRARY to the libplumbc.so it prints (tried: %s)" % ", ".join(tried)
                )
    return _lib


def _declare(lib):
    status = ctypes.c_int
    vp = ctypes.c_void_p
    signatures = {
        "plumb_last_error": (ctypes.c_char_p, []),
        "plumb_status_name": (ctypes.c_char_p, [ctypes.c_int]),
        "plumb_string_free": (None, [vp]),
        "plumb_version": (ctypes.c_char_p, []),
        "plumb_variable_new": (status, [ctypes.c_char_p, _void_pp]),
        "plumb_variable_free": (status, [vp]),
        "plumb_variable_value": (status, [vp, _c_double_p]),
        "plumb_constraint_new": (
            status,
            [ctypes.c_size_t, _void_pp, _c_double_p, ctypes.c_double, ctypes.c_int, ctypes.c_double, _void_pp],
        ),
        "plumb_constraint_free": (status, [vp]),
        "plumb_solver_new": (status, [_void_pp]),
        "plumb_solver_free": (status, [vp]),
        "plumb_solver_add_constraint": (status, [vp, vp]),
        "plumb_solver_remove_constraint": (status, [vp, vp]),
        "plumb_solver_has_constraint": (status, [vp, vp, ctypes.POINTER(ctypes.c_int)]),
        "plumb_solver_add_edit_variable": (status, [vp, vp, ctypes.c_double]),
        "plumb_solver_remove_edit_variable": (status, [vp, vp]),
        "plumb_solver_has_edit_variable": (status, [vp, vp, ctypes.POINTER(ctypes.c_int)]),
        "plumb_solver_suggest_value": (status, [vp, vp, ctypes.c_double]),
        "plumb_solver_update_variables": (status, [vp]),
        "plumb_solver_reset": (status, [vp]),
        "plumb_solver_dump": (status, [vp, _void_pp]),
        "plumb_solver_conflict": (status, [vp, _void_pp, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]),
        "plumb_solve_document": (status, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, _void_pp]),
        "plumb_compiled_new": (status, [ctypes.c_char_p, ctypes.c_size_t, _void_pp]),
        "plumb_compiled_free": (status, [vp]),
        "plumb_compiled_view_count": (status, [vp, ctypes.POINTER(ctypes.c_size_t)]),
        "plumb_compiled_view_id": (status, [vp, ctypes.c_size_t, _c_char_pp]),
        "plumb_compiled_frames": (status, [vp, ctypes.c_double, ctypes.c_double, ctypes.c_int, _void_pp]),
        "plumb_compiled_frames_array": (
            status,
            [vp, ctypes.c_double, ctypes.c_double, ctypes.c_int, _c_double_p, ctypes.c_size_t],
        ),
        "plumb_batch_solve": (
            status,
            [ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t, ctypes.c_int,
             ctypes.c_int, _void_pp],
        ),
        "plumb_batch_free": (status, [vp]),
        "plumb_batch_count": (status, [vp, ctypes.POINTER(ctypes.c_size_t)]),
        "plumb_batch_result": (status, [vp, ctypes.c_size_t, _c_char_pp, _c_char_pp]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


def call(name, *args):
    """Calls plumb_NAME; a status other than PLUMB_OK raises PlumbError with
    this thread's message (read right after the call, on the same thread)."""
    lib = library()
    status = getattr(lib, name)(*args)
    if status != OK:
        raise PlumbError(status, lib.plumb_last_error().decode("utf-8", "replace"))


def take_string(pointer):
    """The text of a string the library returned for us to free, freed."""
    if not pointer.value:
        return None
    try:
        return ctypes.string_at(pointer.value).decode("utf-8")
    finally:
        library().plumb_string_free(pointer.value)
