#!/bin/sh
# Install the Debian packages named as arguments when any is missing.
# As root this runs apt-get; otherwise it prints the one command to run.
missing=""
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
        || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "Tableside needs these system packages:$missing (install them with your package manager)" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "Tableside needs system packages. Run this once, then try again:" >&2
    echo "    sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "Installing system packages:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null
