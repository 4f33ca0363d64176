"""A picture of rows on one shared axis, the forest plot's shape: one row per thing compared, its
label on the left, its intervals on the axis, its figure in words on the right, and a band behind
them (the margin that counts). What repeats on every row goes in the title, never in a label.

A row holds thin intervals (each sitting, each repeat) stacked above one thick one (the pooled
estimate, the median); a value beyond the axis is drawn as an arrow at the axis' end, its number
is in the row's words on the right.
"""
from .svg import BAND, GRID, INK, MUTED, Svg, text_width, wrap

ROW_GAP = 10
THIN_STEP = 5
LABEL_SIZE = 13
WORDS_SIZE = 12


def _x(value, lo, hi, left, right):
    return left + (min(max(value, lo), hi) - lo) / (hi - lo) * (right - left)


def _interval(svg, y, item, lo, hi, left, right, thick):
    color = item.get("color", INK)
    a, b = item.get("low"), item.get("high")
    if a is not None and b is not None:
        xa, xb = _x(a, lo, hi, left, right), _x(b, lo, hi, left, right)
        svg.line(xa, y, xb, y, stroke=color, width=3.5 if thick else 1.2)
        for v, x in ((a, xa), (b, xb)):
            if lo <= v <= hi:
                svg.line(x, y - (4 if thick else 2.5), x, y + (4 if thick else 2.5), stroke=color,
                         width=1.5 if thick else 1)
    mid = item["mid"]
    if mid < lo or mid > hi:
        svg.arrow(left if mid < lo else right, y, mid < lo, color)
    elif thick:
        svg.diamond(_x(mid, lo, hi, left, right), y, 7, 6, color)
    else:
        svg.circle(_x(mid, lo, hi, left, right), y, 2.2, color)


def rows_chart(title, subtitle, rows, axis, headers=("", ""), width=920, legend=()):
    """An SVG picture (text).

    rows:   [{"label": str, "thin": [item], "thick": item or None, "words": str, "words_color": str}]
            item = {"low": x or None, "mid": x, "high": x or None, "color": str}
    axis:   {"lo": x, "hi": x, "ticks": [x], "format": fn(x) -> str, "label": str,
             "band": (x, x) or None, "band_label": str, "zero": x or None}
    legend: [(kind, color, text)], kind "thin" or "thick"
    """
    left_w = max([text_width(r["label"], LABEL_SIZE, bold=True) for r in rows] + [text_width(headers[0], 12)]) + 24
    words_w = max([text_width(r["words"], WORDS_SIZE) for r in rows] + [text_width(headers[1], 12)]) + 24
    plot_w = max(width - left_w - words_w, 320)
    width = left_w + plot_w + words_w
    title_lines = wrap(title, 16, width - 24)
    sub_lines = wrap(subtitle, 12, width - 24) if subtitle else []
    top = 16 + 22 * len(title_lines) + 17 * len(sub_lines) + 28
    heights = [max(26, THIN_STEP * len(r["thin"]) + (18 if r.get("thick") else 8)) + ROW_GAP for r in rows]
    plot_top, plot_bottom = top, top + sum(heights)
    height = plot_bottom + 46 + (22 if legend else 0)
    svg = Svg(width, height, title)
    y = 10
    for line in title_lines:
        y += 22
        svg.text(12, y, line, size=16, weight="bold")
    for line in sub_lines:
        y += 17
        svg.text(12, y, line, size=12, fill=MUTED)
    left, right = left_w, left_w + plot_w
    lo, hi = axis["lo"], axis["hi"]
    svg.text(12, plot_top - 8, headers[0], size=12, fill=MUTED)
    svg.text(right + 12, plot_top - 8, headers[1], size=12, fill=MUTED)
    if axis.get("band"):
        a, b = axis["band"]
        svg.rect(_x(a, lo, hi, left, right), plot_top, _x(b, lo, hi, left, right) - _x(a, lo, hi, left, right),
                 plot_bottom - plot_top, BAND)
    for t in axis["ticks"]:
        x = _x(t, lo, hi, left, right)
        svg.line(x, plot_top, x, plot_bottom, stroke=GRID, width=0.8)
        svg.text(x, plot_bottom + 16, axis["format"](t), size=11, anchor="middle", fill=MUTED)
    if axis.get("zero") is not None:
        x = _x(axis["zero"], lo, hi, left, right)
        svg.line(x, plot_top, x, plot_bottom, stroke=MUTED, width=1.2)
    svg.text((left + right) / 2, plot_bottom + 34, axis["label"], size=12, anchor="middle")
    y = plot_top
    for row, h in zip(rows, heights):
        svg.line(12, y, width - 12, y, stroke=GRID, width=0.6)
        thin_y = y + ROW_GAP / 2 + 6
        for item in row["thin"]:
            _interval(svg, thin_y, item, lo, hi, left, right, thick=False)
            thin_y += THIN_STEP
        centre = y + h / 2
        if row.get("thick"):
            ty = thin_y + 6 if row["thin"] else centre
            _interval(svg, ty, row["thick"], lo, hi, left, right, thick=True)
            centre = ty
        svg.text(12, centre + 4.5, row["label"], size=LABEL_SIZE, weight="bold")
        svg.text(right + 12, centre + 4, row["words"], size=WORDS_SIZE, fill=row.get("words_color", INK))
        y += h
    _legend(svg, legend, 12, height - 12, axis)
    return svg.render()


def _legend(svg, legend, x, y, axis):
    for kind, color, label in legend:
        if kind == "thick":
            svg.line(x, y - 4, x + 24, y - 4, stroke=color, width=3.5)
            svg.diamond(x + 12, y - 4, 6, 5, color)
        elif kind == "band":
            svg.rect(x, y - 10, 24, 12, BAND)
        else:
            svg.line(x, y - 4, x + 24, y - 4, stroke=color, width=1.2)
            svg.circle(x + 12, y - 4, 2.2, color)
        svg.text(x + 30, y, label, size=11, fill=MUTED)
        x += 30 + text_width(label, 11) + 22
