#!/usr/bin/env bash
# Regenerates docs/images/*.png for docs/user-guide.md from the bundled sample: one picture per view that
# `opscope-cli screenshot` knows, and the whole main window in English and in Chinese (opscope --grab).
# Usage: scripts/make_screenshots.sh [BUILD_DIR]   (default: build/; the build must be up to date)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-${OPSCOPE_BUILD_DIR:-$ROOT/build}}"
CLI="$BUILD/app/opscope-cli"
GUI="$BUILD/app/opscope"
OUT="$ROOT/docs/images"
SAMPLE="$ROOT/resources/samples/sample_trace.json"
MAX_BYTES=200000
export QT_QPA_PLATFORM=offscreen
# Screenshots must not depend on the settings of whoever runs the script.
export XDG_CONFIG_HOME="$(mktemp -d)"
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT

for tool in "$CLI" "$GUI"; do
  [ -x "$tool" ] || { echo "make_screenshots: $tool not built (cmake --build $BUILD)" >&2; exit 2; }
done
mkdir -p "$OUT"

# The views the CLI knows, from its own error message ("unknown view ... (known: a, b, c)").
views="$("$CLI" screenshot "$SAMPLE" --view '?' -o /dev/null 2>&1 | sed -n 's/.*(known: \(.*\)).*/\1/p' | tr -d ',' || true)"
[ -n "$views" ] || views="timeline"

# Screenshots over the size budget are re-encoded with a 256-colour palette (plain Python, no imaging
# library needed): UI pictures have few colours, so this halves them and looks the same.
shrink_png() {
  python3 - "$1" <<'PY'
import collections, struct, sys, zlib
path = sys.argv[1]
data = open(path, "rb").read()
pos, idat, width = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
if depth != 8 or ctype not in (2, 6):
    sys.exit(0)
bpp = 4 if ctype == 6 else 3
raw, stride = zlib.decompress(idat), width * bpp
prev, rows, i = bytearray(stride), [], 0
for _ in range(height):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
        elif f == 4:
            c = prev[x - bpp] if x >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line))
    prev = line
pixels = [[r[x:x + 3] for x in range(0, stride, bpp)] for r in rows]
palette = [c for c, _ in collections.Counter(p for r in pixels for p in r).most_common(256)]
index = {c: k for k, c in enumerate(palette)}
def nearest(c):
    return min(range(len(palette)), key=lambda k: sum((palette[k][j] - c[j]) ** 2 for j in range(3)))
out = bytearray()
for r in pixels:
    out.append(0)
    for p in r:
        k = index.get(p)
        if k is None:
            k = index[p] = nearest(p)
        out.append(k)
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
png += chunk(b"PLTE", b"".join(palette)) + chunk(b"IDAT", zlib.compress(bytes(out), 9)) + chunk(b"IEND", b"")
open(path, "wb").write(png)
PY
}

check_size() {
  local bytes
  bytes=$(stat -c %s "$1")
  if [ "$bytes" -gt "$MAX_BYTES" ]; then
    shrink_png "$1"
    bytes=$(stat -c %s "$1")
  fi
  if [ "$bytes" -gt "$MAX_BYTES" ]; then
    echo "make_screenshots: $1 is $bytes bytes (over $MAX_BYTES)" >&2
    return 1
  fi
  echo "$1 ($bytes bytes)"
}

status=0
for view in $views; do
  # The first 20 ms of the sample: dense enough to show nesting, sparse enough to read the labels.
  range=()
  [ "$view" = timeline ] && range=(--range 0:20000)
  if "$CLI" screenshot "$SAMPLE" --view "$view" "${range[@]}" --size 1200x700 -o "$OUT/view_$view.png" >/dev/null; then
    check_size "$OUT/view_$view.png" || status=1
  else
    echo "make_screenshots: view $view failed" >&2
    status=1
  fi
done

# The whole window: menus, toolbar, docks and status bar, in both languages.
for lang in en_US zh_CN; do
  LANG="$lang.UTF-8" LC_ALL="$lang.UTF-8" LANGUAGE="${lang%_US}" "$GUI" --grab "$OUT/main_window_${lang%_US}.png" "$SAMPLE" >/dev/null 2>&1 \
    && check_size "$OUT/main_window_${lang%_US}.png" || { echo "make_screenshots: main window ($lang) failed" >&2; status=1; }
done
# The dark theme, chosen in the settings as a user would (View > Theme > Dark).
mkdir -p "$XDG_CONFIG_HOME/opscope"
printf '[ui]\ntheme=dark\n' > "$XDG_CONFIG_HOME/opscope/opscope.conf"
LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8 LANGUAGE=en "$GUI" --grab "$OUT/main_window_dark.png" "$SAMPLE" >/dev/null 2>&1 \
  && check_size "$OUT/main_window_dark.png" || { echo "make_screenshots: main window (dark) failed" >&2; status=1; }
exit $status
