#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-invisible-inputs.sh: gprof's inputs that an attacker or an
# unlucky user hands it (issue 37), each answered in bounded time and
# memory, reading only what it must:
#   inputs.aliases.*   one library named by a process file under several
#                      paths (links, "dir/./lib.so") is one object, read
#                      once: its samples summed on one row (fault 6)
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py
fixture=$TOP/tests/corpus/fixtures/cycle2

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
# the same file with another build-id recorded is another object (and
# not the file that ran)
aliases "00$bid"
"$GPROF" -b -p prog gmon.out >out 2>err
expect_eq inputs.aliases.other-build-id \
	"gprof: warning: $PWD/link.so: not the file that ran (its build-id differs); its samples are shown as [link.so]|1.20 hot [libwork.so]|0.03 [link.so]" \
	"$({ cat err; grep -E 'hot \[|\[link.so\]' out | awk '{ print $3, $4, $5 }' | sed 's/ $//'; } | paste -sd'|')"
