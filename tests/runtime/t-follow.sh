#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-follow.sh: a tree of processes under gprof-run --follow, listed by
# gprof --processes and summed by gprof PROG FILES.  Nothing here depends
# on timing: the workers do a given number of work units, and what is
# checked is who ran, under whom, with which arguments, and that sums
# add up.
#   follow.tree.*        gprof-run -f sh -c './w 6 & ./w 4 & ./w 3; sh -c
#                        "exec ./w 2"; wait': the four workers with their
#                        parent and arguments, the shells, the exec chain
#   follow.sum.*         gprof w FILES: the four runs' samples summed, as
#                        each file read alone says; one line on what was
#                        skipped; none of w: refused, as before
#   follow.spawn.*       posix_spawn and vfork children listed
#   follow.fork.*        a forked child listed under its parent
#   follow.exec.*        an exec chain keeps both images (PREFIX.PID-2)
#   follow.dir.*         every file where gprof-run started (-o or
#                        GMON_OUT_PREFIX: PREFIX.PID)
#   follow.pg.*          a -pg program's file names its process too
#   follow.args.*        arguments past 16 KiB cut at a whole one, said
#   follow.off.*         without -f, only the first process writes
#   follow.processes.*   --processes on crafted process files: exact
#                        bytes of the tree, the CPU order and --json; a
#                        file without the identity record still reads;
#                        parents in a loop (pids reused) list each once; a
#                        damaged one is refused in one line
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime follow
runtime_scratch
cd "$SCRATCH" || exit 2
RUN=$TOP/run/gprof-run
export GPROF_RUN_LIBGMON=$LIBGMON_SO

# w N: N work units (no -pg: gprof-run profiles it as it is)
cat >w.c <<'C'
#include <stdlib.h>
static volatile unsigned long sink;
__attribute__((noinline)) void unit(void)
{
	for (unsigned long i = 0; i < 3000000; i++)
		sink = sink + i;
}
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	for (long i = 0; i < n; i++)
		unit();
	return 0;
}
C
# spawner: ./w 2 by posix_spawn, ./w 3 by vfork and exec, waits for both
cat >spawner.c <<'C'
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char **environ;
int main(void)
{
	char *a[] = { "./w", "2", 0 }, *b[] = { "./w", "3", 0 };
	pid_t p, q;
	if (posix_spawn(&p, "./w", 0, 0, a, environ) != 0)
		return 1;
	q = vfork();
	if (q == 0) {
		execv("./w", b);
		_exit(127);
	}
	waitpid(p, 0, 0);
	waitpid(q, 0, 0);
	return 0;
}
C
# forker: a forked child that works and exits
cat >forker.c <<'C'
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
static volatile unsigned long sink;
int main(void)
{
	pid_t p = fork();
	if (p == 0) {
		for (unsigned long i = 0; i < 1000000; i++)
			sink = sink + i;
		exit(0);
	}
	waitpid(p, 0, 0);
	return 0;
}
C
# chain: execs ./w 2
cat >chain.c <<'C'
#include <unistd.h>
int main(void)
{
	execl("./w", "./w", "2", (char *)0);
	return 1;
}
C
if ! $RT_CC -O1 -o w w.c 2>build.err || ! $RT_CC -O1 -o spawner spawner.c 2>>build.err ||
	! $RT_CC -O1 -o chain chain.c 2>>build.err || ! $RT_CC -O1 -o forker forker.c 2>>build.err; then
	fail follow.build "$(head -3 build.err | xargs)"
	exit 0
fi
SH=$(readlink -f /bin/sh)
W=$SCRATCH/w

# rows PROGRAM: "pid parent arguments..." of each listed process of
# PROGRAM (the text's columns), sorted
rows() { awk -v p="$1" 'NR > 3 && NF >= 5 && $5 == p { $3 = ""; $4 = ""; $5 = ""; print }' |
	tr -s ' ' | sed 's/^ //' | sort; }

# ---- a shell's tree (the workers run from here as ./w)
mkdir tree && cp w tree/ && cd tree || exit 2
"$RUN" -f sh -c 'echo $$ >top; ./w 6 & ./w 4 & ./w 3; sh -c "exec ./w 2"; wait' 2>err
status=$?
top=$(cat top)
expect_eq follow.tree.status "0 " "$status $(cat err)"
"$GPROF" --processes gmon.out.* >list 2>list.err
expect_eq follow.tree.reads "0" "$?$(cat list.err)"
inner=$(ls gmon.out.*-2 2>/dev/null | sed 's/.*\.\([0-9]*\)-2$/\1/')
workers=$(rows w <list | awk '{ print $2, $3 }' | sort -k2)
expect_eq follow.tree.workers "$top 2
$top 3
$top 4
$top 6" "$workers"
expect_eq follow.tree.worker-args "2 3 4 6" "$(rows w <list | awk '{ print $NF }' | sort | xargs)"
# the exec chain: the inner shell, image 1, and w 2 in the same pid, under it
expect_eq follow.tree.inner-shell "$inner $top -c 'exec ./w 2'" \
	"$(rows "$(basename "$SH")" <list | grep -v "^$top ")"
expect_eq follow.tree.exec-image "$inner" "$(rows w <list | awk '$NF == 2 { print $1 }')"
# the exec'd w is indented under its shell: two more spaces
shell_col=$(grep -F -- "-c 'exec ./w 2'" list | awk '{ print index($0, $5) }')
w2_col=$(awk -v pid="$inner" '$1 == pid && $5 == "w" { print index($0, $5) }' list)
expect_eq follow.tree.exec-indent "$((shell_col + 2))" "$w2_col"
# the outer shell ends with _exit (dash): listed once the runtime writes there
if [ -e "gmon.out.$top" ]; then
	expect_eq follow.tree.outer-shell "$top -c" \
		"$(rows "$(basename "$SH")" <list | awk -v t="$top" '$1 == t { print $1, $3 }')"
else
	pass "follow.tree.outer-shell # skip: dash ends with _exit, which this runtime does not see"
fi
files=$(ls gmon.out.* | wc -l)
shells=$((files - 4))

# ---- gprof w FILES: the four runs' samples summed; one line on the rest
total_of() { python3 -c 'import json,sys; print(json.load(sys.stdin)["histogram"]["total_samples"])'; }
sum=0
for f in gmon.out.*; do
	if "$GPROF" --json ../w "$f" >one.json 2>/dev/null; then
		sum=$((sum + $(total_of <one.json)))
	fi
done
"$GPROF" --json ../w gmon.out.* >all.json 2>all.err
expect_eq follow.sum.samples "$sum" "$(total_of <all.json)"
expect_eq follow.sum.skipped-line \
	"gprof: ../w: skipped $shells of the $files profile files, of other programs: $SH ($shells)" \
	"$(cat all.err)"
w_rows=$(rows w <list | wc -l)
expect_eq follow.sum.four-workers "4" "$w_rows"
# no program named: the first file's, w here
wpid=$(rows w <list | awk '$NF == 6 { print $1 }')
"$GPROF" -b "gmon.out.$wpid" $(ls gmon.out.* | grep -vx "gmon.out.$wpid") >/dev/null 2>unnamed.err
expect_eq follow.sum.unnamed "0 gprof: $PWD/w: skipped $shells of the $files profile files, of other programs: $SH ($shells)
gprof: gmon.out.$wpid: no program named: reading $PWD/w, the program its process file names" \
	"$? $(cat unnamed.err)"
# a process of w alone among files of another program: refused as before
"$GPROF" -b ../w "gmon.out.$inner" >/dev/null 2>refused.err
expect_eq follow.sum.none-refused "1 gprof: gmon.out.$inner: a profile of $SH, not of ../w" \
	"$? $(cat refused.err)"
# the GNU quirk reads on without the line
GPROF_GNU_QUIRKS=other-program "$GPROF" -b ../w gmon.out.* >/dev/null 2>quirk.err
expect_eq follow.sum.quirk-no-line "" "$(grep skipped quirk.err)"
cd .. || exit 2

# ---- posix_spawn and vfork children
mkdir spawn && cp w spawner spawn/ && cd spawn || exit 2
"$RUN" -f ./spawner 2>err &
parent=$!
wait $parent
"$GPROF" --processes gmon.out.* >list 2>&1
expect_eq follow.spawn.children "$parent 2
$parent 3" "$(rows w <list | awk '{ print $2, $NF }' | sort)"
expect_eq follow.spawn.parent "$parent" "$(rows spawner <list | awk '{ print $1 }')"
cd .. || exit 2

# ---- a forked child: under its parent, the same program and arguments
mkdir fork && cp forker fork/ && cd fork || exit 2
"$RUN" -f ./forker x 2>err &
parent=$!
wait $parent
"$GPROF" --processes gmon.out.* >list 2>&1
expect_eq follow.fork.child "$parent $$ forker x
$parent forker x" "$(awk 'NR > 3 && NF >= 5 { print $1 == "'$parent'" ? $1 " " $2 : $2, $5, $6 }' list)"
cd .. || exit 2

# ---- an exec chain keeps both images
mkdir images && cp w chain images/ && cd images || exit 2
"$RUN" -f ./chain 2>err &
pid=$!
wait $pid
expect_eq follow.exec.files "gmon.out.$pid gmon.out.$pid-2" "$(ls gmon.out.* | xargs)"
"$GPROF" --processes gmon.out.* >list 2>&1
# the program column, where it starts: w under chain, two more spaces
expect_eq follow.exec.images "$pid chain 38
$pid w 40" "$(awk 'NR > 3 && NF >= 5 { print $1, $5, index($0, $5) }' list)"
cd .. || exit 2

# ---- every file lands where gprof-run started, whichever directory a
# process runs in; -o PREFIX names them
mkdir where where/d where/out && cp w where/ && cd where || exit 2
"$RUN" -f sh -c 'cd d && exec ../w 1' 2>err &
pid=$!
wait $pid
expect_eq follow.dir.start "gmon.out.$pid gmon.out.$pid-2 |" "$(ls gmon.out.* | xargs) |$(ls d)"
"$RUN" -f -o out/p sh -c 'cd d && exec ../w 1' 2>err &
pid=$!
wait $pid
expect_eq follow.dir.prefix "out/p.$pid out/p.$pid-2" "$(ls out/p.* | xargs)"
GMON_OUT_PREFIX=run "$RUN" -f ./w 1 2>err &
pid=$!
wait $pid
expect_eq follow.dir.environment "run.$pid" "$(ls run.* | xargs)"
cd .. || exit 2

# ---- a -pg program names itself too (libgmon.a); arguments past 16 KiB
# are cut at a whole argument, and say so
mkdir pg && cd pg || exit 2
if build_ours wpg ../w.c 2>build.err; then
	GMON_OUT_PREFIX=p ./wpg 1 a 'b c' &
	pid=$!
	wait $pid
	"$GPROF" --processes "p.$pid" >list 2>&1
	expect_eq follow.pg.identity "$pid $$ wpg 1 a 'b c'" \
		"$(awk 'NR == 4 { print $1, $2, substr($0, index($0, $5)) }' list)"
else
	fail follow.pg.identity "$(head -3 build.err | xargs)"
fi
"$RUN" -f ../w 1 $(seq 100000 105000) 2>err &
pid=$!
wait $pid
"$GPROF" --processes --json "gmon.out.$pid" >long.json 2>&1
expect_eq follow.args.cut "True 2341 102338 16380" "$(python3 -c '
import json, sys
p = json.load(sys.stdin)["processes"][0]
a = p["arguments"]
print(p["arguments_cut"], len(a), a[-1], sum(len(x) + 1 for x in a))' <long.json)"
"$GPROF" --processes "gmon.out.$pid" >long.txt 2>&1
expect_eq follow.args.cut-text "163 ..." "$(awk 'NR == 4 { l = substr($0, index($0, $5)); print length(l), substr(l, length(l) - 2) }' long.txt)"
cd .. || exit 2

# ---- without -f, only the first process writes
mkdir off off-chain off-shell && cp w spawner off/ && cp w chain off-chain/ && cp w off-shell/ || exit 2
(cd off && "$RUN" ./spawner 2>err)
expect_eq follow.off.spawn "gmon.out" "$(cd off && ls gmon.out* | xargs)"
(cd off-chain && "$RUN" ./chain 2>err)
expect_eq follow.off.exec "gmon.out" "$(cd off-chain && ls gmon.out* | xargs)"
# the shell itself ends with _exit (dash): whether it writes gmon.out is
# the runtime's business there; none of its children writes
(cd off-shell && "$RUN" sh -c './w 1; ./w 1 & wait' 2>err)
expect_eq follow.off.shell "" "$(cd off-shell && ls gmon.out.* 2>/dev/null | xargs)"

# ---- --processes on crafted process files
mkdir crafted && cd crafted || exit 2
python3 - <<'PY'
import struct
def rec(tag, body): return struct.pack('<II', tag, len(body)) + body
def obj(path):
    p = path.encode()
    return rec(1, struct.pack('<IIQI', 0, 1, 0x400000, 1) + struct.pack('<QQ', 0x401000, 0x402000)
               + struct.pack('<I', 0) + struct.pack('<I', len(p)) + p)
def times(user_ms, sys_ms, samples):
    return rec(4, struct.pack('<QQQQQQII', user_ms * 1000000, sys_ms * 1000000, samples, 0, 0, 0, 1, 0))
def ident(pid, ppid, image, start, args, before=(0, 0), flags=0):
    a = b''.join(x.encode() + b'\0' for x in args)
    return rec(7, struct.pack('<IIIIQQQII', pid, ppid, image, flags, start, before[0], before[1],
                              len(args), len(a)) + a)
def write(name, *records, run=1):
    with open(name, 'wb') as f:
        f.write(b'gmpx' + struct.pack('<IQI', 1, run, 0) + bytes(12) + b''.join(records))
write('.p100.process', obj('/usr/bin/make'), times(50, 20, 7), ident(100, 1, 1, 1000, ['make', '-j2']))
write('.p101.process', obj('/usr/bin/dash'), times(1, 2, 0), ident(101, 100, 1, 2000, ['/bin/sh', '-c', 'cc -c a.c']))
write('.p101-2.process', obj('/usr/bin/gcc'), times(31, 1, 3), ident(101, 100, 2, 2500, ['cc', '-c', 'a.c'], (1000000, 0)))
write('.p102.process', obj('/usr/lib/gcc/cc1'), times(1200, 100, 130), ident(102, 101, 1, 3000, ['/usr/lib/gcc/cc1', '-quiet', 'a.c', '-o', '/tmp/cc x.s']))
write('.p103.process', obj('/usr/lib/gcc/cc1'), times(800, 40, 84), ident(103, 100, 1, 2200, ['cc1', 'b.c']))
write('.old.process', obj('/usr/bin/true'), times(5, 0, 1))
write('.loop1.process', obj('/usr/bin/true'), times(0, 0, 0), ident(200, 201, 1, 10, ['true']))
write('.loop2.process', obj('/usr/bin/true'), times(0, 0, 0), ident(201, 200, 1, 20, ['true']))
write('.bad.process', obj('/usr/bin/true'), rec(7, struct.pack('<IIII', 1, 2, 3, 4)))
PY
files=".p100.process .p101.process .p101-2.process .p102.process .p103.process"
cat >tree.expected <<'EOF'
5 processes, 2.24 seconds of CPU

     pid   parent    cpu s  samples  program
     100        1     0.07        7  make -j2
     101      100     0.00        0    dash -c 'cc -c a.c'
     101      100     0.03        3      gcc -c a.c
     102      101     1.30      130        cc1 -quiet a.c -o '/tmp/cc x.s'
     103      100     0.84       84    cc1 b.c

   cpu s processes  program
    2.14         2  /usr/lib/gcc/cc1
    0.07         1  /usr/bin/make
    0.03         1  /usr/bin/gcc
    0.00         1  /usr/bin/dash
EOF
# shellcheck disable=SC2086
"$GPROF" --processes $files >tree.out 2>&1
expect_same follow.processes.tree tree.expected tree.out
cat >cpu.expected <<'EOF'
5 processes, 2.24 seconds of CPU

     pid   parent    cpu s  samples  program
     102      101     1.30      130  cc1 -quiet a.c -o '/tmp/cc x.s'
     103      100     0.84       84  cc1 b.c
     100        1     0.07        7  make -j2
     101      100     0.03        3  gcc -c a.c
     101      100     0.00        0  dash -c 'cc -c a.c'

   cpu s processes  program
    2.14         2  /usr/lib/gcc/cc1
    0.07         1  /usr/bin/make
    0.03         1  /usr/bin/gcc
    0.00         1  /usr/bin/dash
EOF
# shellcheck disable=SC2086
"$GPROF" --processes=cpu $files >cpu.out 2>&1
expect_same follow.processes.cpu cpu.expected cpu.out
cat >json.expected <<'EOF'
{
  "format_version": 1,
  "processes": [
    {"pid": 100, "parent": 1, "image": 1, "depth": 0, "cpu_seconds": 0.070000000, "samples": 7, "program": "/usr/bin/make", "arguments": ["make", "-j2"], "arguments_cut": false, "file": ".p100.process"},
    {"pid": 101, "parent": 100, "image": 1, "depth": 1, "cpu_seconds": 0.003000000, "samples": 0, "program": "/usr/bin/dash", "arguments": ["/bin/sh", "-c", "cc -c a.c"], "arguments_cut": false, "file": ".p101.process"},
    {"pid": 101, "parent": 100, "image": 2, "depth": 2, "cpu_seconds": 0.031000000, "samples": 3, "program": "/usr/bin/gcc", "arguments": ["cc", "-c", "a.c"], "arguments_cut": false, "file": ".p101-2.process"},
    {"pid": 102, "parent": 101, "image": 1, "depth": 3, "cpu_seconds": 1.300000000, "samples": 130, "program": "/usr/lib/gcc/cc1", "arguments": ["/usr/lib/gcc/cc1", "-quiet", "a.c", "-o", "/tmp/cc x.s"], "arguments_cut": false, "file": ".p102.process"},
    {"pid": 103, "parent": 100, "image": 1, "depth": 1, "cpu_seconds": 0.840000000, "samples": 84, "program": "/usr/lib/gcc/cc1", "arguments": ["cc1", "b.c"], "arguments_cut": false, "file": ".p103.process"}
  ],
  "programs": [
    {"program": "/usr/lib/gcc/cc1", "cpu_seconds": 2.140000000, "processes": 2},
    {"program": "/usr/bin/make", "cpu_seconds": 0.070000000, "processes": 1},
    {"program": "/usr/bin/gcc", "cpu_seconds": 0.031000000, "processes": 1},
    {"program": "/usr/bin/dash", "cpu_seconds": 0.003000000, "processes": 1}
  ]
}
EOF
# shellcheck disable=SC2086
"$GPROF" --processes --json $files >json.out 2>&1
expect_same follow.processes.json json.expected json.out
cat >old.expected <<'EOF'
1 process, 0.01 seconds of CPU

     pid   parent    cpu s  samples  program
       -        -     0.01        1  true

   cpu s processes  program
    0.01         1  /usr/bin/true
EOF
"$GPROF" --processes .old.process >old.out 2>&1
expect_same follow.processes.old-file old.expected old.out
cat >loop.expected <<'EOF'
2 processes, 0.00 seconds of CPU

     pid   parent    cpu s  samples  program
     200      201     0.00        0  true
     201      200     0.00        0    true

   cpu s processes  program
    0.00         2  /usr/bin/true
EOF
"$GPROF" --processes .loop2.process .loop1.process >loop.out 2>&1
expect_same follow.processes.parent-loop loop.expected loop.out
"$GPROF" --processes .bad.process >bad.out 2>&1
expect_eq follow.processes.damaged \
	"1 gprof: .bad.process: truncated identity record at offset 105" "$? $(cat bad.out)"
mkfifo fifo
timeout 10 "$GPROF" --processes fifo >fifo.out 2>&1
expect_eq follow.processes.fifo "1 gprof: fifo: a FIFO, not a regular file" "$? $(cat fifo.out)"
"$GPROF" --processes >none.out 2>&1
expect_eq follow.processes.no-files \
	"1 gprof: --processes lists the processes of profile files: name them (gprof --processes gmon.out.*)" \
	"$? $(cat none.out)"
cd .. || exit 2
