"""A log-log line chart as a standalone SVG, with no plotting library.

series: a list of dicts {"label": str, "color": "#rrggbb", "dashed": bool,
"points": [(x, y), ...]} with positive x and y. Used by scripts/bench.py
(--chart) to draw solve time against views, Plumb against kiwisolver.
"""
import math

WIDTH, HEIGHT = 760, 460
LEFT, RIGHT, TOP, BOTTOM = 70, 210, 40, 50


def _decades(lo, hi):
    return list(range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1))


def _label(exponent, unit=""):
    value = 10.0 ** exponent
    if value >= 1:
        text = f"{value:,.0f}"
    else:
        text = f"{value:g}"
    return text + unit


def svg(series, title, xlabel, ylabel, yunit=""):
    points = [p for s in series for p in s["points"] if p[0] > 0 and p[1] > 0]
    if not points:
        raise ValueError("nothing to plot")
    xd = _decades(min(p[0] for p in points), max(p[0] for p in points))
    yd = _decades(min(p[1] for p in points), max(p[1] for p in points))
    if len(xd) < 2:
        xd.append(xd[-1] + 1)
    if len(yd) < 2:
        yd.append(yd[-1] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (math.log10(x) - xd[0]) / (xd[-1] - xd[0]) * plot_w

    def py(y):
        return TOP + plot_h - (math.log10(y) - yd[0]) / (yd[-1] - yd[0]) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="{TOP - 16}" font-size="15" font-weight="bold">{title}</text>',
    ]
    for e in xd:
        x = px(10.0 ** e)
        out.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{_label(e)}</text>')
    for e in yd:
        y = py(10.0 ** e)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_label(e, yunit)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#444"/>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 12}" text-anchor="middle">{xlabel}</text>')
    out.append(f'<text transform="translate(16 {TOP + plot_h / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle">{ylabel}</text>')
    for i, s in enumerate(series):
        pts = sorted(p for p in s["points"] if p[0] > 0 and p[1] > 0)
        if not pts:
            continue
        dash = ' stroke-dasharray="6 4"' if s.get("dashed") else ""
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{s["color"]}" stroke-width="2"{dash}/>')
        for x, y in pts:
            if s.get("dashed"):
                out.append(f'<rect x="{px(x) - 3.5:.1f}" y="{py(y) - 3.5:.1f}" width="7" height="7" '
                           f'fill="white" stroke="{s["color"]}" stroke-width="2"/>')
            else:
                out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{s["color"]}"/>')
        ly = TOP + 10 + 20 * i
        lx = LEFT + plot_w + 16
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 28}" y2="{ly}" stroke="{s["color"]}" '
                   f'stroke-width="2"{dash}/>')
        out.append(f'<text x="{lx + 34}" y="{ly + 4}">{s["label"]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
