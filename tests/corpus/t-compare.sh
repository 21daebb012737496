#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/corpus/t-compare.sh: run GNU gprof and ours on every corpus fixture
# with every option set, and compare stdout byte for byte, the exit status,
# and stderr (GNU's messages, e.g. for a profile without call-graph data;
# each program's own name at the start of a message is replaced by "gprof").
#
# Option sets: tests/corpus/options, plus fixtures/NAME/options if present.
# Fixtures with a DEVIATION file are where we differ from GNU on purpose;
# another suite tests them, so no test is generated for them here.
# Test names: corpus.NAME.OPTIONS, spaces in OPTIONS as underscores
# ("default" for none).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$TOP/tests/lib.sh"
corpus=$TOP/tests/corpus
# not $(scratch): its EXIT trap would fire when the command substitution's
# subshell exits, removing the directory at once
tmp=$(mktemp -d "$OUT/corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# read_sets FILE: print the option sets in FILE, one per line
read_sets() {
	local line
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in '' | '#'*) continue ;; esac
		echo "$line"
	done <"$1"
}

# strip_name PROGRAM FILE: GNU's messages start with argv[0]; make both
# programs' messages start with "gprof:" so that they can be compared
strip_name() {
	local line out=
	while IFS= read -r line; do
		[[ $line == "$1: "* ]] && line="gprof: ${line#"$1: "}"
		out+=$line$'\n'
	done <"$2"
	# a last line without a newline stays without one
	[[ $line == "$1: "* ]] && line="gprof: ${line#"$1: "}"
	printf '%s' "$out$line" >"$2"
}

# run_set NAME OPTS: one comparison, in the fixture directory
run_set() {
	local name=$1 opts=$2 test args=() rc_gnu rc_ours why=
	test="corpus.$name.${opts// /_}"
	[ "$opts" = default ] || read -ra args <<<"$opts"
	"$GNU_GPROF" -b "${args[@]+"${args[@]}"}" prog gmon.out \
		>"$tmp/gnu.out" 2>"$tmp/gnu.err"
	rc_gnu=$?
	# Our deliberate deviations (doc/compat.md, shown by tests/cli/t-compat.sh)
	# are switched off here, so that everything else is still compared byte
	# for byte: the index lists every call-graph entry, PLT stubs are
	# name@plt (GNU: _init), and -c also finds calls to lower addresses
	local quirks=
	[[ " $opts " == *" -c "* || $opts == *--static-call-graph* ]] && quirks=,static-calls
	GPROF_GNU_QUIRKS=index,plt$quirks "$GPROF" -b "${args[@]+"${args[@]}"}" prog gmon.out \
		>"$tmp/ours.out" 2>"$tmp/ours.err"
	rc_ours=$?
	strip_name "$GNU_GPROF" "$tmp/gnu.err"
	strip_name "$GPROF" "$tmp/ours.err"
	if ! cmp -s "$tmp/gnu.out" "$tmp/ours.out"; then
		why="stdout differs"
	elif [ $rc_gnu -ne $rc_ours ]; then
		why="exit status $rc_ours, GNU's $rc_gnu"
	elif ! cmp -s "$tmp/gnu.err" "$tmp/ours.err"; then
		why="stderr differs"
	fi
	if [ -z "$why" ]; then
		pass "$test"
		return
	fi
	fail "$test" "$why"
	case $why in
	stdout*) diff -u "$tmp/gnu.out" "$tmp/ours.out" | sed -n '3,14s/^/#   /p' ;;
	stderr*) diff -u "$tmp/gnu.err" "$tmp/ours.err" | sed -n '3,14s/^/#   /p' ;;
	*) sed 's/^/#   stderr: /' "$tmp/ours.err" | head -3 ;;
	esac
}

mapfile -t common < <(read_sets "$corpus/options")
for dir in "$corpus"/fixtures/*/; do
	name=$(basename "$dir")
	[ -f "$dir/DEVIATION" ] && continue
	if [ ! -f "$dir/prog" ] || [ ! -f "$dir/gmon.out" ]; then
		fail "corpus.$name" "fixture lacks prog or gmon.out"
		continue
	fi
	sets=("${common[@]}")
	if [ -f "$dir/options" ]; then
		mapfile -t extra < <(read_sets "$dir/options")
		sets+=("${extra[@]+"${extra[@]}"}")
	fi
	cd "$dir" || exit 2
	for opts in "${sets[@]}"; do
		run_set "$name" "$opts"
	done
done
