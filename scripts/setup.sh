#!/usr/bin/env bash
# Installs the Debian packages Legible needs, when they are missing. Idempotent; runs apt only
# when something is missing, as root or through sudo.
set -euo pipefail

packages=(
    libass-dev        # rendering (libass, with FreeType, HarfBuzz, FriBidi, fontconfig)
    libicu-dev        # encoding detection and transcoding, BCP 47, line breaking
    libfreetype-dev
    libpng-dev        # PNG output
    pkg-config        # SwiftPM finds libass and libpng through it
    ffmpeg            # container decode/encode for `legible burn`, and the peer benchmarks
    fonts-dejavu-core # the default Latin/Greek/Cyrillic font, loaded explicitly
    fonts-noto-cjk    # Japanese, Chinese and Korean
    fonts-urw-base35  # caption fonts: monospaced serif (Nimbus Mono PS), cursive (Z003)
    fonts-comic-neue  # caption font: casual (Comic Neue)
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "setup: installing ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "setup: need root or sudo to install: ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
