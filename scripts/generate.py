#!/usr/bin/env python3
"""Write a Plumb layout document of one workload family to standard output.

usage: generate.py FAMILY VIEWS [--width W] [--height H] [--seed N]

VIEWS is the size asked for: the document has about that many views (each
family builds whole units, a cell or a card or a chart, so the count is
rounded to a multiple of the unit). The root is W x H (1024 x 768 by
default) and N seeds the random sizes (1 by default), so the same arguments
always give the same document. `generate.py --list` prints the families.

Every family is built so that its required constraints have exactly one
solution and its priorities one optimum (at the default root size), so any
correct solver must produce the same frames. The format is described in
docs/document-format.md; the families in BENCHMARKS.md.

Python 3.11 standard library only.
"""
import argparse
import json
import math
import random
import sys

FAMILIES = {}


def family(name, summary):
    """Registers a builder `fn(views, doc, rng)` under `name`."""
    def register(fn):
        FAMILIES[name] = (fn, summary)
        return fn
    return register


def num(x):
    """A number as the constraint languages read it: integers without a
    fraction, everything else in Python's shortest round-tripping form."""
    x = float(x)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return repr(x)


class Document:
    """A layout document under construction."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.views = []
        self.constraints = []
        self.rules = None

    def add_view(self, vid, parent=None, size=None):
        entry = {"id": vid, "parent": parent or "root"}
        if size is not None:
            entry["intrinsicSize"] = list(size)
        self.views.append(entry)
        return vid

    def say(self, *texts):
        self.constraints.extend(texts)

    def rule(self, vid, text, args=None):
        if self.rules is None:
            self.rules = []
        entry = {"view": vid, "rule": text}
        if args:
            entry["args"] = list(args)
        self.rules.append(entry)

    def as_json(self):
        out = {"root": {"id": "root", "width": self.width, "height": self.height},
               "views": self.views, "constraints": self.constraints}
        if self.rules is not None:
            out["rules"] = self.rules
        return out


# ---------------------------------------------------------------------------
# The benchmark families

@family("list", "a vertical list of cells (icon and label): required equalities, acyclic")
def build_list(views, d, rng):
    d.add_view("content")
    d.say("content.left = root.left", "content.top = root.top", "content.width = root.width")
    count = max(1, views // 3)
    above = "content.top + 8"
    for i in range(count):
        cell = d.add_view(f"cell{i}", "content")
        icon = d.add_view(f"icon{i}", cell)
        label = d.add_view(f"label{i}", cell)
        height = rng.choice(range(44, 61, 4))
        d.say(f"{cell}.left = content.left + 16",
              f"{cell}.right = content.right - 16",
              f"{cell}.top = {above}",
              f"{cell}.height = {height}",
              # the icon: a 28-point square, 8 in, centred vertically
              f"{icon}.left = {cell}.left + 8",
              f"{icon}.centerY = {cell}.centerY",
              f"{icon}.width = 28",
              f"{icon}.height = {icon}.width",
              # the label fills the rest, inset 4 above and below
              f"{label}.left = {icon}.right + 8",
              f"{label}.right = {cell}.right - 8",
              f"{label}.top = {cell}.top + 4",
              f"{label}.bottom = {cell}.bottom - 4")
        above = f"{cell}.bottom + 8"
    d.say(f"content.bottom = cell{count - 1}.bottom + 8")


@family("grid", "rows of 8 equal-width cells with 4:3 heights: coupled blocks of equalities")
def build_grid(views, d, rng):
    columns = 8
    for r in range(max(1, views // columns)):
        first = f"c{r}_0"
        for j in range(columns):
            cell = d.add_view(f"c{r}_{j}")
            if j == 0:
                d.say(f"{cell}.left = root.left + 8")
            else:
                d.say(f"{cell}.left = c{r}_{j - 1}.right + 8", f"{cell}.width = {first}.width")
            if j == columns - 1:
                d.say(f"{cell}.right = root.right - 8")
            d.say(f"{cell}.top = " + ("root.top + 8" if r == 0 else f"c{r - 1}_0.bottom + 8"))
            d.say(f"{cell}.height = 0.75 * {cell}.width")


@family("form", "rows of label, field and button: inequalities at priorities 250, 500, 750")
def build_form(views, d, rng):
    above = "root.top + 0"
    for i in range(max(1, views // 4)):
        label_width = rng.choice(range(40, 141, 10))
        row = d.add_view(f"row{i}")
        label = d.add_view(f"lab{i}", row, [label_width, 20])
        field = d.add_view(f"fld{i}", row)
        button = d.add_view(f"btn{i}", row, [60, 30])
        d.say(f"{row}.left = root.left", f"{row}.right = root.right",
              f"{row}.top = {above}", f"{row}.height = 44")
        # label: at least its text, preferably exactly it
        d.say(f"{label}.left = {row}.left + 16",
              f"{label}.width >= {label_width}",
              f"{label}.width = {label_width} @ 250")
        # field: 8 after the label, 100 to (preferably) 400 wide
        d.say(f"{field}.left = {label}.right + 8",
              f"{field}.width >= 100",
              f"{field}.width <= 400 @ 500")
        # button: pinned 16 from the right, preferably 8 after the field, 60 wide
        d.say(f"{button}.left >= {field}.right + 8",
              f"{button}.left = {field}.right + 8 @ 750",
              f"{button}.right = {row}.right - 16",
              f"{button}.width >= 44",
              f"{button}.width = 60 @ 750")
        for v in (label, field, button):
            d.say(f"{v}.centerY = {row}.centerY", f"{v}.height = 30")
        above = f"{row}.bottom"


@family("cards", "two-column self-sizing cards, three levels deep, with multipliers")
def build_cards(views, d, rng):
    for i in range(max(2, views // 5)):
        card = d.add_view(f"card{i}")
        image = d.add_view(f"img{i}", card)
        title = d.add_view(f"title{i}", card)
        subtitle = d.add_view(f"sub{i}", card)
        badge = d.add_view(f"badge{i}", image)
        # two columns, 12 apart and 12 from the sides; each card stacks under
        # the card two before it
        d.say(f"{card}.width = 0.5 * root.width - 18")
        d.say(f"{card}.left = root.left + 12" if i % 2 == 0 else f"{card}.left = card{i - 1}.right + 12")
        d.say(f"{card}.top = root.top + 12" if i < 2 else f"{card}.top = card{i - 2}.bottom + 12")
        # a 16:9 image across the top
        d.say(f"{image}.left = {card}.left", f"{image}.top = {card}.top",
              f"{image}.width = {card}.width", f"{image}.height = 0.5625 * {image}.width")
        title_height = rng.choice((20, 40, 60))
        d.say(f"{title}.left = {card}.left + 12", f"{title}.right = {card}.right - 12",
              f"{title}.top = {image}.bottom + 8", f"{title}.height = {title_height}")
        d.say(f"{subtitle}.left = {title}.left", f"{subtitle}.width = {title}.width",
              f"{subtitle}.top = {title}.bottom + 4", f"{subtitle}.height = 16")
        # the card ends 12 under its subtitle: its height comes from its content
        d.say(f"{card}.bottom = {subtitle}.bottom + 12")
        # a 20-point badge centred 16 in from the image's top right corner
        d.say(f"{badge}.centerX = {image}.right - 16", f"{badge}.centerY = {image}.top + 16",
              f"{badge}.width = 20", f"{badge}.height = {badge}.width")


@family("list-rules", "the list as Simple Layout Language rules")
def build_list_rules(views, d, rng):
    d.rules = []
    previous = None
    for i in range(max(1, views // 2)):
        cell = d.add_view(f"cell{i}")
        icon = d.add_view(f"icon{i}", cell)
        height = rng.choice(range(44, 61, 4))
        if previous is None:
            d.rule(cell, f"ll = rr = 16, tt = 8, h = {height}")
        else:
            d.rule(cell, f"ll = rr = 16, tt = %bt + 8, h = {height}", [previous])
        d.rule(icon, "ll = 8, ct = 50%, w = h = 28")
        previous = cell


@family("cards-rules", "the cards (without subtitles) as Simple Layout Language rules")
def build_cards_rules(views, d, rng):
    d.rules = []
    for i in range(max(2, views // 4)):
        card = d.add_view(f"card{i}")
        image = d.add_view(f"img{i}", card)
        title = d.add_view(f"title{i}", card)
        badge = d.add_view(f"badge{i}", image)
        title_height = rng.choice((20, 40, 60))
        side = "rr = 12" if i % 2 else "ll = 12"
        # A card is as tall as its image (9/16 of the card's width, which is
        # half the root less 18), 8, its title and 12: written against the
        # root's width, H:50% * 0.5625 - 18 * 0.5625, plus the rest.
        height = f"h = H:50% * 0.5625 - 10.125 + {title_height + 20}"
        if i < 2:
            d.rule(card, f"{side}, w = 50% - 18, tt = 12, {height}")
        else:
            d.rule(card, f"{side}, w = 50% - 18, tt = %bt + 12, {height}", [f"card{i - 2}"])
        d.rule(image, "ll = rr = 0, tt = 0, h = H:100% * 0.5625")
        d.rule(title, f"ll = rr = 12, tt = %bt + 8, h = {title_height}", [image])
        d.rule(badge, "cl = 100% - 16, ct = 16, w = h = 20")


@family("table", "a content-sized table (8 columns): one coupled component, columns as wide "
                 "as their widest cell, rows as tall as their tallest, capped by the root")
def build_table(views, d, rng):
    columns = 8
    rows = max(1, views // columns)
    for r in range(rows):
        for j in range(columns):
            # width and height drawn in that order, cell by cell, row by row
            size = [rng.choice(range(20, 140, 3)), rng.choice((14, 20, 26, 32))]
            cell = d.add_view(f"c{r}_{j}", size=size)
            # Every cell shares its column's left edge and width (those of the
            # cell in row 0) and its row's top edge and height (column 0's).
            # The intrinsic size's compression resistance (750) pushes the
            # shared edges out to the largest cell, its hugging (250) pulls
            # them back to exactly that.
            if r > 0:
                d.say(f"{cell}.left = c0_{j}.left", f"{cell}.width = c0_{j}.width")
            if j > 0:
                d.say(f"{cell}.top = c{r}_0.top", f"{cell}.height = c{r}_0.height")
        d.say(f"c{r}_0.top = " + ("root.top" if r == 0 else f"c{r - 1}_0.bottom + 1"))
    for j in range(columns):
        d.say(f"c0_{j}.left = " + ("root.left" if j == 0 else f"c0_{j - 1}.right + 1"))
        # no column wider than an eighth of the root (less the 1-point rule)
        d.say(f"c0_{j}.width <= {num(1 / columns)} * root.width - 1")


# ---------------------------------------------------------------------------
# Stress families for the simplex: each is one coupled component with
# inequalities that presolve cannot take apart. Why each has a single optimum
# is written beside it.

@family("chartgrid", "a 4-column grid of charts sharing axis edges; plots clear their labels "
                     "(inequalities between neighbouring cells), priorities 1000/750/500/250")
def build_chartgrid(views, d, rng):
    # Horizontally, column j has three shared edges: the charts' left a_j,
    # the plots' left p_j (the y axis) and the right r_j. Required: a_0 = 8,
    # a_{j+1} >= r_j + 12, r_last <= W - 8, plot width >= 40, and each y
    # label (intrinsic width) between a_j + 2 and p_j - 4. At 750 the gaps
    # are exactly 12 and labels keep their size; at 500 all plots are as wide
    # as the first and 3:5 high (so rows couple to columns); at 250 the
    # axis bands hug (p_j - a_j = 6) and the last column reaches W - 8.
    # The 250 level is least with every band at its widest label + 6 and the
    # plot width filling the rest; any other band or width costs more, so
    # the optimum is one point. Vertically likewise: titles above the plot,
    # x labels below it, both bands hugging at 250, rows chained 12 apart
    # (required >=, exact at 750).
    columns = 4
    rows = max(1, views // (5 * columns))
    for i in range(rows):
        for j in range(columns):
            chart = d.add_view(f"ch{i}_{j}")
            plot = d.add_view(f"pl{i}_{j}", chart)
            ylabel = d.add_view(f"yl{i}_{j}", chart, [rng.choice(range(18, 67, 4)), 12])
            xlabel = d.add_view(f"xl{i}_{j}", chart,
                                [rng.choice(range(20, 41, 4)), rng.choice((12, 14, 18, 24))])
            title = d.add_view(f"ti{i}_{j}", chart,
                               [rng.choice(range(40, 121, 8)), rng.choice((14, 16, 20, 28))])
            # shared column edges (row 0 holds them) and row edges (column 0)
            if i == 0:
                if j == 0:
                    d.say(f"{chart}.left = root.left + 8")
                else:
                    d.say(f"{chart}.left >= ch0_{j - 1}.right + 12",
                          f"{chart}.left = ch0_{j - 1}.right + 12 @ 750",
                          f"{plot}.width = pl0_0.width @ 500")
                if j == columns - 1:
                    d.say(f"{chart}.right <= root.right - 8",
                          f"{chart}.right = root.right - 8 @ 250")
                d.say(f"{plot}.width >= 40", f"{plot}.left = {chart}.left + 6 @ 250")
            else:
                d.say(f"{chart}.left = ch0_{j}.left", f"{chart}.right = ch0_{j}.right",
                      f"{plot}.left = pl0_{j}.left")
            if j == 0:
                if i == 0:
                    d.say(f"{chart}.top = root.top + 8")
                else:
                    d.say(f"{chart}.top >= ch{i - 1}_0.bottom + 12",
                          f"{chart}.top = ch{i - 1}_0.bottom + 12 @ 750")
                d.say(f"{plot}.height >= 30",
                      f"{plot}.top = {chart}.top + 6 @ 250",
                      f"{chart}.bottom = {plot}.bottom + 4 @ 250")
            else:
                d.say(f"{chart}.top = ch{i}_0.top", f"{chart}.bottom = ch{i}_0.bottom",
                      f"{plot}.top = pl{i}_0.top", f"{plot}.bottom = pl{i}_0.bottom")
            d.say(f"{plot}.right = {chart}.right",
                  f"{plot}.height = 0.6 * {plot}.width @ 500",
                  # y label left of the axis, centred on the plot
                  f"{ylabel}.left = {chart}.left + 2",
                  f"{ylabel}.right <= {plot}.left - 4",
                  f"{ylabel}.centerY = {plot}.centerY",
                  # x label under the axis, centred on the plot
                  f"{xlabel}.top = {plot}.bottom + 3",
                  f"{xlabel}.centerX = {plot}.centerX",
                  f"{xlabel}.bottom <= {chart}.bottom - 2",
                  # title above the plot, aligned with it
                  f"{title}.top = {chart}.top + 3",
                  f"{title}.left = {plot}.left",
                  f"{title}.bottom <= {plot}.top - 3")


@family("dashboard", "tiles chained down 3 columns, heights from content (>=) and preferred "
                     "heights at 250/100; full-width banners align the columns: one component")
def build_dashboard(views, d, rng):
    # A section is 3 columns of 3 tiles, then a full-width banner. A tile is
    # at least its title and body (required >=); the first two tiles of a
    # column prefer a height at 250, the last ("stretch") one at 100. The
    # banner must sit below every column (required >=) and prefers to touch
    # each (500), which only growing tiles can give. At 500 the columns end
    # level; at 250 the first two tiles take their own best heights; at 100
    # the banner's position D minimises the sum over the 3 stretch tiles of
    # |D - c_k|, whose slope is odd (+-1, +-3) everywhere, so D is one point.
    columns, per_column = 3, 3
    per_section = columns * per_column * 3 + 2
    sections = max(1, round(views / per_section))
    start = "root.top + 8"
    for s in range(sections):
        for m in range(per_column):
            for k in range(columns):
                tile = d.add_view(f"t{s}_{k}_{m}")
                title = d.add_view(f"tt{s}_{k}_{m}", tile, [rng.choice(range(60, 181, 20)), 16])
                body = d.add_view(f"tb{s}_{k}_{m}", tile, [None, rng.choice(range(40, 241, 20))])
                if m == 0:
                    # the first row of a section places the three columns
                    if k == 0:
                        d.say(f"{tile}.left = root.left + 8")
                    else:
                        d.say(f"{tile}.left = t{s}_{k - 1}_0.right + 8",
                              f"{tile}.width = t{s}_0_0.width")
                    if k == columns - 1:
                        d.say(f"{tile}.right = root.right - 8")
                    d.say(f"{tile}.top = {start}")
                else:
                    d.say(f"{tile}.left = t{s}_{k}_0.left", f"{tile}.width = t{s}_{k}_0.width",
                          f"{tile}.top = t{s}_{k}_{m - 1}.bottom + 8")
                d.say(f"{title}.left = {tile}.left + 8", f"{title}.top = {tile}.top + 8",
                      f"{body}.left = {tile}.left + 8", f"{body}.right = {tile}.right - 8",
                      f"{body}.top = {title}.bottom + 6",
                      f"{tile}.bottom >= {body}.bottom + 8")
                preferred = rng.choice(range(100, 301, 25))
                level = 100 if m == per_column - 1 else 250
                d.say(f"{tile}.height = {preferred} @ {level}")
        banner = d.add_view(f"bn{s}")
        label = d.add_view(f"bl{s}", banner, [rng.choice(range(100, 401, 50)), 20])
        d.say(f"{banner}.left = root.left + 8", f"{banner}.right = root.right - 8",
              f"{banner}.height >= {label}.height + 12", f"{banner}.height = 40 @ 250",
              f"{label}.left = {banner}.left + 12", f"{label}.centerY = {banner}.centerY")
        for k in range(columns):
            last = f"t{s}_{k}_{per_column - 1}"
            d.say(f"{banner}.top >= {last}.bottom + 8", f"{banner}.top = {last}.bottom + 8 @ 500")
        start = f"{banner}.bottom + 8"


# 28 optional levels from 999 down to 2; the guide's own preference is at 1.
PRIORITY_LEVELS = (999, 990, 950, 900, 850, 800, 751, 750, 749, 700, 650, 600, 550, 501,
                   500, 499, 450, 400, 350, 300, 251, 250, 249, 200, 150, 100, 50, 2)


@family("priorities", "rows of three items after a shared guide, 8 conflicting preferences "
                      "per row at distinct levels out of 28 (2 to 999): one component")
def build_priorities(views, d, rng):
    # Each row has items a, b, c in a line (required: a after the guide,
    # 6 apart, inside the row, each >= 16 wide) and eight preferences, each
    # at a level of its own within the row: three widths, a's position, c
    # flush right, the two gaps exactly 6, and b at least a larger width.
    # Their sum usually exceeds the row, so which ones hold depends on the
    # levels. A level holds one term per row; rows share only the guide,
    # which every row can only push left, and which is pinned last (@ 1).
    # One term at a level fixes one linear form of the row at the value
    # closest to its target; six of them (a, b, c's widths, a's left, both
    # gaps) span the row's six unknowns, so the optimum is one point.
    priority_rows(views, d, rng, PRIORITY_LEVELS)


@family("ladder", "priorities' rows with each row's 8 preferences at levels drawn from all of "
                  "2 to 999: about a thousand levels on one component")
def build_ladder(views, d, rng):
    # The rows, wishes and guide of `priorities`, but each row draws its
    # eight levels from the 998 between 2 and 999, so from about 130 rows
    # on the component has nearly a thousand levels, each holding a few
    # rows' terms. The argument for one optimum is priorities' own: a level
    # still holds at most one term per row.
    priority_rows(views, d, rng, range(2, 1000))


@family("ladder-loose", "ladder with the guide free to go 100,000 left of the root: no row "
                        "pins it against the root, so the rows stay coupled through it for longer")
def build_ladder_loose(views, d, rng):
    # A row that needs room pushes the guide to the root's left edge in
    # `ladder`, which pins it; here the guide's floor is far enough that
    # no row reaches it, so only its own wish at 1 fixes it, and a row
    # leaves the guide's company only once the levels above have fixed
    # its own first item. The optimum is one point for the same reasons:
    # the guide ends at the least of 120 and every row's bound on it.
    priority_rows(views, d, rng, range(2, 1000), floor=" - 100000")


def priority_rows(views, d, rng, levels, floor=""):
    """The rows of `priorities` (and `ladder`), their eight wishes at
    distinct levels drawn from `levels`; the guide at least `floor` from
    the root's left edge."""
    guide = d.add_view("guide")
    d.say(f"{guide}.top = root.top", f"{guide}.height = 8", f"{guide}.width = 2",
          f"{guide}.left >= root.left{floor}", f"{guide}.left = root.left + 120 @ 1")
    above = "root.top + 8"
    for i in range(max(1, (views - 1) // 4)):
        row = d.add_view(f"row{i}")
        a, b, c = (d.add_view(f"{x}{i}", row) for x in "abc")
        d.say(f"{row}.left = root.left", f"{row}.right = root.right",
              f"{row}.top = {above}", f"{row}.height = 40")
        for item in (a, b, c):
            d.say(f"{item}.top = {row}.top + 4", f"{item}.height = 32", f"{item}.width >= 16")
        d.say(f"{a}.left >= {guide}.right + 4", f"{b}.left >= {a}.right + 6",
              f"{c}.left >= {b}.right + 6", f"{c}.right <= {row}.right - 8")
        wb = rng.choice(range(60, 461, 10))
        wishes = [f"{a}.width = {rng.choice(range(60, 461, 10))}",
                  f"{b}.width = {wb}",
                  f"{c}.width = {rng.choice(range(60, 461, 10))}",
                  f"{a}.left = root.left + {rng.choice(range(8, 301, 4))}",
                  f"{c}.right = {row}.right - 8",
                  f"{b}.left = {a}.right + 6",
                  f"{c}.left = {b}.right + 6",
                  f"{b}.width >= {wb + rng.choice(range(20, 201, 20))}"]
        for wish, level in zip(wishes, rng.sample(levels, len(wishes))):
            d.say(f"{wish} @ {level}")
        above = f"{row}.bottom + 2"


@family("degenerate", "shelves of 4 boxes: many parallel and duplicated inequalities tight at "
                      "once, widths greedy at 500 with the tie broken by equal widths at 250")
def build_degenerate(views, d, rng):
    # Per shelf, the gap between neighbours is written three ways (>= and
    # <= required, >= again at 750) plus a looser parallel one (+3), every
    # box must end inside the shelf and the root (parallel bounds, tight for
    # the last box), and each box's left is held to the box above it by two
    # opposite inequalities (tight at once). At 500 every box wants to be
    # 4000 wide, which leaves any split of the shelf's width optimal; at 250
    # all boxes want the first box's width, which picks the equal split.
    # Vertically the shelf is at least each box + 4 (parallel rows, tied
    # when boxes are equally tall) and hugs them at 250; shelves chain down
    # (required >=, exact at 750).
    boxes = 4
    above = None
    for i in range(max(1, views // (boxes + 1))):
        shelf = d.add_view(f"sh{i}")
        d.say(f"{shelf}.left = root.left", f"{shelf}.width = root.width",
              f"{shelf}.height = 8 @ 250")
        if above is None:
            d.say(f"{shelf}.top = root.top + 8")
        else:
            d.say(f"{shelf}.top >= {above}.bottom + 4", f"{shelf}.top = {above}.bottom + 4 @ 750")
        for j in range(boxes):
            box = d.add_view(f"bx{i}_{j}", shelf, [None, rng.choice((24, 32, 40))])
            d.say(f"{box}.top = {shelf}.top + 4",
                  f"{shelf}.bottom >= {box}.bottom + 4",
                  f"{box}.width >= 20",
                  f"{box}.width >= 4000 @ 500",
                  f"{box}.right <= {shelf}.right - 8",
                  f"{box}.right <= root.right - 8")
            if j == 0:
                d.say(f"{box}.left >= {shelf}.left + 8", f"{box}.left >= root.left + 8")
            else:
                before = f"bx{i}_{j - 1}"
                d.say(f"{box}.left >= {before}.right + 6",
                      f"{before}.right <= {box}.left - 6",
                      f"{box}.left >= {before}.right + 6 @ 750",
                      f"{box}.left >= {before}.right + 3",
                      f"{box}.width = bx{i}_0.width @ 250")
            if above is not None:
                d.say(f"{box}.left >= bx{i - 1}_{j}.left", f"{box}.left <= bx{i - 1}_{j}.left")
        above = shelf


@family("levels", "degenerate's shelves with five more levels (240 down to 200) of equal-width "
                  "wishes that contradict each other and the 250 level: many cold levels on one part")
def build_levels(views, d, rng):
    # The degenerate family, then at each of five lower levels two wishes
    # per box that cannot both hold (the box a few points wider than the
    # shelf's first, and 5 narrower) and that the equal split held at 250
    # rules out: each of these levels has a positive optimum, and each is
    # solved on the whole part, with every level above it held.
    build_degenerate(views, d, rng)
    boxes = 4
    for i in range(max(1, views // (boxes + 1))):
        for j in range(1, boxes):
            for level in (240, 230, 220, 210, 200):
                d.say(f"bx{i}_{j}.width = bx{i}_0.width + {3 + level % 7} @ {level}",
                      f"bx{i}_{j}.width = bx{i}_0.width - 5 @ {level}")


def sig(x, digits=3):
    """x rounded to `digits` significant digits."""
    return float(f"{x:.{digits - 1}e}")


def log_uniform(rng, low, high):
    return sig(math.exp(rng.uniform(math.log(low), math.log(high))))


@family("scales", "8 timeline tracks of events whose constants span 1e-3 to 1e6: chained "
                  "starts, dependencies between tracks, each event as early as allowed")
def build_scales(views, d, rng):
    # A Gantt chart drawn on a canvas a million points wide. Event k of a
    # track has a start time t (log-spaced steps 1e-3 to 1e3), a duration
    # (1e-3 to 1e3, its intrinsic width) and a gap to the next event (1e-3
    # to 1); some events also depend on the end of an event of the track
    # above. Required: start >= t, start >= previous end + gap, start >=
    # dependency's end + 1e-3. At 250 every start is pulled to its t. Every
    # requirement only pushes starts later and every preference pulls them
    # earlier, so the optimum is the earliest feasible schedule (a longest
    # path), which is one point. Track heights span 1e-3 to 3e4.
    tracks = 8
    per_track = max(1, (views - tracks) // tracks)
    heights = (0.002, 0.05, 1.5, 40, 1200, 30000, 0.75, 12)
    starts = []
    for r in range(tracks):
        track = d.add_view(f"tr{r}")
        d.say(f"{track}.left = root.left", f"{track}.width = 1000000",
              f"{track}.top = " + ("root.top" if r == 0 else f"tr{r - 1}.bottom + 0.001"),
              f"{track}.height = {num(heights[r])}")
        t = 0.0
        times = []
        for k in range(per_track):
            t = sig(t + log_uniform(rng, 1e-3, 1e3), 9)
            times.append(t)
            duration = log_uniform(rng, 1e-3, 1e3)
            event = d.add_view(f"ev{r}_{k}", track, [duration, None])
            d.say(f"{event}.top = {track}.top",
                  f"{event}.height = 0.5 * {track}.height",
                  f"{event}.left >= {track}.left + {num(t)}",
                  f"{event}.left = {track}.left + {num(t)} @ 250")
            if k > 0:
                d.say(f"{event}.left >= ev{r}_{k - 1}.right + {num(log_uniform(rng, 1e-3, 1))}")
            if r > 0 and rng.random() < 0.25:
                # depend on the last event of the track above that starts
                # before this one's time
                above = starts[r - 1]
                lo, hi = 0, len(above)
                while lo < hi:
                    mid = (lo + hi) // 2
                    if above[mid] < t:
                        lo = mid + 1
                    else:
                        hi = mid
                if lo > 0:
                    d.say(f"{event}.left >= ev{r - 1}_{lo - 1}.right + 0.001")
        starts.append(times)


@family("boxes", "content-sized nested stacks (rows of columns of leaves): widths up from the "
                 "leaves, down from the root and equal panels; squeezes at per-leaf levels")
def build_boxes(views, d, rng):
    # Panels chained down the root (required >=, exact at 750), each a
    # vertical stack of 2 or 3 rows; a row is a horizontal stack of 2 to 4
    # items; an item is a leaf or a vertical stack of 2 or 3 leaves. A stack
    # pads its children by 4: a vertical one holds them 4 in on the left
    # and inside on the right (required), one under the other 6 apart;
    # a horizontal one puts them 4 in at the top and inside at the bottom,
    # each at least 6 after the one before (exact at 750) and the last
    # inside on the right. Upward flow: a leaf is a text (fixed height) or
    # an image (height half its width) with a content width it resists
    # going under at a level of its own in the panel (800 down by 4, so a
    # squeezed row gives its room in a fixed order) and hugs at 250; a
    # stack's width and height hug at 240, under the leaves. Downward flow:
    # panels must fit the root (8 in each side) and at 500 all are as wide
    # as the first, and about half the children of a vertical stack (and
    # the column items of a row, in height) fill their parent at 500. Every
    # level is then least at one point: resistance levels hold one leaf per
    # panel, whose best width is one number given the levels above; the
    # equal-panel and fill wishes all hold; hugging at 250 and 240 only
    # pulls widths and heights down to what the levels above allow.
    pad, gap = 4, 6
    count = [0]

    def new_view(parent):
        count[0] += 1
        return d.add_view(f"b{count[0]}", parent)

    def leaf(parent, order):
        v = new_view(parent)
        width = rng.choice(range(24, 201, 4))
        d.say(f"{v}.width >= 8", f"{v}.width >= {width} @ {800 - 4 * order}",
              f"{v}.width <= {width} @ 250")
        if rng.random() < 0.25:
            d.say(f"{v}.height = 0.5 * {v}.width")
        else:
            d.say(f"{v}.height = {rng.choice((14, 18, 22, 36))}")
        return v

    def hug(v):
        d.say(f"{v}.width = 0 @ 240", f"{v}.height = 0 @ 240")

    def column(v, kids):
        # v stacks kids vertically
        for k, kid in enumerate(kids):
            d.say(f"{kid}.left = {v}.left + {pad}", f"{kid}.right <= {v}.right - {pad}",
                  f"{kid}.top = " + (f"{v}.top + {pad}" if k == 0 else f"{kids[k - 1]}.bottom + {gap}"))
            if rng.random() < 0.5:
                d.say(f"{kid}.width = {v}.width - {2 * pad} @ 500")
        d.say(f"{v}.bottom >= {kids[-1]}.bottom + {pad}")
        hug(v)

    def row(v, kids, stacks):
        # v stacks kids horizontally
        for k, kid in enumerate(kids):
            d.say(f"{kid}.top = {v}.top + {pad}", f"{kid}.bottom <= {v}.bottom - {pad}")
            if k == 0:
                d.say(f"{kid}.left = {v}.left + {pad}")
            else:
                d.say(f"{kid}.left >= {kids[k - 1]}.right + {gap}",
                      f"{kid}.left = {kids[k - 1]}.right + {gap} @ 750")
            if kid in stacks:
                d.say(f"{kid}.height = {v}.height - {2 * pad} @ 500")
        d.say(f"{kids[-1]}.right <= {v}.right - {pad}")
        hug(v)

    panels = []
    while count[0] < views:
        panel = new_view(None)
        order = 0
        rows = []
        for _ in range(rng.choice((2, 3))):
            r = new_view(panel)
            items, stacks = [], set()
            for _ in range(rng.choice((2, 3, 4))):
                if rng.random() < 0.35:
                    st = new_view(r)
                    leaves = []
                    for _ in range(rng.choice((2, 3))):
                        leaves.append(leaf(st, order))
                        order += 1
                    column(st, leaves)
                    items.append(st)
                    stacks.add(st)
                else:
                    items.append(leaf(r, order))
                    order += 1
            row(r, items, stacks)
            rows.append(r)
        column(panel, rows)
        d.say(f"{panel}.left = root.left + 8", f"{panel}.right <= root.right - 8")
        if panels:
            d.say(f"{panel}.top >= {panels[-1]}.bottom + 12",
                  f"{panel}.top = {panels[-1]}.bottom + 12 @ 750",
                  f"{panel}.width = {panels[0]}.width @ 500")
        else:
            d.say(f"{panel}.top = root.top + 8")
        panels.append(panel)


@family("sheet", "a spreadsheet of 12 columns whose cells span 1-3 columns and rows: columns "
                 "and rows as narrow as their cells allow, each column at a level of its own")
def build_sheet(views, d, rng):
    # Column j's edges are those of its header h{j} (20 high, 1 apart,
    # starting after a 30-wide corner), row r's those of its label r{r}
    # (30 wide, rows 1 apart, under the headers). The body is tiled, row by
    # row, by cells that cover 1 to 3 free columns and 1 to 3 rows (spans
    # never overlap) and whose edges are those of the columns and rows they
    # cover; a cell is at least its content (required). A column is at
    # least its header's label; the sheet prefers to end inside the root
    # (900), then column j prefers to be narrow at level 400 - j and row r
    # at level 200 - r mod 8. A narrow column at a level of its own is
    # least at one width, given those above it, whatever the others do; so
    # is a row, since rows at one level are 8 apart and no span covers two
    # of them. So the optimum is one point.
    columns = 12
    rows = max(1, (views - columns) // 8)
    d.add_view("corner")
    d.say("corner.left = root.left", "corner.top = root.top", "corner.width = 30",
          "corner.height = 20")
    for j in range(columns):
        h = d.add_view(f"h{j}")
        d.say(f"{h}.top = root.top", f"{h}.height = 20",
              f"{h}.left = " + ("corner.right + 1" if j == 0 else f"h{j - 1}.right + 1"),
              f"{h}.width >= {rng.choice(range(16, 61, 4))}",
              f"{h}.width = 0 @ {400 - j}")
    d.say(f"h{columns - 1}.right <= root.right @ 900")
    for r in range(rows):
        lab = d.add_view(f"r{r}")
        d.say(f"{lab}.left = root.left", f"{lab}.width = 30",
              f"{lab}.top = " + ("corner.bottom + 1" if r == 0 else f"r{r - 1}.bottom + 1"),
              f"{lab}.height >= 12", f"{lab}.height = 0 @ {200 - r % 8}")
    free = [[True] * columns for _ in range(rows)]
    n = 0
    for r in range(rows):
        j = 0
        while j < columns:
            if not free[r][j]:
                j += 1
                continue
            across = 1
            while across < 3 and j + across < columns and free[r][j + across] and rng.random() < 0.3:
                across += 1
            down = 1
            while (down < 3 and r + down < rows and all(free[r + down][j:j + across])
                   and rng.random() < 0.2):
                down += 1
            for rr in range(r, r + down):
                for jj in range(j, j + across):
                    free[rr][jj] = False
            cell = d.add_view(f"s{n}")
            n += 1
            d.say(f"{cell}.left = h{j}.left", f"{cell}.right = h{j + across - 1}.right",
                  f"{cell}.top = r{r}.top", f"{cell}.bottom = r{r + down - 1}.bottom",
                  f"{cell}.width >= {rng.choice(range(20, 161, 4))}",
                  f"{cell}.height >= {rng.choice((14, 18, 22, 30, 44))}")
            j += across


def main(argv=None):
    names = sorted(FAMILIES)
    epilog = "families:\n" + "\n".join(f"  {n:12} {FAMILIES[n][1]}" for n in names)
    p = argparse.ArgumentParser(description="Write a layout document of one workload family to stdout.",
                                epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("family", nargs="?", choices=names, metavar="FAMILY")
    p.add_argument("views", nargs="?", type=int, metavar="VIEWS", help="about how many views")
    p.add_argument("--width", type=float, default=1024, help="root width (1024)")
    p.add_argument("--height", type=float, default=768, help="root height (768)")
    p.add_argument("--seed", type=int, default=1, help="random seed (1)")
    p.add_argument("--list", action="store_true", help="print the family names and stop")
    a = p.parse_args(argv)
    if a.list:
        print("\n".join(names))
        return 0
    if a.family is None or a.views is None:
        p.error("FAMILY and VIEWS are required")
    if a.views < 1:
        p.error("VIEWS must be at least 1")
    for name, value in (("--width", a.width), ("--height", a.height)):
        if not math.isfinite(value) or value < 0:
            p.error(f"{name} must be a finite number, not negative")
    build, _ = FAMILIES[a.family]
    d = Document(a.width, a.height)
    build(a.views, d, random.Random(a.seed))
    json.dump(d.as_json(), sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
