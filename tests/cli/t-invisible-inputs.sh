#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-invisible-inputs.sh: gprof's inputs that an attacker or an
# unlucky user hands it (issue 37), each answered in bounded time and
# memory, reading only what it must:
#   inputs.aliases.*   one library named by a process file under several
#                      paths (links, "dir/./lib.so") is one object, read
#                      once: its samples summed on one row (fault 6)
#   inputs.sources.*   --html embeds only sources under the units'
#                      compilation directories or -I; it and -A open only
#                      regular files, without blocking, outside /proc,
#                      /dev and /sys (fault 8)
#   inputs.csp.*       --html's Content-Security-Policy allows the page's
#                      script by its SHA-256, nothing inline besides: in
#                      chromium the page works, an injected script and
#                      handler do not run (tests/cli/html/csp.js; fault 19)
#   inputs.threads.*   --threads counts the threads without samples in one
#                      line instead of an empty profile each (fault 18)
#   inputs.bfd.*       every object is opened once, by gprof, checked, and
#                      handed to BFD as a descriptor it keeps: never
#                      reopened by its path (BFD's file cache)
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py
fixture=$TOP/tests/corpus/fixtures/cycle2

# opens.so, preloaded into gprof, logs on stderr each open of a path
# holding $OPENS_MATCH: "open NAME" (open(2)) or "fopen NAME" (stdio, as
# BFD reopens by path)
cat >opens.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static void note(const char *how, const char *path)
{
	char line[4200];
	const char *match = getenv("OPENS_MATCH"); /* what to log: paths holding it */
	if (match && strstr(path, match)) {
		int n = snprintf(line, sizeof(line), "%s %s\n", how, strrchr(path, '/') + 1);
		if (n > 0) write(2, line, (size_t)n);
	}
}
#define OPENER(name, how, ret, ...) \
	ret name(const char *path, __VA_ARGS__) { \
		static ret (*next)(const char *, __VA_ARGS__); \
		if (!next) next = (ret (*)(const char *, __VA_ARGS__))dlsym(RTLD_NEXT, #name); \
		note(how, path); \
		return next(path, mode); }
OPENER(fopen, "fopen", FILE *, const char *mode)
OPENER(fopen64, "fopen", FILE *, const char *mode)
int open(const char *path, int flags, ...) { static int (*next)(const char *, int, ...); va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap); if (!next) next = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open"); note("open", path); return next(path, flags, mode); }
int open64(const char *path, int flags, ...) { static int (*next)(const char *, int, ...); va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap); if (!next) next = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open64"); note("open", path); return next(path, flags, mode); }
C
cc -shared -fPIC -o opens.so opens.c -ldl || fail inputs.setup "cannot build opens.so"

# ---------------------------------------------------------------- aliases
cat >work.c <<'C'
int hot(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * i; return s; }
C
mkdir -p lib
cc -O1 -shared -fPIC -Wl,--build-id -o lib/libwork.so work.c || { fail inputs.setup "cannot build libwork.so"; exit 0; }
ln -s lib/libwork.so link.so
cp "$fixture/prog" "$fixture/gmon.out" .
cp gmon.out gmon.orig
read -r main_text main_size < <(text_section prog)
read -r lib_text lib_size < <(text_section lib/libwork.so)
hot=$(symbol_address lib/libwork.so hot)
bid=$(build_id lib/libwork.so)
# object NUMBER BIAS PATH [BUILD-ID]: an object record of the library
object() {
	echo ", {\"number\": $1, \"bias\": $(($2)), \"segments\": [[$((lib_text + $2)), $((lib_text + lib_size + $2))]], \"build_id\": \"${4:-$bid}\", \"path\": \"$3\"}"
}
B1=0x7f0000000000 B2=0x7f1000000000 B3=0x7f2000000000
# aliases [BUILD-ID]: gmon.out and a process file naming the library by
# its path, by "lib/././", and by a link (with BUILD-ID if given)
aliases() {
	cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((main_text)), $((main_text + main_size))]], "path": "$PWD/prog"}
  $(object 1 $B1 "$PWD/lib/libwork.so") $(object 2 $B2 "$PWD/lib/././libwork.so") $(object 3 $B3 "$PWD/link.so" "${1:-}")],
 "rate": 100,
 "samples": [[$((hot + 4 + B1)), 100], [$((hot + 4 + B2)), 20], [$((hot + 4 + B3)), 3]],
 "times": [5000000000, 0, 123, 0, 0]}
JSON
	cp gmon.orig gmon.out
	"$craft" spec.json gmon.out
}
aliases
"$GPROF" -b -p prog gmon.out >out 2>err
expect_eq inputs.aliases.status-quiet "0 " "$? $(cat err)"
# one row, the three names' samples summed, under the first name met
expect_eq inputs.aliases.one-object "1.23 hot [libwork.so]" \
	"$(grep 'hot \[' out | awk '{ print $3, $4, $5 }' | xargs)"
# the library opened once, whatever its names
OPENS_MATCH=.so LD_PRELOAD=$PWD/opens.so "$GPROF" -b -p prog gmon.out 2>opens.err >/dev/null
expect_eq inputs.aliases.opened-once "open libwork.so" "$(grep -v opens.so opens.err | sort | uniq -c | awk '{ print $1 == 1 ? $2 " " $3 : "opened " $1 " times: " $3 }' | paste -sd'|')"
# the same file with another build-id recorded is another object (and
# not the file that ran)
aliases "00$bid"
"$GPROF" -b -p prog gmon.out >out 2>err
expect_eq inputs.aliases.other-build-id \
	"gprof: warning: $PWD/link.so: not the file that ran (its build-id differs); its samples are shown as [link.so]|1.20 hot [libwork.so]|0.03 [link.so]" \
	"$({ cat err; grep -E 'hot \[|\[link.so\]' out | awk '{ print $3, $4, $5 }' | sed 's/ $//'; } | paste -sd'|')"

# ---------------------------------------------------------------- BFD's file cache
# BFD closes the least recently used of its files past an eighth of
# RLIMIT_NOFILE and reopens it by its path when it is read again
# (--pprof asks each object for lines at the end): every object is
# opened once, checked, and never again by its path.  A preloaded shim
# logs the opens of the libraries.
cc -g -O1 -shared -fPIC -Wl,--build-id -o libdebug.so work.c
read -r lib_text lib_size < <(text_section libdebug.so)
hot=$(symbol_address libdebug.so hot)
objects=
samples=
for k in $(seq 1 14); do # copies: files of their own, objects of their own
	cp libdebug.so copy$k.so
	b=$((0x7f0000000000 + k * 0x10000000))
	objects="$objects, {\"number\": $k, \"bias\": $b, \"segments\": [[$((lib_text + b)), $((lib_text + lib_size + b))]], \"build_id\": \"$(build_id libdebug.so)\", \"path\": \"$PWD/copy$k.so\"}"
	samples="$samples${samples:+, }[$((hot + 4 + b)), $k]"
done
cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((main_text)), $((main_text + main_size))]], "path": "$PWD/prog"}$objects],
 "rate": 100, "samples": [$samples], "times": [5000000000, 0, 105, 0, 0]}
JSON
cp gmon.orig gmon.out && "$craft" spec.json gmon.out
# 48 descriptors: BFD keeps at most 10 of its files open
(ulimit -n 48 && OPENS_MATCH=/copy LD_PRELOAD=$PWD/opens.so "$GPROF" --pprof prog gmon.out >profile.pb.gz 2>opens.err)
expect_eq inputs.bfd.each-object-opened-once "14 open" \
	"$(sort opens.err | uniq -c | awk '{ print $2 }' | sort | uniq -c | xargs)"
expect_eq inputs.bfd.never-by-path "0" "$(grep -c '^fopen' opens.err)"
# a soft limit below the objects' needs is raised to the hard limit
(ulimit -Sn 12 && "$GPROF" -b -p prog gmon.out >out 2>err)
expect_eq inputs.bfd.soft-limit-raised "0|1.05" \
	"$(wc -l <err)|$(grep 'hot \[' out | awk '{ s += $3 } END { printf "%.2f", s }')"

# ---------------------------------------------------------------- sources
# The debug information names the files --html embeds and -A prints: a
# program can name any file ("#line 1 "/secret""), a FIFO too.  --html
# embeds only files under the units' compilation directories or -I; both
# open only regular files, without blocking, never under /proc or /dev.
mkdir -p src private
echo "the secret of $$" >private/key.txt
mkfifo src/fifo.c
cat >src/prog.c <<C
int shown(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
#line 1 "$PWD/private/key.txt"
int secret(int n) { return n * 3; }
#line 1 "$PWD/src/fifo.c"
int fifo(int n) { return n + 1; }
#line 1 "/proc/self/environ"
int environ_(int n) { return n - 1; }
#line 9 "prog.c"
int main(void) { int s = 0; for (int i = 0; i < 1000; i++) s += shown(i) + secret(i) + fifo(i) + environ_(i); return s == 1; }
C
if (cd src && cc -g -pg -O0 -o prog prog.c && ./prog); then
	(cd src && timeout 20 "$GPROF" --html prog gmon.out >../page.html 2>../html.err)
	expect_eq inputs.sources.html-status "0|" "$?|$(cat html.err)"
	expect_eq inputs.sources.html-not-the-secret 0 "$(grep -c "the secret of $$" page.html)"
	expect_eq inputs.sources.html-own-source 1 "$(grep -c 'int shown(int n) { int s = 0;' page.html)"
	# -I: the user's choice is embedded
	top=$PWD
	(cd src && timeout 20 "$GPROF" --html -I "$top/private" prog gmon.out >../page-I.html 2>/dev/null)
	expect_eq inputs.sources.html-search-path 1 "$(grep -c "the secret of $$" page-I.html)"
	# -A: the FIFO and /proc are refused in one line each, the rest printed
	(cd src && timeout 20 "$GPROF" -b -A prog gmon.out >../annotated.txt 2>../annotate.err)
	expect_eq inputs.sources.annotate-status 0 "$?"
	expect_eq inputs.sources.annotate-refusals \
		"gprof: $PWD/src/fifo.c: a FIFO, not a regular file|gprof: /proc/self/environ: under /proc, /dev or /sys, not a source file" \
		"$(grep fifo annotate.err)|$(grep environ annotate.err)"
	expect_eq inputs.sources.annotate-prints-the-rest 1 "$(grep -c 'int shown(int n)' annotated.txt)"
else
	fail inputs.sources.setup "cannot build and run src/prog"
fi

# ---------------------------------------------------------------- the page's policy
# --html's Content-Security-Policy allows the page's own script by its
# SHA-256, and no other inline script (fault 19)
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
"$GPROF" --html "$FIXTURES/debug_g/prog" "$FIXTURES/debug_g/gmon.out" >csp.html
policy=$(grep -o 'Content-Security-Policy" content="[^"]*"' csp.html)
script_hash=$(python3 -c '
import base64, hashlib, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
own = re.findall(r"<script>(.*?)</script>", page, re.S)
print(len(own), base64.b64encode(hashlib.sha256(own[-1].encode()).digest()).decode())' csp.html)
expect_eq inputs.csp.policy "Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-${script_hash#1 }'; style-src 'unsafe-inline'; img-src data:\"" \
	"$policy"
expect_eq inputs.csp.one-inline-script 1 "${script_hash%% *}"
if command -v node >/dev/null && [ -x "$CHROMIUM" ]; then
	sed 's|</body>|<script>window.injectedScript = 1;</script><p id="injected" onclick="window.injectedHandler = 1">x</p></body>|' \
		csp.html >injected.html
	CHROMIUM=$CHROMIUM node "$TOP/tests/cli/html/csp.js" csp.html injected.html
else
	echo "# inputs.csp.* in the browser: not run (node or $CHROMIUM missing)"
fi

# ---------------------------------------------------------------- idle threads
# 100,000 short threads printed 262,270 lines of empty profiles: threads
# without samples are counted in one line, not shown (fault 18)
dg=$FIXTURES/debug_g
mkdir -p idle && cp "$dg/prog" "$dg/gmon.out" idle/
python3 - "$(symbol_address "$dg/prog" polynomial)" >idle/spec.json <<'PY'
import json, sys
poly = int(sys.argv[1], 16) + 4
threads = [[1000 + k, 1 if k == 0 else 0, "main" if k == 0 else "short"] for k in range(5000)]
json.dump({"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [["0x1000", "0x1335"]], "path": "prog"}],
           "stacks": {"entries": [[25, [poly], 0, None, 0], [5, [poly], 0, None, 4000]], "threads": threads}}, sys.stdout)
PY
"$craft" idle/spec.json idle/gmon.out
(cd idle && "$GPROF" -b -P -Q --threads prog gmon.out >threads.txt 2>err)
expect_eq inputs.threads.idle-counted "0||4998 threads without samples are not shown." \
	"$?|$(cat idle/err)|$(tail -1 idle/threads.txt)"
expect_eq inputs.threads.idle-not-shown "2 13" \
	"$(grep -c '^Flat profile of thread' idle/threads.txt) $(wc -l <idle/threads.txt)"
expect_eq inputs.threads.json-count "4998 2" \
	"$(cd idle && "$GPROF" --json --threads prog gmon.out | python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["threads_without_samples"], len(d["threads"]))')"
