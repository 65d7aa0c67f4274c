#!/usr/bin/env bash
# The README's main command: installs what is missing, builds Legible, burns the bundled demo
# captions (Fixtures/demo: English SRT, French WebVTT, Japanese Shift_JIS SRT) onto a generated test
# clip, draws contact sheets, then converts and dumps them, writing everything to demo-output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The toolchain's usual home on these machines, when it is not on PATH.
command -v swift >/dev/null || [ ! -x /opt/swift/usr/bin/swift ] || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "demo: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }
swift build -c release --product legible
legible=.build/release/legible
out=demo-output
mkdir -p "$out"

echo "== a 10-second test clip (ffmpeg's own test source and a tone)"
ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=size=1280x720:rate=25:duration=10.5" \
    -f lavfi -i "sine=frequency=330:duration=10.5" -c:v libx264 -preset veryfast -pix_fmt yuv420p \
    -c:a aac -shortest "$out/clip.mp4"
echo "   wrote $out/clip.mp4"
echo
echo "== legible burn: the English SRT drawn onto the clip (audio kept)"
"$legible" burn "$out/clip.mp4" -s Fixtures/demo/demo.en.srt -o "$out/burned.en.mp4"
echo
echo "== legible burn --prefer ja: three caption files (SRT, WebVTT, Shift_JIS SRT), the Japanese one chosen"
"$legible" tracks Fixtures/demo/demo.en.srt Fixtures/demo/demo.fr.vtt Fixtures/demo/demo.ja.srt --prefer ja --mode always-on | tail -n 5
"$legible" burn "$out/clip.mp4" -s Fixtures/demo/demo.en.srt -s Fixtures/demo/demo.fr.vtt -s Fixtures/demo/demo.ja.srt \
    --prefer ja --appearance yellow-on-black -o "$out/burned.ja.mp4"
echo
echo "== legible render --sheet: contact sheets of the French WebVTT (positions) and the Japanese SRT"
"$legible" render Fixtures/demo/demo.fr.vtt --sheet 4 -o "$out/sheet.fr.png" --size 1280x720
"$legible" render Fixtures/demo/demo.ja.srt --sheet 4 -o "$out/sheet.ja.png" --size 1280x720
echo "   wrote $out/sheet.fr.png and $out/sheet.ja.png"
echo

echo "== legible convert: a damaged English SRT to WebVTT"
"$legible" convert Fixtures/demo/demo.en.srt -o "$out/demo.en.vtt"
echo "   wrote $out/demo.en.vtt"
echo
echo "== legible convert: a Japanese SRT in Shift_JIS (detected) to clean UTF-8 SRT"
"$legible" convert Fixtures/demo/demo.ja.srt -o "$out/demo.ja.srt"
echo "   wrote $out/demo.ja.srt"
echo
echo "== legible dump: what was read from the Japanese file"
"$legible" dump Fixtures/demo/demo.ja.srt
echo
echo "== legible dump --json (the stable JSON contract), first cue of the English file"
"$legible" dump Fixtures/demo/demo.en.srt --json > "$out/demo.en.json"
head -n 16 "$out/demo.en.json"
echo "   ... full dump in $out/demo.en.json"
echo
echo "== legible info: a WebVTT file with ::cue style sheets, voices and ruby"
"$legible" info Fixtures/webvtt/styles.vtt
echo
echo "== legible convert: WebVTT back to WebVTT (regions and ::cue rules kept) and to SRT"
"$legible" convert Fixtures/webvtt/features.vtt -o "$out/features.vtt"
"$legible" convert Fixtures/webvtt/features.vtt -o "$out/features.srt"
echo "   wrote $out/features.vtt and $out/features.srt"
echo
echo "== legible dump --cue-tree: a Japanese ruby cue as the web-platform-tests dump it"
"$legible" dump Fixtures/webvtt/features.vtt --cue-tree | sed -n '/ 00:00:08.250 -->/,/^$/p'
echo
echo "== legible convert: the English demo to SCC (CEA-608 pop-on), then what an SCC reader sees"
"$legible" convert Fixtures/demo/demo.en.srt -o "$out/demo.en.scc" --quiet
"$legible" dump "$out/demo.en.scc" --disassemble | head -n 3
"$legible" dump "$out/demo.en.scc" | tail -n 7
