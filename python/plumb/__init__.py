"""Plumb from Python: layout documents solved by libplumbc through ctypes.

    import plumb
    frames = plumb.solve(document)                 # {"root": [0, 0, 320, 200], ...}
    results = plumb.batch(documents, jobs=2)       # one frames dict per document, in order
    layout = plumb.CompiledLayout(document)
    layout.frames(480, 200)                        # the same document at another root size

A document is a ``str`` or ``bytes`` of JSON, or a ``dict`` (serialised with
``json.dumps``); the format is the layout document of Plumb's README.
Frames map each view id (the root first, then the views in document order)
to ``[x, y, width, height]`` in its parent's coordinates, or in the root's
with ``absolute=True``: what ``plumb solve`` writes under ``"frames"``.

``plumb.kiwi`` is a stand-in for kiwisolver over Plumb's solver.
"""

import ctypes
import json
import os

from ._lib import FRAMES_ABSOLUTE, PlumbError, call, library, take_string

__all__ = ["solve", "batch", "CompiledLayout", "PlumbError", "DocumentError", "library_version"]
__version__ = "0.1.0"


class DocumentError(PlumbError):
    """A layout document that cannot be parsed, lowered or solved; the message
    lists every diagnostic. ``index`` is the document's position in a batch."""

    def __init__(self, status, message, index=None):
        super().__init__(status, message)
        self.index = index


def library_version():
    """libplumbc's version string."""
    return library().plumb_version().decode()


def _bytes(document):
    if isinstance(document, bytes):
        return document
    if isinstance(document, str):
        return document.encode("utf-8")
    if isinstance(document, dict):
        return json.dumps(document).encode("utf-8")
    raise TypeError("a layout document is str, bytes or dict, not %s" % type(document).__name__)


def _flags(absolute):
    return FRAMES_ABSOLUTE if absolute else 0


def _frames(text):
    return json.loads(text)["frames"]


def _document_call(name, *args):
    try:
        call(name, *args)
    except PlumbError as error:
        if error.status == 10:
            raise DocumentError(error.status, str(error)) from None
        raise


def solve(document, absolute=False):
    """Solves one layout document; returns its frames as a dict."""
    data = _bytes(document)
    out = ctypes.c_void_p()
    _document_call("plumb_solve_document", data, len(data), _flags(absolute), ctypes.byref(out))
    return _frames(take_string(out))


def batch(documents, jobs=None, absolute=False, errors="raise"):
    """Solves many documents with ``jobs`` workers, each solving one document
    at a time on one thread (default: one worker per processor, as ``plumb
    batch``), in one foreign call; returns their frames in input order.

    With ``errors="raise"`` (default) the first document that fails raises
    :class:`DocumentError` (its ``index`` says which) after all are solved;
    with ``errors="return"`` its place in the list holds the DocumentError.
    """
    if errors not in ("raise", "return"):
        raise ValueError("errors must be 'raise' or 'return'")
    if jobs is None:
        jobs = os.cpu_count() or 1
    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError("jobs must be an integer of at least 1")
    data = [_bytes(d) for d in documents]
    count = len(data)
    pointers = (ctypes.c_char_p * max(count, 1))(*data)
    lengths = (ctypes.c_size_t * max(count, 1))(*[len(d) for d in data])
    handle = ctypes.c_void_p()
    call("plumb_batch_solve", pointers, lengths, count, jobs, _flags(absolute), ctypes.byref(handle))
    try:
        results = []
        frames = ctypes.c_char_p()
        error = ctypes.c_char_p()
        for i in range(count):
            call("plumb_batch_result", handle, i, ctypes.byref(frames), ctypes.byref(error))
            if frames.value is not None:
                results.append(_frames(frames.value.decode("utf-8")))
            else:
                failure = DocumentError(10, error.value.decode("utf-8", "replace"), index=i)
                if errors == "raise":
                    raise failure
                results.append(failure)
        return results
    finally:
        library().plumb_batch_free(handle)


class CompiledLayout:
    """A document parsed, lowered and planned once (Plumb's CompiledLayout),
    then solved for many root sizes. Its calls are serialised by the
    library; give each thread its own for parallel work."""

    def __init__(self, document):
        data = _bytes(document)
        handle = ctypes.c_void_p()
        _document_call("plumb_compiled_new", data, len(data), ctypes.byref(handle))
        self._handle = handle
        count = ctypes.c_size_t()
        call("plumb_compiled_view_count", handle, ctypes.byref(count))
        ids = []
        view_id = ctypes.c_char_p()
        for i in range(count.value):
            call("plumb_compiled_view_id", handle, i, ctypes.byref(view_id))
            ids.append(view_id.value.decode("utf-8"))
        self.view_ids = ids
        self._buffer = (ctypes.c_double * (4 * len(ids)))()

    def frames(self, width, height, absolute=False):
        """The frames with the root at ``width`` x ``height``, as a dict."""
        _document_call("plumb_compiled_frames_array", self._handle, float(width), float(height),
                       _flags(absolute), self._buffer, len(self._buffer))
        b = self._buffer
        return {view_id: [b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]
                for i, view_id in enumerate(self.view_ids)}

    def frames_json(self, width, height, absolute=False):
        """The frames as the JSON text ``plumb solve`` writes."""
        out = ctypes.c_void_p()
        _document_call("plumb_compiled_frames", self._handle, float(width), float(height), _flags(absolute),
                       ctypes.byref(out))
        return take_string(out)

    def close(self):
        if getattr(self, "_handle", None) is not None:
            library().plumb_compiled_free(self._handle)
            self._handle = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass
