#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-start-stop.sh: the profile counts from the moment its clock runs to
# the moment the counts stop, and not the runtime's own start and stop
# around them: a sample taken in the clock's system calls as it starts
# (monstartup) or stops (_mcleanup) has a stack no view can name as the
# runtime's (the innermost frame is the C library's), so it showed as
# stacks through the runtime's static functions (--pprof, --folded; the
# JSON call graph leaves those functions out: t-pprof's
# pprof.stacks.cum-functions failed under load) or, with libgmon.so,
# as the loader's own time.  A preloaded shim makes fstat of the perf
# clock's descriptors (1000 and above) burn CPU, so that such samples
# are certain; the program's own stack is then the only one:
#   start-stop.pg-a        -pg with libgmon.a, GMON_RATE=1000
#   start-stop.gprof-run   built plain, gprof-run --rate 1000
# Skipped, in one line, where perf events are not to be had.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.start-stop
runtime_scratch
cd "$SCRATCH" || exit 2

cat >shim.c <<'C'
#define _GNU_SOURCE
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
static volatile unsigned long sink;
static void burn(int fd)
{
	if (fd >= 1000)
		for (unsigned long i = 0; i < 30000000; i++)
			sink += i;
}
int fstat(int fd, struct stat *st)
{
	burn(fd);
	return (int)syscall(SYS_fstat, fd, st);
}
#ifdef __GLIBC__
int fstat64(int fd, struct stat64 *st)
{
	burn(fd);
	return (int)syscall(SYS_fstat, fd, st);
}
#endif
C
cat >prog.c <<'C'
static volatile unsigned long sink;
void work(void) { for (unsigned long i = 0; i < 30000000; i++) sink += i; }
int main(void) { work(); return 0; }
C
$RT_CC -O1 -shared -fPIC -o shim.so shim.c || exit 2
$RT_CC -pg -O1 -o ours prog.c "$LIBGMON_A" -pthread || exit 2
$RT_CC -O1 -o plain prog.c || exit 2

if (mkdir probe && cd probe && GMON_RATE=1000 ../ours 2>&1) | grep -q 'perf_event_open'; then
	echo "ok start-stop.pg-a # skipped: perf_event_open refused"
	echo "ok start-stop.gprof-run # skipped: perf_event_open refused"
	exit 0
fi

# only START EXE: the stacks other than the program's own (none), or
# what went wrong
only() {
	local folded
	if ! folded=$("$GPROF" --folded "$2" "$1/gmon.out" 2>&1); then
		echo "gprof: $(echo "$folded" | head -1)"
	elif ! echo "$folded" | grep -q ';main;work [0-9]*$'; then
		echo "no sample in work: $(echo "$folded" | head -2 | xargs)"
	else
		echo "$folded" | grep -v ';main;work [0-9]*$' | head -3 | xargs
	fi
}
mkdir pg-a gprof-run
(cd pg-a && GMON_RATE=1000 LD_PRELOAD="$SCRATCH/shim.so" ../ours)
expect_eq start-stop.pg-a "" "$(only pg-a ours)"
(cd gprof-run && LD_PRELOAD="$SCRATCH/shim.so" "$TOP/run/gprof-run" --rate 1000 ../plain)
expect_eq start-stop.gprof-run "" "$(only gprof-run plain)"
