# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib.sh: helpers for shell test suites (sourced, not run).
# Each check prints "ok NAME" or "not ok NAME: why"; see tests/run.
TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
GPROF=${GPROF:-$TOP/gprof/gprof}
GNU_GPROF=${GNU_GPROF:-/usr/bin/gprof}
OUT=${OUT:-$TOP/tests/out}
mkdir -p "$OUT"

pass() { echo "ok $1"; }
fail() { echo "not ok $1: $2"; }

# expect_same NAME FILE_EXPECTED FILE_ACTUAL: byte-for-byte comparison
expect_same() {
	if cmp -s "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "$3 differs from $2"
		diff -u "$2" "$3" | head -20 | sed 's/^/#   /'
	fi
}

# expect_eq NAME EXPECTED ACTUAL
expect_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "expected [$2], got [$3]"
	fi
}

# scratch: set SCRATCH to a new directory, removed when the suite exits.
# Call it as a command ("scratch"), not as "$(scratch)": a trap set inside
# a command substitution fires when the substitution ends.
scratch() {
	SCRATCH=$(mktemp -d "$OUT/tmp.XXXXXX") || exit 2
	# shellcheck disable=SC2064
	trap "rm -rf '$SCRATCH'" EXIT
}

# The corpus of executables with their gmon.out, one directory each.
FIXTURES=${FIXTURES:-$TOP/tests/corpus/fixtures}

# pin_gprof: test one binary throughout (after scratch): copy $GPROF into
# $SCRATCH and point GPROF at the copy, since another build may relink
# gprof/gprof while a long suite runs.
pin_gprof() {
	local try
	for try in 1 2 3 4 5; do
		cp "$GPROF" "$SCRATCH/gprof" 2>/dev/null &&
			"$SCRATCH/gprof" --version >/dev/null 2>&1 && break
		[ "$try" -lt 5 ] && sleep 2
	done
	GPROF=$SCRATCH/gprof
}

# expect_as_gnu NAME DIR ARGS...: in DIR, "gprof -b ARGS" by GNU and by us
# give the same exit status, stderr (each program's name read as gprof)
# and stdout.  Uses $SCRATCH/{gnu,ours}.{out,err}.
expect_as_gnu() {
	local name=$1 dir=$2 rc_gnu rc_ours
	shift 2
	(cd "$dir" && "$GNU_GPROF" -b "$@" >"$SCRATCH/gnu.out" 2>"$SCRATCH/gnu.err")
	rc_gnu=$?
	(cd "$dir" && "$GPROF" -b "$@" >"$SCRATCH/ours.out" 2>"$SCRATCH/ours.err")
	rc_ours=$?
	sed -i "s#^$GNU_GPROF: #gprof: #" "$SCRATCH/gnu.err"
	sed -i "s#^$GPROF: #gprof: #" "$SCRATCH/ours.err"
	if [ $rc_gnu -ne $rc_ours ]; then
		fail "$name" "exit status $rc_ours, GNU's $rc_gnu"
	elif ! cmp -s "$SCRATCH/gnu.err" "$SCRATCH/ours.err"; then
		fail "$name" "stderr differs"
		diff "$SCRATCH/gnu.err" "$SCRATCH/ours.err" | head -5 | sed 's/^/#   /'
	else
		expect_same "$name" "$SCRATCH/gnu.out" "$SCRATCH/ours.out"
	fi
}

# expect_refusal NAME EXPECTED DIR ARGS...: in DIR, "gprof ARGS" exits
# with status 1, prints no report and exactly EXPECTED on stderr, read
# with "$SCRATCH/" left out of the file names.
expect_refusal() {
	local name=$1 expected=$2 dir=$3 rc
	shift 3
	(cd "$dir" && "$GPROF" "$@") >"$SCRATCH/refusal.out" 2>"$SCRATCH/refusal.err"
	rc=$?
	sed -i "s#$SCRATCH/##g" "$SCRATCH/refusal.err"
	if [ $rc -ne 1 ]; then
		fail "$name" "exit status $rc, not 1"
	elif [ -s "$SCRATCH/refusal.out" ]; then
		fail "$name" "a report was printed"
	else
		expect_eq "$name" "$expected" "$(cat "$SCRATCH/refusal.err")"
	fi
}

# refused_in_one_line STATUS ERRFILE: true when gprof exited with status 1
# and said why in exactly one line
refused_in_one_line() {
	[ "$1" -eq 1 ] && [ "$(wc -l <"$2")" -eq 1 ]
}

# fixture_option_sets DIR OPTION...: the option sets listed in DIR/options
# (one a line; blank lines and # comments skipped), less those in which
# any OPTION stands as a word
fixture_option_sets() {
	local dir=$1 line option
	shift
	[ -f "$dir/options" ] || return 0
	while IFS= read -r line; do
		case $line in '' | '#'*) continue ;; esac
		for option; do
			case " $line " in *" $option "*) continue 2 ;; esac
		done
		printf '%s\n' "$line"
	done <"$dir/options"
}

# option_set_name SET: the option set as part of a test name
# ("-k main/ -z" gives "k_main/_z")
option_set_name() {
	echo "$1" | sed -e 's/^-*//' -e 's/ -*/_/g'
}

# add_check LIST NAME FIELD...: queue one check as a tab-separated line of
# LIST, for check_each in tests/cli/gprof_text.py
add_check() {
	local list=$1
	shift
	(
		IFS=$'\t'
		printf '%s\n' "$*"
	) >>"$list"
}
