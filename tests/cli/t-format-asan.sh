#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# t-format-asan.sh: the reader/writer unit tests (tests/unit/t-profile.c)
# built with AddressSanitizer and UBSan, so that every corrupt input they
# feed the reader is also checked for out-of-bounds reads, overflows and
# undefined shifts.  Each unit test is reported as format.asan.NAME.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
BIN=$SCRATCH/t-profile-asan
# the reader and writer (gprof/gmon/reader.h lists their files)
PROFILE_SRCS=()
for f in cursor arc_store merge read_gnu read_bsd read stream_sum profile write_sum; do
	PROFILE_SRCS+=("$TOP/gprof/gmon/$f.c")
done
# at -O0 (every access instrumented as written; half the build time of -O1)
# shellcheck disable=SC2046 # pkg-config prints several words
if ! gcc -g -O0 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-I"$TOP/include" -I"$TOP/gprof" -I/usr/include/libiberty $(pkg-config --cflags check) \
	-o "$BIN" "$TOP/tests/unit/t-profile.c" "${PROFILE_SRCS[@]}" "$TOP/gprof/core/util.c" "$TOP/gprof/core/outfile.c" \
	$(pkg-config --libs check) -lm >"$SCRATCH/build.log" 2>&1; then
	fail format.asan.build "$(head -5 "$SCRATCH/build.log" | tr '\n' ' ')"
	exit 0
fi
pass format.asan.build
# the unit tests make their scratch directories under /tmp themselves
ASAN_OPTIONS=detect_leaks=0 "$BIN" >"$SCRATCH/tap" 2>"$SCRATCH/stderr"
rc=$?
total=0
declare -A seen # loop tests repeat a name: number the repeats
unique() { # sets $u
	local n=${seen[$1]:-0}
	seen[$1]=$((n + 1))
	if [ "$n" -eq 0 ]; then u=$1; else u=$1.$((n + 1)); fi
}
while IFS= read -r line; do
	case $line in
	"ok "*)
		total=$((total + 1))
		name=${line#*:*:}
		unique "${name%%:*}"
		pass "format.asan.$u"
		;;
	"not ok "*)
		total=$((total + 1))
		name=${line#*:*:}
		unique "${name%%:*}"
		fail "format.asan.$u" "${name#*: }"
		;;
	esac
done <"$SCRATCH/tap"
if grep -q 'Sanitizer\|runtime error' "$SCRATCH/stderr"; then
	fail format.asan.clean "$(grep -m1 'Sanitizer\|runtime error' "$SCRATCH/stderr")"
else
	pass format.asan.clean
fi
expect_eq format.asan.all-ran "1..$total" "$(tail -1 "$SCRATCH/tap")"
expect_eq format.asan.status 0 "$rc"
