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
	# (no sed, nor cmp, for an empty stderr: most runs have one)
	[ -s "$SCRATCH/gnu.err" ] && sed -i "s#^$GNU_GPROF: #gprof: #" "$SCRATCH/gnu.err"
	[ -s "$SCRATCH/ours.err" ] && sed -i "s#^$GPROF: #gprof: #" "$SCRATCH/ours.err"
	if [ $rc_gnu -ne $rc_ours ]; then
		fail "$name" "exit status $rc_ours, GNU's $rc_gnu"
	elif { [ -s "$SCRATCH/gnu.err" ] || [ -s "$SCRATCH/ours.err" ]; } &&
		! cmp -s "$SCRATCH/gnu.err" "$SCRATCH/ours.err"; then
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

# printer_exit NAME OPTION TEXT_STATUS STATUS ERRFILE: a printer's exit
# (gprof OPTION, STATUS and its stderr in ERRFILE) against the text
# report's on the same input: where the text is refused (TEXT_STATUS 1),
# the printer must be refused too, in one line ("ok NAME.refused");
# elsewhere it must exit with 0 ("not ok NAME.exit" when not).  True when
# there is output to check.
printer_exit() {
	local name=$1 option=$2 text_rc=$3 rc=$4 err=$5
	if [ "$text_rc" -ne 0 ]; then
		if [ "$text_rc" -eq 1 ] && refused_in_one_line "$rc" "$err"; then
			pass "$name.refused"
		else
			fail "$name.refused" "text failed (rc $text_rc) but $option gave rc $rc"
		fi
		return 1
	fi
	if [ "$rc" -ne 0 ]; then
		fail "$name.exit" "gprof $option exited with $rc: $(head -1 "$err")"
		return 1
	fi
}

# What a test needs to describe a binary in a crafted process file
# (tests/cli/craft_process.py):
# symbol_address FILE NAME: the address of the symbol NAME that FILE
# defines ("0x..."; nothing when there is none)
symbol_address() { nm --defined-only "$1" | awk -v n="$2" '$3 == n { print "0x" $1 }'; }
# text_section FILE: "ADDRESS SIZE" of FILE's .text section ("0x... 0x...")
text_section() { objdump -h "$1" | awk '$2 == ".text" { print "0x" $4, "0x" $3 }'; }
# build_id FILE: FILE's build-id, in hex
build_id() { readelf -n "$1" | awk '/Build ID/ { print $3 }'; }

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

# fixture_runs "OPTION..." SET...: a line "DIR<TAB>FIXTURE<TAB>N<TAB>SET"
# for each run of a suite over the fixtures: for each fixture, the SETs
# given and then its own (fixture_option_sets, less the sets in which one
# of the OPTIONs stands), N counting the fixture's runs from 1.  Read it
# on a descriptor of its own (read -u 3 ... 3< <(fixture_runs ...)), so
# that the commands of the loop do not read it.
fixture_runs() {
	local options dir name n set
	read -ra options <<<"$1"
	shift
	for dir in "$FIXTURES"/*/; do
		# the fixture's name without a basename per line (suites read
		# thousands of lines)
		name=${dir%/}
		name=${name##*/}
		n=0
		while IFS= read -r set; do
			n=$((n + 1))
			printf '%s\t%s\t%d\t%s\n' "$dir" "$name" "$n" "$set"
		done < <(printf '%s\n' "$@"; fixture_option_sets "$dir" "${options[@]}")
	done
}

# option_set_name SET: the option set as part of a test name
# ("-k main/ -z" gives "k_main/_z")
option_set_name() {
	# in the shell alone (suites call it thousands of times): leading
	# dashes dropped, each space and the dashes after it made one "_"
	local s=$1 out=
	while [[ $s == -* ]]; do s=${s#-}; done
	while [[ $s == *" "* ]]; do
		out+=${s%%" "*}_
		s=${s#*" "}
		while [[ $s == -* ]]; do s=${s#-}; done
	done
	echo "$out$s"
}

# add_check LIST NAME FIELD...: queue one check as a tab-separated line of
# LIST, for check_each in tests/cli/gprof_text.py
add_check() {
	local list=$1 IFS=$'\t'
	shift
	printf '%s\n' "$*" >>"$list"
}
