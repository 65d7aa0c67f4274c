#!/usr/bin/env bash
# Builds and runs Examples/PlayerDemo as a player would: a package of its own that depends on a
# tagged Legible through a git URL (here a clone of this checkout, tagged 0.1.0 at HEAD), so that
# SwiftPM accepts the Legible product as a versioned dependency (no unsafe flags) and the public
# API is enough to open, select, follow and render.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || [ ! -x /opt/swift/usr/bin/swift ] || export PATH="/opt/swift/usr/bin:$PATH"
repo=$(pwd)
work=$(mktemp -d /tmp/legible-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The checkout as it is (uncommitted changes too), committed and tagged in a clone.
git clone -q --no-local "$repo" "$work/legible"
(cd "$repo" && git ls-files --cached --others --exclude-standard -z | tar --null -T - -cf -) | tar -C "$work/legible" -xf -
git -C "$work/legible" add -A >/dev/null
git -C "$work/legible" -c user.name=check -c user.email=check@localhost commit -q -m "consumer check" --allow-empty
git -C "$work/legible" tag -l | xargs -r git -C "$work/legible" tag -d >/dev/null
git -C "$work/legible" tag 0.1.0
cp -r Examples/PlayerDemo "$work/PlayerDemo"
cd "$work/PlayerDemo"
echo "consumer-check: building Examples/PlayerDemo against Legible 0.1.0 from $work/legible" >&2
if ! LEGIBLE_GIT_URL="file://$work/legible" swift build -c debug >"$work/build.log" 2>&1; then
    grep -E "error" "$work/build.log" | head -20 >&2
    echo "consumer-check: the example player does not build against Legible as a dependency" >&2
    exit 1
fi
.build/debug/PlayerDemo "$repo/Fixtures/demo"
