#!/bin/sh
# Regenerates the home page's hero media, committed under public/media/:
#   hero.webm (VP9), hero.mp4 (H.264), hero-poster.jpg (1920x1080, first frame).
# A 12 s seamless loop of soft warm lights drifting over a dark blue ground,
# 1280x720, 24 fps, no audio track. The frames are drawn as SVG by
# src/server/demo/hero.ts and rendered with sharp.
#
# Needs: ffmpeg with libvpx-vp9 and libx264 (Debian: apt-get install ffmpeg),
# and the project's node_modules (npm ci). NOT run by npm start or CI: run it
# by hand after changing hero.ts, look at the result, and commit the outputs.
#
# Usage: sh scripts/make-hero-media.sh
set -eu

cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null 2>&1 || { echo "make-hero-media: ffmpeg is required (apt-get install ffmpeg)" >&2; exit 1; }

WIDTH=1280
HEIGHT=720
FPS=24
OUT=public/media
FRAMES=$(mktemp -d)
trap 'rm -rf "$FRAMES"' EXIT INT TERM

mkdir -p "$OUT"
npx tsx src/server/demo/make-hero-frames.ts "$FRAMES" "$WIDTH" "$HEIGHT" "$FPS" "$OUT/hero-poster.jpg"

# VP9 in constant-quality mode: the picture is all soft gradients, so a fairly
# high quality (crf 24) stays small (~200 KB) and keeps banding faint.
ffmpeg -hide_banner -loglevel error -y -framerate "$FPS" -i "$FRAMES/frame-%04d.png" \
  -c:v libvpx-vp9 -crf 24 -b:v 0 -pix_fmt yuv420p -row-mt 1 -deadline good -cpu-used 2 \
  -an "$OUT/hero.webm"

# H.264 for browsers without VP9 (older Safari); faststart so it plays while loading.
ffmpeg -hide_banner -loglevel error -y -framerate "$FPS" -i "$FRAMES/frame-%04d.png" \
  -c:v libx264 -preset veryslow -crf 22 -pix_fmt yuv420p -profile:v high \
  -movflags +faststart -an "$OUT/hero.mp4"

ls -l "$OUT/hero.webm" "$OUT/hero.mp4" "$OUT/hero-poster.jpg"
