#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-install.sh: "make install" with DESTDIR and prefix puts what
# README says where it says, and the installed pieces work together: a
# program built with pkg-config's flags for libgmon is profiled and read by
# the installed gprof; the documents are installed and the installed man
# pages name where.  "make uninstall" then removes exactly those files and
# the documents' directory: what is left is the empty standard directories
# install made (bin, include, lib, lib/pkgconfig, share/doc, share/man/man1,
# share/man/man3 and their parents), and nobody else's files.
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

for f in bin/gprof bin/gprof-run lib/libgmon.a lib/libgmon.so include/gmon_out.h include/libgmon.h \
	share/man/man1/gprof.1 share/man/man1/gprof-run.1 share/man/man3/libgmon.3 \
	lib/pkgconfig/libgmon.pc; do
	if [ -f "$dest$prefix/$f" ]; then
		pass "install.file.$f"
	else
		fail "install.file.$f" "$dest$prefix/$f is missing"
	fi
done
if [ -x "$dest$prefix/bin/gprof" ]; then pass install.gprof-executable; else fail install.gprof-executable "not executable"; fi
# the installed gprof-run preloads the runtime installed beside it
# (GMON_START=all: the runtime leaves LD_PRELOAD as gprof-run set it)
expect_eq install.gprof-run.runtime "$(realpath "$dest$prefix/lib/libgmon.so")" \
	"$(cd "$SCRATCH" && env -u LD_PRELOAD GMON_START=all "$dest$prefix/bin/gprof-run" sh -c 'echo $LD_PRELOAD')"

# pkg-config sees the staged tree through its sysroot variable
export PKG_CONFIG_PATH=$dest$prefix/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
expect_eq install.pkgconfig.libs "-L$dest$prefix/lib -lgmon -Wl,--export-dynamic" "$(pkg-config --libs libgmon | xargs)"
expect_eq install.pkgconfig.cflags "-I$dest$prefix/include" "$(pkg-config --cflags libgmon | xargs)"

cat >"$SCRATCH/p.c" <<'C'
#include <libgmon.h>
static int leaf(int i) { return i * 2; }
int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += leaf(i); return s; }
int main(void) { return work(1000) == 999000 ? 0 : 1; }
C
read -ra cflags <<<"$(pkg-config --cflags libgmon)"
read -ra libs <<<"$(pkg-config --libs libgmon)"
(cd "$SCRATCH" && gcc -pg -o p p.c "${cflags[@]}" -Wl,-Bstatic "${libs[@]}" -Wl,-Bdynamic) \
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

# ---- the documents: every doc/*.md, README and the licences, as they are
docdir=$prefix/share/doc/gprof-libgmon
want=()
for f in "$TOP"/doc/*.md "$TOP/README" "$TOP/COPYING" "$TOP/LICENSE.BSD"; do
	base=$(basename "$f")
	want+=("$base")
	if cmp -s "$f" "$dest$docdir/$base"; then
		pass "install.docs.${base%.md}"
	elif [ -f "$dest$docdir/$base" ]; then
		fail "install.docs.${base%.md}" "$dest$docdir/$base differs from $f"
	else
		fail "install.docs.${base%.md}" "$dest$docdir/$base is missing"
	fi
done
expect_eq install.docs.nothing-else "$(printf '%s\n' "${want[@]}" | sort | xargs)" \
	"$(find "$dest$docdir" -mindepth 1 -printf '%P\n' | sort | xargs)"

# check_man_page NAME ROOT PAGE DOCDIR: the man PAGE installed under the
# staging tree ROOT differs from its source in doc/ only by the docdir
# string, which names DOCDIR ("-" as "\-"); it renders without a warning,
# shows DOCDIR, and every document it names under DOCDIR was installed
check_man_page() {
	local name=$1 root=$2 page=$2$3 dir=$4 source changed f missing=
	source=$TOP/doc/$(basename "$page")
	changed=$(diff "$source" "$page" | grep '^[<>]')
	expect_eq "$name.only-docdir-changed" \
		"< .ds docdir doc
> .ds docdir ${dir//-/\\-}" "$changed"
	groff -ww -man -Tutf8 -P-cbou "$page" >"$SCRATCH/page.txt" 2>"$SCRATCH/page.err"
	if [ -s "$SCRATCH/page.err" ]; then
		fail "$name.names-docdir" "groff -ww: $(head -1 "$SCRATCH/page.err")"
	elif grep -qE "^ +$dir\$" "$SCRATCH/page.txt" && grep -qF "$dir/manual.md" "$SCRATCH/page.txt"; then
		pass "$name.names-docdir"
	else
		fail "$name.names-docdir" "the rendered page names neither $dir in FILES nor $dir/manual.md"
	fi
	while read -r f; do
		[ -f "$root$f" ] || missing="$missing $f"
	done < <(grep -oE "$dir/[A-Za-z0-9_.-]*[A-Za-z0-9_]" "$SCRATCH/page.txt" | sort -u)
	expect_eq "$name.documents-installed" "" "$missing"
}
check_man_page install.man.gprof "$dest" "$prefix/share/man/man1/gprof.1" "$docdir"
check_man_page install.man.libgmon "$dest" "$prefix/share/man/man3/libgmon.3" "$docdir"

# ---- make uninstall: no file left, only the standard directories
if make -s -C "$TOP" uninstall DESTDIR="$dest" prefix="$prefix" >"$SCRATCH/uninstall.log" 2>&1; then
	pass install.uninstall.make
else
	fail install.uninstall.make "make uninstall failed: $(tail -3 "$SCRATCH/uninstall.log" | tr '\n' ' ')"
fi
expect_eq install.uninstall.no-files "" "$(cd "$dest" && find . ! -type d | sort | xargs)"
p=${prefix#/}
expect_eq install.uninstall.dirs-left \
	"opt $p $p/bin $p/include $p/lib $p/lib/pkgconfig $p/share $p/share/doc $p/share/man $p/share/man/man1 $p/share/man/man3" \
	"$(cd "$dest" && find . -mindepth 1 -type d -printf '%P\n' | sort | xargs)"
make -s -C "$TOP" uninstall DESTDIR="$dest" prefix="$prefix" >"$SCRATCH/uninstall2.log" 2>&1
expect_eq install.uninstall.again "0 " "$? $(cat "$SCRATCH/uninstall2.log")"

# ---- docdir= moves the documents, and the man pages follow; uninstall
# with the same variables leaves other packages' files where they are
dest=$SCRATCH/root2
if make -s -C "$TOP" install DESTDIR="$dest" prefix=/usr docdir=/usr/share/doc/gp-test \
	>"$SCRATCH/install2.log" 2>&1; then
	pass install.docdir.make
else
	fail install.docdir.make "make install docdir=... failed: $(tail -3 "$SCRATCH/install2.log" | tr '\n' ' ')"
fi
if [ -f "$dest/usr/share/doc/gp-test/manual.md" ] && [ ! -e "$dest/usr/share/doc/gprof-libgmon" ]; then
	pass install.docdir.docs
else
	fail install.docdir.docs "the documents are not (only) in docdir=/usr/share/doc/gp-test"
fi
check_man_page install.docdir.man.gprof "$dest" /usr/share/man/man1/gprof.1 /usr/share/doc/gp-test
echo "someone else's" >"$dest/usr/share/doc/gp-test/NOTES"
echo "someone else's" >"$dest/usr/bin/other-tool"
make -s -C "$TOP" uninstall DESTDIR="$dest" prefix=/usr docdir=/usr/share/doc/gp-test \
	>"$SCRATCH/uninstall3.log" 2>&1
expect_eq install.docdir.uninstall.status 0 $?
expect_eq install.docdir.uninstall.keeps-others "./usr/bin/other-tool ./usr/share/doc/gp-test/NOTES" \
	"$(cd "$dest" && find . ! -type d | sort | xargs)"
if grep -q "gp-test kept" "$SCRATCH/uninstall3.log"; then
	pass install.docdir.uninstall.says-kept
else
	fail install.docdir.uninstall.says-kept "no word that the non-empty docdir was kept"
fi
