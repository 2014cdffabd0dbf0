"""matplotlib's constrained layout with plumb.kiwi in place of kiwisolver:
the same figure (a grid of subplots, colorbars, a suptitle, labels of
several lengths) laid out once with each, in separate processes; every
axes' position (colorbars included) must agree within 1e-6. Skipped when
matplotlib is not installed."""

import json
import os
import subprocess
import sys
import unittest

try:
    import matplotlib  # noqa: F401
    HAVE_MATPLOTLIB = True
except ImportError:
    HAVE_MATPLOTLIB = False

FIGURE = r"""
import json, sys
if sys.argv[1] == "plumb":
    import plumb.kiwi
    sys.modules["kiwisolver"] = plumb.kiwi
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

positions = {}
for rows, cols, size in ((2, 3, (9, 6)), (3, 2, (6, 8)), (1, 4, (12, 3))):
    fig, axes = plt.subplots(rows, cols, figsize=size, layout="constrained")
    rng = np.random.default_rng(rows * 10 + cols)
    for i, ax in enumerate(axes.flat):
        image = ax.pcolormesh(rng.random((8, 8)) * 10 ** i)
        ax.set_title("panel %d" % i + " with a longer title" * (i % 2))
        ax.set_xlabel("x" * (1 + 3 * (i % 3)))
        ax.set_ylabel("value %d" % (10 ** i))
        if i % 2 == 0:
            fig.colorbar(image, ax=ax, label="scale")
    fig.colorbar(image, ax=axes, location="bottom", shrink=0.6)
    fig.suptitle("A %d x %d grid" % (rows, cols))
    fig.canvas.draw()
    key = "%dx%d" % (rows, cols)
    positions[key] = [list(ax.get_position().bounds) for ax in fig.axes]
    plt.close(fig)
json.dump(positions, sys.stdout)
"""


def layout(mode):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = here + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", FIGURE, mode], capture_output=True, text=True, env=env, timeout=300)
    if out.returncode != 0:
        raise AssertionError("%s layout failed:\n%s" % (mode, out.stderr[-3000:]))
    return json.loads(out.stdout)


@unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not installed")
class ConstrainedLayoutTests(unittest.TestCase):
    def test_same_axes_positions_as_kiwisolver(self):
        expected = layout("kiwisolver")
        actual = layout("plumb")
        self.assertEqual(sorted(expected), sorted(actual))
        count = 0
        for key in expected:
            self.assertEqual(len(actual[key]), len(expected[key]), key)
            for i, (e, a) in enumerate(zip(expected[key], actual[key])):
                for ev, av in zip(e, a):
                    self.assertAlmostEqual(av, ev, delta=1e-6, msg="%s axes %d: %s vs %s" % (key, i, a, e))
                    count += 1
        self.assertGreater(count, 80)
        print("\n  %d axes coordinates equal within 1e-6" % count)


if __name__ == "__main__":
    unittest.main()
