#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-stripped.sh: a stripped program named as the unstripped one
# is, from its debug file found by build-id under --debug-file-directory,
# by .gnu_debuglink, from its MiniDebugInfo (.gnu_debugdata) and from a
# local debuginfod server; with only .dynsym, its static functions named
# prog+0xADDRESS (from .eh_frame), never after the export before them;
# the header line that says where the names came from; Debian's own
# stripped gzip profiled by gprof-run and named.
#
# One -pg program, run once; its samples then set at chosen addresses
# (set_samples.py), so that every figure is exact.
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
cd "$SCRATCH" || exit 2
unset DEBUGINFOD_URLS # no server but the test's own

# statics after exports: a stripped program's samples there must never be
# the export's before them
cat >prog.c <<'C'
#include <stdio.h>
#include <stdlib.h>
int sink;
__attribute__((noinline)) int e_alpha(int n) { int s = 0; for (int i = 0; i < n; i++) s += i ^ 3; return s; }
static __attribute__((noinline)) int s_one(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * 7; return s; }
__attribute__((noinline)) int e_beta(int n) { return s_one(n) + e_alpha(n / 2); }
static __attribute__((noinline)) int s_two(int n) { int s = 0; for (int i = 0; i < n; i++) s += e_beta(i % 5); return s; }
int main(int argc, char **argv) { int n = argc > 1 ? atoi(argv[1]) : 1000; sink = s_two(n) + s_one(n); printf("%d\n", sink > 0); return 0; }
C
# rd: its exports in .dynsym (-rdynamic); plain: none of its own there
mkdir rd plain
if ! cc -pg -g -O0 -no-pie -rdynamic -Wl,--build-id -o rd/prog prog.c ||
	! cc -pg -g -O0 -no-pie -Wl,--build-id -o plain/prog prog.c ||
	! (cd rd && ./prog >/dev/null) || ! (cd plain && ./prog >/dev/null); then
	fail stripped.setup "cannot build and run a -pg program"
	exit 0
fi

# the samples: each function its own count, a few bytes into it
for v in rd plain; do
	args=()
	n=10
	for f in main e_alpha s_one e_beta s_two; do
		args+=("$(printf '0x%x' $(($(symbol_address $v/prog $f) + 6)))=$n")
		n=$((n + 10))
	done
	python3 "$TOP/tests/cli/set_samples.py" $v/gmon.out "${args[@]}" || { fail stripped.setup "set_samples.py"; exit 0; }
	"$GPROF" -b $v/prog $v/gmon.out >$v/expected 2>$v/expected.err
	"$GPROF" -b -p $v/prog $v/gmon.out >$v/expected.flat
	objcopy --only-keep-debug $v/prog $v/prog.debug
done
expect_eq stripped.setup.reference "0:" "$?:$(cat rd/expected.err)"
id=$(build_id rd/prog)

# without_names FILE: the report less its "Names of" lines (and the blank
# line the call graph's header adds after its own)
without_names() {
	awk '/^Names of / { skip = (prev == ""); next }
		skip && $0 == "" { skip = 0; next }
		{ skip = 0; prev = $0; print }' "$1"
}

# check NAME DIR NAMES_LINE [GPROF OPTIONS...]: gprof of DIR/prog (the
# rd program stripped somehow) prints the unstripped program's report,
# byte for byte, with the line NAMES_LINE in its headers, and nothing on
# stderr
check() {
	local name=$1 dir=$2 names=$3 rc
	shift 3
	"$GPROF" -b "$@" "$dir/prog" rd/gmon.out >"$dir/out" 2>"$dir/err"
	rc=$?
	expect_eq "stripped.$name.status" "0:" "$rc:$(cat "$dir/err")"
	without_names "$dir/out" >"$dir/report"
	expect_same "stripped.$name.as-unstripped" "${EXPECTED:-rd/expected}" "$dir/report"
	# once in the flat profile's header, once in the call graph's
	expect_eq "stripped.$name.names-line" "$names
$names" "$(grep '^Names of ' "$dir/out")"
}

# ---------------------------------------------------------------- build-id
mkdir -p a dbg/.build-id/"${id:0:2}"
strip --strip-all -o a/prog rd/prog
cp rd/prog.debug "dbg/.build-id/${id:0:2}/${id:2}.debug"
check build-id a "Names of prog: debug file dbg/.build-id/${id:0:2}/${id:2}.debug; 1 function from .eh_frame; 0.0% of the time on code without a name." \
	--debug-file-directory=dbg/ --debug-file-directory="$PWD/dbg"
# another build's debug file at that path is not believed
mkdir -p other/.build-id/"${id:0:2}"
cp plain/prog.debug "other/.build-id/${id:0:2}/${id:2}.debug"
"$GPROF" -b --debug-file-directory=other a/prog rd/gmon.out >a/other 2>a/other.err
expect_eq stripped.build-id.other-build "0:gprof: warning: a/prog: debug file other/.build-id/${id:0:2}/${id:2}.debug: its build-id is another build's; not used:Names of prog: .dynsym; 5 functions from .eh_frame; 53.4% of the time on code without a name." \
	"$?:$(cat a/other.err):$(grep -m1 '^Names of ' a/other)"
"$GPROF" -b --debug-file-directory=nonexistent a/prog rd/gmon.out >a/bad 2>a/bad.err
expect_eq stripped.option.not-a-directory "1:gprof: --debug-file-directory nonexistent: No such file or directory" \
	"$?:$(sed "s#^$GPROF:#gprof:#" a/bad.err)"

# ---------------------------------------------------------------- .gnu_debuglink
# beside the program, in its .debug/, under a debug directory followed by
# the program's own directory; the CRC checked
mkdir -p b/.debug links
strip --strip-all -o b/prog rd/prog
cp rd/prog.debug links/prog.debug
objcopy --add-gnu-debuglink=links/prog.debug b/prog
cp rd/prog.debug b/.debug/prog.debug
check debuglink.dot-debug b "Names of prog: debug file b/.debug/prog.debug; 1 function from .eh_frame; 0.0% of the time on code without a name."
mkdir -p "root$PWD/b"
mv b/.debug/prog.debug "root$PWD/b/"
check debuglink.under-root b "Names of prog: debug file root$PWD/b/prog.debug; 1 function from .eh_frame; 0.0% of the time on code without a name." \
	--debug-file-directory=root
cp plain/prog.debug b/prog.debug # not the file linked: its CRC differs
"$GPROF" -b b/prog rd/gmon.out >b/crc 2>b/crc.err
expect_eq stripped.debuglink.crc "0:gprof: warning: b/prog: debug file b/prog.debug: its CRC-32 is not the one .gnu_debuglink gives (another build); not used:Names of prog: .dynsym; 5 functions from .eh_frame; 53.4% of the time on code without a name." \
	"$?:$(cat b/crc.err):$(grep -m1 '^Names of ' b/crc)"

# ---------------------------------------------------------------- .dynsym alone
# the exports by name; the static functions by address, with their own
# samples: never the export's before them
mkdir c
strip --strip-all -o c/prog rd/prog
label() { printf 'prog+0x%x' "$(symbol_address "$1" "$2")"; }
sed -e "s/  s_one\$/  $(label rd/prog s_one)/" -e "s/  s_two\$/  $(label rd/prog s_two)/" rd/expected.flat >c/expected.flat
"$GPROF" -b -p c/prog rd/gmon.out 2>c/err | grep -v '^Names of ' >c/flat
expect_same stripped.dynsym.flat c/expected.flat c/flat
expect_eq stripped.dynsym.names-line "Names of prog: .dynsym; 5 functions from .eh_frame; 53.4% of the time on code without a name." \
	"$("$GPROF" -b -p c/prog rd/gmon.out | grep '^Names of ')"
# nothing in .dynsym: every function by address
mkdir c2
strip --strip-all -o c2/prog plain/prog
sed_args=()
for f in main e_alpha s_one e_beta s_two; do sed_args+=(-e "s/  $f\$/  $(label plain/prog $f)/"); done
sed "${sed_args[@]}" plain/expected.flat >c2/expected.flat
"$GPROF" -b -p c2/prog plain/gmon.out 2>c2/err | grep -v '^Names of ' >c2/flat
expect_same stripped.nothing.flat c2/expected.flat c2/flat
expect_eq stripped.nothing.names-line "Names of prog: no symbols; 11 functions from .eh_frame; 100.2% of the time on code without a name." \
	"$("$GPROF" -b -p c2/prog plain/gmon.out | grep '^Names of ')"
"$GPROF" --json c2/prog plain/gmon.out >c2/json
# the figures of the text's header (GNU's arithmetic: a bin of main's
# last bytes counted twice makes 100.16%)
expect_eq stripped.json.names '[{"object":"c2/prog","from":"no symbols","eh_frame_functions":11}]:1.5024:100.1605' \
	"$(jq -c '.names.objects' c2/json):$(jq '.names.unnamed_time * 1e4 | round / 1e4' c2/json):$(jq '.names.unnamed_percent * 1e4 | round / 1e4' c2/json)"
# a program with its own symbols says nothing new (GNU's reports)
expect_eq stripped.unstripped.no-line "0" "$(grep -c '^Names of ' rd/expected)"
expect_eq stripped.unstripped.json-no-names "null" "$("$GPROF" --json rd/prog rd/gmon.out | jq -c .names)"

# ---------------------------------------------------------------- MiniDebugInfo
# as gdb's manual builds it: the functions .dynsym lacks, in an ELF file
# of symbols alone, xz-compressed into .gnu_debugdata
mkdir d
nm -D rd/prog --format=posix --defined-only | awk '{ print $1 }' | sort >d/dynsyms
nm rd/prog --format=posix --defined-only | awk '$2 == "T" || $2 == "t" || $2 == "D" { print $1 }' | sort >d/funcsyms
comm -13 d/dynsyms d/funcsyms >d/keep
objcopy --only-keep-debug rd/prog d/mini
objcopy -S --remove-section .gdb_index --remove-section .comment --keep-symbols=d/keep d/mini d/mini
xz d/mini
strip --strip-all -R .comment -o d/prog rd/prog
objcopy --add-section .gnu_debugdata=d/mini.xz d/prog
# (no source lines in it: the index names no file)
sed 's/ (prog\.c)$//; s/ (prog\.c)  / /g' rd/expected >d/expected
EXPECTED=d/expected check minidebuginfo d "Names of prog: MiniDebugInfo (.gnu_debugdata) + .dynsym; 1 function from .eh_frame; 0.0% of the time on code without a name."
# damaged: not xz, the program still named from .dynsym
printf 'not xz' >d/junk
objcopy --remove-section .gnu_debugdata --add-section .gnu_debugdata=d/junk d/prog d/prog-junk
mkdir d2 && mv d/prog-junk d2/prog
"$GPROF" -b -p d2/prog rd/gmon.out 2>d2/err | grep -v '^Names of ' >d2/flat
expect_eq stripped.minidebuginfo.damaged "gprof: warning: d2/prog: its .gnu_debugdata is not an xz-compressed object file with symbols; not used" "$(cat d2/err)"
expect_same stripped.minidebuginfo.damaged-as-dynsym c/expected.flat d2/flat

# ---------------------------------------------------------------- a library
# a whole-process profile's stripped library goes through the same chain:
# its static function by its debug file's name, or by address, never the
# export's before it
mkdir lib
cat >lib/work.c <<'C'
int lib_export(int n) { int s = 0; for (int i = 0; i < n; i++) s += i ^ 5; return s; }
static __attribute__((noinline)) int lib_static(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * 3; return s; }
int lib_export2(int n) { return lib_static(n) + 1; }
C
cc -O1 -g -shared -fPIC -Wl,--build-id -o lib/full.so lib/work.c
lib_id=$(build_id lib/full.so)
mkdir -p "lib/dbg/.build-id/${lib_id:0:2}"
objcopy --only-keep-debug lib/full.so "lib/dbg/.build-id/${lib_id:0:2}/${lib_id:2}.debug"
strip --strip-all -o lib/libwork.so lib/full.so
cp rd/gmon.out lib/gmon.out
read -r main_text main_size < <(text_section rd/prog)
read -r lib_text lib_size < <(text_section lib/full.so)
B1=0x7f0000000000
cat >lib/spec.json <<JSON
{"run_id": "0x1122334455667788",
 "objects": [
  {"number": 0, "flags": 1, "bias": 0, "segments": [[$((main_text)), $((main_text + main_size))]],
   "build_id": "$id", "path": "$PWD/rd/prog"},
  {"number": 1, "flags": 0, "bias": "$B1", "segments": [[$((lib_text + B1)), $((lib_text + lib_size + B1))]],
   "build_id": "$lib_id", "path": "$PWD/lib/libwork.so"}],
 "rate": 100,
 "samples": [[$(($(symbol_address lib/full.so lib_export) + 2 + B1)), 20], [$(($(symbol_address lib/full.so lib_static) + 2 + B1)), 70]],
 "times": [5000000000, 100000000, 240, 0, 0]}
JSON
python3 "$TOP/tests/cli/craft_process.py" lib/spec.json lib/gmon.out
lib_line() { grep -E "  $1\$" "$2" | awk '{ print $1, $3 }'; }
"$GPROF" -b -p rd/prog lib/gmon.out >lib/out 2>lib/err
static_label=$(printf 'libwork\\.so\\+0x%x' "$(symbol_address lib/full.so lib_static)")
expect_eq stripped.library.by-address "0::29.17 0.70:8.33 0.20" \
	"$?:$(cat lib/err):$(lib_line "$static_label" lib/out):$(lib_line 'lib_export \[libwork.so\]' lib/out)"
"$GPROF" -b -p --debug-file-directory=lib/dbg rd/prog lib/gmon.out >lib/out 2>lib/err
expect_eq stripped.library.debug-file "0::29.17 0.70:8.33 0.20" \
	"$?:$(cat lib/err):$(lib_line 'lib_static \[libwork.so\]' lib/out):$(lib_line 'lib_export \[libwork.so\]' lib/out)"
"$GPROF" --json --debug-file-directory=lib/dbg rd/prog lib/gmon.out >lib/json 2>&1
expect_eq stripped.library.json-none "null" "$(jq -c .names lib/json)"
"$GPROF" --json a/prog lib/gmon.out >lib/json 2>&1
expect_eq stripped.library.json "[\"a/prog\",\"$PWD/lib/libwork.so\"]:[\".dynsym\",\".dynsym\"]" \
	"$(jq -c '[.names.objects[].object]' lib/json):$(jq -c '[.names.objects[].from]' lib/json)"

# ---------------------------------------------------------------- debuginfod
if ! command -v debuginfod >/dev/null; then
	echo "ok stripped.debuginfod # skip: no debuginfod (Debian package debuginfod)"
else
	mkdir e srv
	strip --strip-all -o e/prog rd/prog
	cp rd/prog.debug srv/prog.debug
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	# it listens on every interface of this port; asked on 127.0.0.1 only
	debuginfod -F -p "$port" -d "$SCRATCH/db.sqlite" -t 0 -g 0 -c 1 srv >debuginfod.log 2>&1 &
	server=$!
	trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$SCRATCH"' EXIT
	url=http://127.0.0.1:$port
	# served once its first scan is done: asked every 0.1 s, 10 s at most
	if ! python3 - "$url/buildid/$id/debuginfo" <<'PY'; then
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=2).read()
        sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit(1)
PY
		fail stripped.debuginfod.server "the local server does not serve $id: $(tail -3 debuginfod.log | tr '\n' ' ')"
	else
		DEBUGINFOD_URLS=$url DEBUGINFOD_CACHE_PATH=$SCRATCH/cache \
			check debuginfod e "Names of prog: debuginfod $SCRATCH/cache/$id/debuginfo; 1 function from .eh_frame; 0.0% of the time on code without a name."
		# the server stopped: from the cache, without asking
		kill $server
		wait $server 2>/dev/null
		DEBUGINFOD_URLS=$url DEBUGINFOD_CACHE_PATH=$SCRATCH/cache \
			check debuginfod.cached e "Names of prog: debuginfod $SCRATCH/cache/$id/debuginfo; 1 function from .eh_frame; 0.0% of the time on code without a name."
	fi
fi

# ---------------------------------------------------------------- Debian's gzip
# a stripped program as shipped, profiled without a rebuild: named by
# .eh_frame (gzip exports nothing), never refused; its main is in every
# stack, so gzip+0x is in the call graph whatever the samples
if [ -x /usr/bin/gzip ] && [ -x "$TOP/run/gprof-run" ] && [ -f "$TOP/libgmon/libgmon.so" ]; then
	mkdir g
	seq 1 400000 >g/input
	(cd g && "$TOP/run/gprof-run" /usr/bin/gzip -9 -c input >/dev/null)
	"$GPROF" -b /usr/bin/gzip g/gmon.out >g/out 2>g/err
	rc=$?
	expect_eq stripped.gzip.status "0:" "$rc:$(grep -c 'is it stripped' g/err | sed 's/^0$//')"
	if grep -qE '^Names of gzip: .*[1-9][0-9]* functions from \.eh_frame' g/out && grep -q 'gzip+0x' g/out; then
		pass stripped.gzip.named
	else
		fail stripped.gzip.named "no 'Names of gzip' line with .eh_frame functions, or no gzip+0x name: $(head -8 g/out | tr '\n' ' ')"
	fi
fi
