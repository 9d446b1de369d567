#!/usr/bin/env bash
# Makes sure the system programs the tests need are present:
#   - Debian's Chromium headless shell at /usr/bin/chromium-headless-shell
#     (package chromium-headless-shell: Playwright drives it; never
#     `npx playwright install`; docs/decisions/0063-chromium-headless-shell.md);
#   - PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin;
#   - ffmpeg (with ffprobe) and espeak-ng: speech-to-text cuts audio with
#     ffmpeg, and its tests speak their recordings with espeak-ng
#     (docs/decisions/0071-speech-to-text.md).
# As root, missing ones are installed with apt-get; otherwise the script stops
# and names the packages to install.
set -euo pipefail

missing=()

CHROMIUM=/usr/bin/chromium-headless-shell
if [[ ! -x $CHROMIUM ]]; then
  missing+=(chromium-headless-shell)
fi

have_postgres() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]] && return 0
  done
  return 1
}
if ! have_postgres; then
  missing+=(postgresql)
fi

for program in ffmpeg ffprobe espeak-ng; do
  if ! command -v "$program" >/dev/null 2>&1; then
    package=$program
    [[ $program == ffprobe ]] && package=ffmpeg
    [[ " ${missing[*]} " == *" $package "* ]] || missing+=("$package")
  fi
done

if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "ensure-system-deps: missing system packages: ${missing[*]}" >&2
    echo "ensure-system-deps: install them as root, then run the tests again:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "ensure-system-deps: installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y "${missing[@]}"
fi

# Installing the postgresql package creates this user; a cluster run by root
# needs it (PostgreSQL refuses to run as root).
if [[ $(id -u) -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
  echo "ensure-system-deps: creating the 'postgres' system user"
  useradd --system --home-dir /var/lib/postgresql --no-create-home --shell /bin/bash postgres
fi

[[ -x $CHROMIUM ]] || { echo "ensure-system-deps: $CHROMIUM is still missing" >&2; exit 1; }
have_postgres || { echo "ensure-system-deps: PostgreSQL server binaries are still missing" >&2; exit 1; }
for program in ffmpeg ffprobe espeak-ng; do
  command -v "$program" >/dev/null 2>&1 || { echo "ensure-system-deps: $program is still missing" >&2; exit 1; }
done

pg_dir=$(ls -d /usr/lib/postgresql/*/bin | sort -t/ -k5 -n -r | head -n1)
echo "ensure-system-deps: ok (chromium: $CHROMIUM, postgresql: $pg_dir, ffmpeg, espeak-ng)"
