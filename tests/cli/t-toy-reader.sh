#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tests/cli/t-toy-reader.sh: doc/code-map.md's recipe for a new input
# kind (a profile file format), followed: one new file (a reader of a
# toy format, read_toy.c, here, never shipped), its declaration in a
# copy of gmon/read_formats.h and the branch of gmon/read.c that
# recognises it, in a copy of gprof/ built by its own Makefile.  The toy file holds
# three arcs of tests/corpus/fixtures/cycle3; the same arcs in a GNU
# gmon.out are the oracle.
#   reader.toy.recipe     one file added, one line and one branch edited; it builds
#   reader.toy.call-graph the toy file's call graph is the GNU file's, byte for byte
#   reader.toy.truncated  a cut record is refused in one line, exit 1
#   reader.toy.gnu-still  the GNU file still reads through the copy
#   reader.toy.unit-test  a unit test of the reader, one new file, built by
#                         tests/Makefile unchanged against the copy's libgprof.a
#
# Copyright (c) 2026 The gprof/libgmon authors.
. "$(dirname "$0")/../lib.sh"
scratch
cd "$SCRATCH" || exit 2
# ---- the recipe, in a copy of gprof/ built by its own Makefile (the
# tree's objects copied along, times kept, so that only what the change
# touches is compiled): the reader's file, its declaration, the branch
mkdir -p tree/build
cp -pr "$TOP/gprof" tree/gprof && cp -pr "$TOP/include" tree/include &&
	mkdir tree/build-aux && cp -p "$TOP/build-aux/embed.sh" tree/build-aux/ &&
	cp -pr "$TOP/build/gprof" tree/build/gprof &&
	cp -p "$TOP/build/config.mk" tree/build/config.mk || exit 2
# under make check-sanitize gprof's objects are ASan's and UBSan's (the
# tree's config.mk is the plain one again for the tests): so is the copy's
if nm "$GPROF" 2>/dev/null | grep -q __asan_init; then
	sed -i -e 's|^CFLAGS *=\(.*\)|CFLAGS =\1 -fsanitize=address,undefined|' \
		-e 's|^LDFLAGS *=\(.*\)|LDFLAGS =\1 -fsanitize=address,undefined|' tree/build/config.mk
fi
rm -f tree/gprof/gprof
cat >tree/gprof/gmon/read_toy.c <<'C'
/* SPDX-License-Identifier: GPL-3.0-or-later
 * read_toy.c: a profile format for the test: "toyprof" and 13 bytes of
 * padding (read.c has checked the 20-byte header), then arcs of three
 * 8-byte numbers: call site, callee, count. */
#include "gmon/merge.h"
#include "gmon/read_formats.h"

bool read_toy(struct reader *r, struct profile_data *p, struct profile_file_info *info)
{
	r->c.pos = 20;
	p->input |= INPUT_CALL_GRAPH;
	while (!r->stop && cursor_fill(&r->c, 24)) {
		uint64_t from = cursor_take(&r->c, 8);
		uint64_t self = cursor_take(&r->c, 8);
		uint64_t count = cursor_take(&r->c, 8);

		if (!reader_add_arc(r, from, self, count))
			return false;
		info->arc_records++;
	}
	if (r->c.io_failed)
		return false;
	if (!r->stop && cursor_remaining(&r->c) != 0)
		return cursor_fail(&r->c, "truncated toy arc at offset %zu", r->c.pos);
	return true;
}
C
sed -i '/^bool read_bsd(/a\
bool read_toy(struct reader *r, struct profile_data *p, struct profile_file_info *info);' \
	tree/gprof/gmon/read_formats.h
sed -i '/^\tif (r->format == FORMAT_MAGIC || magic) {$/i\
\tif (memcmp(r->c.data, "toyprof", 8) == 0)\
\t\tok = read_toy(r, p, info);\
\telse' tree/gprof/gmon/read.c
edited=$(for f in read_formats.h read.c; do
	diff "$TOP/gprof/gmon/$f" "tree/gprof/gmon/$f" | grep -c '^>'
	diff "$TOP/gprof/gmon/$f" "tree/gprof/gmon/$f" | grep -c '^<'
done | xargs)
added=$(diff -rq "$TOP/gprof" tree/gprof | sed "s|$TOP/||" | sort)
if [ "$edited" != "1 0 3 0" ] || [ "$added" != "Files gprof/gmon/read.c and tree/gprof/gmon/read.c differ
Files gprof/gmon/read_formats.h and tree/gprof/gmon/read_formats.h differ
Only in gprof: gprof
Only in tree/gprof/gmon: read_toy.c" ]; then
	fail reader.toy.recipe "not one file, one line and one branch: lines added and removed $edited; $added"
elif ! make -s -C tree/gprof gprof >build.log 2>&1; then
	fail reader.toy.recipe "the toy reader does not build: $(grep -m1 -i error build.log || tail -2 build.log)"
	exit 0
else
	pass reader.toy.recipe
fi
[ -x tree/gprof/gprof ] || exit 0
ln -s tree/gprof/gprof toy-gprof

# ---- a new unit test is one new file too: tests/Makefile builds every
# tests/unit/t-*.c, linked with the copy's libgprof.a, which holds the
# reader (gprof/Makefile builds every .c of its floors into it)
mkdir -p tree/tests/unit
cp -p "$TOP/tests/Makefile" tree/tests/ && cp -p "$TOP/tests/unit/check_tap.h" tree/tests/unit/ || exit 2
cat >tree/tests/unit/t-toy.c <<'C'
/* SPDX-License-Identifier: GPL-3.0-or-later
 * t-toy.c: t-toy-reader.sh's unit test: one toy arc read through
 * profile_read_buffer, which must reach read_toy. */
#include <string.h>

#include "gmon/profile.h"
#include "check_tap.h"

START_TEST(toy_one_arc)
{
	unsigned char bytes[44] = "toyprof";
	struct target t = { 8, false };
	struct profile_data p;
	struct profile_file_info info;
	char err[256] = "";

	memset(&p, 0, sizeof(p));
	bytes[20] = 0x10, bytes[28] = 0x20, bytes[36] = 7;
	ck_assert_msg(profile_read_buffer("toy.out", bytes, sizeof(bytes), &t, FORMAT_AUTO, &p,
					  &info, err, sizeof(err)),
		      "%s", err);
	ck_assert_uint_eq(profile_arc_count(&p), 1);
	ck_assert_uint_eq(profile_arc(&p, 0).count, 7);
	profile_reset(&p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("toy");
	TCase *tc = tcase_create("reader");

	tcase_add_test(tc, toy_one_arc);
	suite_add_tcase(s, tc);
	return run_suite_tap(s);
}
C
if ! make -s -C tree/tests ../build/tests/unit/t-toy >unit.log 2>&1; then
	fail reader.toy.unit-test "the toy unit test does not build: $(grep -m1 -i error unit.log || tail -2 unit.log)"
else
	expect_eq reader.toy.unit-test "ok 1 - unit/t-toy.c:reader:toy_one_arc: Passed" \
		"$(tree/build/tests/unit/t-toy 2>&1 | grep '^ok\|^not ok' | xargs)"
fi

# ---- three arcs of cycle3's program, in both formats
prog=$TOP/tests/corpus/fixtures/cycle3/prog
main=$(symbol_address "$prog" main) alpha=$(symbol_address "$prog" alpha)
beta=$(symbol_address "$prog" beta) leaf=$(symbol_address "$prog" leaf)
python3 - "$main" "$alpha" "$beta" "$leaf" <<'PY' || exit 2
import struct, sys
main, alpha, beta, leaf = (int(a, 16) for a in sys.argv[1:])
arcs = [(main + 0x10, alpha, 5), (main + 0x20, beta, 3), (alpha + 6, leaf, 7)]
with open("toy.out", "wb") as f:
    f.write(b"toyprof" + b"\0" * 13)
    for a in arcs:
        f.write(struct.pack("<QQQ", *a))
with open("toy-cut.out", "wb") as f:
    f.write(b"toyprof" + b"\0" * 13 + struct.pack("<QQQ", *arcs[0]) + b"\1\2\3")
with open("gnu.out", "wb") as f:
    f.write(b"gmon" + struct.pack("<I", 1) + b"\0" * 12)
    for a in arcs:
        f.write(b"\1" + struct.pack("<QQI", *a))
PY
"$GPROF" -b -q "$prog" gnu.out >gnu.txt 2>&1
./toy-gprof -b -q "$prog" toy.out >toy.txt 2>&1
if grep -q '5/5 *main' gnu.txt && grep -q '7/7 *alpha' gnu.txt; then
	expect_same reader.toy.call-graph gnu.txt toy.txt
else
	fail reader.toy.call-graph "the GNU file's call graph lacks its arcs: $(head -c 300 gnu.txt)"
fi
./toy-gprof -b -q "$prog" toy-cut.out >cut.out 2>cut.err
expect_eq reader.toy.truncated "1|toy-cut.out: truncated toy arc at offset 44|" \
	"$?|$(sed 's/^[^:]*: //' cut.err)|$(cat cut.out)"
./toy-gprof -b -q "$prog" gnu.out >gnu2.txt 2>&1
expect_same reader.toy.gnu-still gnu.txt gnu2.txt
