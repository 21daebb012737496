#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# bench/runtime/follow-make.sh: what following a build costs (issue 39).
# 24 generated C files built by `make -j2`, plainly and under
# `run/gprof-run -f` (every process of the build profiled, at the
# default rate), ROUNDS times each in turn.  Printed: the build's CPU
# time (user + system of make and everything it waited for) plain and
# followed, their ratio (asked: <= 1.10), how many cc1 the followed
# build's files list (asked: every one, 24), and the share of the
# followed build's CPU that the listed processes hold (asked: >= 85%).
# Not a test: the CPU times vary with the machine's load; the figures
# go to doc/runtime.md.
#
# usage: bench/runtime/follow-make.sh [ROUNDS]   (default 3)
# shellcheck source=SCRIPTDIR/lib.sh
. "$(dirname "$0")/lib.sh"
rounds=${1:-3}
bench_setup follow-make.sh libgmon/libgmon.so libgmon runtime-follow-make
[ -x "$top/run/gprof-run" ] && [ -x "$top/gprof/gprof" ] ||
	{ echo "follow-make.sh: build run/gprof-run and gprof first (make all)" >&2; exit 1; }
export GPROF_RUN_LIBGMON=$lib
rm -rf src && mkdir src && cd src

# 24 files of 40 functions each: loops, a switch and some arithmetic,
# enough that cc1 -O2 takes a visible part of a second on each
for f in $(seq 1 24); do
	{
		echo "#include <string.h>"
		for g in $(seq 1 40); do
			cat <<C
int f${f}_$g(int *a, int n, const char *s)
{
	int t = 0;
	for (int i = 0; i < n; i++) {
		switch ((a[i] + $g) % 7) {
		case 0: t += a[i] * $f; break;
		case 1: t ^= a[i] << 3; break;
		case 2: t -= (int)strlen(s) + i; break;
		case 3: for (int j = 0; j < i % 5; j++) t += j * a[j]; break;
		default: t += a[(i * $g) % n] / (i + 1);
		}
	}
	return t + $g;
}
C
		done
	} >"u$f.c"
done
echo "int main(void) { return 0; }" >>u1.c
cat >Makefile <<'M'
OBJS = $(patsubst %.c,%.o,$(wildcard u*.c))
prog: $(OBJS)
	$(CC) -o $@ $(OBJS)
%.o: %.c
	$(CC) -O2 -c $< -o $@
clean:
	rm -f prog *.o
M

build_ms() { # plain|follow: the build's CPU in ms (the profiles in ../prof.N)
	local t
	make -s clean
	TIMEFORMAT='%3U %3S'
	if [ "$1" = plain ]; then
		t=$( { time make -s -j2 >/dev/null; } 2>&1)
	else
		rm -rf ../prof && mkdir ../prof
		t=$( { time "$top/run/gprof-run" -f -o ../prof/gmon.out make -s -j2 >/dev/null; } 2>&1)
	fi
	awk -v t="$t" 'BEGIN { split(t, f, " "); printf "%d\n", (f[1] + f[2]) * 1000 }'
}

: >../plain.ms
: >../follow.ms
: >../listed.ms
: >../cc1.count
for ((r = 0; r < rounds; r++)); do
	build_ms plain >>../plain.ms
	build_ms follow >>../follow.ms
	# the listed processes' CPU (the per-program totals' sum), and the cc1
	"$top/gprof/gprof" --processes ../prof/gmon.out.* >../processes.txt
	awk '/^ *cpu s +processes/ { on = 1; next } on && NF >= 3 { s += $1 } END { printf "%d\n", s * 1000 }' \
		../processes.txt >>../listed.ms
	awk 'NR > 3 && NF >= 5 && $5 == "cc1"' ../processes.txt | wc -l >>../cc1.count
done
cd ..
plain=$(median <plain.ms)
follow=$(median <follow.ms)
listed=$(median <listed.ms)
echo "build CPU, median of $rounds: plain ${plain} ms, followed ${follow} ms"
awk -v p="$plain" -v f="$follow" 'BEGIN { printf "ratio followed/plain: %.3f (asked: <= 1.10)\n", f / p }'
echo "cc1 listed in each followed build: $(xargs <cc1.count) (asked: 24)"
awk -v l="$listed" -v f="$follow" \
	'BEGIN { printf "listed processes hold %.1f%% of the followed build'"'"'s CPU (asked: >= 85%%)\n", 100 * l / f }'
echo "the last followed build's processes: $PWD/processes.txt"
