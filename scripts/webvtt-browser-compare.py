#!/usr/bin/env python3
"""WebVTT in a browser: where `legible render` puts ink against where headless Chromium draws
the same cues on a <video>.

For every WebVTT file (by default the vtt.js cue-settings files of
../shared/conformance/vttjs-webvtt and Fixtures/demo/demo.fr.vtt) and every moment that shows a
cue (the middle of each interval between two cue boundaries where a cue is on screen, from
`legible dump --json`), this draws two pictures of WIDTHxHEIGHT (default 1280x720):

- legible: `legible render FILE --at T --size WxH --background black` (plus --legible-arg ...);
- Chromium: a page with nothing but a `<video>` of exactly WxH CSS pixels (device scale 1), whose
  source is a black WebM of that size (made once with ffmpeg) and which holds the file as a
  `<track kind=subtitles default>`; the page waits for the video's data and the track's load,
  sets `currentTime = T`, waits for `seeked`, three animation frames, 50 ms and two more frames,
  and the script takes a screenshot (Page.captureScreenshot). Chromium (Debian package chromium;
  /usr/lib/chromium/chromium, not the shell launcher) is driven through the DevTools protocol
  over `--remote-debugging-pipe` (JSON messages ended by NUL on fds 3 and 4): no WebSocket, no
  package beyond Python's standard library, one browser for every frame.

Both pictures are decoded to grey levels by ffmpeg (no PNG decoder here). The comparison is of
*where ink is*, not of glyphs. Chromium's own cue font is its `sans-serif` (Liberation Sans, an
Arial, when fonts-liberation is installed); the page gives cues legible's face with a
`video::cue { font-family: "DejaVu Sans" }` rule (`--browser-font ''` leaves Chromium's), so that
line widths and wrapping are comparable — hinting and kerning still differ (libass draws
without kerning: "Text" is 9% wider than Chromium's at 1080p):

1. a pixel is ink when its grey level is above 96 (the default cue box, black at 80%, on the
   black video is not ink; the white text is);
2. the picture is cut into 16x16-pixel blocks; a block is ink when at least 4 of its pixels are;
3. the frames match when both ways every ink block of one has an ink block of the other within
   one block (the 3x3 neighbourhood: 16 to 31 pixels of slack), and the numbers of ink blocks are
   within a ratio of 0.5 to 2. Two empty pictures match; one empty and one not do not.

A line or a cue box 32 or more pixels from where Chromium has it fails; a glyph a few pixels
wider does not.

usage: scripts/webvtt-browser-compare.py [--legible PATH] [--chromium PATH] [--size WxH]
           [--browser-font FAMILY] [--legible-arg=ARG]... [--chromium-arg=ARG]...
           [--keep DIR] [--json FILE] [--only TEXT]... [FILE.vtt ...]

`--legible` defaults to .build/release/legible, else .build/debug/legible.
`--legible-arg=--safe-margin --legible-arg=5` renders with legible's options (repeatable, in
order; the `=` keeps an argument that starts with `--` from being read as this script's).
`--chromium-arg=--enable-blink-features=WebVTTRegions` turns on Chromium's experimental region
support (regions are ignored without it). `--keep DIR` keeps both pictures of each frame and, for frames that differ, a diff
(DIR/<name>-<time>-diff.png: Chromium | legible | blocks, where white is ink in both, red
Chromium's ink with none of legible's within one block, blue legible's with none of Chromium's).

It prints one line per file (frames matching / frames), a table of the frames that differ
(the ink's bounding box in each, in pixels, and how far legible's is from Chromium's), and the
total. Exit status 0 when every frame matches, 1 otherwise, 2 when Chromium, ffmpeg or legible
is missing (SKIPPED is printed). Not part of `swift test`: the tests never need a browser.
"""
import argparse, base64, fcntl, json, os, select, shutil, struct, subprocess, sys, tempfile, time, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SUITE = os.path.join(ROOT, "..", "shared", "conformance", "vttjs-webvtt", "tests", "cue-settings")
DEMO = os.path.join(ROOT, "Fixtures", "demo", "demo.fr.vtt")

INK_LEVEL = 96     # a pixel brighter than this is ink
BLOCK = 16         # block side in pixels
BLOCK_PIXELS = 4   # ink pixels that make a block ink
RATIO = (0.5, 2.0)

# ---------------------------------------------------------------- pictures

def grey_pixels(path, width, height):
    """The picture at `path` as one grey byte per pixel (ffmpeg decodes it)."""
    run = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         capture_output=True, timeout=60)
    if run.returncode != 0 or len(run.stdout) != width * height:
        raise ValueError(f"{path}: ffmpeg could not decode a {width}x{height} picture: {run.stderr.decode(errors='replace')[:200]}")
    return run.stdout

def blocks(grey, width, height):
    """The set of (bx, by) ink blocks."""
    table = bytes(1 if v > INK_LEVEL else 0 for v in range(256))
    ink = grey.translate(table)
    bw = (width + BLOCK - 1) // BLOCK
    counts = {}
    for y in range(height):
        row = ink[y * width:(y + 1) * width]
        if not row.count(1):
            continue
        by = y // BLOCK
        for bx in range(bw):
            n = row[bx * BLOCK:(bx + 1) * BLOCK].count(1)
            if n:
                counts[(bx, by)] = counts.get((bx, by), 0) + n
    return {b for b, n in counts.items() if n >= BLOCK_PIXELS}

def near(block, mask):
    x, y = block
    return any((x + dx, y + dy) in mask for dx in (-1, 0, 1) for dy in (-1, 0, 1))

def bbox(mask):
    """(left, top, right, bottom) in pixels of a set of blocks, or None."""
    if not mask:
        return None
    xs, ys = [b[0] for b in mask], [b[1] for b in mask]
    return (min(xs) * BLOCK, min(ys) * BLOCK, (max(xs) + 1) * BLOCK, (max(ys) + 1) * BLOCK)

def compare(browser, ours):
    """(matched, reason)."""
    if not browser and not ours:
        return True, None
    if not ours:
        return False, f"legible drew nothing; Chromium has {len(browser)} ink blocks"
    if not browser:
        return False, f"Chromium drew nothing; legible has {len(ours)} ink blocks"
    reasons = []
    lone_browser = [b for b in browser if not near(b, ours)]
    lone_ours = [b for b in ours if not near(b, browser)]
    if lone_browser:
        reasons.append(f"{len(lone_browser)}/{len(browser)} of Chromium's blocks have none of legible's within 1 block")
    if lone_ours:
        reasons.append(f"{len(lone_ours)}/{len(ours)} of legible's blocks have none of Chromium's within 1 block")
    ratio = len(ours) / len(browser)
    if not RATIO[0] <= ratio <= RATIO[1]:
        reasons.append(f"block ratio {ratio:.2f}")
    return not reasons, "; ".join(reasons) or None

def write_png(path, width, height, grey_rows_rgb):
    raw = b"".join(b"\x00" + row for row in grey_rows_rgb)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))

def diff_picture(path, width, height, browser_grey, ours_grey, browser, ours):
    """Chromium | legible | blocks, side by side, 3 x width by height (RGB)."""
    panel = bytearray(b"\x28\x28\x28" * (width * height))
    for b in browser | ours:
        colour = (b"\xff\xff\xff" if b in browser and b in ours else
                  (b"\xff\xaa\xaa" if near(b, ours) else b"\xe6\x00\x00") if b in browser else
                  (b"\xa0\xbe\xff" if near(b, browser) else b"\x00\x00\xe6"))
        bx, by = b
        for y in range(by * BLOCK, min(height, (by + 1) * BLOCK)):
            x0, x1 = bx * BLOCK, min(width, (bx + 1) * BLOCK)
            panel[(y * width + x0) * 3:(y * width + x1) * 3] = colour * (x1 - x0)
    rows = []
    for y in range(height):
        line = []
        for grey in (browser_grey, ours_grey):
            g = grey[y * width:(y + 1) * width]
            rgb = bytearray(width * 3)
            for c in range(3):
                rgb[c::3] = g
            line.append(bytes(rgb[:-3]) + b"\x00\xa0\x00")  # a green separator column
        line.append(bytes(panel[y * width * 3:(y + 1) * width * 3]))
        rows.append(b"".join(line))
    write_png(path, width * 3, height, rows)

# ---------------------------------------------------------------- Chromium over the DevTools pipe

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; background: #000; overflow: hidden; }
video { display: block; width: %(w)dpx; height: %(h)dpx; object-fit: fill; }
%(cue_font)s</style></head><body>
<video id="v" muted preload="auto" src="%(video)s"><track id="t" kind="subtitles" srclang="%(lang)s" default src="%(vtt)s"></video>
<script>
const video = document.getElementById("v"), track = document.getElementById("t");
const once = (target, name) => new Promise(resolve => target.addEventListener(name, resolve, { once: true }));
const frames = n => new Promise(resolve => { const step = k => k ? requestAnimationFrame(() => step(k - 1)) : resolve(); step(n); });
const ready = Promise.all([
  video.readyState >= 2 ? null : once(video, "loadeddata"),
  track.readyState === 2 ? null : Promise.race([once(track, "load"), once(track, "error")]),
]).then(() => { track.track.mode = "showing"; });
window.seekTo = async t => {
  await ready;
  if (track.readyState !== 2) return "track not loaded (readyState " + track.readyState + ")";
  if (Math.abs(video.currentTime - t) > 1e-6) { const seeked = once(video, "seeked"); video.currentTime = t; await seeked; }
  await frames(3);
  await new Promise(resolve => setTimeout(resolve, 50));
  await frames(2);
  return "ok " + (track.track.activeCues ? track.track.activeCues.length : -1);
};
</script></body></html>
"""

class Chromium:
    """A headless Chromium driven through --remote-debugging-pipe."""

    def __init__(self, binary, width, height, profile, extra=()):
        self.width, self.height = width, height
        # The pipes' ends are moved to descriptors above 9 first, so that putting the child's on
        # 3 and 4 cannot overwrite one not yet moved.
        def high_pipe():
            r, w = os.pipe()
            ends = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (r, w))
            os.close(r)
            os.close(w)
            return ends
        self.to_browser_r, self.to_browser_w = high_pipe()
        self.from_browser_r, self.from_browser_w = high_pipe()
        # Chromium reads commands on fd 3 and writes replies and events on fd 4 (kept open
        # through subprocess's closing of other descriptors, which runs after preexec_fn).
        def child_fds():
            os.dup2(self.to_browser_r, 3)
            os.dup2(self.from_browser_w, 4)
        args = [binary, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--hide-scrollbars", "--mute-audio",
                "--allow-file-access-from-files", "--autoplay-policy=no-user-gesture-required",
                "--force-device-scale-factor=1", f"--window-size={width},{height}",
                f"--user-data-dir={profile}", *extra, "about:blank"]
        self.process = subprocess.Popen(args, preexec_fn=child_fds, pass_fds=(3, 4),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(self.to_browser_r)
        os.close(self.from_browser_w)
        self.buffer = b""
        self.next_id = 0
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        target = page["targetId"] if page else self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def call(self, method, session=False, timeout=60, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_browser_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{method}: no reply in {timeout} s")
            readable, _, _ = select.select([self.from_browser_r], [], [], left)
            if readable:
                chunk = os.read(self.from_browser_r, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self.buffer += chunk

    def load(self, url):
        self.call("Page.navigate", session=True, url=url)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            state = self.evaluate("document.readyState + ' ' + (typeof window.seekTo)")
            if state == "complete function":
                return
            time.sleep(0.05)
        raise TimeoutError(f"{url} did not load")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", session=True, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def frame(self, t, out):
        state = self.evaluate(f"seekTo({t!r})")
        if not str(state).startswith("ok"):
            raise RuntimeError(state)
        shot = self.call("Page.captureScreenshot", session=True, format="png",
                         clip={"x": 0, "y": 0, "width": self.width, "height": self.height, "scale": 1})
        with open(out, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser_w)
        os.close(self.from_browser_r)

# ---------------------------------------------------------------- frames

def cue_times(legible, path):
    """The middle of each interval between cue boundaries during which a cue shows, and the language."""
    run = subprocess.run([legible, "dump", path, "--json", "-q"], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        return [], None
    doc = json.loads(run.stdout)
    cues = [c for track in doc.get("tracks", []) for c in track.get("cues", [])]
    language = next((t.get("language") for t in doc.get("tracks", []) if t.get("language")), None)
    edges = sorted({c["start"] for c in cues} | {c["end"] for c in cues})
    times = []
    for a, b in zip(edges, edges[1:]):
        middle = round((a + b) / 2, 3)
        if any(c["start"] <= middle < c["end"] for c in cues):
            times.append(middle)
    return times, language

def label(path):
    rel = os.path.relpath(path, SUITE) if os.path.abspath(path).startswith(os.path.abspath(SUITE)) else os.path.basename(path)
    return rel

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", help="WebVTT files (default: vtt.js's cue-settings files and the demo)")
    parser.add_argument("--legible", default=os.path.join(ROOT, ".build", "release", "legible"))
    # Debian's /usr/bin/chromium is a shell launcher; the binary itself starts faster and keeps fds 3 and 4.
    binary = "/usr/lib/chromium/chromium"
    parser.add_argument("--chromium", default=binary if os.path.exists(binary) else shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--browser-font", default="DejaVu Sans",
                        help="the family Chromium draws cues in (a ::cue rule of the page; '' for Chromium's own default)")
    parser.add_argument("--legible-arg", action="append", default=[], help="an argument for legible render (repeatable)")
    parser.add_argument("--chromium-arg", action="append", default=[], help="an argument for Chromium (repeatable)")
    parser.add_argument("--only", action="append", default=[], help="only files whose path contains TEXT")
    parser.add_argument("--keep", help="keep the pictures and the diffs of differing frames in DIR")
    parser.add_argument("--json", help="write every frame's result to FILE")
    args = parser.parse_args()

    if not os.path.exists(args.legible):
        fallback = os.path.join(ROOT, ".build", "debug", "legible")
        if os.path.exists(fallback):
            args.legible = fallback
    missing = [name for name, ok in (("legible", os.path.exists(args.legible)), ("chromium", shutil.which(args.chromium)),
                                     ("ffmpeg", shutil.which("ffmpeg"))) if not ok]
    if missing:
        print(f"SKIPPED: {', '.join(missing)} not found (apt-get install -y chromium; swift build -c release)")
        return 2
    width, height = (int(v) for v in args.size.lower().split("x"))
    files = args.files or sorted(os.path.join(d, f) for d, _, names in os.walk(SUITE) for f in names if f.endswith(".vtt")) + [DEMO]
    if args.only:
        files = [f for f in files if any(o in f for o in args.only)]
    if not files:
        print("SKIPPED: no WebVTT file (is ../shared/conformance/vttjs-webvtt there?)")
        return 2

    work = tempfile.mkdtemp(prefix="webvtt-browser-")
    keep = os.path.abspath(args.keep) if args.keep else None
    if keep:
        os.makedirs(keep, exist_ok=True)
    jobs = []
    for path in files:
        times, language = cue_times(args.legible, path)
        jobs.append((path, times, language))
    longest = max([t for _, times, _ in jobs for t in times] + [1.0])
    video = os.path.join(work, "black.webm")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"color=black:s={width}x{height}:r=2:d={int(longest) + 2}",
                    "-c:v", "libvpx", "-b:v", "20k", "-g", "2", video], check=True, timeout=300)

    browser = Chromium(args.chromium, width, height, os.path.join(work, "profile"), args.chromium_arg)
    results = []
    try:
        for index, (path, times, language) in enumerate(jobs):
            page = os.path.join(work, f"page{index}.html")
            vtt = os.path.join(work, f"track{index}.vtt")
            shutil.copyfile(path, vtt)
            with open(page, "w") as f:
                f.write(PAGE % {"w": width, "h": height, "video": "black.webm", "vtt": os.path.basename(vtt), "lang": language or "en",
                                        "cue_font": f'video::cue {{ font-family: "{args.browser_font}"; }}' if args.browser_font else ""})
            browser.load("file://" + page)
            for t in times:
                name = label(path).replace("/", "_").removesuffix(".vtt") + f"-{t:.3f}"
                folder = keep or work
                ours_png, theirs_png = os.path.join(folder, name + "-legible.png"), os.path.join(folder, name + "-chromium.png")
                result = {"file": label(path), "time": t}
                try:
                    browser.frame(t, theirs_png)
                    run = subprocess.run([args.legible, "render", path, "--at", repr(t), "-o", ours_png, "--size", args.size,
                                          "--background", "black", "-q"] + args.legible_arg, capture_output=True, text=True, timeout=120)
                    if run.returncode != 0:
                        raise RuntimeError(f"legible exited {run.returncode}: {run.stderr.strip()[:200]}")
                    theirs_grey, ours_grey = grey_pixels(theirs_png, width, height), grey_pixels(ours_png, width, height)
                    theirs, ours = blocks(theirs_grey, width, height), blocks(ours_grey, width, height)
                    matched, reason = compare(theirs, ours)
                    result.update(matched=matched, reason=reason, chromium=bbox(theirs), legible=bbox(ours))
                    if keep and not matched:
                        diff_picture(os.path.join(keep, name + "-diff.png"), width, height, theirs_grey, ours_grey, theirs, ours)
                except (RuntimeError, TimeoutError, ValueError, subprocess.TimeoutExpired) as error:
                    result.update(matched=False, reason=f"error: {error}", chromium=None, legible=None)
                results.append(result)
    finally:
        browser.close()
        if not keep:
            shutil.rmtree(work, ignore_errors=True)

    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    report(results, args)
    return 0 if all(r["matched"] for r in results) else 1

def report(results, args):
    by_file = {}
    for r in results:
        by_file.setdefault(r["file"], []).append(r)
    print(f"legible render {' '.join(args.legible_arg) or '(defaults)'} against Chromium, {args.size}, {BLOCK}-px blocks")
    print("per file (frames matching / frames):")
    for name, rs in by_file.items():
        ok = sum(r["matched"] for r in rs)
        print(f"  {name:<44} {ok}/{len(rs)}")
    differing = [r for r in results if not r["matched"]]
    if differing:
        print("frames that differ (ink bounding boxes left,top,right,bottom in px; legible's offset from Chromium's):")
        print(f"  {'file':<40} {'time':>6}  {'Chromium':<20} {'legible':<20} {'dx':>5} {'dy':>5}  why")
        for r in differing:
            c, o = r.get("chromium"), r.get("legible")
            dx = dy = ""
            if c and o:
                dx = f"{(o[0] + o[2] - c[0] - c[2]) // 2:+d}"
                dy = f"{(o[1] + o[3] - c[1] - c[3]) // 2:+d}"
            box = lambda b: ",".join(map(str, b)) if b else "-"
            print(f"  {r['file']:<40} {r['time']:>6.3f}  {box(c):<20} {box(o):<20} {dx:>5} {dy:>5}  {r['reason']}")
    total = len(results)
    ok = sum(r["matched"] for r in results)
    print(f"total: {ok}/{total} frames match ({100.0 * ok / max(1, total):.1f}%), {len(by_file)} files")

if __name__ == "__main__":
    sys.exit(main())
