#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/runtime/t-process.sh: the whole-process profile, .gmon.out.process
# (doc/format.md, "The process file"), read back by progs/process/check.py
# and checked against what the program measured and mapped itself.  The
# program (progs/process/main.c) spends about 300 ms of CPU time in each
# of: its own code, its -pg library libwork.so, a -pg plugin it dlopens
# and dlcloses, libc's memcpy, libm's sin and exp; it sorts with qsort and
# a -pg comparison function; GMON_RATE=1000.
#   runtime.process.written           gmon.out and .gmon.out.process, nothing else
#   runtime.process.read              the file parses, every length exact
#   runtime.process.run-id            equal to gmon.out's spare bytes [8,16), nonzero
#   runtime.process.objects.NAME.*    main, libwork, plugin (flagged unloaded),
#                                     libc, libm: flags, build-id (readelf -n),
#                                     path and bias (the program's own
#                                     /proc/self/maps), executable segments
#   runtime.process.arcs.*            calls inside libwork.so (1234) and the
#                                     plugin (4321) exactly; libwork -> main (77);
#                                     qsort -> compare from inside libc, exactly
#                                     as many as compare counted
#   runtime.process.samples.LIB       samples in libc, libm, libwork, plugin:
#                                     within 30% of the CPU time measured there
#   runtime.process.times.*           CPU time, samples taken, nothing lost
#   runtime.process.gnu.*             GNU gprof reads gmon.out silently, and
#                                     prints the same with the run id zeroed
#   runtime.process.off.*             GMON_PROCESS=0: no process file, zero
#                                     spare bytes, the same call counts
#   runtime.process.threads.*         4 threads in libm: all their samples
#   runtime.process.fork.*            the child writes its own pair, own run id
#   runtime.process.preload.*         LD_PRELOAD=libgmon.so on a glibc -pg build
#   runtime.process.binding.*         a plugin whose mcount binds to glibc's is
#                                     named in one line; none when it binds to ours
#   runtime.process.full.*            tiny tables: one line each, losses counted
#   runtime.process.environment.*     a bad GMON_PROCESS is named and ignored
#   runtime.process.hooks.*           vector registers kept on calls inside a library
#   runtime.process.tables-off.*      GMON_PROCESS_SAMPLES=0, GMON_PROCESS_ARCS=0: objects only
#   runtime.process.dlopen.*          dlopen by bare name along the caller's DT_RUNPATH still works
#   runtime.process.snapshot.*        GMON_SNAPSHOT_SIGNAL writes the pair, same run id
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.process
runtime_scratch
build_tools
cd "$SCRATCH" || exit 2
SRC=$PROGS/process
CHECK="python3 $SRC/check.py"
export LD_LIBRARY_PATH=.

# The link line README shows, with libm and threads for this program.
if ! { $RT_CC -pg -O1 -fno-inline -fPIC -shared -o libwork.so "$SRC/work.c" &&
	$RT_CC -pg -O1 -fno-inline -fPIC -shared -o plugin.so "$SRC/plugin.c" &&
	$RT_CC -pg -O1 -fno-inline -o prog "$SRC/main.c" -L. -lwork -ldl "$LIBGMON_A" \
		-Wl,--export-dynamic -lm -pthread; } 2>build.err; then
	fail runtime.process.build "$(head -3 build.err | xargs)"
	exit 0
fi

# run DIR EXE ARGS...: run EXE in a fresh DIR holding the libraries;
# its stderr in DIR.err
run() {
	local dir=$1
	shift
	rm -rf "$dir" && mkdir "$dir" && cp libwork.so plugin.so "$dir/" &&
		(cd "$dir" && GMON_RATE=1000 "$@" 2>"../$dir.err")
}

# ---- everything, statically linked with libgmon.a
run all "$SCRATCH/prog" all 300
# files DIR: the profiles DIR holds, hidden ones too, in byte order
files() { (cd "$1" && ls -A | LC_ALL=C sort | grep -e gmon -e '\.process$' | xargs); }
expect_eq runtime.process.written ".gmon.out.process gmon.out" "$(files all)"
expect_eq runtime.process.binding.exported-silent "" "$(cat all.err)"
$CHECK all runtime.process all "$SCRATCH/prog"

# GNU gprof: silent, and the spare bytes make no difference to it
gprof_reads runtime.process.gnu.reads prog all/gmon.out
cp all/gmon.out zeroed.out
printf '\0\0\0\0\0\0\0\0' | dd of=zeroed.out bs=1 seek=8 conv=notrunc status=none
"$GNU_GPROF" -b prog all/gmon.out >gnu.ours 2>&1
"$GNU_GPROF" -b prog zeroed.out >gnu.zeroed 2>&1
expect_same runtime.process.gnu.run-id-ignored gnu.zeroed gnu.ours

# ---- GMON_PROCESS=0: today's behaviour
GMON_PROCESS=0 run off "$SCRATCH/prog" all 50
expect_eq runtime.process.off.no-file "gmon.out" "$(files off)"
expect_eq runtime.process.off.spare-bytes-zero "000000000000000000000000" \
	"$(od -A n -t x1 -j 8 -N 12 off/gmon.out | tr -d ' \n')"
# (cpu_ms is called as often as the clock takes to reach the part's time)
expect_eq runtime.process.off.same-calls "$(flat_calls prog all/gmon.out | grep -v '^cpu_ms ')" \
	"$(flat_calls prog off/gmon.out | grep -v '^cpu_ms ')"
gprof_reads runtime.process.off.gnu-reads prog off/gmon.out

# ---- threads: 4 threads in libm, each sampled
run threads "$SCRATCH/prog" threads 200
$CHECK threads runtime.process.threads threads

# ---- fork: the child's own pair, with its own run id
run fork "$SCRATCH/prog" fork 300
$CHECK fork runtime.process.fork fork

# ---- LD_PRELOAD into a -pg program built against glibc's runtime
if $RT_CC -pg -O1 -fno-inline -o prog.glibc "$SRC/main.c" -L. -lwork -ldl -lm -pthread 2>build.err; then
	run preload env LD_PRELOAD="$LIBGMON_SO" "$SCRATCH/prog.glibc" all 300
	$CHECK all runtime.process.preload preload "$SCRATCH/prog.glibc"
else
	fail runtime.process.preload.build "$(head -1 build.err)"
fi

# ---- a plugin whose mcount is glibc's: one line, naming it
$RT_CC -pg -O1 -o noexport "$SRC/noexport.c" "$LIBGMON_A"
$RT_CC -pg -O1 -o noexport.hidden "$SRC/noexport.c" "$LIBGMON_A" -Wl,--exclude-libs,ALL
run deep "$SCRATCH/noexport" deepbind
expect_eq runtime.process.binding.deepbind-named \
	"libgmon: ./plugin.so: its mcount is another profiling runtime's (glibc's, by RTLD_DEEPBIND), so its calls are not counted" \
	"$(cat deep.err)"
run hidden "$SCRATCH/noexport.hidden"
expect_eq runtime.process.binding.not-exported-named \
	"libgmon: ./plugin.so: its mcount is another profiling runtime's (glibc's), so its calls are not counted: link the program with -Wl,--export-dynamic" \
	"$(cat hidden.err)"
run plain "$SCRATCH/noexport"
expect_eq runtime.process.binding.plain-silent "" "$(cat plain.err)"

# ---- full tables: said once each, counted in the file, which is written
GMON_PROCESS_SAMPLES=1 GMON_PROCESS_ARCS=1 run full "$SCRATCH/prog" all 100
expect_eq runtime.process.full.messages \
	"libgmon: arc table full: calls from outside the main program are lost (set GMON_PROCESS_ARCS)
libgmon: sample table full: samples outside the main program are lost (set GMON_PROCESS_SAMPLES)" \
	"$(sort full.err)"
read -r samples_lost calls_lost < <($CHECK lost full/.gmon.out.process 2>&1)
if [ "${samples_lost:-0}" -gt 0 ] 2>/dev/null && [ "${calls_lost:-0}" -gt 1000 ] 2>/dev/null; then
	pass runtime.process.full.losses-counted
else
	fail runtime.process.full.losses-counted "samples lost ${samples_lost:-?}, calls lost ${calls_lost:-?}"
fi

# ---- a bad setting: named, and the default kept
GMON_PROCESS=yes run bad "$SCRATCH/prog" all 10
expect_eq runtime.process.environment.bad-value \
	"libgmon: ignoring GMON_PROCESS=yes: not 0 or 1" "$(cat bad.err)"
expect_eq runtime.process.environment.bad-value.default ".gmon.out.process gmon.out" "$(files bad)"

# ---- floating-point arguments survive the hook on calls made inside a
# shared library (the whole-process arc table's paths: first call, common)
printf 'int floats_main(void);\nint main(void) { return floats_main(); }\n' >floats-main.c
for variant in pg fentry cyg; do
	case $variant in
	pg) flags=-pg ;; fentry) flags="-pg -mfentry" ;; cyg) flags=-finstrument-functions ;;
	esac
	# shellcheck disable=SC2086
	$RT_CC $flags -O1 -fPIC -shared -Dmain=floats_main -o "libfloats-$variant.so" "$PROGS/floats.c"
	$RT_CC -pg -O1 -o "floats-$variant" floats-main.c -L. "-lfloats-$variant" "$LIBGMON_A" \
		-Wl,--export-dynamic
	mkdir -p "floats-$variant.d"
	expect_eq "runtime.process.hooks.$variant.vector-registers-kept" ok \
		"$(cd "floats-$variant.d" && LD_LIBRARY_PATH=.. "../floats-$variant" 2>/dev/null)"
	expect_eq "runtime.process.hooks.$variant.vector-registers-kept.full-table" ok \
		"$(cd "floats-$variant.d" && LD_LIBRARY_PATH=.. GMON_PROCESS_ARCS=1 "../floats-$variant" 2>/dev/null)"
	(cd "floats-$variant.d" && LD_LIBRARY_PATH=.. "../floats-$variant" >/dev/null 2>&1)
	arcs=$(cd "floats-$variant.d" && $CHECK dump .gmon.out.process | grep -c '^arc libfloats')
	if [ "$arcs" -ge 3 ]; then
		pass "runtime.process.hooks.$variant.arcs-counted"
	else
		fail "runtime.process.hooks.$variant.arcs-counted" "$arcs arcs into libfloats-$variant.so"
	fi
done

# ---- GMON_PROCESS_SAMPLES=0 GMON_PROCESS_ARCS=0: objects and times only
GMON_PROCESS_SAMPLES=0 GMON_PROCESS_ARCS=0 run bare "$SCRATCH/prog" all 50
expect_eq runtime.process.tables-off.no-samples-no-arcs "rate 1000 samples 0 0 arcs 0" \
	"$(cd bare && $CHECK dump .gmon.out.process | awk '/^rate/ { r = $0 } /^arc / { n++ } END { print r, "arcs", n + 0 }')"
expect_eq runtime.process.tables-off.objects "yes" \
	"$(cd bare && $CHECK dump .gmon.out.process | grep -q 'libwork.so$' && echo yes)"

# ---- dlopen's caller: a library that opens a plugin by its bare name,
# found along its own DT_RUNPATH ($ORIGIN/sub), still finds it with our
# dlopen in between (statically linked, and preloaded); the plugin is
# named in the process file all the same (at exit)
mkdir -p rp/sub
$RT_CC -pg -O1 -fno-inline -fPIC -shared -DINNER -o rp/sub/libinner.so "$SRC/loader.c"
$RT_CC -pg -O1 -fPIC -shared -Wl,--enable-new-dtags -Wl,-rpath,'$ORIGIN/sub' \
	-o rp/libloader.so "$SRC/loader.c"
printf 'int load_inner(void);\nint main(void) { return load_inner(); }\n' >rp/main.c
$RT_CC -pg -O1 -o rp/prog rp/main.c -Lrp -lloader -ldl "$LIBGMON_A" -Wl,--export-dynamic \
	-Wl,-rpath,'$ORIGIN'
$RT_CC -pg -O1 -o rp/prog.glibc rp/main.c -Lrp -lloader -ldl -Wl,-rpath,'$ORIGIN'
for variant in static preload; do
	rm -f rp/gmon.out*
	if [ $variant = static ]; then
		(cd rp && ./prog 2>&1)
	else
		(cd rp && LD_PRELOAD=$LIBGMON_SO ./prog.glibc 2>&1)
	fi >rp.$variant.err
	expect_eq "runtime.process.dlopen.caller-runpath.$variant" "0 " "$? $(cat rp.$variant.err)"
	expect_eq "runtime.process.dlopen.named-at-exit.$variant" \
		"arc libinner.so:inner_run libinner.so:inner_leaf 55" \
		"$(cd rp && $CHECK dump .gmon.out.process | grep '^arc libinner.so:inner_run ')"
done

# ---- a snapshot (GMON_SNAPSHOT_SIGNAL): the pair written from the signal
# handler mid-run, with the run's id, and again at exit
$RT_CC -pg -O1 -o daemon "$PROGS/daemon.c" "$LIBGMON_A"
rm -rf snap && mkdir snap
start_waiting snap env GMON_SNAPSHOT_SIGNAL=USR1 ../daemon
kill -USR1 $PID
for _ in $(seq 100); do [ -f snap/.gmon.out.process ] && break; sleep 0.05; done
snapshot=$(cd snap && $CHECK ids gmon.out .gmon.out.process 2>&1)
finish_waiting
final=$(cd snap && $CHECK ids gmon.out .gmon.out.process 2>&1)
read -r gmon_id process_id <<<"$snapshot"
if [ -n "${gmon_id:-}" ] && [ "$gmon_id" = "${process_id:-}" ] && [ "$gmon_id" != 0 ]; then
	pass runtime.process.snapshot.pair
else
	fail runtime.process.snapshot.pair "after the signal: [$snapshot]"
fi
expect_eq runtime.process.snapshot.same-run-at-exit "$snapshot" "$final"
