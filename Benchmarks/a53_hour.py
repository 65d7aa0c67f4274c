#!/usr/bin/env python3
"""A/53 captions of a long 1080p H.264 broadcast: what the user waits for, and whose part it is.

Issue 24 asks for the time of extracting the CEA-608 captions of a one-hour 1080p H.264
broadcast against ffmpeg merely demuxing it. No real broadcast capture is available here, so this
script makes one the way broadcast encoders carry captions, from parts it builds itself:

1. one minute of 1920x1080 29.97 fps video (ffmpeg's testsrc2, libx264 `veryfast`, three
   B-frames in a fixed order, one IDR picture a minute, 8 Mbit/s as a broadcast multiplex gives
   a channel), turned into an Annex B stream;
2. before the first slice of every coded picture an SEI NAL unit (`user_data_registered_itu_t_t35`,
   ATSC `GA94`, `cc_data` with 20 triplets as at 29.97 fps: one CEA-608 field-1 pair, one
   field-2 pair, eighteen DTVCC padding) whose 608 bytes are those of the picture *shown* n-th
   (presentation order, found from the coded pictures' time stamps): a pop-on caption every two
   seconds, "Caption NN of the minute" with odd parity, on row 15;
3. the minute put back in MPEG-TS with its time stamps, and `--minutes` copies of it joined by
   ffmpeg's concat demuxer (stream copy), so the long file costs one minute of encoding.

Then it times, interleaved, `--repeat` times each (wall clock and the CPU of the process tree):

- `ffmpeg -i IN -map 0:v -c copy -f null -` (demuxing only: what the issue compares with);
- `ffmpeg -i IN -map 0:v -f null -` (decoding the video, which A/53 extraction cannot avoid:
  the data is inside the coded pictures, and ffmpeg's `subcc` pad comes from its decoder);
- the ffprobe scan `legible` runs (`movie=…[out0+subcc]`, `-show_data`), alone;
- `legible dump IN --track CC1 --json` (release build): probe, scan, our 608 decoding, JSON.

Legible's own part is the last minus the scan. The inputs are made once in Benchmarks/.work/a53.

usage: Benchmarks/a53_hour.py [--minutes N] [--repeat N] [--no-decode] [--legible PATH]
"""
import argparse, os, resource, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "a53")
RATE_NUM, RATE_DEN = 30000, 1001
FRAMES_PER_MINUTE = 1797  # 59.96 s at 29.97 fps: whole groups of the fixed coding order (4k + 1)


def run(args, **kw):
    subprocess.run(args, check=True, **kw)


def parity(byte):
    """The byte with CEA-608's odd parity in bit 7."""
    ones = bin(byte & 0x7F).count("1")
    return (byte & 0x7F) | (0x80 if ones % 2 == 0 else 0)


def pairs_for_minute():
    """CEA-608 CC1 byte pairs by presentation frame, a pop-on caption every two seconds; and their number."""
    pairs = {}
    frame = 0
    n = 0
    while frame + 120 < FRAMES_PER_MINUTE:
        text = f"Caption {n:02d} of the minute"
        codes = [(0x14, 0x20), (0x14, 0x20),              # RCL, doubled as broadcast sends controls
                 (0x14, 0x70), (0x14, 0x70)]              # PAC row 15, column 0
        chars = [ord(c) for c in text]
        if len(chars) % 2:
            chars.append(0)
        codes += [(chars[i], chars[i + 1]) for i in range(0, len(chars), 2)]
        codes += [(0x14, 0x2F), (0x14, 0x2F)]             # EOC: show it
        for k, (a, b) in enumerate(codes):
            pairs[frame + k] = (parity(a), parity(b))
        frame += 60
        n += 1
    return pairs, n


def sei(triplets):
    """An H.264 SEI NAL unit (type 6) with one user_data_registered_itu_t_t35 cc_data message."""
    cc = bytearray([0x40 | len(triplets), 0xFF])
    for t in triplets:
        cc += bytes(t)
    cc.append(0xFF)
    payload = bytes([0xB5, 0x00, 0x31]) + b"GA94" + bytes([0x03]) + bytes(cc)
    body = bytes([4, len(payload)]) + payload + bytes([0x80])
    out = bytearray([0x06])
    zeros = 0
    for b in body:  # emulation prevention: no 00 00 0x (x <= 3) inside a NAL unit
        if zeros >= 2 and b <= 3:
            out.append(3)
            zeros = 0
        out.append(b)
        zeros = zeros + 1 if b == 0 else 0
    return bytes(out)


def nal_starts(data):
    """Offsets just after each 00 00 01 start code."""
    starts, i = [], data.find(b"\x00\x00\x01")
    while i >= 0:
        starts.append(i + 3)
        i = data.find(b"\x00\x00\x01", i + 3)
    return starts


def make_minute(path):
    coded = os.path.join(WORK, "minute-coded.mp4")
    raw = os.path.join(WORK, "minute.h264")
    captioned = os.path.join(WORK, "minute-captioned.h264")
    print(f"encoding one minute of 1080p ({FRAMES_PER_MINUTE} frames) ...", file=sys.stderr)
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
         "-i", f"testsrc2=size=1920x1080:rate={RATE_NUM}/{RATE_DEN}", "-frames:v", str(FRAMES_PER_MINUTE),
         "-c:v", "libx264", "-preset", "veryfast", "-b:v", "8M", "-maxrate", "8M", "-bufsize", "8M", "-bf", "3",
         "-x264-params", "aud=1:scenecut=0:keyint=1800:b-adapt=0:b-pyramid=none", "-pix_fmt", "yuv420p", coded])
    pts = [int(x) for x in subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=pts", "-of", "csv=p=0", coded],
        check=True, capture_output=True, text=True).stdout.split()]
    ordered = sorted(pts)
    step = ordered[1] - ordered[0]
    places = [(p - ordered[0]) // step for p in pts]  # each coded picture's presentation place
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", coded, "-c", "copy", "-bsf:v", "h264_mp4toannexb", "-f", "h264", raw])
    data = open(raw, "rb").read()
    pairs, _ = pairs_for_minute()
    starts = nal_starts(data)
    out = bytearray()
    picture = -1
    for k, start in enumerate(starts):
        end = starts[k + 1] - 3 if k + 1 < len(starts) else len(data)
        while k + 1 < len(starts) and end > start and data[end - 1] == 0:
            end -= 1
        unit = data[start:end]
        kind = unit[0] & 0x1F
        if kind in (1, 5) and len(unit) > 1 and unit[1] & 0x80:  # a picture's first slice
            picture += 1
            if picture < len(places):
                field1 = pairs.get(places[picture], (0x80, 0x80))
                triplets = [(0xFC,) + field1, (0xFD, 0x80, 0x80)] + [(0xFA, 0x00, 0x00)] * 18
                out += b"\x00\x00\x00\x01" + sei(triplets)
        out += b"\x00\x00\x00\x01" + unit
    open(captioned, "wb").write(out)
    frame = f"1001/(30000*TB)"
    # The fixed coding order I0 P4 B1 B2 B3 P8 B5 ... (b-adapt=0, no pyramid), restored as time stamps.
    setts = (f"setts=pts='if(eq(N,0),0,if(eq(mod(N-1,4),0),4*(floor((N-1)/4)+1),4*floor((N-1)/4)+mod(N-1,4)))*{frame}'"
             f":dts='(N-1)*{frame}'")
    timed = os.path.join(WORK, "minute-timed.mp4")
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-framerate", f"{RATE_NUM}/{RATE_DEN}", "-f", "h264", "-i", captioned,
         "-c", "copy", "-bsf:v", setts, timed])
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", timed, "-c", "copy", path])
    for f in (coded, raw, captioned, timed):
        os.remove(f)


def make_long(minutes):
    os.makedirs(WORK, exist_ok=True)
    minute = os.path.join(WORK, "minute.ts")
    if not os.path.exists(minute):
        make_minute(minute)
    long = os.path.join(WORK, f"broadcast-{minutes}min.ts")
    if not os.path.exists(long):
        listing = os.path.join(WORK, "concat.txt")
        with open(listing, "w") as f:
            f.write("".join(f"file '{minute}'\n" for _ in range(minutes)))
        print(f"joining {minutes} minutes ...", file=sys.stderr)
        run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listing, "-c", "copy", long])
    return long


def timed(args, stdout=subprocess.DEVNULL):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(args, stdout=stdout, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"{args[0]} failed: {result.stderr.decode(errors='replace')[-600:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-decode", action="store_true",
                        help="leave out `ffmpeg decode` (the scan decodes the same video; saves one decoding of the file)")
    parser.add_argument("--legible", default=os.path.join(ROOT, ".build", "release", "legible"))
    options = parser.parse_args()
    if not os.access(options.legible, os.X_OK):
        sys.exit(f"{options.legible} is missing: swift build -c release --product legible")
    path = make_long(options.minutes)
    size = os.path.getsize(path) / 1e6
    print(f"{path}: {options.minutes} min, {size:.0f} MB", file=sys.stderr)
    scan_source = path.replace("\\", "\\\\").replace("'", "\\'").replace(":", "\\:").replace("=", "\\=")
    scan_source = scan_source.replace("[", "\\[").replace("]", "\\]").replace(",", "\\,").replace(";", "\\;")
    commands = {
        "ffmpeg demux only": ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-c", "copy", "-f", "null", "-"],
        "ffmpeg decode": ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-f", "null", "-"],
        "ffprobe subcc scan": ["ffprobe", "-v", "error", "-f", "lavfi", "-i", f"movie={scan_source}[out0+subcc]",
                               "-select_streams", "s", "-show_entries", "packet=pts,pts_time,size,data:stream=time_base",
                               "-show_data", "-of", "compact"],
        "legible dump --track CC1 --json": [options.legible, "dump", path, "--track", "CC1", "--json"],
    }
    if options.no_decode:
        del commands["ffmpeg decode"]
    results = {name: [] for name in commands}
    cues = None
    for round in range(options.repeat):
        for name, args in commands.items():
            wall, cpu, result = timed(args, stdout=subprocess.PIPE if name.startswith("legible") else subprocess.DEVNULL)
            if name.startswith("legible"):
                cues = result.stdout.count(b'"start":')
            results[name].append((wall, cpu))
            print(f"  round {round + 1}: {name}: {wall:.1f} s wall, {cpu:.1f} s CPU", file=sys.stderr)
    median = lambda values: sorted(values)[len(values) // 2]
    demux = median([w for w, _ in results["ffmpeg demux only"]])
    scan_wall = median([w for w, _ in results["ffprobe subcc scan"]])
    scan_cpu = median([c for _, c in results["ffprobe subcc scan"]])
    print(f"{options.minutes} min 1080p29.97 H.264 MPEG-TS, {size:.0f} MB, {cues} cues in legible's dump "
          f"(expected {options.minutes * pairs_for_minute()[1]}); medians of {options.repeat}:")
    for name, values in results.items():
        wall, cpu = median([w for w, _ in values]), median([c for _, c in values])
        print(f"  {name:34s} {wall:8.1f} s wall {cpu:8.1f} s CPU   {wall / demux:6.1f}x demux")
    legible_wall = median([w for w, _ in results["legible dump --track CC1 --json"]])
    legible_cpu = median([c for _, c in results["legible dump --track CC1 --json"]])
    print(f"  legible's own part (dump minus the scan): {legible_wall - scan_wall:.1f} s wall, "
          f"{legible_cpu - scan_cpu:.1f} s CPU ({100 * (legible_cpu - scan_cpu) / legible_cpu:.0f}% of the dump's CPU)")


if __name__ == "__main__":
    main()
