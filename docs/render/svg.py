"""A small SVG writer for the published pictures: deterministic text (the same data gives the same
bytes, so `figures.py --check` can compare a picture as it compares a table), no dependency.

Text is laid out by an estimate of its width (sans-serif, about 0.56 em a character), so every
layout leaves room: labels are placed in columns sized by the longest label, never by guesswork
of where another label ends.
"""
import colorsys
from xml.sax.saxutils import escape

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#222222"
GRID = "#dddddd"
MUTED = "#777777"
BAND = "#e8e8e8"
GOOD = "#2ca02c"
BAD = "#d62728"
BLUE = "#1f77b4"
ORANGE = "#ff7f0e"
PALETTE = [BLUE, ORANGE, GOOD, BAD, "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]


def colour(index):
    """The palette's colour at index: PALETTE, then hues a golden angle apart (as the runner's charts), so that no
    number of pools runs out of colours of their own."""
    if index < len(PALETTE):
        return PALETTE[index]
    r, g, b = colorsys.hsv_to_rgb((index - len(PALETTE)) * 0.618034 % 1.0, 0.75, 0.7)
    return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(b * 255))


def text_width(s, size, bold=False):
    """Estimated width of s at font size `size` in pixels (wide letters count more), erring wide."""
    wide = sum(1 for c in s if c in "MWmw@%")
    narrow = sum(1 for c in s if c in "il.,:;'|!() ")
    return size * (0.6 * len(s) + 0.3 * wide - 0.25 * narrow) * (1.12 if bold else 1.0)


def n(x):
    """A coordinate as text: one decimal, no '-0'."""
    s = f"{x:.1f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class Svg:
    def __init__(self, width, height, title):
        self.width, self.height = width, height
        self.parts = [f'<title>{escape(title)}</title>',
                      f'<rect x="0" y="0" width="{n(width)}" height="{n(height)}" fill="#ffffff"/>']

    def text(self, x, y, s, size=12, anchor="start", weight=None, fill=INK, italic=False):
        attrs = f'x="{n(x)}" y="{n(y)}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
        if weight:
            attrs += f' font-weight="{weight}"'
        if italic:
            attrs += ' font-style="italic"'
        self.parts.append(f"<text {attrs}>{escape(s)}</text>")

    def line(self, x1, y1, x2, y2, stroke=INK, width=1, dash=None):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{n(x1)}" y1="{n(y1)}" x2="{n(x2)}" y2="{n(y2)}" stroke="{stroke}" '
                          f'stroke-width="{n(width)}"{extra}/>')

    def rect(self, x, y, w, h, fill, stroke=None):
        extra = f' stroke="{stroke}"' if stroke else ""
        self.parts.append(f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}" fill="{fill}"{extra}/>')

    def circle(self, x, y, r, fill, stroke=None):
        extra = f' stroke="{stroke}"' if stroke else ""
        self.parts.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" fill="{fill}"{extra}/>')

    def polygon(self, points, fill, stroke=None):
        pts = " ".join(f"{n(x)},{n(y)}" for x, y in points)
        extra = f' stroke="{stroke}"' if stroke else ""
        self.parts.append(f'<polygon points="{pts}" fill="{fill}"{extra}/>')

    def diamond(self, x, y, half_w, half_h, fill):
        self.polygon([(x - half_w, y), (x, y - half_h), (x + half_w, y), (x, y + half_h)], fill)

    def arrow(self, x, y, left, fill):
        """A small arrow head at x pointing left (or right): a value beyond the axis."""
        d = -8 if left else 8
        self.polygon([(x + d, y), (x, y - 5), (x, y + 5)], fill)

    def render(self):
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(self.width)}" height="{n(self.height)}" '
                f'viewBox="0 0 {n(self.width)} {n(self.height)}" font-family="{FONT}">\n'
                + "\n".join(self.parts) + "\n</svg>\n")


def wrap(s, size, width):
    """s broken into lines that fit `width` pixels at `size` (at spaces)."""
    lines, line = [], ""
    for word in s.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + ([line] if line else [])
