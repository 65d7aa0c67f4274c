#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The toolchain's usual home on these machines, when it is not on PATH.
command -v swift >/dev/null || [ ! -x /opt/swift/usr/bin/swift ] || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "test: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }
# Every public declaration of the library has a doc comment (a player reads the API by them);
# first, since it needs no build.
python3 scripts/check-public-docs.py --strict
# Every target imports only what docs/architecture.md allows, and no file outside a format's
# module names its types but its registry entry.
python3 scripts/check-architecture.py
swift build --build-tests
# Swift Testing only: no XCTest suites exist, and its "Executed 0 tests" line would mislead.
swift test --skip-build --disable-xctest "$@"
# A player's package depending on a tagged Legible through a git URL builds and runs.
bash scripts/consumer-check.sh
