#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-install.sh: "make install" with DESTDIR and prefix puts what
# README says where it says, and the installed pieces work together: a
# program built with pkg-config's flags for libgmon is profiled and read by
# the installed gprof.
. "$(dirname "$0")/../lib.sh"
scratch
dest=$SCRATCH/root
prefix=/opt/gp

if make -s -C "$TOP" install DESTDIR="$dest" prefix="$prefix" >"$SCRATCH/install.log" 2>&1; then
	pass install.make
else
	fail install.make "make install failed: $(tail -3 "$SCRATCH/install.log" | tr '\n' ' ')"
	exit 0
fi

for f in bin/gprof lib/libgmon.a lib/libgmon.so include/gmon_out.h include/libgmon.h \
	share/man/man1/gprof.1 share/man/man3/libgmon.3 lib/pkgconfig/libgmon.pc; do
	if [ -f "$dest$prefix/$f" ]; then
		pass "install.file.$f"
	else
		fail "install.file.$f" "$dest$prefix/$f is missing"
	fi
done
if [ -x "$dest$prefix/bin/gprof" ]; then pass install.gprof-executable; else fail install.gprof-executable "not executable"; fi

# pkg-config sees the staged tree through its sysroot variable
export PKG_CONFIG_PATH=$dest$prefix/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
expect_eq install.pkgconfig.libs "-L$dest$prefix/lib -lgmon" "$(pkg-config --libs libgmon | xargs)"
expect_eq install.pkgconfig.cflags "-I$dest$prefix/include" "$(pkg-config --cflags libgmon | xargs)"

cat >"$SCRATCH/p.c" <<'C'
#include <libgmon.h>
static int leaf(int i) { return i * 2; }
int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += leaf(i); return s; }
int main(void) { return work(1000) == 999000 ? 0 : 1; }
C
(cd "$SCRATCH" && gcc -pg -o p p.c $(pkg-config --cflags libgmon) -Wl,-Bstatic $(pkg-config --libs libgmon) -Wl,-Bdynamic) \
	>"$SCRATCH/cc.log" 2>&1
expect_eq install.link-static 0 $?
(cd "$SCRATCH" && rm -f gmon.out && ./p)
expect_eq install.run 0 $?
(cd "$SCRATCH" && "$dest$prefix/bin/gprof" -b -p p gmon.out) >"$SCRATCH/flat" 2>&1
if grep -qE '^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +1000 .* leaf$' "$SCRATCH/flat"; then
	pass install.profile-read
else
	fail install.profile-read "installed gprof did not show leaf called 1000 times"
fi
