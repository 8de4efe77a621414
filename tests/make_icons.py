"""Draw the app icons into companion/assets/: `uv run python tests/make_icons.py`.

One glyph, two peaks with white summits on the theme's green, framed for each place it is shown:

- icon.png          every platform without a file of its own (iOS, macOS, Windows, Linux): opaque, large
- icon_android.png  Android's adaptive launcher icon: the launcher crops the layer to a circle about 61 %
                    of its width, so the glyph stays inside 56 % of the half-width from the centre
- icon_web.png      `flet build web` (favicon, manifest icons): framed for the maskable safe zone
- splash.png        the launch screen: the glyph alone, drawn on the splash colour from pyproject.toml
- icon-192.png, icon-512.png, icon-maskable-512.png   the web app manifest of the static browser build

`flet build` turns these into every launcher, store and favicon size (it looks for `assets/icon_<platform>`,
then `assets/icon`, in the app folder). tests/test_native_build.py redraws them and compares, so edit
the drawing here and run the script rather than touching the PNGs.
"""

from __future__ import annotations

import io
import math
import sys
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

ASSETS = Path(__file__).resolve().parents[1] / "companion" / "assets"

BACKGROUND = "#2E5E4E"      # the theme colour; also icon_background and the splash colour in pyproject.toml
FAR_PEAK = "#6F9985"
NEAR_PEAK = "#A3C4B4"
SNOW = "#FFFFFF"
FAR_SNOW = "#E4EDE8"

SUPERSAMPLE = 4             # drawn this many times larger, then reduced: smooth edges at every size

Point = tuple[float, float]

# The glyph in its own units (x right, y down), bases on one line. The near peak overlaps the far one.
_FAR = ((-1.00, 0.55), (-0.40, -0.28), (0.20, 0.55))
_NEAR = ((-0.50, 0.55), (0.15, -0.80), (0.95, 0.55))


@dataclass(frozen=True)
class Design:
    """How one family of icons is framed: `reach` is how far the glyph's furthest point lies from the
    centre, as a fraction of half the canvas; `opaque` fills the canvas with the theme colour."""

    reach: float
    opaque: bool


ICON = Design(reach=0.82, opaque=True)        # iOS rounds the corners only; the glyph can be big
MASKABLE = Design(reach=0.72, opaque=True)    # maskable safe zone: a circle 80 % of the width
ANDROID = Design(reach=0.56, opaque=True)     # adaptive icons: the visible circle is ~61 % of the layer
SPLASH = Design(reach=0.66, opaque=False)     # Android 12 shows the splash icon inside 2/3 of its canvas

# file name -> (design, size in pixels)
FILES: dict[str, tuple[Design, int]] = {
    "icon.png": (ICON, 1024),
    "icon_android.png": (ANDROID, 1024),
    "icon_web.png": (MASKABLE, 1024),
    "splash.png": (SPLASH, 1024),
    "icon-192.png": (ICON, 192),
    "icon-512.png": (ICON, 512),
    "icon-maskable-512.png": (MASKABLE, 512),
}


def draw(design: Design, size: int) -> Image.Image:
    """The glyph framed by `design` on a `size`-pixel square: RGB when opaque, else RGBA."""
    big = size * SUPERSAMPLE
    canvas = Image.new("RGBA", (big, big), BACKGROUND if design.opaque else (0, 0, 0, 0))
    pen = ImageDraw.Draw(canvas)
    place = _placement(design.reach, big)
    pen.polygon([place(p) for p in _FAR], fill=FAR_PEAK)
    pen.polygon([place(p) for p in _snow_cap(_FAR, 0.30)], fill=FAR_SNOW)
    pen.polygon([place(p) for p in _NEAR], fill=NEAR_PEAK)
    pen.polygon([place(p) for p in _snow_cap(_NEAR, 0.36)], fill=SNOW)
    image = canvas.resize((size, size), Image.LANCZOS)
    return image.convert("RGB") if design.opaque else image


def png_bytes(image: Image.Image) -> bytes:
    """The image as a small PNG: an opaque icon fits a 64-colour palette (five flat colours and their
    edges); a transparent one stays RGBA, since Pillow's palettes for alpha would round off its edges."""
    if image.mode == "RGB":
        image = image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(folder: Path = ASSETS) -> int:
    """Write every icon into `folder`; prints each file's size."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, (design, size) in FILES.items():
        data = png_bytes(draw(design, size))
        (folder / name).write_bytes(data)
        print(f"{name}: {size}x{size}, {len(data):,} bytes")
    return 0


def _snow_cap(peak: tuple[Point, Point, Point], depth: float) -> list[Point]:
    """The top `depth` of a peak, with a ragged lower edge like old snow."""
    left, apex, right = peak
    low_left = _lerp(apex, left, depth)
    low_right = _lerp(apex, right, depth)
    width = low_right[0] - low_left[0]
    rise = (left[1] - apex[1]) * depth * 0.22
    y = low_left[1]
    return [apex, low_right,
            (low_left[0] + width * 0.74, y - rise),
            (low_left[0] + width * 0.52, y + rise * 0.6),
            (low_left[0] + width * 0.28, y - rise),
            low_left]


def _placement(reach: float, side: int):
    """Map glyph units to pixels: centred on the glyph's bounding box, its furthest point at `reach`."""
    points = [*_FAR, *_NEAR]
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    furthest = max(math.hypot(x - cx, y - cy) for x, y in points)
    scale = reach * (side / 2) / furthest

    def place(point: Point) -> Point:
        x, y = point
        return (side / 2 + (x - cx) * scale, side / 2 + (y - cy) * scale)

    return place


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


if __name__ == "__main__":
    sys.exit(main())
