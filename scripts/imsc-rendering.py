#!/usr/bin/env python3
"""IMSC rendering: where `legible render` puts ink against imsc-tests' reference renderings.

For every test of imsc-tests/manifest.json that has a TTML document, and for every (time, PNG)
of its `png_times`/`pngs` (640x360 images that imscJS drew in a browser on a grey page), this
runs

    legible render DOC --at TIME -o OUT.png --size 640x360 --background GREY.png

where GREY.png is a 640x360 picture of the references' own grey, rgb(169,169,169) (CSS
`darkgray`: what every reference shows where nothing is drawn), made once in a temporary folder,
since `--background` takes checker, black, transparent or an image.

The comparison is of *where ink is*, not of pixels, since fonts, hinting, anti-aliasing and line
breaking differ from a browser's (SOURCE.md of the suite says as much):

1. a pixel is ink when one of its R, G, B differs from the grey by more than 40 (a pixel with
   alpha is first composited over the grey);
2. the picture is cut into 8x8-pixel blocks (80x45); a block is ink when at least 3 of its 64
   pixels are: a lone anti-aliased speck or the faint edge of a glyph in the next block does not
   make a block ink, while any stroke of a glyph, any box or any image does;
3. the rendering matches when both ways every ink block of one picture has an ink block of the
   other within one block (Chebyshev distance 1, the 3x3 neighbourhood), and the numbers of ink
   blocks are within a ratio of 0.5 to 2.0 of each other (so that a missing background box,
   whose outline a line of text would otherwise "cover", is not forgiven); two empty pictures
   match, one empty and one not do not;
4. the same rule is applied to *detail* blocks, blocks that are not of one colour (at least 3
   of their pixels differ by more than 40 from the block's most common colour): text strokes,
   on the grey or on a box, and a box's edges. Ink alone cannot tell a box drawn in the right
   place with its text elsewhere (or missing) from the right rendering; detail can. Where both
   pictures' detail blocks are their ink blocks (text on the grey), this adds nothing.

A region, a line or a box that is 9 or more pixels away from where the reference has it fails;
a font that is a little wider or narrower, or a glyph a few pixels off, does not.

Tests with `params` are rendered with the `legible render` flags for them: displayForcedOnlyMode
as --forced-only, stereo3D as --eye left|right, pqPixels as --pq. A parameter with no flag makes
each of the test's images count as failing ("params not supported"), never as skipped or passed. A test without a document (`ttml_present: false`) has no reference
images, and is listed as such.

usage: scripts/imsc-rendering.py [--legible PATH] [--conformance DIR] [--jobs N] [--only TEXT]...
                                 [--json FILE] [--report FILE] [--keep DIR] [--target PERCENT]
                                 [--appearance SPEC] [-v]

It prints the match rate per profile and per feature folder, a table of failure causes (one
per failing image: nothing drawn, ink missing, ink extra, ink misplaced, only the detail rule
failing...), and the rate the ink rule alone would give. `--only ttml/ruby/` runs one folder;
`--report FILE` prints the tables of an earlier `--json FILE` again without rendering.

--keep DIR keeps legible's PNGs (DIR/<Test>/<time>.png) and writes for each failing image
DIR/<Test>/<time>-diff.png: reference | legible | ink diff | detail diff, where in a diff white
is a block in both, red a reference block with none of legible's within one block, blue a
legible block with none of the reference's within one block, and pink / light blue blocks of
only one picture that the one-block tolerance forgives.

Exit status 0 when the overall match rate reaches --target (default 95%), 1 below it, 2 when the
suite or the binary is absent (SKIPPED is printed: an absent suite never counts as passed).
"""
import argparse, collections, json, os, struct, subprocess, sys, tempfile, zlib
from concurrent.futures import ProcessPoolExecutor
from itertools import accumulate

WIDTH, HEIGHT = 640, 360
GREY = (169, 169, 169)  # the references' background, measured on their empty pixels
PIXEL_DIFF = 40         # a channel further than this from the grey is ink
BLOCK = 8               # block side in pixels
BLOCK_PIXELS = 3        # ink pixels that make a block ink
RATIO = (0.5, 2.0)      # allowed ratio of legible's ink blocks to the reference's
BW, BH = WIDTH // BLOCK, HEIGHT // BLOCK
PROFILES = ["imsc1", "imsc1_1", "imsc1_2", "imsc1_3"]

# ---------------------------------------------------------------- PNG reading and writing

def read_png(path):
    """(width, height, RGBA bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError(f"{path}: no IHDR")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (2, 6):
        raise ValueError(f"{path}: only 8-bit non-interlaced RGB/RGBA is read (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev, pos = [], bytes(stride), 0
    low = (255).__and__
    for _ in range(height):
        kind, line = raw[pos], raw[pos + 1:pos + 1 + stride]
        pos += 1 + stride
        if kind == 1:    # Sub: a running sum of each channel
            out = bytearray(stride)
            for c in range(bpp):
                out[c::bpp] = bytes(map(low, accumulate(line[c::bpp])))
            line = bytes(out)
        elif kind == 2:  # Up
            line = bytes(map(low, map(int.__add__, line, prev)))
        elif kind == 3:  # Average
            out = bytearray(line)
            for x in range(stride):
                left = out[x - bpp] if x >= bpp else 0
                out[x] = (out[x] + ((left + prev[x]) >> 1)) & 255
            line = bytes(out)
        elif kind == 4:  # Paeth
            out = bytearray(line)
            for x in range(stride):
                a = out[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                out[x] = (out[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            line = bytes(out)
        elif kind != 0:
            raise ValueError(f"{path}: unknown filter {kind}")
        rows.append(line)
        prev = line
    pixels = b"".join(rows)
    if bpp == 3:
        rgba = bytearray(width * height * 4)
        for c in range(3):
            rgba[c::4] = pixels[c::3]
        rgba[3::4] = b"\xff" * (width * height)
        pixels = bytes(rgba)
    return width, height, pixels

def write_png(path, width, height, rgba):
    stride = width * 4
    raw = b"".join(b"\x00" + rgba[y * stride:(y + 1) * stride] for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))

# ---------------------------------------------------------------- ink masks

def flatten(rgba):
    """RGB bytes of the picture composited over the grey (only if some pixel is not opaque)."""
    n = len(rgba) // 4
    if rgba[3::4].count(255) == n:
        return rgba
    out = bytearray(rgba)
    for i in range(n):
        a = rgba[4 * i + 3]
        if a != 255:
            for c in range(3):
                out[4 * i + c] = (rgba[4 * i + c] * a + GREY[c] * (255 - a) + 127) // 255
            out[4 * i + 3] = 255
    return bytes(out)

def ink_table(grey):
    return bytes(1 if abs(v - grey) > PIXEL_DIFF else 0 for v in range(256))

TABLES = [ink_table(g) for g in GREY]

def ink_pixels(width, height, rgba):
    """One byte per pixel, 1 where the pixel is ink."""
    rgba = flatten(rgba)
    n = width * height
    r, g, b = (rgba[c::4].translate(TABLES[c]) for c in range(3))
    return (int.from_bytes(r, "big") | int.from_bytes(g, "big") | int.from_bytes(b, "big")).to_bytes(n, "big")

def block_mask(width, height, rgba):
    """A set of (bx, by) ink blocks."""
    if (width, height) != (WIDTH, HEIGHT):
        raise ValueError(f"picture is {width}x{height}, not {WIDTH}x{HEIGHT}")
    ink = ink_pixels(width, height, rgba)
    counts = [0] * (BW * BH)
    for y in range(height):
        row = ink[y * width:(y + 1) * width]
        if not row.count(1):
            continue
        base = (y // BLOCK) * BW
        for bx in range(BW):
            counts[base + bx] += row[bx * BLOCK:(bx + 1) * BLOCK].count(1)
    return {(i % BW, i // BW) for i, c in enumerate(counts) if c >= BLOCK_PIXELS}

def detail_mask(width, height, rgba):
    """A set of (bx, by) blocks that are not of one colour: at least BLOCK_PIXELS of their pixels
    differ by more than PIXEL_DIFF (in some channel) from the block's most common colour. Text
    strokes on a box and a box's edges are detail; a box's uniform inside and the empty grey are not."""
    rgba = flatten(rgba)
    stride = width * 4
    out = set()
    for by in range(height // BLOCK):
        rows = [rgba[(by * BLOCK + r) * stride:(by * BLOCK + r + 1) * stride] for r in range(BLOCK)]
        for bx in range(width // BLOCK):
            start = bx * BLOCK * 4
            segments = [row[start:start + BLOCK * 4] for row in rows]
            first = segments[0]
            if first == first[:4] * BLOCK and all(seg == first for seg in segments[1:]):
                continue  # one colour: the fast, common case
            pixels = [seg[i:i + 4] for seg in segments for i in range(0, BLOCK * 4, 4)]
            mode = collections.Counter(pixels).most_common(1)[0][0]
            differing = 0
            for p in pixels:
                if abs(p[0] - mode[0]) > PIXEL_DIFF or abs(p[1] - mode[1]) > PIXEL_DIFF or abs(p[2] - mode[2]) > PIXEL_DIFF:
                    differing += 1
                    if differing >= BLOCK_PIXELS:
                        out.add((bx, by))
                        break
    return out

def near(block, mask):
    x, y = block
    return any((x + dx, y + dy) in mask for dx in (-1, 0, 1) for dy in (-1, 0, 1))

def bbox(mask):
    if not mask:
        return None
    xs, ys = [b[0] for b in mask], [b[1] for b in mask]
    return [min(xs) * BLOCK, min(ys) * BLOCK, (max(xs) + 1) * BLOCK, (max(ys) + 1) * BLOCK]

def compare_masks(ref, ours, what):
    """(reasons, metrics) of the rule for one kind of mask ("ink" or "detail")."""
    ref_lone = {b for b in ref if not near(b, ours)}
    ours_lone = {b for b in ours if not near(b, ref)}
    metrics = {"ref_blocks": len(ref), "legible_blocks": len(ours),
               "ref_unmatched": len(ref_lone), "legible_unmatched": len(ours_lone),
               "ref_bbox": bbox(ref), "legible_bbox": bbox(ours)}
    if not ref and not ours:
        return [], metrics
    if not ours:
        return [f"legible drew no {what}; the reference has {len(ref)} {what} blocks"], metrics
    if not ref:
        return [f"the reference has no {what}; legible has {len(ours)} {what} blocks"], metrics
    reasons = []
    ratio = len(ours) / len(ref)
    metrics["ratio"] = round(ratio, 3)
    if ref_lone:
        reasons.append(f"{what}: {len(ref_lone)}/{len(ref)} reference blocks have none of legible's within 1 block")
    if ours_lone:
        reasons.append(f"{what}: {len(ours_lone)}/{len(ours)} legible blocks have none of the reference's within 1 block")
    if not RATIO[0] <= ratio <= RATIO[1]:
        reasons.append(f"{what}: block ratio {ratio:.2f} (legible {len(ours)}, reference {len(ref)})")
    if reasons:
        metrics["ref_unmatched_bbox"] = bbox(ref_lone)
        metrics["legible_unmatched_bbox"] = bbox(ours_lone)
    return reasons, metrics

def compare(ref_ink, ours_ink, ref_detail, ours_detail):
    """(matched, reason, metrics): both the ink masks and the detail masks must agree."""
    ink_reasons, ink_metrics = compare_masks(ref_ink, ours_ink, "ink")
    if not ref_ink or not ours_ink:  # nothing to say about detail when one picture is empty
        return not ink_reasons, "; ".join(ink_reasons) or None, {"ink": ink_metrics}
    if ref_detail == ref_ink and ours_detail == ours_ink:  # text on the grey: the same blocks
        return not ink_reasons, "; ".join(ink_reasons) or None, {"ink": ink_metrics, "detail": "same as ink"}
    detail_reasons, detail_metrics = compare_masks(ref_detail, ours_detail, "detail")
    reasons = ink_reasons + detail_reasons
    return not reasons, "; ".join(reasons) or None, {"ink": ink_metrics, "detail": detail_metrics}

def diff_panel(ref, ours):
    panel = bytearray(bytes(GREY) + b"\xff") * (WIDTH * HEIGHT)
    def paint(block, colour):
        bx, by = block
        for y in range(by * BLOCK, (by + 1) * BLOCK):
            start = (y * WIDTH + bx * BLOCK) * 4
            panel[start:start + BLOCK * 4] = bytes(colour + (255,)) * BLOCK
    for b in ref | ours:
        if b in ref and b in ours:
            paint(b, (255, 255, 255))
        elif b in ref:
            paint(b, (255, 170, 170) if near(b, ours) else (230, 0, 0))
        else:
            paint(b, (160, 190, 255) if near(b, ref) else (0, 0, 230))
    return panel

def side_by_side(path, ref_px, ours_px, masks):
    """reference | legible | ink diff | detail diff, 4 x 640 by 360."""
    panels = [ref_px, ours_px, diff_panel(masks[0], masks[1]), diff_panel(masks[2], masks[3])]
    stride = WIDTH * 4
    separator = b"\x00\x00\x00\xff"
    rows = []
    for y in range(HEIGHT):
        s = slice(y * stride, (y + 1) * stride)
        rows.append(separator.join(bytes(p[s][:-4]) for p in panels[:-1]) + separator + bytes(panels[-1][s]))
    write_png(path, WIDTH * 4, HEIGHT, b"".join(rows))

# ---------------------------------------------------------------- one image

def time_name(t):
    return f"{t:.6f}"

def param_flags(params):
    """The `legible render` flags for a test's renderer parameters (imscJS's options), or None
    when one of them has no flag: such a test counts as failing, never as skipped."""
    flags = []
    for name, value in sorted(params.items()):
        if name == "displayForcedOnlyMode" and isinstance(value, bool):
            flags += ["--forced-only"] if value else []
        elif name == "stereo3D" and value in ("left", "right"):
            flags += ["--eye", value]
        elif name == "pqPixels" and isinstance(value, bool):
            flags += ["--pq"] if value else []
        else:
            return None
    return flags

def check(job):
    """Render one (test, time), compare it with its reference; a dict of the result."""
    result = {"test": job["name"], "profile": job["profile"], "folder": job["folder"],
              "time": job["time"], "reference": job["png"]}
    flags = param_flags(job.get("params") or {})
    if flags is None:
        result.update(matched=False, reason=f"params not supported: {json.dumps(job['params'], sort_keys=True)} (legible render has no such option)")
        return result
    out_dir = job["out_dir"]
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, time_name(job["time"]) + ".png")
    try:
        run = subprocess.run([job["legible"], "render", job["doc"], "--at", repr(job["time"]), "-o", out,
                              "--size", f"{WIDTH}x{HEIGHT}", "--background", job["background"], "--from", "ttml", "-q"]
                             + flags + [a for spec in job["appearance"] for a in ("--appearance", spec)],
                             capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        result.update(matched=False, reason="legible render timed out (120 s)")
        return result
    if run.returncode != 0 or not os.path.exists(out):
        result.update(matched=False, reason=f"legible exited {run.returncode}: {run.stderr.strip()[:300]}")
        return result
    try:
        rw, rh, ref_px = read_png(job["png"])
        ow, oh, ours_px = read_png(out)
        masks = (block_mask(rw, rh, ref_px), block_mask(ow, oh, ours_px),
                 detail_mask(rw, rh, ref_px), detail_mask(ow, oh, ours_px))
    except (ValueError, zlib.error) as error:
        result.update(matched=False, reason=f"unreadable picture: {error}")
        return result
    matched, reason, metrics = compare(*masks)
    result.update(matched=matched, metrics=metrics)
    if reason:
        result["reason"] = reason
    if job["keep"]:
        if not matched:
            side_by_side(os.path.join(out_dir, time_name(job["time"]) + "-diff.png"), flatten(ref_px), flatten(ours_px), masks)
    else:
        os.remove(out)
    return result

# ---------------------------------------------------------------- the suite

def folder_of(ttml):
    parts = ttml.split("/")
    return parts[parts.index("ttml") + 1] if "ttml" in parts[:-1] else "?"

def table(title, counts, order=None):
    print(title)
    keys = order if order is not None else sorted(counts, key=lambda k: (counts[k][0] / counts[k][1], k))
    for key in keys:
        if key not in counts:
            continue
        ok, total = counts[key]
        print(f"  {key:<36} {ok:>4}/{total:<4} {100.0 * ok / total:5.1f}%")

def cause(result):
    """The main cause of a failure, one label per failing image, for the failure-cause table."""
    reason = result.get("reason") or ""
    if reason.startswith("params not supported"):
        return "params not supported"
    if reason.startswith(("legible exited", "legible render timed out", "unreadable picture")):
        return "render error"
    if reason.startswith("legible drew no ink"):
        return "legible drew nothing (reference has ink)"
    if reason.startswith("the reference has no ink"):
        return "reference empty, legible drew ink"
    ink = [part for part in reason.split("; ") if part.startswith("ink:")]
    if not ink:
        return "ink matches, detail (text on a box) does not"
    missing = any("reference blocks have none" in part for part in ink)
    extra = any("legible blocks have none" in part for part in ink)
    if missing and extra:
        return "ink misplaced (missing and extra)"
    if missing:
        return "reference ink missing in legible"
    if extra:
        return "legible ink where the reference has none"
    return "ink amount differs (block ratio)"

def cause_table(failures):
    counts = collections.Counter(cause(r) for r in failures)
    print("failure causes (one per failing image, most common first; the worst folders for each):")
    for label, n in counts.most_common():
        folders = collections.Counter(f"{r['profile']}/{r['folder']}" for r in failures if cause(r) == label)
        top = ", ".join(f"{f} {c}" for f, c in folders.most_common(4))
        print(f"  {label:<46} {n:>4}   {top}")

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description="Compare legible render with the imsc-tests reference renderings, 8x8 block by block.")
    ap.add_argument("--legible", default=os.path.join(root, ".build/release/legible"))
    ap.add_argument("--conformance", default=os.path.join(root, "../shared/conformance"))
    ap.add_argument("--jobs", type=int, default=2, help="renders run at once (default 2)")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="only tests whose name or document path contains this (repeatable: any of them; "
                         "'ttml/ruby/' selects a feature folder)")
    ap.add_argument("--report", metavar="FILE", help="print the tables of an earlier run's --json FILE; renders nothing")
    ap.add_argument("--json", help="write every image's result to this file")
    ap.add_argument("--keep", help="keep legible's PNGs here, with a side-by-side PNG for each failure")
    ap.add_argument("--target", type=float, default=95.0, help="overall match rate for exit status 0 (default 95)")
    ap.add_argument("--appearance", action="append", default=[], metavar="SPEC",
                    help="passed on to legible render (repeatable), for experiments such as 'font=monospaced-serif!'; "
                         "a run with it is not the conformance measure")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every failing image")
    args = ap.parse_args()

    if args.report:
        results = json.load(open(args.report))["results"]
        return summarise(results, args)

    suite = os.path.join(args.conformance, "imsc-tests")
    manifest_path = os.path.join(suite, "manifest.json")
    if not os.path.exists(manifest_path):
        print(f"SKIPPED: {manifest_path} is absent", file=sys.stderr)
        return 2
    if not os.path.exists(args.legible):
        print(f"SKIPPED: no legible binary at {args.legible} (swift build -c release --product legible)", file=sys.stderr)
        return 2
    legible = os.path.abspath(args.legible)
    tests = json.load(open(manifest_path))["tests"]
    if args.only:
        tests = [t for t in tests if any(o in t["name"] or o in t.get("ttml", "") for o in args.only)]

    with tempfile.TemporaryDirectory(prefix="imsc-rendering-") as tmp:
        background = os.path.join(tmp, "grey.png")
        write_png(background, WIDTH, HEIGHT, bytes(GREY + (255,)) * (WIDTH * HEIGHT))
        keep = os.path.abspath(args.keep) if args.keep else None
        jobs = []
        for test in tests:
            if not test.get("ttml_present", True):
                print(f"NO DOCUMENT {test['name']}: {test['ttml']} is absent upstream (ttml_present: false), "
                      f"so it has {len(test.get('pngs', []))} reference images; not counted")
                continue
            for time, png in zip(test["png_times"], test["pngs"]):
                jobs.append({"name": test["name"], "profile": test["profile"], "folder": folder_of(test["ttml"]),
                             "doc": os.path.join(suite, test["ttml"]), "png": os.path.join(suite, png),
                             "time": time, "params": test.get("params"), "legible": legible,
                             "background": background, "keep": keep is not None, "appearance": args.appearance,
                             "out_dir": os.path.join(keep or tmp, test["name"])})
        if not jobs:
            print("no reference images selected")
            return 1
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(check, jobs, chunksize=4))

    return summarise(results, args)

def summarise(results, args):
    """Prints the tables of a run (or of --report's JSON), writes --json; the exit status."""
    by_profile = collections.defaultdict(lambda: [0, 0])
    by_folder = collections.defaultdict(lambda: [0, 0])
    for r in results:
        for counts in (by_profile[r["profile"]], by_folder[f"{r['profile']}/{r['folder']}"]):
            counts[0] += r["matched"]
            counts[1] += 1
    failures = [r for r in results if not r["matched"]]
    if args.verbose:
        for r in failures:
            print(f"FAIL {r['test']} @ {r['time']:g}s ({r['profile']}/{r['folder']}): {r['reason']}")
    table("by profile:", by_profile, PROFILES + sorted(set(by_profile) - set(PROFILES)))
    table("by feature folder (worst first):", by_folder)
    if failures:
        cause_table(failures)
    passed = len(results) - len(failures)
    rate = 100.0 * passed / len(results)
    unsupported = sum(1 for r in failures if r["reason"].startswith("params not supported"))
    print(f"imsc-tests rendering: {passed}/{len(results)} images match ({rate:.1f}%), {len(failures)} fail"
          f" ({unsupported} of them for params legible render does not support)")
    detail_only = sum(1 for r in failures if cause(r).startswith("ink matches"))
    print(f"  by the ink rule alone (without the detail rule): {passed + detail_only}/{len(results)}"
          f" ({100.0 * (passed + detail_only) / len(results):.1f}%)")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"passed": passed, "total": len(results), "rate": round(rate, 2),
                       "rule": {"grey": GREY, "pixel_diff": PIXEL_DIFF, "block": BLOCK,
                                "block_pixels": BLOCK_PIXELS, "tolerance_blocks": 1, "ratio": RATIO},
                       "results": results}, out, indent=1)
    return 0 if rate >= args.target else 1

if __name__ == "__main__":
    sys.exit(main())
