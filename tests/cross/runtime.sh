#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cross/runtime.sh: libgmon on another processor or C library, as
# TARGET says (tests/cross/run sets it):
#   aarch64  build/aarch64/libgmon, programs built with aarch64-linux-gnu-gcc
#            (and clang --target=aarch64-linux-gnu when there is clang), run
#            under qemu-aarch64; the oracles are glibc's aarch64 runtime and
#            aarch64-linux-gnu-gprof
#   musl     build/musl/libgmon/libgmon.a, programs built with musl-gcc, run
#            here; the oracles are glibc's runtime (the same programs built
#            with gcc -pg) and GNU gprof
# Each program is linked dynamically and statically.  Checked: exact call
# counts (the skew program, 4 threads, a crowded arc table, fork, GMON_OUT_PREFIX, a snapshot,
# exec, -finstrument-functions), call graphs equal to glibc's runtime's on
# corpus programs, the oracle gprof reading every file without a word on
# stderr, and our gprof (built for this machine) giving what the oracle
# gives on those files, option set by option set, -c included
# (GPROF_GNU_QUIRKS=all: doc/compat.md's deviations switched off).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$TOP/tests/lib.sh"
. "$TOP/tests/runtime/helpers.sh"

case ${TARGET:-} in
aarch64)
	CC_T=aarch64-linux-gnu-gcc
	LIB=$TOP/build/aarch64/libgmon/libgmon.a
	RUN=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
	GNU_GPROF=$(command -v aarch64-linux-gnu-gprof)
	REF_CC=aarch64-linux-gnu-gcc
	# qemu-user has no process_vm_readv(2), which the stack walk needs
	# (libgmon would say so on every run): no call stacks here
	export GMON_STACK_DEPTH=0
	CLANG_T=
	command -v clang >/dev/null && CLANG_T="clang --target=aarch64-linux-gnu"
	;;
musl)
	CC_T=musl-gcc
	LIB=$TOP/build/musl/libgmon/libgmon.a
	RUN=()
	GNU_GPROF=/usr/bin/gprof
	REF_CC=gcc
	CLANG_T=
	;;
*)
	echo "tests/cross/runtime.sh: TARGET must be aarch64 or musl" >&2
	exit 2
	;;
esac
export GNU_GPROF
runtime_scratch
pin_gprof
RT_CC=gcc build_tools # gmon-dump, for this machine
cd "$SCRATCH" || exit 2
PROG=$TOP/tests/cross/progs/cross.c

if [ ! -f "$LIB" ]; then
	fail "cross.$TARGET.built" "$LIB is not built (make cross-aarch64, make libgmon-musl)"
	exit 0
fi

# run DIR EXE ARGS...: EXE in DIR, as the target runs it; stderr in DIR/err
run() {
	local dir=$1 exe=$2
	shift 2
	(cd "$dir" && "${RUN[@]}" "$exe" "$@" >out 2>err)
}

# quiet NAME DIR: the program said nothing on stderr
quiet() {
	if [ -s "$2/err" ]; then
		fail "$1" "stderr: $(head -2 "$2/err")"
	else
		pass "$1"
	fi
}

# expect_arcs NAME EXE GMON EXPECTED: the oracle's call graph, as
# "caller callee count" lines, from the program's own functions (linked
# statically, the C library's start-up code calling main is in the
# program's text too, and counted)
expect_arcs() {
	expect_eq "$1" "$4" "$(call_arcs "$2" "$3" | grep -E '^(main|heavy|light) ')"
}

# compare_sets NAME DIR SKIP SET...: in DIR (prog, gmon.out), the oracle
# and ours with GPROF_GNU_QUIRKS=all give the same exit status, stderr and
# stdout for each option set, except sets holding an option of the
# space-separated list SKIP
compare_sets() {
	local name=$1 dir=$2 skip=$3 set args option
	shift 3
	for set; do
		for option in $skip; do
			[[ " $set " == *" $option "* ]] && continue 2
		done
		args=()
		[ "$set" = default ] || read -ra args <<<"$set"
		GPROF_GNU_QUIRKS=all expect_as_gnu "$name.$(option_set_name "$set")" "$dir" \
			"${args[@]+"${args[@]}"}" prog gmon.out
	done
}

SKEW="heavy work 300
light work 300
main heavy 1
main light 1"

for link in dynamic static; do
	t=cross.$TARGET.$link
	flags=()
	[ $link = static ] && flags=(-static)
	mkdir -p "$link"
	if ! $CC_T -pg -O1 -fno-inline "${flags[@]+"${flags[@]}"}" -o "$link/prog" "$PROG" "$LIB" \
		-pthread 2>"$link/build.err"; then
		fail "$t.links" "$(head -3 "$link/build.err")"
		continue
	fi
	pass "$t.links"

	# the skew program: 600 calls of work, 300 from each caller
	mkdir -p "$link/skew" && cp "$link/prog" "$link/skew/prog"
	GMON_PROCESS=0 run "$link/skew" ./prog skew
	quiet "$t.skew.quiet" "$link/skew"
	gprof_reads "$t.skew.oracle-reads" "$link/skew/prog" "$link/skew/gmon.out"
	expect_arcs "$t.skew.arcs" "$link/skew/prog" "$link/skew/gmon.out" "$SKEW"

	# 4 threads x 200,000 calls: none lost
	mkdir -p "$link/threads" && cp "$link/prog" "$link/threads/prog"
	GMON_PROCESS=0 run "$link/threads" ./prog threads
	quiet "$t.threads.quiet" "$link/threads"
	expect_eq "$t.threads.exact" 800000 \
		"$(calls_of "$link/threads/prog" "$link/threads/gmon.out" leaf)"
	if [ "$TARGET" = aarch64 ]; then
		# a processor without the LSE atomics: the stub's
		# load-exclusive/store-exclusive loop instead of stadd
		rm -f "$link/threads/gmon.out"
		QEMU_CPU=cortex-a53 GMON_PROCESS=0 run "$link/threads" ./prog threads
		expect_eq "$t.threads.exact-without-lse" 800000 \
			"$(calls_of "$link/threads/prog" "$link/threads/gmon.out" leaf)"
	fi

	# a crowded arc table: one dispatch site, 3072 callees, 4096 slots,
	# 4 threads claiming (tests/runtime/t-arcs.sh): every call counted
	mkdir -p "$link/crowded"
	if $CC_T -pg -O1 -fno-inline "${flags[@]+"${flags[@]}"}" -o "$link/crowded/prog" \
		"$TOP/tests/runtime/progs/crowded.c" "$LIB" -pthread 2>"$link/crowded/build.err"; then
		GMON_PROCESS=0 GMON_ARCS=3500 run "$link/crowded" ./prog 4
		expect_eq "$t.crowded.exact" "3072 200" "$(flat_calls "$link/crowded/prog" \
			"$link/crowded/gmon.out" | awk '$1 ~ /^f[0-9]+$/ { print $2 }' | sort | uniq -c | xargs)"
		if [ "$TARGET" = aarch64 ]; then
			rm -f "$link/crowded/gmon.out"
			QEMU_CPU=cortex-a53 GMON_PROCESS=0 GMON_ARCS=3500 run "$link/crowded" ./prog 4
			expect_eq "$t.crowded.exact-without-lse" "3072 200" \
				"$(flat_calls "$link/crowded/prog" "$link/crowded/gmon.out" |
					awk '$1 ~ /^f[0-9]+$/ { print $2 }' | sort | uniq -c | xargs)"
		fi
	else
		fail "$t.crowded.links" "$(head -3 "$link/crowded/build.err")"
	fi

	# fork: each process its own file, its own calls
	mkdir -p "$link/fork" && cp "$link/prog" "$link/fork/prog"
	GMON_PROCESS=0 run "$link/fork" ./prog fork
	child=$(cat "$link/fork/out")
	expect_eq "$t.fork.parent" "parent_after 10 parent_work 100" \
		"$(flat_calls "$link/fork/prog" "$link/fork/gmon.out" | grep -v '^main ' | xargs)"
	expect_eq "$t.fork.child" "child_work 50" \
		"$(flat_calls "$link/fork/prog" "$link/fork/gmon.out.$child" | grep -v '^main ' | xargs)"

	# GMON_OUT_PREFIX: prefix.<pid>, and no gmon.out
	mkdir -p "$link/prefix" && cp "$link/prog" "$link/prefix/prog"
	GMON_PROCESS=0 GMON_OUT_PREFIX=prof run "$link/prefix" ./prog skew
	files=$(cd "$link/prefix" && echo prof.* gmon.out*)
	if [[ $files =~ ^prof\.[0-9]+\ gmon\.out\*$ ]]; then
		pass "$t.prefix.named"
		expect_arcs "$t.prefix.arcs" "$link/prefix/prog" "$link/prefix/${files%% *}" "$SKEW"
	else
		fail "$t.prefix.named" "files: $files"
	fi

	# a snapshot after heavy(): heavy's calls, none of light's
	mkdir -p "$link/snapshot" && cp "$link/prog" "$link/snapshot/prog"
	GMON_PROCESS=0 GMON_SNAPSHOT_SIGNAL=USR1 run "$link/snapshot" ./prog snapshot
	quiet "$t.snapshot.quiet" "$link/snapshot"
	expect_arcs "$t.snapshot.then" "$link/snapshot/prog" "$link/snapshot/snap.out" \
		"heavy work 300
main heavy 1"
	expect_arcs "$t.snapshot.end" "$link/snapshot/prog" "$link/snapshot/gmon.out" \
		"heavy work 300
light work 300
main copy 1
main heavy 1
main light 1"

	# exec: the profile so far is written before the image goes
	mkdir -p "$link/exec" && cp "$link/prog" "$link/exec/prog"
	GMON_PROCESS=0 run "$link/exec" ./prog exec /bin/true
	expect_eq "$t.exec.written" "before 5" \
		"$(flat_calls "$link/exec/prog" "$link/exec/gmon.out" | grep -v '^main ' | xargs)"

	# -finstrument-functions: the same graph from the other hook
	mkdir -p "$link/instrument"
	if $CC_T -finstrument-functions -O1 -fno-inline "${flags[@]+"${flags[@]}"}" \
		-o "$link/instrument/prog" "$PROG" "$LIB" -pthread 2>"$link/instrument/build.err"; then
		GMON_PROCESS=0 run "$link/instrument" ./prog skew
		expect_arcs "$t.instrument.arcs" "$link/instrument/prog" \
			"$link/instrument/gmon.out" "$SKEW"
	else
		fail "$t.instrument.links" "$(head -3 "$link/instrument/build.err")"
	fi

	# the whole-process profile (musl: its objects are on this machine's
	# file system, as the process file names them): our gprof reads it
	# without a word
	if [ "$TARGET" = musl ]; then
		mkdir -p "$link/process" && cp "$link/prog" "$link/process/prog"
		run "$link/process" ./prog skew
		quiet "$t.process.quiet" "$link/process"
		if [ -f "$link/process/.gmon.out.process" ] &&
			err=$(cd "$link/process" && "$GPROF" -b prog gmon.out 2>&1 >/dev/null) &&
			[ -z "$err" ]; then
			pass "$t.process.read"
		else
			fail "$t.process.read" "no process file, or gprof said: $err"
		fi
		# call stacks: heavy's calls of work take nearly every sample
		top=$(cd "$link/process" && "$GPROF" --folded prog gmon.out 2>&1 |
			sort -t' ' -k2 -nr | head -1)
		if [[ $top == *";main;heavy;work "[0-9]* ]]; then
			pass "$t.stacks.heaviest"
		else
			fail "$t.stacks.heaviest" "heaviest stack: $top"
		fi
	fi
done

# libgmon.so: linked with -lgmon; on aarch64 also preloaded into a
# program built for glibc's runtime (its start-up file calls our
# __monstartup, its mcount calls are ours)
SO_DIR=$(dirname "$LIB")
mkdir -p so/linked
if $CC_T -pg -O1 -fno-inline -o so/linked/prog "$PROG" -L"$SO_DIR" -lgmon -pthread \
	-Wl,-rpath,"$SO_DIR" 2>so/linked/build.err; then
	GMON_PROCESS=0 run so/linked ./prog skew
	quiet "cross.$TARGET.so.linked.quiet" so/linked
	expect_arcs "cross.$TARGET.so.linked.arcs" so/linked/prog so/linked/gmon.out "$SKEW"
else
	fail "cross.$TARGET.so.linked.links" "$(head -3 so/linked/build.err)"
fi
if [ "$TARGET" = aarch64 ]; then
	mkdir -p so/preload
	$REF_CC -pg -O1 -fno-inline -o so/preload/prog "$PROG" -pthread
	(cd so/preload && "${RUN[@]}" -E LD_PRELOAD="$SO_DIR/libgmon.so" ./prog skew >out 2>err)
	quiet "cross.$TARGET.so.preload.quiet" so/preload
	# only ours writes a process file
	if [ -f so/preload/.gmon.out.process ]; then
		pass "cross.$TARGET.so.preload.ours"
	else
		fail "cross.$TARGET.so.preload.ours" "no .gmon.out.process: glibc's runtime ran"
	fi
	expect_arcs "cross.$TARGET.so.preload.arcs" so/preload/prog so/preload/gmon.out "$SKEW"
fi

# Wall-clock time (doc/runtime.md, "Wall-clock time"): libgmon.so builds
# the wait's context on aarch64 too.  progs/waits.c computes 100 ms, then
# waits 1 s in poll and 1 s in sleep: both return as they should, and
# each wait is credited at least its second (100 samples at 100 Hz,
# measured around the call) to the function that waited; libgmon.a says
# in one line that it cannot, and samples CPU time.  GMON_SPARSE=0: the
# samples in gmon.out's bins, which GNU gprof, the oracle, reads.
#   cross.aarch64.wall.*
if [ "$TARGET" = aarch64 ]; then
	mkdir -p wall
	$CC_T -O1 -g -fno-omit-frame-pointer -fno-inline -o wall/waits "$TOP/tests/runtime/progs/waits.c" -pthread
	(cd wall && GMON_CLOCK=wall GMON_SPARSE=0 GMON_START=1 "${RUN[@]}" -E LD_PRELOAD="$SO_DIR/libgmon.so" \
		./waits 100 >out 2>err)
	expect_eq "cross.$TARGET.wall.quiet" "" "$(cat wall/err)"
	expect_eq "cross.$TARGET.wall.returns" "poll 0 0|sleep 0" \
		"$(awk '$1 == "poll" { p = $1 " " $2 " " $3 } $1 == "sleep" { s = $1 " " $2 } END { print p "|" s }' wall/out)"
	"$GNU_GPROF" -b -p wall/waits wall/gmon.out >wall/flat 2>&1
	for fn in wait_in_poll wait_in_sleep; do
		got=$(awk -v f="$fn" '$NF == f && NF >= 4 { printf "%d\n", $3 * 100 + 0.5 }' wall/flat)
		if [ -n "$got" ] && [ "$got" -ge 100 ]; then
			pass "cross.$TARGET.wall.credited.$fn"
		else
			fail "cross.$TARGET.wall.credited.$fn" "${got:-no} samples, want at least 100"
		fi
	done
	$CC_T -pg -O1 -fno-inline -o wall/waits.static "$TOP/tests/runtime/progs/waits.c" "$LIB" -pthread
	(cd wall && GMON_CLOCK=wall "${RUN[@]}" ./waits.static 10 >out 2>err)
	expect_eq "cross.$TARGET.wall.static-refused" \
		"libgmon: GMON_CLOCK=wall needs libgmon.so (gprof-run, LD_PRELOAD), libgmon.a cannot wrap the waiting calls: sampling CPU time only" \
		"$(cat wall/err)"
fi

# --sysroot: a profile recorded under qemu -L /usr/aarch64-linux-gnu names
# the board's /lib/libc.so.6.  Read here as recorded, libc is missing (one
# line naming it and the option); with --sysroot (or GPROF_SYSROOT) it is
# found, with no warning, and its exported functions named.  The program
# is churn() of tests/cli/data/cross-aarch64/prog.c (the committed aarch64
# profile's), called to spend most of a second in rand(), so that libc's
# samples are certain.
if [ "$TARGET" = aarch64 ]; then
	mkdir -p sysroot
	printf '%s\n' 'long churn(int n);' 'int main(void) { return churn(4000000) < 0; }' >sysroot/main.c
	if $CC_T -pg -O1 -Dmain=recorded_main -c -o sysroot/recorded.o "$TOP/tests/cli/data/cross-aarch64/prog.c" &&
		$CC_T -pg -O1 -o sysroot/prog sysroot/main.c sysroot/recorded.o "$LIB" && run sysroot ./prog; then
		(cd sysroot && "$GPROF" -b -p prog gmon.out >plain.txt 2>plain.err)
		expect_eq "cross.$TARGET.sysroot.missing-says-option" \
			"gprof: warning: /lib/libc.so.6: No such file or directory (recorded on another machine? --sysroot DIR: its root); its samples are shown as [libc.so.6]" \
			"$(grep 'libc\.so\.6' sysroot/plain.err | sed "s#^$GPROF: #gprof: #")"
		(cd sysroot && "$GPROF" -b -p --sysroot /usr/aarch64-linux-gnu prog gmon.out \
			>rooted.txt 2>rooted.err)
		expect_eq "cross.$TARGET.sysroot.quiet" "" "$(cat sysroot/rooted.err)"
		if grep -qE ' (rand|random|random_r) \[libc\.so\.6\]$' sysroot/rooted.txt; then
			pass "cross.$TARGET.sysroot.names-libc-functions"
		else
			fail "cross.$TARGET.sysroot.names-libc-functions" "no rand/random/random_r [libc.so.6]"
		fi
		(cd sysroot && GPROF_SYSROOT=/usr/aarch64-linux-gnu "$GPROF" -b -p prog gmon.out \
			>env.txt 2>&1)
		expect_same "cross.$TARGET.sysroot.env-as-option" sysroot/rooted.txt sysroot/env.txt
	else
		fail "cross.$TARGET.sysroot.build" "cannot build or run sysroot/prog"
	fi
fi

# Call stacks (aarch64: with build/aarch64/unchecked/libgmon.a, whose
# walk loads without the process_vm_readv check qemu-user cannot do):
# each stack of progs/stacks.c, complete from main, with samples.
STACKS_LIB=$LIB
[ "$TARGET" = aarch64 ] && STACKS_LIB=$TOP/build/aarch64/unchecked/libgmon.a
mkdir -p stacks
if $CC_T -O2 -c -o stacks/leaf.o "$TOP/tests/cross/progs/leaf.c" 2>stacks/build.err &&
	$CC_T -pg -O1 -fno-inline -o stacks/prog "$TOP/tests/cross/progs/stacks.c" stacks/leaf.o \
		"$STACKS_LIB" -pthread 2>stacks/build.err; then
	(cd stacks && GMON_STACK_DEPTH=128 "${RUN[@]}" ./prog >out 2>err)
	quiet "cross.$TARGET.stacks.quiet" stacks
	(cd stacks && "$GPROF" --folded prog gmon.out 2>/dev/null) >stacks/folded
	for want in "main;heavy;work" "main;rec;rec;rec;rec;rec;rec;rec;rec;rec;rec;rec;work" \
		"main;f;leafspin" "main;g;leafspin"; do
		if grep -qE "(^|;)$want [0-9]+\$" stacks/folded; then
			pass "cross.$TARGET.stacks.${want//;/-}"
		else
			fail "cross.$TARGET.stacks.${want//;/-}" "no such stack in: $(tr '\n' '|' <stacks/folded)"
		fi
	done
else
	fail "cross.$TARGET.stacks.links" "$(head -3 stacks/build.err)"
fi

# clang -pg passes nothing in x0: the hook reads the frame record
if [ -n "$CLANG_T" ]; then
	mkdir -p clang
	if $CLANG_T -pg -O1 -fno-inline -o clang/prog "$PROG" "$LIB" -pthread 2>clang/build.err; then
		GMON_PROCESS=0 run clang ./prog skew
		expect_arcs "cross.$TARGET.clang.skew.arcs" clang/prog clang/gmon.out "$SKEW"
	else
		fail "cross.$TARGET.clang.links" "$(head -3 clang/build.err)"
	fi
fi

# Corpus programs: our runtime's call graph is glibc's runtime's (built
# with REF_CC -pg); the oracle reads both files silently; our gprof
# matches the oracle on both, option set by option set.  Every option set
# of tests/corpus/options on two programs, the short list on the rest.
# On our runtime's files, not -z: gprof leaves libgmon's own functions
# out, even unused (doc/manual.md), GNU gprof lists them.
ALL_SETS=()
while IFS= read -r line; do
	case $line in '' | '#'*) continue ;; esac
	ALL_SETS+=("$line")
done <"$TOP/tests/corpus/options"
SHORT_SETS=(default -p -q -c "-c -q" -z -a -T -i -r -L "-A" "-w 60" -P -Q)
for name in never_called cycle3 cycle2 self_recursive aliases two_cycles tiny; do
	src=$TOP/tests/corpus/src/$name
	sets=("${SHORT_SETS[@]}")
	case $name in never_called | cycle3) sets=("${ALL_SETS[@]}") ;; esac
	for runtime in ours glibc; do
		d=corpus/$name/$runtime
		mkdir -p "$d"
		if [ $runtime = ours ]; then
			$CC_T -pg -O0 -o "$d/prog" "$src"/*.c "$LIB" -pthread 2>"$d/build.err"
			GMON_PROCESS=0 run "$d" ./prog
		else
			$REF_CC -pg -O0 -o "$d/prog" "$src"/*.c 2>"$d/build.err"
			if [ "$TARGET" = aarch64 ]; then
				run "$d" ./prog
			else
				(cd "$d" && ./prog >out 2>err)
			fi
		fi
		gprof_reads "cross.$TARGET.corpus.$name.$runtime.oracle-reads" "$d/prog" "$d/gmon.out"
	done
	if [ $name = never_called ]; then
		# histogram bins: on aarch64 4 bytes (an instruction), glibc's
		# and ours; on x86-64 ours are 2 (glibc's about 4, not exactly)
		want=4
		[ "$TARGET" = musl ] && want=2
		[ "$TARGET" = aarch64 ] && expect_eq "cross.$TARGET.hist.glibc-bin-bytes" 4 \
			"$(bin_width corpus/$name/glibc/gmon.out)"
		expect_eq "cross.$TARGET.hist.our-bin-bytes" $want "$(bin_width corpus/$name/ours/gmon.out)"
	fi
	expect_eq "cross.$TARGET.corpus.$name.arcs-as-glibc" \
		"$(call_arcs "corpus/$name/glibc/prog" "corpus/$name/glibc/gmon.out")" \
		"$(call_arcs "corpus/$name/ours/prog" "corpus/$name/ours/gmon.out")"
	expect_eq "cross.$TARGET.corpus.$name.calls-as-glibc" \
		"$(flat_calls "corpus/$name/glibc/prog" "corpus/$name/glibc/gmon.out")" \
		"$(flat_calls "corpus/$name/ours/prog" "corpus/$name/ours/gmon.out")"
	# the file itself: the oracle reads it, ours must read it the same way
	# (musl: the host gprof is the oracle; still compared, it costs little)
	compare_sets "cross.$TARGET.corpus.$name.ours" "corpus/$name/ours" \
		"-z --display-unused-functions" "${sets[@]}"
	compare_sets "cross.$TARGET.corpus.$name.glibc" "corpus/$name/glibc" "" "${sets[@]}"
done
