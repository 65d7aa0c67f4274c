#!/usr/bin/env bash
# Regenerates the example renders under docs/images/ with `legible render` (debug build unless
# LEGIBLE is set). Needs the fonts of scripts/setup.sh; the IMSC example needs the conformance
# suites in ../shared/conformance (skipped, with a note, when absent).
set -euo pipefail
cd "$(dirname "$0")/.."
legible=${LEGIBLE:-.build/debug/legible}
out=docs/images
mkdir -p "$out"
"$legible" render Fixtures/render/positions.vtt --at 2 -o "$out/webvtt-positions.png" --size 1280x720
"$legible" render Fixtures/render/japanese.vtt --sheet 2 -o "$out/japanese-ruby-vertical.png"
"$legible" render Fixtures/demo/demo.ja.sdh.ttml --sheet 6 -o "$out/demo-ja-sheet.png" --size 1280x720
"$legible" render Fixtures/render/arabic-hebrew.vtt --at 1 -o "$out/arabic-hebrew.png" --size 1280x720
"$legible" render Fixtures/scc/modes.scc --sheet 6 -o "$out/cea608-sheet.png"
imsc=../shared/conformance/imsc-tests/imsc1/ttml/region/four-active-regions-001.ttml
if [ -f "$imsc" ]; then
    "$legible" render "$imsc" --at 1 -o "$out/imsc-four-regions.png" --size 1280x720
else
    echo "render-examples: $imsc absent; IMSC example skipped" >&2
fi
for preset in default large high-contrast yellow-on-black classic-608 cinema; do
    "$legible" render Fixtures/render/appearance.vtt --at 1 --size 640x360 --appearance "$preset" -o "$out/preset-$preset.png"
done
"$legible" render Fixtures/render/appearance.vtt --at 1 --size 640x360 --appearance "edge=raised!" \
    --appearance "background-opacity=0!" --appearance text-color=cyan -o "$out/preset-raised-edge.png"
