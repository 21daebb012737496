#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# t-reload.sh: addresses used twice (issue 37, N3; doc/format.md,
# "Addresses used twice").  progs/reload.c dlopens p.so, calls its
# work(3), dlcloses it, then q.so (work(4)) and p.so again (work(2)),
# each where the last one was; the plugins are built with -pg, so the
# calls are counted exactly:
#   reload.same-place       the loader put each plugin where the last one
#                           was (else the cases below prove nothing: skip)
#   reload.read             gprof reads the whole-process profile (it
#                           refused it: "two objects' segments overlap")
#   reload.calls            each plugin's calls are its own: p_round 5,
#                           q_round 4, work [p.so] 2, work [q.so] 1
#   reload.graph            call calls work [p.so] twice and work [q.so]
#                           once
#   reload.gnu              GNU gprof reads gmon.out
#   reload.sum              gprof -s, then the sum read: the same calls
#   reload.gprof-run        the same program built plain, under gprof-run:
#                           read
#   reload.unnumbered       a process file without numbered addresses
#                           (as runtimes before them wrote) whose
#                           unloaded objects overlap: read
#   reload.loaded-overlap   two loaded objects that overlap: refused in
#                           one line
#   reload.bad-numbers      numbered addresses that name no object, or lie
#                           below their object's load address: read, as
#                           addresses of no object
#   reload.once             a program that loads nothing after its dlclose
#                           numbers nothing: header flags 0, no object
#                           retired, its calls as before
set -u
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/helpers.sh"
need_runtime runtime.reload
runtime_scratch
cd "$SCRATCH" || exit 2

$RT_CC -pg -O1 -fPIC -shared -DROUND=p_round -o p.so "$PROGS/reload-plugin.c" || exit 2
$RT_CC -pg -O1 -fPIC -shared -DROUND=q_round -o q.so "$PROGS/reload-plugin.c" || exit 2
$RT_CC -pg -O1 -rdynamic -o reload "$PROGS/reload.c" "$LIBGMON_A" -ldl -pthread || exit 2
$RT_CC -O1 -o plain "$PROGS/reload.c" -ldl || exit 2

out=$(./reload 2>&1)
if [ "$(echo "$out" | grep -c 'same place')" != 2 ]; then
	for c in same-place read calls graph gnu sum gprof-run unnumbered loaded-overlap bad-numbers once; do
		echo "ok reload.$c # skipped: the loader put the plugins elsewhere ($(echo "$out" | xargs))"
	done
	exit 0
fi
pass reload.same-place

# calls PROFILE: "name calls" of each function the flat profile lists
calls() {
	"$GPROF" -b -p reload "$1" 2>&1 | awk '/^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ / {
		n = $4; $1 = $2 = $3 = $4 = $5 = $6 = ""; sub(/^ +/, ""); print $0, n }' | sort
}
want=$(printf '%s\n' 'call 3' 'main 1' 'p_round [p.so] 5' 'q_round [q.so] 4' \
	'work [p.so] 2' 'work [q.so] 1')

if err=$("$GPROF" -b reload gmon.out 2>&1 >/dev/null); then
	pass reload.read
else
	fail reload.read "$(echo "$err" | head -1)"
fi
expect_eq reload.calls "$want" "$(calls gmon.out)"
expect_eq reload.graph "1/1 work [q.so]; 2/2 work [p.so]" \
	"$("$GPROF" -b -q reload gmon.out 2>/dev/null | awk '/^\[[0-9]+\] .* call \[/ { on = 1; next }
		on && /^---/ { exit } on { $1 = $2 = ""; sub(/^ +/, ""); sub(/ \[[0-9]+\]$/, ""); print }' |
		sort | paste -sd';' | sed 's/;/; /g')"
if "$GNU_GPROF" -b reload gmon.out >/dev/null 2>&1; then
	pass reload.gnu
else
	fail reload.gnu "GNU gprof refuses gmon.out"
fi
"$GPROF" -s reload gmon.out 2>/dev/null
expect_eq reload.sum "$want" "$(calls gmon.sum)"

mkdir run && (cd run && cp ../p.so ../q.so . && "$TOP/run/gprof-run" ../plain >/dev/null 2>&1)
if err=$("$GPROF" -b plain run/gmon.out 2>&1 >/dev/null); then
	pass reload.gprof-run
else
	fail reload.gprof-run "$(echo "$err" | head -1)"
fi

# edit PROCESS-FILE HOW: the file rewritten in place, its header flags
# cleared (unnumbered) or its plugins' objects flagged loaded (loaded)
edit() {
	python3 - "$1" "$2" <<'PY'
import struct, sys
path, how = sys.argv[1], sys.argv[2]
b = bytearray(open(path, 'rb').read())
if how == 'unnumbered':
	b[16:20] = b'\0\0\0\0'
pos = 32
while pos < len(b):
	tag, length = struct.unpack_from('<II', b, pos)
	if tag == 1 and how == 'loaded':
		flags = struct.unpack_from('<I', b, pos + 12)[0]
		if flags & 2:
			struct.pack_into('<I', b, pos + 12, flags & ~(2 | 8))
	if tag == 3 and how == 'bad-numbers':
		n = struct.unpack_from('<I', b, pos + 8)[0]
		for i in range(n):
			at = pos + 12 + 24 * i
			number = 999 if i % 2 else 4
			struct.pack_into('<QQ', b, at, 1 << 63 | number << 48 | 16, 1 << 63 | number << 48)
	pos += 8 + length
open(path, 'wb').write(b)
PY
}
cp gmon.out old.out && cp .gmon.out.process .old.out.process && edit .old.out.process unnumbered
if err=$("$GPROF" -b reload old.out 2>&1 >/dev/null); then
	pass reload.unnumbered
else
	fail reload.unnumbered "$(echo "$err" | head -1)"
fi
cp gmon.out both.out && cp .gmon.out.process .both.out.process && edit .both.out.process loaded
err=$("$GPROF" -b reload both.out 2>&1 >/dev/null)
status=$?
expect_eq reload.loaded-overlap "1 1 two objects' segments overlap" \
	"$status $(echo "$err" | wc -l) $(echo "$err" | sed -n 's/.*process: \(two objects.* overlap\) at 0x.*/\1/p')"
cp gmon.out bad.out && cp .gmon.out.process .bad.out.process && edit .bad.out.process bad-numbers
err=$("$GPROF" -b reload bad.out 2>&1 >/dev/null)
expect_eq reload.bad-numbers "0 " "$? $err"

mkdir once && (cd once && cp ../p.so . && ../reload once >/dev/null 2>&1)
numbered=$(python3 - once/.gmon.out.process <<'PY'
import struct, sys
b = open(sys.argv[1], 'rb').read()
retired, pos = 0, 32
while pos < len(b):
	tag, length = struct.unpack_from('<II', b, pos)
	if tag == 1 and struct.unpack_from('<I', b, pos + 12)[0] & 8:
		retired += 1
	pos += 8 + length
print(struct.unpack_from('<I', b, 16)[0], retired)
PY
)
expect_eq reload.once "0 0 / call 1; main 1; p_round [p.so] 3; work [p.so] 1" \
	"$numbered / $(calls once/gmon.out | paste -sd';' | sed 's/;/; /g')"
