"""plumb.solve, plumb.batch and plumb.CompiledLayout against the frames
`plumb solve` writes for Examples/hello.json (Examples/hello.frames.json),
and two threads solving at once."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import plumb

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELLO_PATH = os.path.join(ROOT, "Examples", "hello.json")
with open(HELLO_PATH) as f:
    HELLO = f.read()
with open(os.path.join(ROOT, "Examples", "hello.frames.json")) as f:
    HELLO_FRAMES = json.load(f)["frames"]
with open(os.path.join(ROOT, "Examples", "hello.absolute.json")) as f:
    HELLO_ABSOLUTE = json.load(f)["frames"]

CONFLICT = {
    "root": {"id": "root", "width": 320, "height": 200},
    "views": [{"id": "a", "parent": "root"}],
    "constraints": ["a.width = 10", "a.width = 20"],
}


def row(n, width=600):
    """n views side by side sharing the root's width equally, 8 apart."""
    views = [{"id": "v%d" % i, "parent": "root"} for i in range(n)]
    constraints = ["v0.left = root.left + 8", "v%d.right = root.right - 8" % (n - 1)]
    for i in range(n):
        constraints += ["v%d.top = root.top" % i, "v%d.height = 20" % i]
        if i > 0:
            constraints += ["v%d.left = v%d.right + 8" % (i, i - 1), "v%d.width = v0.width" % i]
    return {"root": {"id": "root", "width": width, "height": 100}, "views": views, "constraints": constraints}


class SolveTests(unittest.TestCase):
    def test_str_bytes_and_dict_give_the_cli_frames(self):
        for document in (HELLO, HELLO.encode(), json.loads(HELLO)):
            self.assertEqual(plumb.solve(document), HELLO_FRAMES)
        self.assertEqual(plumb.solve(HELLO, absolute=True), HELLO_ABSOLUTE)
        self.assertEqual(list(plumb.solve(HELLO)), ["root", "header", "title", "button", "body"])

    def test_every_truncation_is_an_error_not_a_crash(self):
        data = HELLO.encode()
        for end in range(0, len(data) - 2, 7):
            with self.assertRaises(plumb.DocumentError, msg=data[:end]):
                plumb.solve(data[:end])
        for junk in (b"\x00\xff\xfe", b"[]", b"null", b'{"root": {"id": 5}}', b"{" * 10000):
            with self.assertRaises(plumb.DocumentError):
                plumb.solve(junk)

    def test_errors(self):
        with self.assertRaises(plumb.DocumentError) as caught:
            plumb.solve(CONFLICT)
        self.assertIn("a.width = 20", str(caught.exception))
        self.assertEqual(caught.exception.status, 10)
        with self.assertRaises(plumb.DocumentError):
            plumb.solve("{not json")
        with self.assertRaises(plumb.DocumentError):
            plumb.solve(b"")
        with self.assertRaises(TypeError):
            plumb.solve(42)


class BatchTests(unittest.TestCase):
    def test_results_in_input_order(self):
        documents = [row(n) for n in range(1, 30)]
        results = plumb.batch(documents, jobs=2)
        self.assertEqual(len(results), len(documents))
        for n, frames in zip(range(1, 30), results):
            self.assertEqual(frames, plumb.solve(row(n)))
            width = (600 - 16 - 8 * (n - 1)) / n
            self.assertAlmostEqual(frames["v%d" % (n - 1)][2], width, delta=1e-9)

    def test_errors_raise_or_return(self):
        documents = [HELLO, CONFLICT, HELLO]
        with self.assertRaises(plumb.DocumentError) as caught:
            plumb.batch(documents, jobs=2)
        self.assertEqual(caught.exception.index, 1)
        results = plumb.batch(documents, jobs=3, errors="return")
        self.assertEqual(results[0], HELLO_FRAMES)
        self.assertIsInstance(results[1], plumb.DocumentError)
        self.assertIn("a.width = 20", str(results[1]))
        self.assertEqual(results[2], HELLO_FRAMES)
        self.assertEqual(plumb.batch([], jobs=2), [])
        with self.assertRaises(ValueError):
            plumb.batch(documents, jobs=0)


class CompiledLayoutTests(unittest.TestCase):
    def test_sizes(self):
        layout = plumb.CompiledLayout(HELLO)
        self.assertEqual(layout.view_ids, ["root", "header", "title", "button", "body"])
        self.assertEqual(layout.frames(320, 200), HELLO_FRAMES)
        self.assertEqual(json.loads(layout.frames_json(320, 200))["frames"], HELLO_FRAMES)
        for width in (320, 400, 480, 1000):
            frames = layout.frames(width, 300)
            self.assertEqual(frames["header"], [16, 16, width - 32, 48])
            self.assertEqual(frames["body"], [16, 72, width - 32, 300 - 88])
            document = json.loads(HELLO)
            document["root"].update(width=width, height=300)
            self.assertEqual(frames, plumb.solve(document))

    def test_errors_leave_it_usable(self):
        layout = plumb.CompiledLayout(HELLO)
        with self.assertRaises(plumb.DocumentError):
            layout.frames(-5, 200)
        self.assertEqual(layout.frames(320, 200), HELLO_FRAMES)
        with self.assertRaises(plumb.DocumentError):
            plumb.CompiledLayout("{not json")

    def test_a_conflict_is_reported_at_the_size(self):
        # Required constraints that conflict at every size ("a.width = 10",
        # "a.width = 20") are reported by the compiled layout as by a fresh
        # solve, with the same origins, at the compiled size and at others;
        # the layout stays usable.
        conflicted = plumb.CompiledLayout(CONFLICT)
        for width, height in ((320, 200), (320, 200), (480, 300)):
            with self.assertRaises(plumb.DocumentError) as caught:
                conflicted.frames(width, height)
            self.assertIn("a.width = 10", str(caught.exception))
            self.assertIn("a.width = 20", str(caught.exception))
            self.assertEqual(caught.exception.status, 10)


class LibraryTests(unittest.TestCase):
    @unittest.skipUnless(os.environ.get("PLUMB_LIBRARY"), "needs PLUMB_LIBRARY to copy the library from")
    def test_found_next_to_the_package_without_the_variable(self):
        package = os.path.dirname(os.path.abspath(plumb.__file__))
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(package, os.path.join(tmp, "plumb"), ignore=shutil.ignore_patterns("__pycache__", "*.so"))
            shutil.copy(os.environ["PLUMB_LIBRARY"], os.path.join(tmp, "plumb", "libplumbc.so"))
            env = {k: v for k, v in os.environ.items() if k != "PLUMB_LIBRARY"}
            env["PYTHONPATH"] = tmp
            code = ("import plumb, plumb._lib as l; f = plumb.solve(%r); "
                    "print(l.library()._name, f['header'])" % HELLO)
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stdout.split(" ", 1),
                             [os.path.join(tmp, "plumb", "libplumbc.so"), "[16, 16, 288, 48]\n"])


class ThreadTests(unittest.TestCase):
    def test_two_threads_solve_at_once(self):
        """Each thread sweeps its own compiled layout over many widths and
        solves documents; both get exactly the single-threaded answers.
        The times are printed (ctypes releases the GIL during each call)."""
        document = row(100)
        widths = list(range(1000, 1400, 10))
        expected = {w: plumb.CompiledLayout(document).frames(w, 100) for w in widths[:5]}

        def work(results, index):
            layout = plumb.CompiledLayout(document)
            out = {}
            for w in widths:
                out[w] = layout.frames(w, 100)
            out["solve"] = plumb.solve(HELLO)
            results[index] = out

        start = time.perf_counter()
        one = [None]
        work(one, 0)
        single = time.perf_counter() - start

        results = [None, None]
        threads = [threading.Thread(target=work, args=(results, i)) for i in range(2)]
        start, cpu = time.perf_counter(), time.process_time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        double = time.perf_counter() - start
        cpu = time.process_time() - cpu
        for out in results:
            self.assertIsNotNone(out)
            self.assertEqual(out, one[0])
            for w, frames in expected.items():
                self.assertEqual(out[w], frames)
            self.assertEqual(out["solve"], HELLO_FRAMES)
        # CPU time over wall time near 2 means both threads ran at once
        # (the GIL is released during the calls); on a busy machine it is lower.
        print("\n  one thread: %.3f s for one sweep; two threads: %.3f s for two sweeps (%.2fx the work per second; "
              "process CPU / wall %.2f)" % (single, double, 2 * single / double, cpu / double))


if __name__ == "__main__":
    unittest.main()
