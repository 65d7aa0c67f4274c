#!/usr/bin/env python3
"""Contact sheets of IMSC test folders: each reference rendering (imscJS) beside legible's.

    swift build -c release --product legible
    python3 scripts/imsc-contact-sheet.py --folder ttml/ruby/ --folder ttml/textEmphasis/ -o docs/images

For each folder it writes OUT/imsc-<folder>.png: one row per reference image, at half size
(320x180 each), reference on the left, legible on the right, two pairs a row, and prints the
tests in sheet order (left to right, top to bottom) as a Markdown list, with each image's
block-comparison verdict from imsc-rendering.py, so the sheet can be read next to its names.
Nothing is drawn on the pictures themselves (no text renderer here but legible's).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("imsc_rendering", os.path.join(HERE, "imsc-rendering.py"))
imsc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(imsc)

HALF_W, HALF_H = imsc.WIDTH // 2, imsc.HEIGHT // 2
PAIRS_PER_ROW = 2
GAP = 4


def half(rgba):
    """A 640x360 RGBA picture at 320x180: each output pixel the mean of its 2x2 block."""
    out = bytearray(HALF_W * HALF_H * 4)
    stride = imsc.WIDTH * 4
    for y in range(HALF_H):
        top, bottom = 2 * y * stride, (2 * y + 1) * stride
        for x in range(HALF_W):
            for c in range(4):
                i = 8 * x + c
                out[(y * HALF_W + x) * 4 + c] = (rgba[top + i] + rgba[top + i + 4] + rgba[bottom + i] + rgba[bottom + i + 4] + 2) // 4
    return bytes(out)


def sheet(path, pairs):
    """Writes the pairs (reference, legible) as a grid on black."""
    rows = (len(pairs) + PAIRS_PER_ROW - 1) // PAIRS_PER_ROW
    cell_w = 2 * HALF_W + GAP
    width = PAIRS_PER_ROW * cell_w + (PAIRS_PER_ROW - 1) * 3 * GAP
    height = rows * (HALF_H + GAP)
    canvas = bytearray(b"\x00\x00\x00\xff" * (width * height))
    for k, (ref, ours) in enumerate(pairs):
        row, col = divmod(k, PAIRS_PER_ROW)
        x0, y0 = col * (cell_w + 3 * GAP), row * (HALF_H + GAP)
        for dx, picture in ((0, ref), (HALF_W + GAP, ours)):
            for y in range(HALF_H):
                start = ((y0 + y) * width + x0 + dx) * 4
                canvas[start:start + HALF_W * 4] = picture[y * HALF_W * 4:(y + 1) * HALF_W * 4]
    imsc.write_png(path, width, height, bytes(canvas))


def main():
    root = os.path.dirname(HERE)
    ap = argparse.ArgumentParser(description="Contact sheets: imscJS reference | legible, per IMSC test folder.")
    ap.add_argument("--legible", default=os.path.join(root, ".build/release/legible"))
    ap.add_argument("--conformance", default=os.path.join(root, "../shared/conformance"))
    ap.add_argument("--folder", action="append", required=True, metavar="PATH",
                    help="a feature folder as in the manifest's ttml paths, e.g. ttml/ruby/ (repeatable)")
    ap.add_argument("--profile", default="imsc1_1", help="the profile whose tests are shown for a folder found in several (default imsc1_1)")
    ap.add_argument("-o", "--out", required=True, help="directory for the sheets")
    args = ap.parse_args()

    suite = os.path.join(args.conformance, "imsc-tests")
    tests = json.load(open(os.path.join(suite, "manifest.json")))["tests"]
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="imsc-sheet-") as tmp:
        background = os.path.join(tmp, "grey.png")
        imsc.write_png(background, imsc.WIDTH, imsc.HEIGHT, bytes(imsc.GREY + (255,)) * (imsc.WIDTH * imsc.HEIGHT))
        for folder in args.folder:
            chosen = [t for t in tests if folder in t.get("ttml", "") and t.get("ttml_present", True)]
            profiles = {t["profile"] for t in chosen}
            if len(profiles) > 1:
                chosen = [t for t in chosen if t["profile"] == args.profile]
            if not chosen:
                print(f"no tests in {folder}", file=sys.stderr)
                return 1
            pairs, names = [], []
            for test in chosen:
                for time, png in zip(test["png_times"], test["pngs"]):
                    job = {"name": test["name"], "profile": test["profile"], "folder": folder,
                           "doc": os.path.join(suite, test["ttml"]), "png": os.path.join(suite, png), "time": time,
                           "params": test.get("params"), "legible": os.path.abspath(args.legible),
                           "background": background, "keep": True, "appearance": [],
                           "out_dir": os.path.join(tmp, test["name"])}
                    result = imsc.check(job)
                    ours_path = os.path.join(job["out_dir"], imsc.time_name(time) + ".png")
                    _, _, ref_px = imsc.read_png(job["png"])
                    if os.path.exists(ours_path):
                        _, _, ours_px = imsc.read_png(ours_path)
                    else:
                        ours_px = bytes(imsc.GREY + (255,)) * (imsc.WIDTH * imsc.HEIGHT)
                    pairs.append((half(imsc.flatten(ref_px)), half(imsc.flatten(ours_px))))
                    names.append(f"{test['name']} at {time:g} s: {'matches' if result.get('matched') else 'differs (' + result.get('reason', '?') + ')'}")
            name = "imsc-" + folder.strip("/").split("/")[-1] + ".png"
            sheet(os.path.join(args.out, name), pairs)
            print(f"### {name} ({sum('matches' in n for n in names)}/{len(names)} match)\n")
            for n in names:
                print(f"1. {n}")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
