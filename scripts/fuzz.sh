#!/usr/bin/env bash
# Runs the libFuzzer target for the SRT reader (decoding included) for SECONDS (default 600),
# seeded with the SRT fixtures. Crashes are written to Fuzz/crash-*; replay one with
#   swift run legible-fuzz-srt Fuzz/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
bash scripts/setup.sh
swift build -c release --scratch-path .build/fuzz --product legible-fuzz-srt \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
corpus=Fuzz/corpus-srt
mkdir -p "$corpus"
cp -n Fixtures/srt/*.srt Fixtures/srt-bad/* Fixtures/encodings/*.srt Fixtures/demo/*.srt "$corpus"/ 2>/dev/null || true
exec .build/fuzz/release/legible-fuzz-srt "$corpus" -max_total_time="$seconds" -max_len=65536 \
    -rss_limit_mb=2048 -timeout=10 -artifact_prefix=Fuzz/ -print_final_stats=1
