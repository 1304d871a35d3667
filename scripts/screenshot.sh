#!/bin/sh
# Renders files to PNG with headless Chromium (Debian's `chromium`), to look at the
# edition and the diagrams as a browser shows them.
#
#   scripts/screenshot.sh OUT_DIR FILE...      e.g. scripts/screenshot.sh /tmp/shots edition/index.html docs/dilaram.svg
#
# Each FILE (HTML or SVG; FILE#anchor for a section of a page) becomes
# OUT_DIR/<its name>.png, 1200x1600 (SIZE=W,H to change). Nothing is fetched:
# networking, sync and updates are off, and the profile is a fresh temporary directory.
set -eu
if [ "$#" -lt 2 ]; then
    echo "usage: $0 OUT_DIR FILE..." >&2
    exit 2
fi
out=$1
shift
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "$0: chromium not found (Debian: apt-get install chromium)" >&2
    exit 2
fi
mkdir -p "$out"
for arg in "$@"; do
    # FILE#anchor shows the page scrolled to that section.
    f=${arg%%#*}
    frag=
    [ "$f" = "$arg" ] || frag="#${arg#*#}"
    if [ ! -f "$f" ]; then
        echo "$0: no such file: $f" >&2
        exit 2
    fi
    abs=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
    png="$out/$(basename "$f")$(echo "$frag" | tr -c 'A-Za-z0-9.\n-' '_').png"
    profile=$(mktemp -d)
    "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --screenshot="$png" --window-size="${SIZE:-1200,1600}" \
        "$(python3 -c 'import pathlib, sys; print(pathlib.Path(sys.argv[1]).as_uri())' "$abs")$frag" \
        >/dev/null 2>&1 || true
    rm -rf "$profile"
    if [ -s "$png" ]; then
        echo "$png"
    else
        echo "$0: chromium wrote no picture for $f" >&2
        exit 1
    fi
done
