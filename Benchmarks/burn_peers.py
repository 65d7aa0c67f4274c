#!/usr/bin/env python3
"""Burn-in cost per frame: `legible burn` against ffmpeg's `subtitles` filter (libass), in one run.

Both read the same raw Y4M frames (1080p and 2160p, generated once with ffmpeg's testsrc2) and write
raw Y4M frames to /dev/null, with the same SRT cues: one set that changes every second and one that
changes every frame. With --ass (issue 23) both burn one animated ASS script instead, at 1080p:
two events on screen at a time, each moving (`\\move`), fading (`\\fad`), transforming
(`\\t` on size, rotation and colour) or sung (`\\k` karaoke), so the picture changes every frame.
Each tool is also run with no captions (legible: an empty caption file; ffmpeg: no filter), and
its per-frame subtitle cost is (run - no-caption run) / frames. Runs are interleaved and the
median of --repeat rounds is taken.

    python3 Benchmarks/burn_peers.py [--frames-1080 150] [--frames-2160 48] [--repeat 3] [--ass]
"""
import argparse, os, subprocess, sys, time, statistics

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work")


def make_input(width, height, frames):
    path = os.path.join(WORK, f"burn-{height}p-{frames}.y4m")
    if not os.path.exists(path):
        print(f"burn_peers: generating {path} ...", file=sys.stderr)
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                        f"testsrc2=size={width}x{height}:rate=25", "-frames:v", str(frames),
                        "-pix_fmt", "yuv420p", "-f", "yuv4mpegpipe", path], check=True)
    return path


def clock(ms):
    return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)


def make_captions(name, step_ms, frames):
    path = os.path.join(WORK, f"burn-{name}.srt")
    total = frames * 40
    lines, k, t = [], 1, 0
    words = ["the", "night", "was", "quiet", "until", "we", "heard", "the", "door", "open", "slowly"]
    while t < total:
        text = " ".join(words[(k + i) % len(words)] for i in range(6))
        lines.append(f"{k}\n{clock(t)} --> {clock(t + step_ms)}\nLine {k}: {text}\nand a second line, {k}\n")
        k += 1
        t += step_ms
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return path


def make_animated_script(frames):
    """An ASS script on a 1920x1080 canvas whose events all animate: one bottom line and one
    upper sign at every moment, each 2 s long, cycling through \\move, \\fad, \\t and \\k. The
    font is DejaVu Sans, which both tools find (ffmpeg through fontconfig, legible in its set)."""
    path = os.path.join(WORK, f"burn-animated-{frames}.ass")
    head = """[Script Info]
ScriptType: v4.00+
PlayResX: 1920
PlayResY: 1080
WrapStyle: 0
ScaledBorderAndShadow: yes

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,DejaVu Sans,64,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,3,2,2,60,60,50,1
Style: Sign,DejaVu Sans,56,&H0000E0FF,&H00FF8000,&H00202020,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,8,60,60,60,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""
    def cs(centis):
        return "%d:%02d:%02d.%02d" % (centis // 360000, centis // 6000 % 60, centis // 100 % 60, centis % 100)
    animations = [
        "{\\move(200,900,1700,900)}The night was quiet until we heard the door",
        "{\\fad(600,600)}and a second line that fades in and out again",
        "{\\t(0,2000,\\fscx140\\fscy140\\frz8\\c&H00FF00&)}Growing, turning, changing colour",
        "{\\k20}Ka{\\k25}ze {\\k20}no {\\k30}u{\\k25}ta {\\k20}wo {\\k30}ki{\\k30}ku",
    ]
    lines = []
    total = frames * 4  # centiseconds at 25 fps
    t, k = 0, 0
    while t < total:
        bottom = animations[k % len(animations)]
        sign = "{\\move(1700,120,200,160)\\t(\\frz-6)}Sign %d drifting across" % k
        lines.append("Dialogue: 0,%s,%s,Default,,0,0,0,,%s" % (cs(t), cs(t + 200), bottom))
        lines.append("Dialogue: 1,%s,%s,Sign,,0,0,0,,%s" % (cs(t), cs(t + 200), sign))
        t += 200
        k += 1
    with open(path, "w") as f:
        f.write(head + "\n".join(lines) + "\n")
    return path


def timed(cmd):
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        subprocess.run(cmd, stdout=null, stderr=subprocess.PIPE, check=True)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames-1080", type=int, default=150)
    ap.add_argument("--frames-2160", type=int, default=48)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ass", action="store_true",
                    help="burn one animated ASS script at 1080p instead of the SRT cue sets")
    ap.add_argument("--legible", default=os.path.join(ROOT, ".build", "release", "legible"))
    a = ap.parse_args()
    os.makedirs(WORK, exist_ok=True)
    if not os.path.exists(a.legible):
        subprocess.run(["swift", "build", "-c", "release", "--product", "legible"], cwd=ROOT, check=True)
    empty = os.path.join(WORK, "burn-empty.srt")
    open(empty, "w").close()
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.split("\n")[0]
    print(f"ffmpeg: {version}")
    print(f"{'input':<8} {'captions':<14} {'legible ms/frame':>17} {'ffmpeg ms/frame':>16} {'ffmpeg / legible':>17}")
    sizes = [(1920, 1080, a.frames_1080)] if a.ass else [(1920, 1080, a.frames_1080), (3840, 2160, a.frames_2160)]
    for (width, height, frames) in sizes:
        source = make_input(width, height, frames)
        sets = [("animated ASS", None)] if a.ass else [("every second", 1000), ("every frame", 40)]
        for label, step in sets:
            captions = make_animated_script(frames) if a.ass else make_captions(label.replace(" ", "-"), step, frames)
            runs = {
                "legible": [a.legible, "burn", source, "-s", captions, "-o", "-", "--progress", "none"],
                "legible-none": [a.legible, "burn", source, "-s", empty, "-o", "-", "--progress", "none"],
                "ffmpeg": ["ffmpeg", "-nostdin", "-v", "error", "-i", source, "-vf", f"subtitles={captions}",
                           "-f", "yuv4mpegpipe", "-y", "-"],
                "ffmpeg-none": ["ffmpeg", "-nostdin", "-v", "error", "-i", source, "-f", "yuv4mpegpipe", "-y", "-"],
            }
            times = {k: [] for k in runs}
            for _ in range(a.repeat):
                for k, cmd in runs.items():
                    times[k].append(timed(cmd))
            med = {k: statistics.median(v) for k, v in times.items()}
            ours = max(0.0, med["legible"] - med["legible-none"]) / frames * 1000
            theirs = max(0.0, med["ffmpeg"] - med["ffmpeg-none"]) / frames * 1000
            ratio = theirs / ours if ours > 0 else float("inf")
            print(f"{height}p    {label:<14} {ours:>17.2f} {theirs:>16.2f} {ratio:>16.1f}x")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
