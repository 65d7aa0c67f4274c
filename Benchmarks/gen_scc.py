#!/usr/bin/env python3
"""Deterministic generator of a large Scenarist SCC (CEA-608, channel CC1) file.

Usage: python3 gen_scc.py [OUT.scc] [--captions 10000] [--seed 608] [--modes pop,roll,paint]

The same arguments always give the same bytes. Captions follow one another every 2–4 seconds at
29.97 fps (non-drop timecodes, one frame per byte pair), in the modes asked for, round robin:

- pop-on: {ENM}{RCL}, a PAC per row (rows 14–15 or 15 alone, indents in steps of 4, some
  italics), the text, {EOC} — then {EDM} before the next caption;
- roll-up: {RU2}, a PAC for the base row, {CR} and one row of text per caption;
- paint-on: {RDC}, a PAC, the text (shown as it arrives), {EDM} at the end.

Control codes are sent twice, as broadcast encoders do; text uses the basic character set plus a
few special (♪, ½) and extended (ü) characters and é from the basic set so the character tables are exercised. Each
caption's text is printed to OUT.txt (begin frame, mode, text) for differential checks.
"""
import argparse
import os
import random

DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".work", "big.scc")
FPS_NOMINAL = 30  # non-drop timecode labels; the real rate is 30000/1001

WORDS = ("the a to and of you it in that is was he for on are with as his they be at one have this "
         "from or had by not but what some we can out other were all there when up use your how said "
         "each she which do their time if will way about many then them write would like so these her "
         "long make thing see him two has look more day could go come did number sound no most people").split()


def parity(b):
    """Sets bit 7 so that the byte has an odd number of ones (CEA-608 odd parity)."""
    return b | 0x80 if bin(b).count("1") % 2 == 0 else b


def word(b1, b2):
    return "%02x%02x" % (parity(b1), parity(b2))


def control(b1, b2):
    """A control code, sent twice."""
    return [word(b1, b2), word(b1, b2)]


# Miscellaneous control codes on data channel 1 (first byte 0x14), CEA-608-E Table 52.
RCL, EOC, EDM, ENM, CR, RDC, RU2 = 0x20, 0x2F, 0x2C, 0x2E, 0x2D, 0x29, 0x25

# PAC first byte and second-byte base for each row, CEA-608-E Table 53.
PAC_ROWS = {1: (0x11, 0x40), 2: (0x11, 0x60), 3: (0x12, 0x40), 4: (0x12, 0x60), 5: (0x15, 0x40),
            6: (0x15, 0x60), 7: (0x16, 0x40), 8: (0x16, 0x60), 9: (0x17, 0x40), 10: (0x17, 0x60),
            11: (0x10, 0x40), 12: (0x13, 0x40), 13: (0x13, 0x60), 14: (0x14, 0x40), 15: (0x14, 0x60)}


def pac(row, indent=0, italics=False):
    b1, base = PAC_ROWS[row]
    if italics:
        b2 = base | 0x0E  # white italics
    else:
        b2 = base | 0x10 | (indent // 4) << 1
    return control(b1, b2)


def text_words(text):
    """Basic characters two per word; special and extended ones as their two-byte codes."""
    out, pending = [], []
    special = {"♪": (0x11, 0x37), "½": (0x11, 0x32)}
    extended = {"ü": (0x12, 0x25)}  # the Spanish/French set, first byte 0x12
    fallback = {"ü": "u"}
    basic = {"é": chr(0x5C)}  # 608's basic set puts é where ASCII has a backslash

    def flush():
        if pending:
            b = [ord(c) for c in pending] + ([0x00] if len(pending) == 1 else [])
            out.append(word(b[0], b[1]))
            pending.clear()

    for ch in text:
        if ch in special:
            flush()
            out.append(word(*special[ch]))
        elif ch in extended:
            # An extended character replaces the basic one before it: send the fallback first.
            pending.append(fallback[ch])
            flush()
            out.append(word(*extended[ch]))
        else:
            pending.append(basic.get(ch, ch))
            if len(pending) == 2:
                flush()
    flush()
    return out


def timecode(frame):
    ff = frame % FPS_NOMINAL
    s = frame // FPS_NOMINAL
    return "%02d:%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60, ff)


def sentence(rng, maxlen=32):
    words = []
    while True:
        w = rng.choice(WORDS)
        if len(" ".join(words + [w])) > maxlen:
            break
        words.append(w)
    line = " ".join(words)
    r = rng.random()
    if r < 0.05:
        line = "♪ " + line[:maxlen - 2]
    elif r < 0.08:
        line = (line[:maxlen - 5] + " café")[:maxlen]
    elif r < 0.10:
        line = (line[:maxlen - 6] + " über")[:maxlen]
    elif r < 0.12:
        line = (line[:maxlen - 2] + " ½")[:maxlen]
    return line[0].upper() + line[1:] if line else "Hi"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default=DEFAULT_OUT)
    ap.add_argument("--captions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=608)
    ap.add_argument("--modes", default="pop,roll,paint")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    modes = a.modes.split(",")
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    lines = ["Scenarist_SCC V1.0", ""]
    truth = []
    frame = 3600 * FPS_NOMINAL  # 01:00:00:00
    mode_before = None
    for n in range(a.captions):
        mode = modes[n % len(modes)]
        # A row's indent and text fit the 32 columns together.
        count = 2 if mode == "pop" and rng.random() < 0.6 else 1
        layout = []
        for _ in range(count):
            italics = mode == "pop" and rng.random() < 0.1
            indent = 0 if italics or mode != "pop" else 4 * rng.randrange(0, 3)
            layout.append((indent, italics, sentence(rng, 32 - indent)))
        rows = [text for _, _, text in layout]
        words = []
        if mode == "pop":
            words += control(0x14, ENM) + control(0x14, RCL)
            for k, (indent, italics, text) in enumerate(layout):
                row = 15 - (len(layout) - 1) + k
                words += pac(row, indent, italics) + text_words(text)
            words += control(0x14, EOC)
            shown = frame + len(words) - 2  # the first of the two EOC pairs acts
        elif mode == "roll":
            if mode_before != "roll":
                words += control(0x14, RU2) + pac(15)
            words += control(0x14, CR) + text_words(rows[0])
            shown = frame
        else:
            words += control(0x14, RDC) + pac(15, 0) + text_words(rows[0])
            shown = frame
        lines.append("%s\t%s" % (timecode(frame), " ".join(words)))
        lines.append("")
        truth.append("%d\t%s\t%s" % (shown, mode, "\\n".join(rows)))
        frame += len(words) + rng.randrange(60, 120)
        if mode != "roll":
            lines.append("%s\t%s" % (timecode(frame), " ".join(control(0x14, EDM))))
            lines.append("")
            frame += 2 + rng.randrange(5, 30)
        mode_before = mode
    with open(a.out, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.splitext(a.out)[0] + ".txt", "w", encoding="utf-8") as f:
        f.write("\n".join(truth) + "\n")
    print("%s: %d captions, %d bytes" % (a.out, a.captions, os.path.getsize(a.out)))


if __name__ == "__main__":
    main()
