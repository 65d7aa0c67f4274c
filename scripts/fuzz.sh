#!/usr/bin/env bash
# Runs a libFuzzer target for SECONDS (default 600):
#   scripts/fuzz.sh [srt|vtt|scc|cea708|ttml|hls|appearance|a53|ass|mcc|convert] [SECONDS] [LIBFUZZER-FLAG...]
# No target means srt (`scripts/fuzz.sh 60` still works). Flags after SECONDS go to libFuzzer,
# e.g. -detect_leaks=0 to keep fuzzing past a known leak, or -jobs=2.
# srt — the SRT reader (decoding included), seeded with the SRT fixtures;
# vtt — the WebVTT reader (decoding, parallel pieces, writer round trip, cue trees), seeded with
#       the hand-written files in Fuzz/seeds-vtt and guided by the tokens in Fuzz/webvtt.dict;
# scc — the SCC reader, the disassembler and the cc_data decoder, seeded with Fuzz/seeds-scc.
# cea708 — the CEA-708 decoder: the input is pictures of cc_data triplets (a count byte, then
#       the triplets), decoded into services, windows and cues; seeded with Fuzz/seeds-cea708.
# ttml — the TTML reader (XML scanner, timing, ISDs, cues), seeded with Fixtures/ttml,
#       Fixtures/ttml-bad and, when present, the IMSC test documents, guided by Fuzz/ttml.dict.
# a53 — the A/53 caption path of media files: ffprobe's packet dump of the subcc stream parsed,
#       608 decoded on all four channels, 708 services found; seeded with Fuzz/seeds-a53;
# hls — the HLS master playlist reader and track selection over its renditions, and the media
#       playlist reader, seeded with Fuzz/seeds-hls;
# appearance — appearance JSON files and key=value specifications.
# ass — the SubStation Alpha reader (decoding included) and writer: an unchanged script must
#       write back as itself, a fresh one must read again; seeded with Fixtures/ass and
#       Fixtures/ass-bad, guided by the tags in Fuzz/ass.dict.
# mcc — MCC files and their Caption Distribution Packets: read, every packet re-encoded and parsed
#       again, written and read back (the same triplets, unpadded and padded), and the bytes parsed
#       as one CDP; seeded with Fixtures/mcc and Fixtures/mcc-bad, guided by Fuzz/mcc.dict.
# convert — conversions: the input's first byte picks the reader (or detection), the rest is the file; it is
#       written as every writable format and read back, which must read without an error and,
#       where the writer said nothing, give the same cues (number, text, times to the format's
#       step); seeded with every fixture of every format.
# The corpus grows in Fuzz/corpus-srt or Fuzz/corpus-vtt (git-ignored). Crashes are written to
# Fuzz/crash-*; replay one with
#   swift run legible-fuzz-srt Fuzz/crash-…      (or legible-fuzz-vtt)
set -euo pipefail
cd "$(dirname "$0")/.."
target=srt
case "${1:-}" in
    srt|vtt|scc|cea708|ttml|hls|appearance|a53|ass|mcc|convert) target=$1; shift ;;
esac
seconds=${1:-600}
[ $# -gt 0 ] && shift
case "$seconds" in
    ''|*[!0-9]*) echo "usage: scripts/fuzz.sh [srt|vtt|scc|cea708|ttml|hls|appearance|a53|ass|mcc|convert] [SECONDS]" >&2; exit 2 ;;
esac
bash scripts/setup.sh
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
product=legible-fuzz-$target
swift build -c release --scratch-path .build/fuzz --product "$product" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
corpus=Fuzz/corpus-$target
mkdir -p "$corpus"
extra=()
if [ "$target" = srt ]; then
    cp -n Fixtures/srt/*.srt Fixtures/srt-bad/* Fixtures/encodings/*.srt Fixtures/demo/*.srt "$corpus"/ 2>/dev/null || true
elif [ "$target" = vtt ]; then
    cp -n Fuzz/seeds-vtt/* "$corpus"/ 2>/dev/null || true
    extra=(-dict=Fuzz/webvtt.dict)
elif [ "$target" = cea708 ]; then
    cp -n Fuzz/seeds-cea708/* "$corpus"/ 2>/dev/null || true
elif [ "$target" = ttml ]; then
    cp -n Fixtures/ttml/* Fixtures/ttml-bad/* "$corpus"/ 2>/dev/null || true
    # The IMSC documents are read from the shared suite, never committed; small ones only.
    if [ -d ../shared/conformance/imsc-tests ]; then
        find ../shared/conformance/imsc-tests -name '*.ttml' -size -60k -exec cp -n {} "$corpus"/ \; 2>/dev/null || true
    fi
    extra=(-dict=Fuzz/ttml.dict)
elif [ "$target" = a53 ]; then
    cp -n Fuzz/seeds-a53/* "$corpus"/ 2>/dev/null || true
elif [ "$target" = ass ]; then
    cp -n Fixtures/ass/* Fixtures/ass-bad/* "$corpus"/ 2>/dev/null || true
    extra=(-dict=Fuzz/ass.dict)
elif [ "$target" = mcc ]; then
    cp -n Fixtures/mcc/*.mcc Fixtures/mcc-bad/*.mcc "$corpus"/ 2>/dev/null || true
    extra=(-dict=Fuzz/mcc.dict)
elif [ "$target" = convert ]; then
    # Each fixture prefixed with the byte that names its format (the replay build writes them).
    swift build --product legible-fuzz-convert
    find Fixtures/srt Fixtures/webvtt Fixtures/scc Fixtures/ttml Fixtures/ass Fixtures/demo Fixtures/conversion-findings -maxdepth 1 -type f -size -60k \
        -print0 | xargs -0 .build/debug/legible-fuzz-convert --seed "$corpus"
    extra=(-dict=Fuzz/webvtt.dict)
elif [ "$target" = hls ] || [ "$target" = appearance ]; then
    cp -n Fuzz/seeds-hls/* "$corpus"/ 2>/dev/null || true
else
    cp -n Fuzz/seeds-scc/* Fixtures/scc/*.scc "$corpus"/ 2>/dev/null || true
fi
exec ".build/fuzz/release/$product" "$corpus" "${extra[@]}" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=2048 -timeout=10 -artifact_prefix=Fuzz/ -print_final_stats=1 "$@"
