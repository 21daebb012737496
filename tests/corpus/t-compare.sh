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

# run_set NAME OPTS: one comparison, in the fixture directory: both
# programs' stdout, stderr and exit status into $tmp/N.*, compared below
# by one Python process (a cmp per file would triple the processes this
# suite starts)
runs=0
run_set() {
	local name=$1 opts=$2 args=() rc_gnu rc_ours base
	runs=$((runs + 1))
	base=$tmp/$runs
	[ "$opts" = default ] || read -ra args <<<"$opts"
	"$GNU_GPROF" -b "${args[@]+"${args[@]}"}" prog gmon.out >"$base.gnu.out" 2>"$base.gnu.err"
	rc_gnu=$?
	# Our deliberate deviations (doc/compat.md, shown by tests/cli/t-compat.sh)
	# are switched off here, so that everything else is still compared byte
	# for byte: the index lists every call-graph entry, PLT stubs are
	# name@plt (GNU: _init), a DWARF 5 unit's relative compilation
	# directory is not joined twice (debug_g's), and -c also finds calls
	# to lower addresses
	local quirks=
	[[ " $opts " == *" -c "* || $opts == *--static-call-graph* ]] && quirks=,static-calls
	GPROF_GNU_QUIRKS=index,plt,comp-dir$quirks "$GPROF" -b "${args[@]+"${args[@]}"}" prog gmon.out \
		>"$base.ours.out" 2>"$base.ours.err"
	rc_ours=$?
	printf 'corpus.%s.%s\t%s\t%d\t%d\n' "$name" "${opts// /_}" "$base" $rc_gnu $rc_ours >>"$tmp/list"
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

# the verdicts, in the order the sets ran: stdout byte for byte, then the
# exit status, then stderr with each program's name at the start of a
# line read as "gprof" (GNU's messages start with its argv[0])
[ -f "$tmp/list" ] || exit 0
python3 - "$tmp/list" "$GNU_GPROF" "$GPROF" <<'EOF'
import difflib, sys

def read(path):
    with open(path, "rb") as f:
        return f.read()

def named_gprof(data, program):
    prefix = program.encode() + b": "
    return b"".join(b"gprof: " + line[len(prefix):] if line.startswith(prefix) else line
                    for line in data.splitlines(keepends=True))

def shown(a, b):
    """The start of a unified diff, as `diff -u | sed -n 3,14p` showed it."""
    lines = list(difflib.unified_diff(a.decode("utf-8", "replace").splitlines(),
                                      b.decode("utf-8", "replace").splitlines(), lineterm=""))
    for line in lines[2:14]:
        print("#   " + line)

list_path, gnu, ours = sys.argv[1:4]
for entry in open(list_path, encoding="utf-8", errors="surrogateescape"):
    test, base, rc_gnu, rc_ours = entry.rstrip("\n").split("\t")
    out_gnu, out_ours = read(base + ".gnu.out"), read(base + ".ours.out")
    err_gnu = named_gprof(read(base + ".gnu.err"), gnu)
    err_ours = named_gprof(read(base + ".ours.err"), ours)
    if out_gnu != out_ours:
        print("not ok %s: stdout differs" % test)
        shown(out_gnu, out_ours)
    elif rc_gnu != rc_ours:
        print("not ok %s: exit status %s, GNU's %s" % (test, rc_ours, rc_gnu))
        for line in err_ours.decode("utf-8", "replace").splitlines()[:3]:
            print("#   stderr: " + line)
    elif err_gnu != err_ours:
        print("not ok %s: stderr differs" % test)
        shown(err_gnu, err_ours)
    else:
        print("ok " + test)
EOF
