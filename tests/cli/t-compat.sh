#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-compat.sh: each deliberate deviation from GNU gprof 2.40
# (doc/compat.md), shown both ways: with GPROF_GNU_QUIRKS restoring GNU's
# behaviour our output equals /usr/bin/gprof's byte for byte; without it,
# it differs exactly where GNU is wrong.
. "$(dirname "$0")/../lib.sh"
scratch
fixtures=$TOP/tests/corpus/fixtures

# run DIR OUTFILE ARGS...: our gprof in a fixture directory
ours() { (cd "$fixtures/$1" && "$GPROF" -b "${@:3}" prog gmon.out) >"$SCRATCH/$2" 2>&1; }
gnu() { (cd "$fixtures/$1" && "$GNU_GPROF" -b "${@:3}" prog gmon.out) >"$SCRATCH/$2" 2>&1; }
quirk() { (cd "$fixtures/$1" && GPROF_GNU_QUIRKS=$3 "$GPROF" -b "${@:4}" prog gmon.out) >"$SCRATCH/$2" 2>&1; }

# has NAME FILE REGEX: a line of FILE matches
has() { if grep -qE -- "$3" "$SCRATCH/$2"; then pass "$1"; else fail "$1" "no line matching /$3/ in $2"; fi; }
lacks() { if grep -qE -- "$3" "$SCRATCH/$2"; then fail "$1" "a line matches /$3/ in $2"; else pass "$1"; fi; }

# --- compiler clones (clones_o2: -O2 made .constprop/.isra/.part/.cold)
gnu clones_o2 gnu.txt
quirk clones_o2 quirk.txt clones,index
ours clones_o2 ours.txt
expect_same compat.clones.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
# GNU: frame_dummy "called" 4,000,000 times, first() looks recursive
has compat.clones.gnu-blames-frame_dummy gnu.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +4000000 .*frame_dummy$'
has compat.clones.gnu-false-recursion gnu.txt '750000\+2500000 +first'
# ours: each clone has its own calls; frame_dummy is never called
has compat.clones.ours-part-calls ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +250000 .* maybe\.part\.0$'
has compat.clones.ours-constprop-calls ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +3500000 .* scaled\.constprop\.0$'
has compat.clones.ours-isra-calls ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +500000 .* sum_ab\.isra\.0$'
lacks compat.clones.ours-no-false-recursion ours.txt 'first.*\+|\+[0-9]+ +first'
lacks compat.clones.ours-frame_dummy-uncalled ours.txt '^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +frame_dummy$'
lacks compat.clones.ours-cold-not-shown ours.txt 'checked\.cold'

# --- -c: calls to lower addresses (never_called: unused_a lies below main)
gnu never_called gnu.txt -c -q
quirk never_called quirk.txt static-calls,index,plt -c -q
ours never_called ours.txt -c -q
expect_same compat.static-calls.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
lacks compat.static-calls.gnu-misses-backward gnu.txt '0/0 +unused_a '
has compat.static-calls.ours-finds-backward ours.txt '0/0 +unused_a '

# --- the index lists every call-graph entry (threads: main and the
# thread start routine have entries but no calls and no self time)
gnu threads gnu.txt -q
quirk threads quirk.txt index -q
ours threads ours.txt -q
expect_same compat.index.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
has compat.index.graph-has-main gnu.txt '^\[[0-9]+\] .* main \[[0-9]+\]$'
lacks compat.index.gnu-omits-main gnu.txt '\[[0-9]+\] main( |$)'
has compat.index.ours-lists-main ours.txt '\[[0-9]+\] main( |$)'
has compat.index.ours-lists-worker ours.txt '\[[0-9]+\] worker( |$)'

# --- samples in a PLT stub go to name@plt (GNU: to _init, the symbol
# before the PLT, as BFD makes no stub symbols without the dynamic ones).
# A program calling strlen through its stub, run here with our runtime
# (exact bins) and the main program alone; where a run's samples land
# depends on the CPU (a fast one may leave the stub without a sample), so
# the test puts them itself: 50 in main, 10 in the stub.
if cc -pg -O1 -o "$SCRATCH/plt" -x c - -x none "$TOP/libgmon/libgmon.a" <<'C'
#include <string.h>
int main(void)
{
	volatile size_t s = 0;
	char b[4] = "ab";
	for (long i = 0; i < 1000; i++)
		s += strlen(b);
	return (int)(s & 1);
}
C
then
	(cd "$SCRATCH" && GMON_PROCESS=0 ./plt)
	stub=$(objdump -d "$SCRATCH/plt" | sed -n 's/^\([0-9a-f]*\) <strlen@plt>:$/0x\1/p')
	main=$(nm "$SCRATCH/plt" | sed -n 's/^\([0-9a-f]*\) T main$/0x\1/p')
	python3 "$TOP/tests/cli/set_samples.py" "$SCRATCH/gmon.out" "$main=50" "$stub=10"
	(cd "$SCRATCH" && "$GNU_GPROF" -b -p plt gmon.out >gnu-plt.txt 2>&1)
	(cd "$SCRATCH" && GPROF_GNU_QUIRKS=plt "$GPROF" -b -p plt gmon.out >quirk-plt.txt 2>&1)
	(cd "$SCRATCH" && "$GPROF" -b -p plt gmon.out >ours-plt.txt 2>&1)
	expect_same compat.plt.quirk-equals-gnu "$SCRATCH/gnu-plt.txt" "$SCRATCH/quirk-plt.txt"
	has compat.plt.gnu-credits-init gnu-plt.txt '^ 16\.67 +0\.60 +0\.10 +_init$'
	has compat.plt.ours-credits-the-stub ours-plt.txt '^ 16\.67 +0\.60 +0\.10 +strlen@plt$'
	lacks compat.plt.ours-not-init ours-plt.txt ' _init$'
else
	fail compat.plt.build "cannot build the PLT program"
fi

# --- a bad quirk name is an error
out=$(GPROF_GNU_QUIRKS=nosuch "$GPROF" "$fixtures/threads/prog" "$fixtures/threads/gmon.out" 2>&1 >/dev/null)
rc=$?
expect_eq compat.quirks.unknown-status 1 "$rc"
expect_eq compat.quirks.unknown-message \
	"gprof: GPROF_GNU_QUIRKS: unknown quirk 'nosuch' (static-calls, clones, index, plt, estimate-children, dwarf5-lines, comp-dir, sum-arcs, main-only, runtime-functions, sum-lines, names, other-program or all)" "$out"

# --- -s with a report: GNU switches to line granularity, we do not
d=$SCRATCH/sum
mkdir -p "$d" && cp "$fixtures/debug_g/prog" "$fixtures/debug_g/gmon.out" "$d/"
(cd "$d" && "$GNU_GPROF" -s -b -p prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
(cd "$d" && "$GPROF" -s -b -p prog gmon.out) >"$SCRATCH/ours.txt" 2>&1
(cd "$d" && "$GPROF" -b -p prog gmon.out) >"$SCRATCH/plain.txt" 2>&1
has compat.sum-reports.gnu-by-line gnu.txt '^ .* evaluate \(lines\.c:[0-9]+ @ [0-9a-f]+\)$'
expect_same compat.sum-reports.ours-as-asked "$SCRATCH/plain.txt" "$SCRATCH/ours.txt"

# --- dwarf5-lines: a header's static inline function used from one .c
# file, built with -g (DWARF 5).  gcc starts the unit's line table with
# it and no change of file; BFD 2.40 names such rows after file 0, the .c
# file, where the function is in the header.  The program is built and
# run here (glibc's runtime): both gprofs then read the same gmon.out,
# and its call counts are exact.
d=$SCRATCH/inline
mkdir -p "$d"
cat >"$d/kernels.h" <<'C'
static inline long scale(long x)
{
	return x * 3 + 1;
}
C
cat >"$d/main.c" <<'C'
#include "kernels.h"
__attribute__((noinline)) long sum(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += scale(i);
	return s;
}
int main(void)
{
	long s = 0;
	for (int k = 0; k < 6000; k++)
		s += sum(1000);
	return s < 0;
}
C
if (cd "$d" && gcc -g -gdwarf-5 -pg -O0 -o prog main.c && ./prog); then
	# inline_as_gnu NAME ARGS...: with quirks on, ours equals GNU's
	inline_as_gnu() {
		local name=$1
		shift
		(cd "$d" && "$GNU_GPROF" -b "$@" prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
		(cd "$d" && GPROF_GNU_QUIRKS=all "$GPROF" -b "$@" prog gmon.out) >"$SCRATCH/quirk.txt" 2>&1
		expect_same "compat.dwarf5-lines.$name" "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
	}
	inline_as_gnu default
	for set in "-p" "-q" "-z" "-a" "-c" "-C" "-i" "-L" "-T" "-r" "-x -A" "-pscale" \
		"-qscale" "-Pscale" "-Qscale" "-k sum/scale" "-e scale -q" "-F scale -q" \
		"-l" "-l -q" "-l -L" "-A" "-A -l" "-Ascale" "-J" "--inline-file-names" "-q -z -L"; do
		read -ra args <<<"$set"
		inline_as_gnu "$(option_set_name "$set")" "${args[@]}"
	done
	# the single quirk is what names the .c file
	(cd "$d" && GPROF_GNU_QUIRKS=dwarf5-lines,index "$GPROF" -b -q prog gmon.out) >"$SCRATCH/quirk.txt" 2>&1
	(cd "$d" && "$GNU_GPROF" -b -q prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
	expect_same compat.dwarf5-lines.single-quirk "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
	(cd "$d" && "$GPROF" -b prog gmon.out) >"$SCRATCH/ours.txt" 2>&1
	has compat.dwarf5-lines.gnu-names-the-c-file gnu.txt '\[[0-9]+\] scale \(main\.c\)'
	has compat.dwarf5-lines.ours-names-the-header ours.txt '\[[0-9]+\] scale \(kernels\.h\)'
	# -A: the call count on the function's first line, in the file named
	(cd "$d" && "$GNU_GPROF" -b -A prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
	has compat.dwarf5-lines.gnu-count-in-c-file gnu.txt '^ +6000000 -> __attribute__'
	# -y: the annotated files GNU writes, and only those
	mkdir -p "$d/gnu-y" "$d/ours-y"
	cp "$d/prog" "$d/gmon.out" "$d/gnu-y/" && cp "$d/prog" "$d/gmon.out" "$d/ours-y/"
	(cd "$d/gnu-y" && "$GNU_GPROF" -b -y -A prog gmon.out >/dev/null 2>&1)
	(cd "$d/ours-y" && GPROF_GNU_QUIRKS=all "$GPROF" -b -y -A prog gmon.out >/dev/null 2>&1)
	expect_eq compat.dwarf5-lines.y-files "$(cd "$d/gnu-y" && ls ./*-ann)" "$(cd "$d/ours-y" && ls ./*-ann)"
	expect_same compat.dwarf5-lines.y-main "$d/gnu-y/main.c-ann" "$d/ours-y/main.c-ann"
else
	fail compat.dwarf5-lines.build "cannot build or run the header program"
fi

# --- comp-dir: a unit compiled with a relative compilation directory
# (-fdebug-prefix-map=$PWD=., as reproducible builds do).  libdw and BFD
# name a file of that directory under it; BFD 2.40 then joins a DWARF 5
# unit's name to the directory a second time (./src/./src/lines.c, not
# found from the top), and its DWARF 4 name is right.  Built and run
# here; -A needs only the call counts, exact.
d=$SCRATCH/compdir
mkdir -p "$d/src"
cat >"$d/src/lines.c" <<'C'
__attribute__((noinline)) int twice(int x)
{
	return 2 * x;
}
int main(void)
{
	int s = 0;
	for (int i = 0; i < 1000; i++)
		s += twice(i);
	return s < 0;
}
C
if (cd "$d/src" && gcc -g -gdwarf-4 -pg -O0 -fdebug-prefix-map="$d=." -o ../prog4 lines.c &&
	gcc -g -gdwarf-5 -pg -O0 -fdebug-prefix-map="$d=." -o ../prog5 lines.c &&
	cd .. && ./prog4 && mv gmon.out gmon4.out && ./prog5 && mv gmon.out gmon5.out); then
	for v in 4 5; do
		# GNU names itself by its path, ours "gprof"
		(cd "$d" && "$GNU_GPROF" -b -A prog$v gmon$v.out 2>&1) |
			sed "s|^$GNU_GPROF:|gprof:|" >"$SCRATCH/gnu$v.txt"
		(cd "$d" && "$GPROF" -b -A prog$v gmon$v.out) >"$SCRATCH/ours$v.txt" 2>&1
		(cd "$d" && GPROF_GNU_QUIRKS=comp-dir "$GPROF" -b -A prog$v gmon$v.out) \
			>"$SCRATCH/quirk$v.txt" 2>&1
		expect_same "compat.comp-dir.dwarf$v-quirk-equals-gnu" "$SCRATCH/gnu$v.txt" "$SCRATCH/quirk$v.txt"
	done
	# DWARF 4: the same file for both, with or without the quirk
	expect_same compat.comp-dir.dwarf4-ours-equals-gnu "$SCRATCH/gnu4.txt" "$SCRATCH/ours4.txt"
	has compat.comp-dir.dwarf4-annotated ours4.txt '^ +1000 -> \{$'
	# DWARF 5: GNU looks for the doubled path, ours finds the source
	has compat.comp-dir.gnu-joins-twice gnu5.txt "^gprof: could not locate \`\./src/\./src/lines\.c'"
	expect_same compat.comp-dir.dwarf5-ours-as-dwarf4 "$SCRATCH/ours4.txt" "$SCRATCH/ours5.txt"
	(cd "$d" && "$GPROF" --callgrind prog5 gmon5.out) >"$SCRATCH/ours5.callgrind" 2>&1
	expect_eq compat.comp-dir.callgrind-file "fl=./src/lines.c" \
		"$(grep '^fl=' "$SCRATCH/ours5.callgrind" | sort -u)"
else
	fail compat.comp-dir.build "cannot build or run the relative-directory program"
fi

# --- sum-arcs: GNU's gmon.sum holds only the arcs -k left in the call
# graph.  The manual says a sum "contains all the information from the
# profile data files" and that -k deletes arcs "from the call graph": ours
# keeps them (the sum reads as the files it sums), the quirk drops them.
# GNU's sum names each arc by its calling line, not its call site, and
# has stack bytes in its header: compare the reports read from the sums.
sum_k() { # NAME FIXTURE SPEC
	local name=$1 fix=$2 spec=$3 dir
	for dir in gnu quirk ours; do
		rm -rf "$SCRATCH/sk-$dir" && mkdir "$SCRATCH/sk-$dir"
		cp "$fixtures/$fix/prog" "$fixtures/$fix/gmon.out" "$SCRATCH/sk-$dir/"
	done
	(cd "$SCRATCH/sk-gnu" && "$GNU_GPROF" -s -k "$spec" prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
	(cd "$SCRATCH/sk-quirk" && GPROF_GNU_QUIRKS=all "$GPROF" -s -k "$spec" prog gmon.out) \
		>"$SCRATCH/quirk.txt" 2>&1
	(cd "$SCRATCH/sk-ours" && "$GPROF" -s -k "$spec" prog gmon.out) >"$SCRATCH/ours.txt" 2>&1
	expect_same "compat.sum-arcs.$name.output" "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
	for dir in gnu quirk ours; do
		(cd "$SCRATCH/sk-$dir" && "$GNU_GPROF" -b prog gmon.sum) >"$SCRATCH/$dir.sum.txt" 2>&1
	done
	(cd "$SCRATCH/sk-quirk" && GPROF_GNU_QUIRKS=all "$GPROF" -b prog gmon.sum) \
		>"$SCRATCH/quirk.ours.txt" 2>&1
	# what a sum of everything reads as (GNU's own, without -k)
	rm -rf "$SCRATCH/sk-all" && mkdir "$SCRATCH/sk-all"
	cp "$fixtures/$fix/prog" "$fixtures/$fix/gmon.out" "$SCRATCH/sk-all/"
	(cd "$SCRATCH/sk-all" && "$GNU_GPROF" -s prog gmon.out && "$GNU_GPROF" -b prog gmon.sum) \
		>"$SCRATCH/plain.txt" 2>&1
	expect_same "compat.sum-arcs.$name.gnu-reads-alike" "$SCRATCH/gnu.sum.txt" "$SCRATCH/quirk.sum.txt"
	expect_same "compat.sum-arcs.$name.ours-reads-alike" "$SCRATCH/gnu.sum.txt" "$SCRATCH/quirk.ours.txt"
	expect_same "compat.sum-arcs.$name.ours-keeps-arcs" "$SCRATCH/plain.txt" "$SCRATCH/ours.sum.txt"
	if cmp -s "$SCRATCH/gnu.sum.txt" "$SCRATCH/plain.txt"; then
		fail "compat.sum-arcs.$name.gnu-drops-arcs" "-k $spec removed nothing from GNU's sum"
	else
		pass "compat.sum-arcs.$name.gnu-drops-arcs"
	fi
}
sum_k cxx cxx main/_ZNK3geo6Circle4areaEv
sum_k cxx-from-main cxx main/
sum_k deep-recursion deep_recursion descend/descend
sum_k deep-recursion-leaf deep_recursion descend/work
sum_k qsort-callback callbacks apply/op_mul
sum_k callbacks-main callbacks main/
sum_k threads threads compute/mix
sum_k many-functions many_functions f000/

# --- main-only: GNU gprof reads the main program alone.  A profile from
# this project's runtime has a process file beside gmon.out; with quirks
# on it is not read: no other object, no coverage line, no warning.
# An aarch64 profile recorded under qemu (tests/cli/data/cross-aarch64,
# made by its build.sh), whose process file names the board's /lib: read
# here, without quirks, its libraries are missing (warnings) and the
# samples in them are shown; with quirks on, ours equals
# aarch64-linux-gnu-gprof's byte for byte.
cross=$TOP/tests/cli/data/cross-aarch64
AARCH64_GPROF=${AARCH64_GPROF:-aarch64-linux-gnu-gprof}
if ! command -v "$AARCH64_GPROF" >/dev/null; then
	fail compat.main-only.aarch64.oracle "no $AARCH64_GPROF (binutils-aarch64-linux-gnu: build-aux/deps.sh check)"
else
	for set in "" "-q" "-p" "-c" "-l" "-z" "-c -q" "-C" "-i" "-r" "-T" "-L" "-A" "-A -l" \
		"-q -z" "-p -l -L" "-k main/" "-Qchurn"; do
		read -ra args <<<"$set"
		(cd "$cross" && "$AARCH64_GPROF" -b "${args[@]}" prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
		(cd "$cross" && GPROF_GNU_QUIRKS=all "$GPROF" -b "${args[@]}" prog gmon.out) \
			>"$SCRATCH/quirk.txt" 2>&1
		expect_same "compat.main-only.aarch64.$(option_set_name "${set:-default}")" \
			"$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
	done
	# the single quirks that make it so
	(cd "$cross" && GPROF_GNU_QUIRKS=main-only,dwarf5-lines,index,runtime-functions "$GPROF" -b -z \
		prog gmon.out) >"$SCRATCH/quirk.txt" 2>&1
	(cd "$cross" && "$AARCH64_GPROF" -b -z prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
	expect_same compat.main-only.aarch64.single-quirks "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
	# GNU shows this runtime's own functions (-z lists them); ours hides them
	has compat.runtime-functions.gnu-shows gnu.txt '^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +gmon_record_arc$'
	(cd "$cross" && "$GPROF" -b -z prog gmon.out) >"$SCRATCH/ours.txt" 2>/dev/null
	lacks compat.runtime-functions.ours-hides ours.txt '^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +gmon_record_arc'
	# without quirks: the process file is read
	(cd "$cross" && "$GPROF" -b -p prog gmon.out) >"$SCRATCH/ours.txt" 2>&1
	has compat.main-only.ours-reads-process-file ours.txt '^The samples cover '
	has compat.main-only.ours-shows-libc ours.txt ' \[libc\.so\.6\]$'
	expect_eq compat.main-only.missing-object-warning \
		"gprof: warning: /lib/libc.so.6: No such file or directory (recorded on another machine? --sysroot DIR: its root); its samples are shown as [libc.so.6]" \
		"$(grep -m1 'libc.so.6: ' "$SCRATCH/ours.txt" | sed "s#^$GPROF: #gprof: #")"
	has compat.dwarf5-lines.aarch64-ours-header ours.txt ' scale \(kernels\.h\)$|scale$'
fi

# --- sum-lines: with the quirk, -s turns on -l as GNU's does
(cd "$SCRATCH/sum" && "$GNU_GPROF" -s -b -p prog gmon.out) >"$SCRATCH/gnu.txt" 2>&1
(cd "$SCRATCH/sum" && GPROF_GNU_QUIRKS=sum-lines,index,plt "$GPROF" -s -b -p prog gmon.out) \
	>"$SCRATCH/quirk.txt" 2>&1
expect_same compat.sum-lines.quirk-equals-gnu "$SCRATCH/gnu.txt" "$SCRATCH/quirk.txt"
