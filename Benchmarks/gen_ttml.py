#!/usr/bin/env python3
"""Deterministic generator of a large IMSC 1.1 Text Profile document for benchmarks.

Usage: python3 gen_ttml.py OUT.ttml [--paragraphs 10000] [--seed 1234]

The document has what real subtitle files have: referential styles, two regions, a div per
"scene", and paragraphs with clock-time begin/end, spans, line breaks, character references and
an occasional colour change (a span with its own style). UTF-8, LF line ends; the same
arguments always produce the same bytes.
"""
import argparse
import random

WORDS = (
    "the a to and of I you it in that is was he for on are with as his they be at one have this "
    "from or had by not but what some we can out other were all there when up use your how said "
    "an each she which do their time if will way about many then them write would like so these "
    "café déjà naïve façade résumé señor mañana über Ærø straße"
).split()

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
    xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"
    xmlns:ittp="http://www.w3.org/ns/ttml/profile/imsc1#parameter"
    ttp:profile="http://www.w3.org/ns/ttml/profile/imsc1.1/text" ttp:frameRate="25" ittp:aspectRatio="16 9"
    xml:lang="en">
  <head>
    <styling>
      <style xml:id="base" tts:fontFamily="proportionalSansSerif" tts:fontSize="100%" tts:lineHeight="125%"
             tts:textAlign="center" tts:color="white" tts:backgroundColor="rgba(0,0,0,0.8)"/>
      <style xml:id="italic" style="base" tts:fontStyle="italic"/>
      <style xml:id="yellow" tts:color="yellow"/>
    </styling>
    <layout>
      <region xml:id="bottom" tts:origin="10% 70%" tts:extent="80% 20%" tts:displayAlign="after"/>
      <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 20%" tts:displayAlign="before"/>
    </layout>
  </head>
  <body style="base">
"""


def clock(ms):
    h, ms = divmod(ms, 3600000)
    m, ms = divmod(ms, 60000)
    s, ms = divmod(ms, 1000)
    return "%02d:%02d:%02d.%03d" % (h, m, s, ms)


def line(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(3, 8))]
    text = " ".join(words)
    if rng.random() < 0.1:
        text = text.replace(" a ", " a &amp; ", 1)
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--paragraphs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = [HEAD]
    t = 1000
    for k in range(args.paragraphs):
        if k % 50 == 0:
            if k:
                out.append("    </div>\n")
            out.append('    <div>\n')
        start = t
        end = start + rng.randint(1200, 4000)
        t = end + rng.randint(0, 1500)
        region = "top" if rng.random() < 0.08 else "bottom"
        style = ' style="italic"' if rng.random() < 0.15 else ""
        first = line(rng)
        if rng.random() < 0.2:
            first = f'{first} <span style="yellow">{line(rng)}</span>'
        body = first
        if rng.random() < 0.6:
            body += "<br/>" + line(rng)
        out.append(f'      <p xml:id="p{k + 1}" begin="{clock(start)}" end="{clock(end)}" region="{region}"{style}>{body}</p>\n')
    out.append("    </div>\n  </body>\n</tt>\n")
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(out))


if __name__ == "__main__":
    main()
