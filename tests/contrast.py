#!/usr/bin/env python3
"""Contrast of the board's and the pickers' colours, in the light and the
dark style, from the colours as GTK computes them: resources/style.css's
@define-color lines evaluated against libadwaita's own named colours, which
this script reads out of the installed libadwaita with `gresource`.

    python3 tests/contrast.py          # prints the table, fails below a minimum

WCAG 2.1 asks 4.5:1 for text and 3:1 for graphics and large text (the
scores are at least 18.7 px bold). Translucent colours are composited on
their background first, as cairo and GTK paint them. It also simulates
protanopia and deuteranopia (Machado, Oliveira and Fernandes 2009, severity
1, on linear RGB) and prints how far apart X and O, and win and loss, stay
(CIE76 delta E; 2.3 is just noticeable).
"""

import re
import subprocess
import sys
from pathlib import Path

LIBADWAITA = "/usr/lib/x86_64-linux-gnu/libadwaita-1.so.0"
STYLE = Path(__file__).resolve().parent.parent / "resources" / "style.css"

NAMED = {"white": (1, 1, 1, 1), "black": (0, 0, 0, 1), "transparent": (0, 0, 0, 0)}


def adwaita_css(name):
    return subprocess.run(
        ["gresource", "extract", LIBADWAITA, f"/org/gnome/Adwaita/styles/{name}"],
        check=True, capture_output=True, text=True,
    ).stdout


def definitions(css):
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return dict(re.findall(r"@define-color\s+([\w-]+)\s+([^;]+);", css))


def split_arguments(text):
    depth, start, parts = 0, 0, []
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def premultiply(colour):
    return tuple(c * colour[3] for c in colour[:3]) + (colour[3],)


def evaluate(expression, names):
    """A CSS colour as GTK 4.8 computes it: mix() blends premultiplied
    RGBA, alpha() scales the alpha."""
    expression = expression.strip()
    if expression.startswith("@"):
        return evaluate(names[expression[1:]], names)
    if expression in NAMED:
        return NAMED[expression]
    if expression.startswith("#"):
        digits = expression[1:]
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)) + (1.0,)
    function, _, rest = expression.partition("(")
    arguments = split_arguments(rest[: rest.rindex(")")])
    if function in ("rgb", "rgba"):
        values = [float(a) for a in arguments]
        return tuple(v / 255 for v in values[:3]) + ((values[3],) if len(values) == 4 else (1.0,))
    if function == "mix":
        first, second = (premultiply(evaluate(a, names)) for a in arguments[:2])
        factor = float(arguments[2])
        mixed = tuple(min(1, max(0, a + (b - a) * factor)) for a, b in zip(first, second))
        alpha = mixed[3]
        return tuple(c / alpha if alpha else 0 for c in mixed[:3]) + (alpha,)
    if function == "alpha":
        colour = evaluate(arguments[0], names)
        return colour[:3] + (min(1, colour[3] * float(arguments[1])),)
    raise ValueError(f"cannot evaluate {expression}")


def over(colour, background, alpha=1.0):
    a = colour[3] * alpha
    return tuple(c * a + b * (1 - a) for c, b in zip(colour[:3], background[:3]))


def linear(channel):
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first, second):
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}


def simulate(rgb, matrix):
    lin = [linear(c) for c in rgb]
    out = [max(0.0, min(1.0, sum(m * c for m, c in zip(row, lin)))) for row in matrix]
    return tuple(12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055 for c in out)


def lab(rgb):
    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(first, second):
    return sum((a - b) ** 2 for a, b in zip(lab(first), lab(second))) ** 0.5


# What is checked: a name, the colour (and the alpha the board draws it
# with), the background, and the minimum ratio.
CHECKS = [
    ("X on the board", "x_mark_color", 1.0, "view_bg_color", 3.0),
    ("O on the board", "o_mark_color", 1.0, "view_bg_color", 3.0),
    ("cell numbers", "cell_number_color", 1.0, "view_bg_color", 4.5),
    ("\"Max (X)\" label", "x_mark_color", 1.0, "window_bg_color", 4.5),
    ("\"Min (O)\" label", "o_mark_color", 1.0, "window_bg_color", 4.5),
    ("score: X wins", "x_mark_color", 1.0, "view_bg_color", 4.5),
    ("score: draw", "draw_color", 1.0, "view_bg_color", 4.5),
    ("score: O wins", "o_mark_color", 1.0, "view_bg_color", 4.5),
    ("score bound (X, 70 %)", "x_mark_color", 0.7, "view_bg_color", 3.0),
    ("score bound (draw, 70 %)", "draw_color", 0.7, "view_bg_color", 3.0),
    ("score bound (O, 70 %)", "o_mark_color", 0.7, "view_bg_color", 3.0),
    ("focused cell ring", "focus_cell_color", 1.0, "view_bg_color", 3.0),
    ("chart: no search", "chart_other_color", 1.0, "view_bg_color", 3.0),
    ("chart: plain minimax", "chart_minimax_color", 1.0, "view_bg_color", 3.0),
    ("chart: alpha-beta", "chart_alphabeta_color", 1.0, "view_bg_color", 3.0),
    ("chart: Monte Carlo", "chart_mcts_color", 1.0, "view_bg_color", 3.0),
    ("chart: lookup table", "chart_table_color", 1.0, "view_bg_color", 3.0),
    ("chart: proof-number search", "chart_proof_number_color", 1.0, "view_bg_color", 3.0),
    ("chart: wins", "win_color", 1.0, "view_bg_color", 3.0),
    ("chart: draws", "draw_color", 1.0, "view_bg_color", 3.0),
    ("chart: losses", "loss_color", 1.0, "view_bg_color", 3.0),
    ("chart text", "theme_fg_color", 1.0, "view_bg_color", 4.5),
]


def main():
    base = definitions(adwaita_css("base.css"))
    ours = definitions(STYLE.read_text())
    styles = {}
    for style in ("light", "dark"):
        names = {**base, **definitions(adwaita_css(f"defaults-{style}.css")), **ours}
        styles[style] = names
    failures = 0
    print("| colour | on | light | dark | minimum |")
    print("|---|---|---|---|---|")
    for what, colour, alpha, background, minimum in CHECKS:
        ratios = []
        for names in styles.values():
            bg = evaluate("@" + background, names)
            ratio = contrast(over(evaluate("@" + colour, names), bg, alpha), bg[:3])
            ratios.append(ratio)
            failures += ratio < minimum
        place = "board" if background == "view_bg_color" else "window"
        if what.startswith("chart"):
            place = "chart"
        print(f"| {what} | {place} | {ratios[0]:.1f}:1 | {ratios[1]:.1f}:1 | {minimum:g}:1 |")
    print()
    print("| pair | style | normal vision | protanopia | deuteranopia |")
    print("|---|---|---|---|---|")
    for first, second in (("x_mark_color", "o_mark_color"), ("win_color", "loss_color")):
        for style, names in styles.items():
            bg = evaluate("@view_bg_color", names)
            a = over(evaluate("@" + first, names), bg)
            b = over(evaluate("@" + second, names), bg)
            seen = [delta_e(a, b)] + [delta_e(simulate(a, m), simulate(b, m)) for m in MACHADO.values()]
            pair = f"{first.split('_')[0]} / {second.split('_')[0]}"
            print(f"| {pair} | {style} | " + " | ".join(f"ΔE {d:.0f}" for d in seen) + " |")
    if failures:
        print(f"\n{failures} below their minimum", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
