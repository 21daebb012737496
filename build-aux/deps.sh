#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# deps.sh: make sure the Debian packages the build and the tests need are
# installed.  As root it installs what is missing with apt-get; otherwise it
# prints the exact command to run and fails, so that make stops early with
# a clear message instead of a cryptic compiler error.
#
# usage: build-aux/deps.sh [-n] [build|check|demo|cross]
# (cross: what make cross-aarch64, check-aarch64, libgmon-musl and
# check-musl need besides the build's; asked for by those targets only)
# -n: only say, by the exit status, whether everything is installed
set -u
only_ask=
if [ "${1:-}" = -n ]; then
	only_ask=1
	shift
fi
what=${1:-build}

need="gcc make autoconf pkg-config binutils-dev libiberty-dev libdw-dev liblzma-dev libprotobuf-c-dev protobuf-c-compiler zlib1g-dev nettle-dev"
case $what in
# time: /usr/bin/time (peak memory, tests/cli/t-memory.sh); procps: pgrep;
# libxml2-utils: xmllint; libcap2-bin: setcap (tests/runtime/t-hardening.sh);
# binutils-aarch64-linux-gnu: aarch64-linux-gnu-gprof, the oracle for an
# aarch64 profile read here (tests/cli/t-compat.sh)
# chromium, nodejs: the browser test of --html (tests/cli/t-html.sh)
# debuginfod, xz-utils: a local debuginfod server and MiniDebugInfo
# (tests/cli/t-stripped.sh)
# clang-format: the layout check of every C file (tests/cli/t-format.sh)
check) need="$need check binutils clang-format jq graphviz valgrind clang libclang-rt-14-dev python3 groff-base man-db util-linux golang-go time procps libxml2-utils libcap2-bin binutils-aarch64-linux-gnu chromium nodejs debuginfod xz-utils" ;;
demo) need="$need binutils graphviz" ;;
cross) need="$need binutils musl-tools gcc-aarch64-linux-gnu libc6-dev-arm64-cross binutils-aarch64-linux-gnu qemu-user" ;;
esac

# npm: the client that installs axe-core (below) where nodejs has none
if [ "$what" = check ] && ! command -v npm >/dev/null 2>&1; then
	need="$need npm"
fi

missing=
for p in $need; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed'; then
		missing="$missing $p"
	fi
done
# axe-core, the accessibility checker of --html's page
# (tests/cli/t-html-keys.sh), from npm's registry into the work tree (no
# root needed; ignored by git): a package npm installs, not Debian
AXE_VERSION=4.10.3
axe_dir=$(cd "$(dirname "$0")/.." && pwd)/tests/cli/html
axe_missing() {
	[ "$what" = check ] &&
		! grep -qs "\"version\": \"$AXE_VERSION\"" "$axe_dir/node_modules/axe-core/package.json"
}
install_axe() {
	echo "deps: installing axe-core $AXE_VERSION with npm into $axe_dir/node_modules" >&2
	# not fatal: without it only t-html-keys fails (html-keys.setup)
	npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$axe_dir" "axe-core@$AXE_VERSION" >&2 ||
		echo "deps: npm install axe-core@$AXE_VERSION failed: tests/cli/t-html-keys.sh will fail" >&2
}
if [ -z "$missing" ]; then
	if axe_missing; then
		[ -n "$only_ask" ] && exit 1
		install_axe
	fi
	exit 0
fi
[ -n "$only_ask" ] && exit 1

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: install them as root with:" >&2
	echo "  apt-get update && apt-get install -y$missing" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || { echo "deps: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -y -qq $missing >&2 || { echo "deps: apt-get install$missing failed" >&2; exit 1; }
axe_missing && install_axe
exit 0
