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
