#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-invisible-writer.sh: the writer and the start/exit/exec lifecycle do
# not change what a program does (issue 37, faults 1, 3, 7 and 15).  Each
# case runs one program (progs/invisible-writer.c) without the profiler
# and with it, side by side, and compares the exit status (or signal),
# stdout, stderr and the files left besides the profile's; glibc's -pg
# runtime is the floor where it has the case.
#   runtime.invisible.stack.*    the writer on small stacks: exit() from a
#                                handler on an 8 or 16 KiB alternate stack,
#                                gmon_snapshot() there and in a thread of
#                                16 KiB (also by GMON_SNAPSHOT_SIGNAL), exec
#                                from such a thread, exec in a clone(CLONE_VM
#                                |CLONE_VFORK) child on 8 KiB; the writer's
#                                stack measured (at most 8 KiB), and exit's
#                                no deeper than with glibc's runtime
#   runtime.invisible.chroot.*   (root) a program that chroots and becomes
#                                nobody finds no descriptor of ours, no way
#                                out; the profile stays in the jail, as
#                                glibc's does
#   runtime.invisible.start-dir.gone.*  the start-up directory renamed, a
#                                link in its place, the program elsewhere:
#                                no file, one line
#   runtime.invisible.vfork.*    vfork (and dash's) children that exec write
#                                nothing: no copy of the parent's profile
#   runtime.invisible.exec-chain.*  every image of an exec chain in one
#                                process has its own file (NAME.PID-N), with
#                                its own counts; the program never sees
#                                GMON_IMAGE; our gprof tells a file of one
#                                program given another
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.invisible
runtime_scratch
cd "$SCRATCH" || exit 2

SRC=$PROGS/invisible-writer.c
# ours2: another build of the same program (another build-id)
if ! $RT_CC -O1 -fno-inline -Wall -Werror -o plain "$SRC" -pthread 2>build.err ||
	! build_ours ours "$SRC" 2>>build.err || ! build_glibc glibc "$SRC" 2>>build.err ||
	! build_ours ours2 "$SRC" -O2 2>>build.err; then
	fail runtime.invisible.build "$(head -3 build.err | xargs)"
	exit 0
fi

# run DIR CMD...: CMD in a fresh directory DIR; DIR.status (the shell's:
# 128+N for signal N), DIR.out, DIR.err, and DIR.files: what is left in
# DIR but the profiles (gmon.out*, p.* and their process files)
run() {
	local dir=$1 status=0
	shift
	rm -rf "$dir" && mkdir -p "$dir"
	(cd "$dir" && "$@" >"../$dir.out" 2>"../$dir.err") || status=$?
	echo "$status" >"$dir.status"
	(cd "$dir" && find . -mindepth 1 ! -name 'gmon.out*' ! -name '.gmon.out*' \
		! -name 'p.*' ! -name '.p.*' | sort) >"$dir.files"
}

# summary DIR: a run in one line, for messages
summary() {
	printf 'status %s|out %s|err %s|files %s' "$(cat "$1.status")" "$(head -c 300 "$1.out" | xargs)" \
		"$(head -c 300 "$1.err" | xargs)" "$(xargs <"$1.files")"
}

# same NAME DIR_WITHOUT DIR_WITH: the two runs are alike: the same exit
# status (or signal), the same bytes on stdout and on stderr, the same
# files left besides the profiles
same() {
	if [ "$(cat "$2.status")" = "$(cat "$3.status")" ] && cmp -s "$2.out" "$3.out" &&
		cmp -s "$2.err" "$3.err" && cmp -s "$2.files" "$3.files"; then
		pass "$1"
	else
		fail "$1" "without the profiler [$(summary "$2")], with it [$(summary "$3")]"
	fi
}

# profiles DIR: the profile files left in DIR, names with the pid as PID
profiles() {
	local pid=${2:-}
	(cd "$1" && find . -mindepth 1 \( -name 'gmon.out*' -o -name '.gmon.out*' -o -name 'p.*' \
		-o -name '.p.*' \) | sort | sed "s/\.[0-9][0-9]*/.PID/g" | xargs)
}

# ---- 1. the writer on small stacks
for kib in 8 16; do
	run exit-glibc-$kib ../glibc altstack-exit $kib
	if [ "$(cat exit-glibc-$kib.status)" != 9 ]; then
		echo "ok runtime.invisible.stack.altstack-exit.$kib # skip: glibc's runtime dies there too on this processor (status $(cat exit-glibc-$kib.status))"
		continue
	fi
	run exit-plain-$kib ../plain altstack-exit $kib
	run exit-ours-$kib ../ours altstack-exit $kib
	same runtime.invisible.stack.altstack-exit.$kib exit-plain-$kib exit-ours-$kib
	if [ -s exit-ours-$kib/gmon.out ]; then
		expect_eq runtime.invisible.stack.altstack-exit.$kib.profile 3 \
			"$(calls_of ours exit-ours-$kib/gmon.out work)"
	else
		fail runtime.invisible.stack.altstack-exit.$kib.profile "no gmon.out"
	fi
done

run snap-plain ../plain altstack-snapshot 8
run snap-ours ../ours altstack-snapshot 8
same runtime.invisible.stack.altstack-snapshot.8 snap-plain snap-ours
expect_eq runtime.invisible.stack.altstack-snapshot.8.profile "./.gmon.out.process ./gmon.out" \
	"$(profiles snap-ours)"

run thread-plain ../plain thread-snapshot 16
run thread-ours ../ours thread-snapshot 16
same runtime.invisible.stack.thread-snapshot.16 thread-plain thread-ours
run thread-signal env GMON_SNAPSHOT_SIGNAL=USR2 ../ours thread-snapshot 16
same runtime.invisible.stack.snapshot-signal.16 thread-plain thread-signal

run texec-plain ../plain thread-exec 16
run texec-ours ../ours thread-exec 16
same runtime.invisible.stack.thread-exec.16 texec-plain texec-ours
# the image before the exec wrote gmon.out, the one after its own file
expect_eq runtime.invisible.stack.thread-exec.16.profiles \
	"./.gmon.out.PID-2.process ./.gmon.out.process ./gmon.out ./gmon.out.PID-2" \
	"$(profiles texec-ours)"

run clone-plain ../plain clone-exec 8
run clone-ours ../ours clone-exec 8
same runtime.invisible.stack.clone-exec.8 clone-plain clone-ours

# The writer's own stack: gmon_snapshot() from a handler on a 256 KiB
# alternate stack filled with a pattern, the bytes it touched below the
# handler (with the C library's lazy binding of each function's first
# call, which saves the vector registers on the stack: the worst case)
run measure-snap ../ours measure-snapshot
used=$(awk '/^writer-stack / { print $2 }' measure-snap.out)
echo "# runtime.invisible.stack.writer-budget: the writer used ${used:-?} bytes of stack"
if [ -z "$used" ]; then
	fail runtime.invisible.stack.writer-budget "no figure: $(summary measure-snap)"
elif [ "$used" -le 8192 ]; then
	pass runtime.invisible.stack.writer-budget
else
	fail runtime.invisible.stack.writer-budget "$used bytes, over 8192"
fi

# exit() from a handler, the whole of it (atexit handlers, the profile's
# write, stdio), measured by a destructor: never deeper than with glibc's
# runtime (functions bound at start, so that lazy binding, which glibc's
# writer inside libc does not pay, does not count)
for b in plain ours glibc; do
	run measure-exit-$b env LD_BIND_NOW=1 ../$b measure-exit
	eval "exit_$b=\$(awk '/^exit-stack / { print \$2 }' measure-exit-$b.out)"
done
echo "# runtime.invisible.stack.exit-floor: exit from a handler used ${exit_plain:-?} bytes without a profiler, ${exit_glibc:-?} with glibc's runtime, ${exit_ours:-?} with ours"
if [ -z "$exit_ours" ] || [ -z "$exit_glibc" ] || [ "$(cat measure-exit-ours.status)" != 9 ]; then
	fail runtime.invisible.stack.exit-floor "no figure: $(summary measure-exit-ours)"
elif [ "$exit_ours" -le "$exit_glibc" ]; then
	pass runtime.invisible.stack.exit-floor
else
	fail runtime.invisible.stack.exit-floor "$exit_ours bytes, glibc's runtime $exit_glibc"
fi

# ---- 3. chroot, then setuid: nothing of ours to escape through
if [ "$(id -u)" != 0 ]; then
	echo "ok runtime.invisible.chroot # skip: needs root (chroot)"
else
	for b in plain ours glibc so; do
		# both writable by nobody: a write outside the jail would land
		rm -rf chroot-$b && mkdir -p chroot-$b/jail && chmod 777 chroot-$b chroot-$b/jail
		if [ $b = so ]; then
			(cd chroot-$b && env GMON_START=1 LD_PRELOAD="$LIBGMON_SO" ../plain chroot "$SCRATCH/chroot-$b/jail" \
				>../chroot-$b.out 2>../chroot-$b.err)
		else
			(cd chroot-$b && ../$b chroot "$SCRATCH/chroot-$b/jail" >../chroot-$b.out 2>../chroot-$b.err)
		fi
		echo $? >chroot-$b.status
		(cd chroot-$b && find . -mindepth 1 ! -name 'gmon.out*' ! -name '.gmon.out*' | sort) >chroot-$b.files
	done
	same runtime.invisible.chroot.no-way-out chroot-plain chroot-ours
	same runtime.invisible.chroot.no-way-out.gprof-run chroot-plain chroot-so
	# the profile is where glibc's runtime writes it: in the jail
	expect_eq runtime.invisible.chroot.glibc-writes ./jail/gmon.out "$(cd chroot-glibc && find . -name gmon.out)"
	expect_eq runtime.invisible.chroot.profile-in-jail "./jail/.gmon.out.process ./jail/gmon.out" \
		"$(profiles chroot-ours)"
	if [ -s chroot-ours/jail/gmon.out ]; then
		expect_eq runtime.invisible.chroot.profile 5 "$(calls_of ours chroot-ours/jail/gmon.out work)"
	else
		fail runtime.invisible.chroot.profile "no gmon.out in the jail"
	fi
fi

# The start-up directory renamed and a symbolic link to another put in its
# place, while the program is elsewhere: its path leads elsewhere and the
# program is not in it; nothing is written (glibc's runtime writes where
# the program went), with one line
for b in plain ours glibc; do
	rm -rf away-$b && mkdir -p away-$b/parent/work away-$b/other away-$b/went
	start_waiting away-$b/parent/work "$SCRATCH/$b" chdir-wait "$SCRATCH/away-$b/went"
	mv away-$b/parent/work away-$b/parent/moved
	ln -s "$SCRATCH/away-$b/other" away-$b/parent/work
	finish_waiting
	echo "$STATUS" >away-$b.status
	cp wait.out away-$b.out
	cp wait.err away-$b.err
	(cd away-$b && find . -mindepth 1 ! -name 'gmon.out*' ! -name '.gmon.out*' | sort) >away-$b.files
done
# alike but for stderr, which holds the one line checked below
mv away-ours.err away-ours.message && cp away-plain.err away-ours.err
same runtime.invisible.start-dir.gone away-plain away-ours
expect_eq runtime.invisible.start-dir.gone.glibc-writes ./went/gmon.out \
	"$(cd away-glibc && find . -name gmon.out)"
expect_eq runtime.invisible.start-dir.gone.nowhere "" "$(cd away-ours && find . -name '*gmon.out*')"
expect_eq runtime.invisible.start-dir.gone.one-line \
	"libgmon: cannot write $SCRATCH/away-ours/parent/work/gmon.out: the directory the program started in is no longer there (its path leads elsewhere and the program is not in it)" \
	"$(cat away-ours.message)"

# ---- 7. vfork children that exec write nothing
run vfork-plain ../plain vfork-exec 3 /bin/true
run vfork-ours ../ours vfork-exec 3 /bin/true
same runtime.invisible.vfork.no-copy vfork-plain vfork-ours
run vfork-prefix env GMON_OUT_PREFIX=p ../ours vfork-exec 3 /bin/true
same runtime.invisible.vfork.no-copy.prefix vfork-plain vfork-prefix
expect_eq runtime.invisible.vfork.one-profile "./.p.PID.process ./p.PID" "$(profiles vfork-prefix)"
p=$(ls vfork-prefix/p.* 2>/dev/null | head -1)
if [ -n "$p" ]; then
	expect_eq runtime.invisible.vfork.parent-counts 10 "$(calls_of ours "$p" work)"
else
	fail runtime.invisible.vfork.parent-counts "no profile"
fi
# dash vforks each command; under gprof-run, no child leaves a file
# (dash itself ends with _exit: no file of its own either)
if command -v dash >/dev/null; then
	run dash-plain dash -c '/bin/true; /bin/true; echo done'
	run dash-run "$TOP/run/gprof-run" -o p dash -c '/bin/true; /bin/true; echo done'
	same runtime.invisible.vfork.dash dash-plain dash-run
	expect_eq runtime.invisible.vfork.dash.no-copies "" "$(profiles dash-run)"
else
	echo "ok runtime.invisible.vfork.dash # skip: no dash"
fi

# ---- 15. an exec chain in one process: each image its own file
run chain-plain ../plain exec-chain 3
run chain-ours ../ours exec-chain 3
same runtime.invisible.exec-chain.output chain-plain chain-ours
expect_eq runtime.invisible.exec-chain.files \
	"./.gmon.out.PID-2.process ./.gmon.out.PID-3.process ./.gmon.out.process ./gmon.out ./gmon.out.PID-2 ./gmon.out.PID-3" \
	"$(profiles chain-ours)"
# each file holds its own image's calls: 30, then 20, then 10
counts=""
for f in chain-ours/gmon.out chain-ours/gmon.out.*-2 chain-ours/gmon.out.*-3; do
	counts="$counts $(calls_of ours "$f" work)"
done
expect_eq runtime.invisible.exec-chain.own-counts " 30 20 10" "$counts"

run chain-prefix env GMON_OUT_PREFIX=p ../ours exec-chain 3
same runtime.invisible.exec-chain.output.prefix chain-plain chain-prefix
expect_eq runtime.invisible.exec-chain.files.prefix \
	"./.p.PID-2.process ./.p.PID-3.process ./.p.PID.process ./p.PID ./p.PID-2 ./p.PID-3" \
	"$(profiles chain-prefix)"

# GMON_START=all (gprof-run's children): a program without -pg
run chain-all env GMON_START=all GMON_OUT_PREFIX=p LD_PRELOAD="$LIBGMON_SO" ../plain exec-chain 3
same runtime.invisible.exec-chain.output.start-all chain-plain chain-all
expect_eq runtime.invisible.exec-chain.files.start-all \
	"./.p.PID-2.process ./.p.PID-3.process ./.p.PID.process ./p.PID ./p.PID-2 ./p.PID-3" \
	"$(profiles chain-all)"

# a chain of two programs: each file is read against its own program,
# and our gprof says so when given the other one (GNU gprof cannot tell)
run chain-two env GMON_OUT_PREFIX=p ../ours exec "$SCRATCH/ours2" hello
expect_eq runtime.invisible.exec-chain.two-programs "./.p.PID-2.process ./.p.PID.process ./p.PID ./p.PID-2" \
	"$(profiles chain-two)"
first=$(ls chain-two/p.* | grep -v -- '-2$') second=$(ls chain-two/p.*-2)
expect_eq runtime.invisible.exec-chain.two-programs.counts "5 none" \
	"$(calls_of ours "$first" work) $(calls_of ours2 "$second" work)"
"$GPROF" -b -p ours2 "$second" >/dev/null 2>right.err
expect_eq runtime.invisible.exec-chain.two-programs.right-one "" "$(cat right.err)"
"$GPROF" -b -p ours "$second" >/dev/null 2>wrong.err
expect_eq runtime.invisible.exec-chain.two-programs.wrong-one \
	"1 gprof: $second: a profile of $SCRATCH/ours2, not of ours" \
	"$? $(cat wrong.err)"
# read anyway, GNU's way (the quirk): the process file set aside without
# a word (the histogram's own warning stays)
GPROF_GNU_QUIRKS=other-program "$GPROF" -b -p ours "$second" >/dev/null 2>wrong.err
expect_eq runtime.invisible.exec-chain.two-programs.wrong-one.quirk "0 0" \
	"$? $(grep -c 'written by' wrong.err)"
