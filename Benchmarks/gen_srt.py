#!/usr/bin/env python3
"""Deterministic generator of a large, realistic SRT file for benchmarks.

Usage: python3 gen_srt.py OUT.srt [--cues 100000] [--seed 1234]

Output is UTF-8 with LF line endings. The same arguments always produce the
same bytes (seeded PRNG, no dependence on the environment).
"""
import argparse
import random

LATIN_WORDS = (
    "the a to and of I you it in that is was he for on are with as his they "
    "be at one have this from or had by not but what some we can out other "
    "were all there when up use your how said an each she which do their time "
    "if will way about many then them write would like so these her long make "
    "thing see him two has look more day could go come did number sound no "
    "most people my over know water than call first who may down side been "
    "now find any new work part take get place made live where after back "
    "little only round man year came show every good me give our under name "
    "very through just form sentence great think say help low line differ "
    "turn cause much mean before move right boy old too same tell does set "
    "three want air well also play small end put home read hand port large "
    "spell add even land here must big high such follow act why ask men change "
    "went light kind off need house picture try us again animal point mother "
    "world near build self earth father head stand own page should country"
).split()

ACCENTED_WORDS = (
    "café déjà vu naïve façade résumé crème brûlée señor mañana über "
    "Müller Zürich São Paulo coração élève où garçon fiancée piñata "
    "Ångström smörgåsbord Kraków Łódź Dvořák"
).split()

# Short CJK phrases (Japanese and Chinese), each ~6-12 characters.
CJK_PHRASES = [
    "こんにちは、元気ですか？", "ありがとうございます。", "ちょっと待って！",
    "どこへ行くの？", "私は学生です。", "今日はいい天気ですね。",
    "大丈夫だよ。", "それは本当ですか？", "東京に行きたい。",
    "わかりました。", "また明日ね。", "何をしているの？",
    "你好，你怎么样？", "谢谢你的帮助。", "我们走吧！", "这是什么意思？",
    "我不知道。", "今天天气很好。", "请等一下。", "他已经回家了。",
    "我爱你。", "明天见！", "你在哪里？", "没问题。",
]

ENTITY_BITS = ["&amp;", "&lt;3", "Tom &amp; Jerry", "R&amp;D", "&quot;quoted&quot;"]

PUNCT = [".", ".", ".", "?", "!", "...", ","]


def latin_line(rng, target=35, accented=False):
    words = []
    length = 0
    while length < target - 4:
        if accented and rng.random() < 0.25:
            w = rng.choice(ACCENTED_WORDS)
        else:
            w = rng.choice(LATIN_WORDS)
        words.append(w)
        length += len(w) + 1
    line = " ".join(words)
    line = line[0].upper() + line[1:] + rng.choice(PUNCT)
    if rng.random() < 0.08:
        line = "- " + line
    return line


def cjk_line(rng):
    n = rng.choice((1, 1, 2))
    return "".join(rng.choice(CJK_PHRASES) for _ in range(n))


def tagged(rng, line):
    r = rng.random()
    if r < 0.5:
        return "<i>" + line + "</i>"
    if r < 0.75:
        return "<b>" + line + "</b>"
    return '<font color="#ffff00">' + line + "</font>"


def fmt_time(ms):
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return "%02d:%02d:%02d,%03d" % (h, m, s, ms)


def generate(out, cues, seed):
    rng = random.Random(seed)
    t = rng.randint(500, 5000)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        buf = []
        for i in range(1, cues + 1):
            dur = rng.randint(1000, 6000)
            start, end = t, t + dur
            t = end + rng.randint(0, 2000)

            kind = rng.random()
            nlines = 1 if rng.random() < 0.5 else 2
            if kind < 0.10:  # CJK cue
                lines = [cjk_line(rng) for _ in range(nlines)]
            else:
                accented = kind < 0.18
                lines = [latin_line(rng, rng.randint(27, 41), accented)
                         for _ in range(nlines)]
                if rng.random() < 0.02:
                    j = rng.randrange(nlines)
                    lines[j] = lines[j].rstrip(".?!,") + ", " + rng.choice(ENTITY_BITS) + "."
            if rng.random() < 0.10:  # styling tags
                if nlines == 2 and rng.random() < 0.5:
                    j = rng.randrange(2)
                    lines[j] = tagged(rng, lines[j])
                else:
                    lines = [tagged(rng, ln) for ln in lines]

            buf.append("%d\n%s --> %s\n%s\n\n"
                       % (i, fmt_time(start), fmt_time(end), "\n".join(lines)))
            if len(buf) >= 4096:
                f.write("".join(buf))
                buf.clear()
        f.write("".join(buf))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--cues", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1234)
    a = ap.parse_args()
    if a.cues < 1:
        ap.error("--cues must be >= 1")
    generate(a.out, a.cues, a.seed)


if __name__ == "__main__":
    main()
