#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-faults.sh: the runtime when the program ends in unusual ways.  Each
# case leaves a complete gmon.out (our gprof and GNU's read it, with the
# exact call counts) or none at all, never a partial or temporary file,
# and the program's exit status is its own.
#   faults.thread-exit.*   a second thread calls exit() while main waits
#   faults.stop-signal.*   SIGTSTP handled by the program, and SIGSTOP and
#                          SIGCONT from outside, while it runs and samples
#   faults.exit-in-handler.*  exit() from a SIGTERM handler
#   faults.exec.*          the program replaces itself with /bin/sh: its
#                          profile so far is written first
#   faults.closed-fds.*    stdin, stdout and stderr closed before exit
#   faults.killed.*        SIGKILL: no file; an unhandled SIGTERM: the
#                          profile written first (t-stopped.sh), same status
#   faults.abort.*         abort(): no file
# Programs are written here (not in progs/) because only this suite uses
# them.
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.faults
runtime_scratch
cd "$SCRATCH" || exit 2

cat >faults.c <<'C'
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progs.h"

static volatile long sink;
static volatile sig_atomic_t stops, terms;

__attribute__((noinline)) void work(int i) { sink += i; }

static void spin_ms(long ms)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		for (int i = 0; i < 1000; i++)
			sink ^= i;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

static void *thread_exit(void *arg)
{
	for (int i = 0; i < 1000; i++)
		work(i);
	exit(3);
	return arg;
}

static void on_tstp(int sig) { stops++; (void)sig; }
static void on_term(int sig) { for (int i = 0; i < 9; i++) work(i); exit(9); (void)sig; }

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	for (int i = 0; i < 100; i++)
		work(i);
	if (strcmp(mode, "thread-exit") == 0) {
		pthread_t t;

		pthread_create(&t, NULL, thread_exit, NULL);
		for (;;)
			pause();
	} else if (strcmp(mode, "stop-signal") == 0) {
		/* handled SIGTSTP, raised while the sampling timer runs;
		 * then a second of spinning for the test's SIGSTOP/SIGCONT */
		signal(SIGTSTP, on_tstp);
		for (int i = 0; i < 5; i++) {
			raise(SIGTSTP);
			spin_ms(20);
		}
		say_ready();
		spin_ms(1000);
		printf("stops %d\n", (int)stops);
		return 4;
	} else if (strcmp(mode, "handler-exit") == 0) {
		signal(SIGTERM, on_term);
		say_ready();
		for (;;)
			spin_ms(10);
	} else if (strcmp(mode, "exec") == 0) {
		execl("/bin/sh", "sh", "-c", "exit 7", (char *)0);
		return 99;
	} else if (strcmp(mode, "execlp") == 0) {
		execlp("sh", "sh", "-c", "exit 8", (char *)0);
		return 99;
	} else if (strcmp(mode, "exec-fails") == 0) {
		execlp("no-such-program-here", "x", (char *)0);
		for (int i = 0; i < 5; i++)
			work(i);
		return 4;
	} else if (strcmp(mode, "closed-fds") == 0) {
		close(0);
		close(1);
		close(2);
		return 6;
	} else if (strcmp(mode, "wait") == 0) {
		say_ready();
		for (;;)
			spin_ms(10);
	} else if (strcmp(mode, "abort") == 0) {
		abort();
	}
	return 0;
}
C
if ! build_ours faults faults.c 2>build.err; then
	fail runtime.faults.build "$(head -1 build.err)"
	exit 0
fi

# complete NAME DIR CALLS: DIR holds exactly gmon.out (and the hidden
# process file beside it), which both gprofs read without a word, with
# work called CALLS times
complete() {
	local name=$1 dir=$2 calls=$3 err
	if [ "$(ls -A "$dir" | LC_ALL=C sort | xargs)" != ".gmon.out.process gmon.out" ]; then
		fail "$name.complete" "files: $(ls -A "$dir" | xargs)"
		return
	fi
	if ! err=$("$GPROF" -b -p "$SCRATCH/faults" "$dir/gmon.out" 2>&1 >"$dir.flat") || [ -n "$err" ]; then
		fail "$name.complete" "our gprof: $err"
		return
	fi
	pass "$name.complete"
	gprof_reads "$name.gnu-reads" "$SCRATCH/faults" "$dir/gmon.out"
	expect_eq "$name.calls" "$calls" \
		"$(awk 'NF == 7 && $7 == "work" { print $4 }' "$dir.flat")"
}

# start DIR MODE: "faults MODE" in the new directory DIR,
# in the background, its output in DIR.out and DIR.err; returns once it
# said "ready", with its process id in $pid
start() {
	mkdir "$1"
	(cd "$1" && exec ../faults "$2") >"$1.out" 2>"$1.err" &
	pid=$!
	wait_ready "$1.out"
}

# finish: wait for $pid to end; its exit status in $status
finish() {
	status=0
	wait "$pid" || status=$?
}

# nothing NAME DIR: no gmon.out, no temporary file
nothing() {
	expect_eq "$1.no-file" "" "$(ls -A "$2" | xargs)"
}

# ---- exit() from a second thread
mkdir thread && status=0
(cd thread && exec ../faults thread-exit) 2>thread.err || status=$?
expect_eq faults.thread-exit.status 3 "$status"
expect_eq faults.thread-exit.quiet "" "$(cat thread.err)"
complete faults.thread-exit thread 1100

# ---- stopping signals: handled SIGTSTP, then SIGSTOP/SIGCONT from outside
start stop stop-signal
kill -STOP $pid
sleep 0.2
kill -CONT $pid
finish
expect_eq faults.stop-signal.status 4 "$status"
expect_eq faults.stop-signal.handled "stops 5" "$(tail -1 stop.out)"
expect_eq faults.stop-signal.quiet "" "$(cat stop.err)"
complete faults.stop-signal stop 100

# ---- exit() from a signal handler
start handler handler-exit
kill -TERM $pid
finish
expect_eq faults.exit-in-handler.status 9 "$status"
expect_eq faults.exit-in-handler.quiet "" "$(cat handler.err)"
complete faults.exit-in-handler handler 109

# ---- exec: the new image's status, and the old image's profile written
# just before the image was replaced (glibc's runtime loses it)
mkdir exec && status=0
(cd exec && exec ../faults exec) 2>exec.err || status=$?
expect_eq faults.exec.status 7 "$status"
expect_eq faults.exec.quiet "" "$(cat exec.err)"
complete faults.exec exec 100
# found through PATH
mkdir execlp && status=0
(cd execlp && exec ../faults execlp) 2>execlp.err || status=$?
expect_eq faults.execlp.status 8 "$status"
complete faults.execlp execlp 100
# an exec that fails: the program goes on, and its complete profile is
# written at exit over the one written before the exec
mkdir execfail && status=0
(cd execfail && exec ../faults exec-fails) 2>execfail.err || status=$?
expect_eq faults.exec-fails.status 4 "$status"
complete faults.exec-fails execfail 105

# ---- closed standard descriptors: gmon.out must not land on fd 0, 1 or 2
mkdir closed && status=0
(cd closed && exec ../faults closed-fds) || status=$?
expect_eq faults.closed-fds.status 6 "$status"
complete faults.closed-fds closed 100

# ---- killed: SIGKILL leaves no file at all; SIGTERM at its default
# action has the profile written first, then ends the process as before
for sig in KILL TERM; do
	start "killed-$sig" wait
	kill -"$sig" $pid
	finish
	expect_eq "faults.killed.$sig.status" $((128 + $(kill -l "$sig"))) "$status"
done
nothing faults.killed.KILL killed-KILL
gprof_reads faults.killed.TERM.gnu-reads "$SCRATCH/faults" killed-TERM/gmon.out

# ---- abort
mkdir aborted && status=0
(cd aborted && ulimit -c 0 && exec ../faults abort) 2>/dev/null || status=$?
expect_eq faults.abort.status 134 "$status"
nothing faults.abort aborted
