# SPDX-License-Identifier: GPL-3.0-or-later
# Top-level Makefile: set-up (packages, configure), the two programs, the
# tests, the demo and installation.
#
#   make            build gprof/gprof, libgmon/libgmon.a, libgmon/libgmon.so,
#                   run/gprof-run; everything else the build makes (objects,
#                   dependency files, generated code, configure's output,
#                   the unit tests, the variants below) goes to build/
#   make check      build and run every test; last line "N passed, N failed"
#   make check-stress    make check three times, pinned to one CPU, with two
#                        busy loops holding the CPUs (build-aux/check-stress)
#   make check-matrix    the whole lifecycle matrix (tests/runtime/t-matrix.sh)
#   make check-sanitize  the same with ASan+UBSan builds, in build/asan/
#   make check-valgrind  gprof under valgrind memcheck over the corpus
#   make fuzz       run the libFuzzer targets (FUZZ_SECONDS each, default 60)
#   make demo       profile examples/ with our runtime and print the report
#   make cross-aarch64  libgmon for aarch64 in build/aarch64/libgmon/
#   make check-aarch64  the runtime's aarch64 tests, under qemu-aarch64
#   make libgmon-musl   libgmon.a built with musl-gcc in build/musl/libgmon/
#   make check-musl     the runtime's tests against musl
#   make install    honours prefix=, docdir= and DESTDIR=
#   make uninstall  removes what make install put (same variables)
#   make format-check    the C files against .clang-format (also tests/cli/t-format.sh)
#   make clean      removes build/, the four programs and tests/out/

prefix ?= /usr/local
DESTDIR ?=
bindir = $(prefix)/bin
libdir = $(prefix)/lib
includedir = $(prefix)/include
mandir = $(prefix)/share/man
pkgconfigdir = $(libdir)/pkgconfig
docdir ?= $(prefix)/share/doc/gprof-libgmon

# installed in $(docdir), and named there by the man pages
DOCS = $(wildcard doc/*.md) README COPYING LICENSE.BSD
# the man pages name $(docdir) through a string that says "doc" in the
# source tree; its "-" written "\-" so that groff prints a plain hyphen
MAN_DOCDIR = sed -e 's|^\.ds docdir .*|.ds docdir $(subst -,\\-,$(docdir))|'

.PHONY: all deps check demo install uninstall clean distclean gprof libgmon run \
	tests check-stress check-matrix check-sanitize check-valgrind fuzz cross-aarch64 check-aarch64 \
	libgmon-musl check-musl format-check

all: gprof libgmon run

# configure and what it writes (config.mk, config.log, config.status),
# autoconf's cache too, live in build/
build/.deps-build.stamp: build-aux/deps.sh
	@build-aux/deps.sh build
	@mkdir -p build
	@touch $@

build/configure: configure.ac build/.deps-build.stamp
	cd build && autoconf -o configure ../configure.ac
	@touch $@

build/config.mk: build/configure config.mk.in
	cd build && ./configure --srcdir=.. --prefix=$(prefix) CFLAGS="$${CFLAGS:--O2 -g}" >/dev/null

gprof: build/config.mk
	$(MAKE) -C gprof

libgmon: build/config.mk
	$(MAKE) -C libgmon

run: build/config.mk
	$(MAKE) -C run libdir=$(libdir)

tests: all
	$(MAKE) -C tests

check: 
	@build-aux/deps.sh check
	@$(MAKE) --no-print-directory all tests
	@tests/run

# make check on a machine made busy, three times: no test may depend on
# where samples land, on the load or on timing (README, "Testing").
check-stress:
	@build-aux/deps.sh check
	@MAKE="$(MAKE)" build-aux/check-stress

# every cell of the lifecycle matrix (make check runs a subset): program
# shapes x start modes x clocks, each without and with the profiler
check-matrix:
	@build-aux/deps.sh check
	@$(MAKE) --no-print-directory all
	@MATRIX=full tests/run runtime/t-matrix

# A copy of the tree in build/asan/ (so that the normal build stays as
# it is) where gprof and the unit tests are built with AddressSanitizer and
# UndefinedBehaviorSanitizer, then its whole test suite.  libgmon there is
# built as usual: the tests link it into programs built every which way
# (clang, LD_PRELOAD, the manual's examples), which a sanitized runtime
# would need in each.  The copy builds into its own build/, so that
# everything stays under build/asan/.  See doc/reliability.md.
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_TREE = build/asan
check-sanitize: build/config.mk
	@build-aux/deps.sh check
	@tests/fuzz/sanitize-tree copy $(ASAN_TREE)
	@$(MAKE) --no-print-directory -C $(ASAN_TREE) libgmon >$(ASAN_TREE)/build/build.log 2>&1 || \
		{ tail -20 $(ASAN_TREE)/build/build.log; exit 1; }
	@tests/fuzz/sanitize-tree flags $(ASAN_TREE) "-O1 -g $(SANITIZE)" "$(SANITIZE)"
	@$(MAKE) --no-print-directory -C $(ASAN_TREE) all tests >>$(ASAN_TREE)/build/build.log 2>&1 || \
		{ tail -20 $(ASAN_TREE)/build/build.log; exit 1; }
	@# tests that rebuild libgmon (make CC=clang) get the usual flags back
	@cp build/config.mk $(ASAN_TREE)/build/config.mk
	@# gprof exits without freeing what it keeps to the end: no leak check;
	@# some tests LD_PRELOAD a shim into gprof: let ASan come second
	@cd $(ASAN_TREE) && ASAN_OPTIONS=halt_on_error=1:detect_leaks=0:verify_asan_link_order=0 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 tests/run

check-valgrind:
	@build-aux/deps.sh check
	@$(MAKE) --no-print-directory all
	@tests/fuzz/valgrind-corpus

FUZZ_SECONDS ?= 60
fuzz:
	@build-aux/deps.sh check
	@$(MAKE) --no-print-directory all
	@tests/fuzz/run -t $(FUZZ_SECONDS)

# The runtime for other targets, built from the same sources in a
# directory of its own (doc/runtime.md, "aarch64 and musl").  The
# packages: build-aux/deps.sh cross.
AARCH64_CC ?= aarch64-linux-gnu-gcc
cross-aarch64: build/config.mk
	@build-aux/deps.sh cross
	@$(MAKE) --no-print-directory -C libgmon OBJDIR=$(CURDIR)/build/aarch64/libgmon \
		OUTDIR=$(CURDIR)/build/aarch64/libgmon ARCH=aarch64 CC=$(AARCH64_CC) AR=aarch64-linux-gnu-ar

# check-aarch64 also builds, for its call-stack tests only, a libgmon.a
# whose stack walk loads without checking (qemu-user has no
# process_vm_readv): build/aarch64/unchecked/, never to be linked else.
check-aarch64: cross-aarch64 gprof
	@$(MAKE) --no-print-directory -C libgmon OBJDIR=$(CURDIR)/build/aarch64/unchecked \
		OUTDIR=$(CURDIR)/build/aarch64/unchecked ARCH=aarch64 CC=$(AARCH64_CC) AR=aarch64-linux-gnu-ar \
		EXTRA_CPPFLAGS=-DGMON_TEST_UNCHECKED_READS libgmon.a >/dev/null
	@tests/cross/run aarch64

# musl-gcc sees musl's headers only; the kernel's (linux/, asm/), which
# Alpine ships as linux-headers, are borrowed from the host.
MULTIARCH := $(shell gcc -print-multiarch 2>/dev/null)
libgmon-musl: build/config.mk
	@build-aux/deps.sh cross
	@mkdir -p build/musl/include
	@ln -sfn /usr/include/linux build/musl/include/linux
	@ln -sfn /usr/include/asm-generic build/musl/include/asm-generic
	@ln -sfn /usr/include/$(MULTIARCH)/asm build/musl/include/asm
	@$(MAKE) --no-print-directory -C libgmon OBJDIR=$(CURDIR)/build/musl/libgmon \
		OUTDIR=$(CURDIR)/build/musl/libgmon CC=musl-gcc \
		EXTRA_CPPFLAGS="-idirafter $(CURDIR)/build/musl/include"

check-musl: libgmon-musl gprof
	@tests/cross/run musl

demo:
	@build-aux/deps.sh demo
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory -C examples demo

install: all
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir) $(DESTDIR)$(includedir) \
		$(DESTDIR)$(mandir)/man1 $(DESTDIR)$(mandir)/man3 $(DESTDIR)$(pkgconfigdir) \
		$(DESTDIR)$(docdir)
	install -m 755 gprof/gprof $(DESTDIR)$(bindir)/gprof
	install -m 755 run/gprof-run $(DESTDIR)$(bindir)/gprof-run
	install -m 644 libgmon/libgmon.a $(DESTDIR)$(libdir)/libgmon.a
	install -m 755 libgmon/libgmon.so $(DESTDIR)$(libdir)/libgmon.so
	install -m 644 include/gmon_out.h include/libgmon.h $(DESTDIR)$(includedir)/
	$(MAN_DOCDIR) doc/gprof.1 > $(DESTDIR)$(mandir)/man1/gprof.1
	$(MAN_DOCDIR) doc/gprof-run.1 > $(DESTDIR)$(mandir)/man1/gprof-run.1
	$(MAN_DOCDIR) doc/libgmon.3 > $(DESTDIR)$(mandir)/man3/libgmon.3
	sed -e 's|@prefix@|$(prefix)|' -e 's|@libdir@|$(libdir)|' \
		-e 's|@includedir@|$(includedir)|' libgmon/libgmon.pc.in \
		> $(DESTDIR)$(pkgconfigdir)/libgmon.pc
	chmod 644 $(DESTDIR)$(mandir)/man1/gprof.1 $(DESTDIR)$(mandir)/man1/gprof-run.1 \
		$(DESTDIR)$(mandir)/man3/libgmon.3 \
		$(DESTDIR)$(pkgconfigdir)/libgmon.pc
	install -m 644 $(DOCS) $(DESTDIR)$(docdir)/

# Exactly the files install put, and $(docdir) once it is empty; the
# standard directories (bin, lib, share/man/man1, ...) stay.
uninstall:
	rm -f $(DESTDIR)$(bindir)/gprof $(DESTDIR)$(bindir)/gprof-run $(DESTDIR)$(libdir)/libgmon.a \
		$(DESTDIR)$(libdir)/libgmon.so $(DESTDIR)$(includedir)/gmon_out.h \
		$(DESTDIR)$(includedir)/libgmon.h $(DESTDIR)$(mandir)/man1/gprof.1 \
		$(DESTDIR)$(mandir)/man1/gprof-run.1 \
		$(DESTDIR)$(mandir)/man3/libgmon.3 $(DESTDIR)$(pkgconfigdir)/libgmon.pc
	rm -f $(addprefix $(DESTDIR)$(docdir)/,$(notdir $(DOCS)))
	@if [ -d $(DESTDIR)$(docdir) ] && ! rmdir $(DESTDIR)$(docdir) 2>/dev/null; then \
		echo "uninstall: $(DESTDIR)$(docdir) kept: it holds files make install did not put there"; \
	fi

# The C files against .clang-format: how many lines it would change, and
# a non-zero exit if any.  Not yet in CI: the tree is formatted once, then
# CI checks it.  Generated and third-party code is left out.
format-check:
	@build-aux/format-check

# everything the build made: build/ (objects, generated files, configure's
# output, the variants), the programs at their fixed places, tests/out/
clean:
	rm -rf build tests/out
	rm -f gprof/gprof libgmon/libgmon.a libgmon/libgmon.so run/gprof-run

distclean: clean
