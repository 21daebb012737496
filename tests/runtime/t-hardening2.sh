#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-hardening2.sh: the runtime faults of issue 24, each reproduced
# exactly (progs/harden2.c; faults placed by progs/fsfault.c).
#   runtime.hardening.setuid.address-layout.*  (root) a set-user-ID root
#                               program run by nobody writes gmon.out as
#                               glibc does, and no process file (runtime
#                               addresses), run id zero
#   runtime.stacks.unmapped-frame  a frame pointer into memory unmapped
#                               right after the walk checked it: no crash
#   runtime.stacks.seccomp.*    a seccomp filter installed after start-up
#                               (kill on process_vm_readv; a child that
#                               allows no system call but exit): not killed
#   runtime.hardening.exit-in-refresh.*  exit() from a signal handler that
#                               interrupted the object table's refresh in
#                               dlopen: no hang, the handler's status
#   runtime.stacks.altstack.*   a program's signal handler that fits an
#                               8 KiB alternate stack with glibc's runtime
#                               (1 KiB to spare) fits with ours, at the
#                               default depth and at GMON_STACK_DEPTH=512
#   runtime.hardening.file-size-limit.*  past ulimit -f the program keeps
#                               its exit status and its output; one line
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.hardening2
runtime_scratch
cd "$SCRATCH" || exit 2

if ! build_ours harden2 "$PROGS/harden2.c" 2>build.err ||
	! build_glibc harden2-glibc "$PROGS/harden2.c" 2>>build.err ||
	! $RT_CC -O1 -Wall -Werror -shared -fPIC -o fsfault.so "$PROGS/fsfault.c" 2>>build.err ||
	! echo 'int plugin_f(void) { return 1; }' >plugin.c ||
	! $RT_CC -O1 -shared -fPIC -o plugin.so plugin.c 2>>build.err; then
	fail runtime.hardening2.build "$(head -3 build.err | xargs)"
	exit 0
fi
build_tools
FSFAULT=$SCRATCH/fsfault.so
EXE=$SCRATCH/harden2

# run_in DIR CMD...: status, stdout in DIR/out, stderr in DIR/err
run_in() {
	local dir=$1
	shift
	mkdir -p "$dir"
	(cd "$dir" && "$@" >out 2>err)
}

# ---- 1. set-user-ID: no address layout for the user who ran it
if [ "$(id -u)" != 0 ] || ! id nobody >/dev/null 2>&1 || ! command -v setpriv >/dev/null; then
	echo "ok runtime.hardening.setuid.address-layout # skip: needs root, user nobody and setpriv"
else
	nobody=$(id -u nobody) nogroup=$(id -g nobody)
	suid=$(mktemp -d /tmp/libgmon-suid.XXXXXX)
	trap 'rm -rf "$SCRATCH" "$suid"' EXIT
	chmod 755 "$suid"
	cp harden2 "$suid/harden2" && chmod 4755 "$suid/harden2"
	mkdir "$suid/work" && chown "$nobody" "$suid/work"
	status=0
	(cd "$suid/work" && setpriv --reuid="$nobody" --regid="$nogroup" --clear-groups \
		"$suid/harden2" hello >out 2>err) || status=$?
	if [ ! -u "$suid/harden2" ] || [ "$status" = 126 ]; then
		echo "ok runtime.hardening.setuid.address-layout # skip: set-user-ID not honoured in $suid"
	else
		expect_eq runtime.hardening.setuid.address-layout.status "3 hello" "$status $(cat "$suid/work/out")"
		expect_eq runtime.hardening.setuid.address-layout.files "err gmon.out out" "$(ls -A "$suid/work" | xargs)"
		expect_eq runtime.hardening.setuid.address-layout.owner "$nobody" "$(stat -c %u "$suid/work/gmon.out" 2>&1)"
		# spare bytes [8, 16): the run id that names a process file
		expect_eq runtime.hardening.setuid.address-layout.run-id "0000000000000000" \
			"$(od -A n -t x1 -j 8 -N 8 "$suid/work/gmon.out" | tr -d ' \n')"
		gprof_reads runtime.hardening.setuid.address-layout.gnu-reads "$EXE" "$suid/work/gmon.out"
	fi
fi

# ---- 2. a frame pointer into memory unmapped between check and load
status=0
run_in unmap env LD_PRELOAD="$FSFAULT" timeout -s KILL 30 "$EXE" unmap || status=$?
expect_eq runtime.stacks.unmapped-frame "0 done" "$status $(cat unmap/out)"

# ---- 3. a seccomp filter installed after start-up
status=0
run_in seccomp-glibc ../harden2-glibc seccomp-vmreadv || status=$?
expect_eq runtime.stacks.seccomp.glibc-oracle "0 done" "$status $(cat seccomp-glibc/out)"
status=0
run_in seccomp timeout -s KILL 30 "$EXE" seccomp-vmreadv || status=$?
expect_eq runtime.stacks.seccomp.kill-on-process-vm-readv "0 done" "$status $(cat seccomp/out)"
if [ -s seccomp/gmon.out ]; then gprof_reads runtime.stacks.seccomp.profile "$EXE" seccomp/gmon.out
else fail runtime.stacks.seccomp.profile "no gmon.out"; fi
status=0
run_in strict timeout -s KILL 30 "$EXE" seccomp-strict || status=$?
expect_eq runtime.stacks.seccomp.no-system-call "0 child exited 0" "$status $(cat strict/out)"

# ---- 4. exit() from a handler that interrupted the object table's refresh
status=0
run_in refresh env LD_PRELOAD="$FSFAULT" timeout -s KILL 20 "$EXE" refresh-exit "$SCRATCH/plugin.so" || status=$?
expect_eq runtime.hardening.exit-in-refresh.status 7 "$status"
if [ -s refresh/gmon.out ]; then gprof_reads runtime.hardening.exit-in-refresh.profile "$EXE" refresh/gmon.out
else fail runtime.hardening.exit-in-refresh.profile "no gmon.out"; fi

# ---- 6. a handler on an 8 KiB alternate stack
# What glibc's runtime leaves of it (two signal frames, the program's
# handler, the sampler's): the program's handler then takes all but
# 1 KiB of the rest; ours must fit in that 1 KiB.
status=0
run_in alt-glibc ../harden2-glibc altstack 0 || status=$?
used=$(awk '/^used / { print $2 }' alt-glibc/out)
if [ "$status" != 0 ] || [ -z "$used" ]; then
	fail runtime.stacks.altstack.glibc-oracle "status $status: $(cat alt-glibc/out alt-glibc/err | xargs)"
elif [ "$used" -gt 7000 ]; then
	echo "ok runtime.stacks.altstack # skip: this processor's signal frames leave no room in 8 KiB ($used bytes with glibc's runtime)"
else
	pass runtime.stacks.altstack.glibc-oracle
	bytes=$((8192 - used - 1024))
	for depth in default 512; do
		status=0
		if [ $depth = default ]; then
			run_in alt-$depth "$EXE" altstack $bytes || status=$?
		else
			run_in alt-$depth env GMON_STACK_DEPTH=$depth "$EXE" altstack $bytes || status=$?
		fi
		expect_eq runtime.stacks.altstack.fits-8k.depth-$depth "0 used" \
			"$status $(awk '{ print $1 }' alt-$depth/out)"
	done
	# the figure doc/runtime.md gives: ours less glibc's, nothing else
	run_in alt-ours "$EXE" altstack 0
	ours=$(awk '/^used / { print $2 }' alt-ours/out)
	echo "# runtime.stacks.altstack: glibc's runtime $used bytes, ours ${ours:-?} (a handler of 0 bytes)"
fi

# ---- 11. a file-size limit
status=0
run_in fsize bash -c "ulimit -f 1 && exec '$EXE' hello" || status=$?
expect_eq runtime.hardening.file-size-limit.status 3 "$status"
expect_eq runtime.hardening.file-size-limit.output hello "$(cat fsize/out)"
expect_eq runtime.hardening.file-size-limit.one-line \
	"libgmon: cannot write $SCRATCH/fsize/gmon.out: File too large" "$(cat fsize/err)"
