#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-hostile.sh: gprof against process files made to hurt it
# (issue 24, "Hardening II"): many object records (linear time, memory
# bounded by the file), object paths that name what is not an object
# (/proc, devices, FIFOs), control bytes in paths and names, model
# ranges that would collide, and the files -s writes.  The process files
# are written by tests/cli/craft_process.py.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
fixture=$TOP/tests/corpus/fixtures/cycle2
craft=$TOP/tests/cli/craft_process.py
cp "$fixture/prog" "$fixture/gmon.out" .
cp gmon.out gmon.orig

# Under AddressSanitizer (make check-sanitize) the address space is the
# sanitizer's: the memory bound is not checked there.
sanitized=false
nm "$GPROF" 2>/dev/null | grep -q __asan_init && sanitized=true

# crafted NAME JSON-MEMBERS: NAME.out and .NAME.out.process from the spec
crafted() {
	cp gmon.orig "$1.out"
	echo "{\"run_id\": \"0x1122334455667788\"${2:+, $2}}" >"$1.json"
	"$craft" "$1.json" "$1.out"
}

# ---------------------------------------------------------------- many objects
# 60,000 minimal object records (4.5 MB): each used to cost 37 KiB (a
# table inline in struct object) and two comparisons with every object
# before it.  Memory: under a 200 MB address-space limit (it took 2.2 GB).
crafted many '"many_objects": {"count": 60000}'
if $sanitized; then
	echo "# under AddressSanitizer: process.scale.objects-memory not checked"
else
	(ulimit -v 200000 && exec "$GPROF" -b -p prog many.out) >many.txt 2>many.err
	rc=$?
	expect_eq process.scale.objects-memory "0:60000:" \
		"$rc:$(grep -c '^gprof: warning: /nonexistent/lib[0-9]*\.so: No such file' many.err):$(grep -v '^gprof: warning: /nonexistent/' many.err)"
fi
# Time: instructions counted by valgrind (exact, whatever the machine):
# four times the records must cost less than 5.5 times the instructions
# (linear: about 4; the all-pairs checks made it 9.7)
if ! command -v valgrind >/dev/null; then
	echo "# valgrind missing: process.scale.objects-linear skipped"
elif $sanitized; then
	echo "# under AddressSanitizer: process.scale.objects-linear skipped"
else
	instructions() {
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$GPROF" -b -p prog "$1" 2>&1 >/dev/null |
			sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p'
	}
	crafted small '"many_objects": {"count": 2000}'
	crafted large '"many_objects": {"count": 8000}'
	small=$(instructions small.out)
	large=$(instructions large.out)
	if [ -n "$small" ] && [ -n "$large" ] && [ $((large * 2)) -lt $((small * 11)) ]; then
		pass process.scale.objects-linear
	else
		fail process.scale.objects-linear "2,000 objects: ${small:-?} instructions, 8,000: ${large:-?} (ratio over 5.5)"
	fi
fi

# ---------------------------------------------------------------- what paths name
# objects NAME PATH...: a process file naming each PATH as an object (no
# build-id, one segment each), read by gprof -b -p within 20 seconds
objects() {
	local name=$1 k=0 list="" p
	shift
	for p; do
		k=$((k + 1))
		list="$list${list:+, }{\"number\": $k, \"bias\": 0, \"segments\": [[$((0x10000000 + k * 0x10000)), $((0x10000000 + k * 0x10000 + 4096))]], \"path\": \"$p\"}"
	done
	crafted "$name" "\"objects\": [$list]"
	timeout 20 "$GPROF" -b -p prog "$name.out" >"$name.txt" 2>"$name.err"
}
mkfifo fifo.so
ln -s /proc/self/status kernel.so
printf 'not an object' >text.so
objects paths /proc/self/status /dev/null "$PWD/fifo.so" "$PWD/kernel.so" /sys/kernel/notes
expect_eq process.hostile.object-paths "0|gprof: warning: /proc/self/status: under /proc, /dev or /sys, not an object file; its samples are shown as [status]|gprof: warning: /dev/null: under /proc, /dev or /sys, not an object file; its samples are shown as [null]|gprof: warning: $PWD/fifo.so: a FIFO, not a regular file; its samples are shown as [fifo.so]|gprof: warning: $PWD/kernel.so: a kernel file (proc, sysfs...), not an object file; its samples are shown as [kernel.so]|gprof: warning: /sys/kernel/notes: under /proc, /dev or /sys, not an object file; its samples are shown as [notes]|" \
	"$?|$(tr '\n' '|' <paths.err)"
# without a build-id, a file is the object only if it holds the code where
# the process file says it ran (prog's code is not at 0x10010000)
objects elsewhere "$PWD/prog"
expect_eq process.hostile.object-not-the-one "0|gprof: warning: $PWD/prog: not the file that ran (its code is not where it ran); its samples are shown as [prog]|" \
	"$?|$(tr '\n' '|' <elsewhere.err)"

# a FIFO in the process file's place: refused in one line, never waited on
crafted fifo
rm .fifo.out.process && mkfifo .fifo.out.process
timeout 20 "$GPROF" -b prog fifo.out >fifo.txt 2>fifo.err
expect_eq process.hostile.process-file-fifo "1|gprof: .fifo.out.process: a FIFO, not a regular file|" \
	"$?|$(tr '\n' '|' <fifo.err)"

# ---------------------------------------------------------------- control bytes
# A library whose function names hold a terminal escape, a newline and
# characters XML forbids (patched into its string tables, same lengths):
# hotAAAAAAAA -> hot ESC[1m LF U+FFFE; warmBBBBBBBB -> warm U+FFFF, a lone
# surrogate, 0xFF, 0x01.  Its path holds an escape and a newline too.
cat >evil.c <<'C'
int hotAAAAAAAA(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i; return s; }
int warmBBBBBBBB(int n) { return n * 3 + 1; }
C
evil_dir=$PWD/$'e\033]0;title\007\n'
mkdir -p "$evil_dir"
cc -O1 -shared -fPIC -Wl,--build-id -o libevil.so evil.c &&
python3 - libevil.so <<'PY'
import sys
p = sys.argv[1]
b = open(p, 'rb').read()
b = b.replace(b'hotAAAAAAAA', b'hot\x1b[1m\n\xef\xbf\xbe')
b = b.replace(b'warmBBBBBBBB', b'warm\xef\xbf\xbf\xed\xa0\x80\xff\x01')
open(p, 'wb').write(b)
PY
cp libevil.so "$evil_dir/libevil.so"
symbol() { nm --defined-only libevil.so | LC_ALL=C awk -v n="$1" 'index($3, n) == 1 { print "0x" $1 }'; }
hot=$(symbol hot)
warm=$(symbol warm)
main_fn=$(symbol_address prog main)
main_text=$(text_section prog)
read -r mt ms <<<"$main_text"
read -r lt ls < <(text_section libevil.so)
B0=0x555555554000 B1=0x7f0000000000
evil_json=$(python3 -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$evil_dir/libevil.so")
crafted evil "\"objects\": [
  {\"number\": 0, \"flags\": 1, \"bias\": \"$B0\", \"segments\": [[$((mt + B0)), $((mt + ms + B0))]], \"path\": \"$PWD/prog\"},
  {\"number\": 1, \"bias\": \"$B1\", \"segments\": [[$((lt + B1)), $((lt + ls + B1))]],
   \"build_id\": \"$(build_id libevil.so)\", \"path\": $evil_json},
  {\"number\": 2, \"bias\": 0, \"segments\": [[\"0x10000000\", \"0x10001000\"]], \"path\": \"/nonexistent/a\\u001b[2Jb\\nc.so\"}],
 \"rate\": 100, \"samples\": [[$((hot + 4 + B1)), 30], [$((warm + B1)), 10], [\"0x10000010\", 5]],
 \"stacks\": {\"entries\": [[30, [$((hot + 4 + B1)), $((main_fn + 8 + B0))]], [10, [$((warm + B1)), $((main_fn + 8 + B0))]]]}"
"$GPROF" -b -p prog evil.out >evil.txt 2>evil.err
rc=$?
# no control byte but the lines' own newlines (and the reports' form feeds)
controls=$(cat evil.txt evil.err | LC_ALL=C tr -d '\n\f' | LC_ALL=C grep -c '[[:cntrl:]]')
expect_eq process.hostile.escaped.no-control-byte "0:0" "$rc:$controls"
expect_eq process.hostile.escaped.warning \
	'gprof: warning: /nonexistent/a\x1b[2Jb\x0ac.so: No such file or directory (recorded on another machine? --sysroot DIR: its root); its samples are shown as [a\x1b[2Jb\x0ac.so]' \
	"$(cat evil.err)"
if grep -qF '[a\x1b[2Jb\x0ac.so]' evil.txt && grep -qF 'hot\x1b[1m\x0a' evil.txt &&
	grep -qF 'warm'$'\xef\xbf\xbf''\xed\xa0\x80\xff\x01 [libevil.so]' evil.txt; then
	pass process.hostile.escaped.report-names
else
	fail process.hostile.escaped.report-names "$(grep -c . evil.txt) lines, no escaped names"
fi

# characters XML forbids, in every XML and DOT output
"$GPROF" --flame prog evil.out >evil.svg 2>/dev/null
if xmllint --noout evil.svg 2>xml.err; then pass process.hostile.xml.flame; else fail process.hostile.xml.flame "$(head -1 xml.err)"; fi
"$GPROF" --dot prog evil.out >evil.dot 2>/dev/null
if dot -Tsvg evil.dot 2>dot.err | xmllint --noout - 2>xml.err && [ ! -s dot.err ]; then
	pass process.hostile.xml.dot-svg
else
	fail process.hostile.xml.dot-svg "$(head -1 dot.err xml.err | tr '\n' ' ')"
fi
"$GPROF" --json prog evil.out >evil.json 2>/dev/null
if python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))' evil.json 2>json.err
then pass process.hostile.json.valid; else fail process.hostile.json.valid "$(tail -1 json.err)"; fi

# ---------------------------------------------------------------- model ranges
# object 1's model range starts at 1 << 48: a load address of 2^48 puts
# its own addresses at 2^64 - 2^48 + start, which wrapped onto the main
# program (its samples were credited to main's functions)
crafted wrap "\"objects\": [{\"number\": 1, \"bias\": \"0x1000000000000\", \"segments\": [[\"$mt\", \"$((mt + ms))\"]], \"path\": \"/nonexistent/w.so\"}],
 \"rate\": 100, \"samples\": [[\"$((main_fn + 4))\", 40]]"
"$GPROF" -b -p prog wrap.out >wrap.txt 2>wrap.err
rc=$?
expect_eq process.hostile.range-wraps "1|gprof: .wrap.out.process: object 1: segment $(printf '0x%x-0x%x' "$mt" $((mt + ms))) at load address 0x1000000000000 is not within the 2^48 bytes of an object|" \
	"$rc|$(tr '\n' '|' <wrap.err)"
# 65,535 objects besides the main program: the 65,536th range was the
# main program's
crafted limit '"many_objects": {"count": 65535}'
"$GPROF" -b -p prog limit.out >limit.txt 2>limit.err
expect_eq process.hostile.object-limit "1|gprof: .limit.out.process: more than 65534 objects besides the main program, the most a profile holds|" \
	"$?|$(tr '\n' '|' <limit.err)"
crafted under-limit '"many_objects": {"count": 65534}'
"$GPROF" -b -p prog under-limit.out >/dev/null 2>under-limit.err
expect_eq process.hostile.object-limit-reached "0:65534" "$?:$(grep -c 'No such file' under-limit.err)"

# ---------------------------------------------------------------- the files -s writes
# (outfile.c: a temporary file, the umask, signals held, SIGXFSZ ignored)
mkdir -p sum && cp prog sum/
crafted sum/few '"many_objects": {"count": 300}'
(cd sum && umask 077 && "$GPROF" -s prog few.out >/dev/null 2>umask.err)
expect_eq process.sum.umask "600 600" "$(stat -c %a sum/gmon.sum sum/.gmon.sum.process 2>&1 | tr '\n' ' ' | sed 's/ $//')"
rm -f sum/gmon.sum sum/.gmon.sum.process
# the process file (about 17 KB) past a 4 KiB file-size limit: one line,
# status 1, nothing left behind (it was SIGXFSZ, a temporary file left)
# (stderr through a pipe: the 300 warnings would pass the limit too)
(cd sum && ulimit -f 4 && exec "$GPROF" -s prog few.out) 2>&1 >/dev/null |
	grep -v 'No such file' >sum/fsz.err
rc=${PIPESTATUS[0]}
expect_eq process.sum.file-size-limit "1|gprof: .gmon.sum.process: write failed: File too large|few.out|" \
	"$rc|$(tr '\n' '|' <sum/fsz.err)$(cd sum && ls -A | grep -v -e '^prog$' -e '^\.few\.out\.process$' -e '\.json$' -e '\.err$' | tr '\n' '|')"
