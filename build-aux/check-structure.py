#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# build-aux/check-structure.py: the layering of gprof/, checked from the
# sources and the objects (tests/cli/t-structure.sh runs it).
#
# gprof/ is in floors, bottom up: core/ symtab/ gmon/ analysis/ report/,
# then the drivers (gprof/*.c).  A module is X.c with its X.h (a header
# without a .c is a module of its own), named by its path under gprof/.
# Module A depends on module B when a file of A includes B's header or
# when A's object uses a name B's object defines (nm).  Checks:
#   structure.gprof.no-include-cycles   the #include graph of the files
#   structure.gprof.no-module-cycles    the module graph (includes and names)
#   structure.gprof.floors              no module depends on a floor above
#                                       its own; every file is on a floor
#   structure.gprof.printers-no-symtab  no file of report/ includes symtab/
#                                       (but the listed, which shrink)
#   structure.gprof.stage-options       no stage or printer takes the whole
#                                       struct options: each its own struct
#                                       (core/options.h); only the parser,
#                                       the drivers and formats.c see it all
#   structure.gprof.top                 nothing depends on gprof.c (main)
#   structure.gprof.code-map            doc/code-map.md names every gprof/
#                                       source file, and only files that exist
#   structure.file-size                 no source file of gprof/, libgmon/
#                                       or run/ over 1,000 lines
# usage: check-structure.py TOP  (gprof/ must be built: its .o files,
# in TOP/build/gprof/, are read)
import os
import re
import subprocess
import sys

top = sys.argv[1] if len(sys.argv) > 1 else "."
src = os.path.join(top, "gprof")
# the objects, out of the source tree (gprof/Makefile, libgmon/Makefile)
src_objects = os.path.join(top, "build", "gprof")
# bottom up; "" is the top (the drivers)
FLOORS = ["core", "symtab", "gmon", "analysis", "report", ""]
files = []
for dirpath, dirnames, filenames in os.walk(src):
    dirnames[:] = sorted(d for d in dirnames if d not in ("proto", "html"))
    for f in filenames:
        if f.endswith((".c", ".h")):
            files.append(os.path.relpath(os.path.join(dirpath, f), src))
files.sort()
failed = False


def report(name, problems):
    global failed
    if problems:
        failed = True
        print("not ok %s: %s" % (name, "; ".join(problems[:5])))
    else:
        print("ok %s" % name)


def module(f):
    return f[:-2]


def floor(m):
    """The index of module (or file) m's floor in FLOORS, or None."""
    d = os.path.dirname(m)
    return FLOORS.index(d) if d in FLOORS else None


includes = {}
for f in files:
    with open(os.path.join(src, f), encoding="utf-8") as fh:
        includes[f] = [m for m in re.findall(r'^#include "([^"]+)"', fh.read(), re.M)
                       if m in files]


def nm_each(objs):
    """nm's lines for each object (objs: paths without a colon), by one nm
    for all of them (-A: each line after its file's name and a colon)."""
    lines = {obj: [] for obj in objs}
    if objs:
        out = subprocess.run(["nm", "-A"] + objs, capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            obj, _, rest = line.partition(":")
            lines[obj].append(rest)
    return lines


def find_cycle(graph):
    """One cycle of graph (node -> set of nodes) as a list, or None."""
    colour = {}
    stack = []

    def visit(n):
        colour[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if colour.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in colour:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        colour[n] = 2
        return None

    for n in sorted(graph):
        if n not in colour:
            found = visit(n)
            if found:
                return found
    return None


cycle = find_cycle({f: set(inc) for f, inc in includes.items()})
report("structure.gprof.no-include-cycles", [" -> ".join(cycle)] if cycle else [])

# names each object defines and uses
defines, uses = {}, {}
objs = {}
for f in files:
    if not f.endswith(".c"):
        continue
    obj = os.path.join(src_objects, module(f) + ".o")
    if not os.path.exists(obj):
        report("structure.gprof.no-module-cycles", ["%s is not built" % obj])
        sys.exit(1)
    objs[f] = obj
nm_lines = nm_each(list(objs.values()))
for f, obj in objs.items():
    defines[module(f)] = set()
    uses[module(f)] = set()
    for line in nm_lines[obj]:
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            uses[module(f)].add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRVW":
            defines[module(f)].add(parts[2])
owner = {}
for m, names in defines.items():
    for n in names:
        owner[n] = m

graph = {}
for f, inc in includes.items():
    a = module(f)
    graph.setdefault(a, set())
    for h in inc:
        if module(h) != a:
            graph[a].add(module(h))
for m, names in uses.items():
    for n in names:
        if n in owner and owner[n] != m:
            graph.setdefault(m, set()).add(owner[n])
cycle = find_cycle(graph)
report("structure.gprof.no-module-cycles", [" -> ".join(cycle)] if cycle else [])

problems = []
for f in files:
    if floor(f) is None:
        problems.append("gprof/%s is on no floor (%s)" % (f, ", ".join(d + "/" for d in FLOORS if d)))
for a in sorted(graph):
    for b in sorted(graph[a]):
        if floor(a) is not None and floor(b) is not None and floor(b) > floor(a):
            problems.append("%s depends on %s, a floor above" % (a, b))
report("structure.gprof.floors", problems)

# Printers format a view (analysis/views.c): they look nothing up in
# symtab/ themselves.  The files still doing so are listed, each with
# what its view does not hold yet; the list only shrinks (empty since
# pprof.c's lines and inlined calls came from the view).
SYMTAB_IN_REPORT = {
}
problems = []
for f in files:
    if os.path.dirname(f) != "report":
        continue
    used = [i for i in includes[f] if i.startswith("symtab/")]
    if used and f not in SYMTAB_IN_REPORT:
        problems.append("gprof/%s includes %s (a printer formats the view)" % (f, ", ".join(used)))
    elif not used and f in SYMTAB_IN_REPORT:
        problems.append("gprof/%s includes no symtab/ header: take it off the list" % f)
report("structure.gprof.printers-no-symtab", problems)

# Options belong to a stage (core/options.h): a stage or a printer takes
# its own struct (read_options, view_options, text_options...), never the
# aggregate; only options.[ch], the drivers (on top) and formats.c, which
# hands each format's printer its own, name struct options.
WHOLE_OPTIONS = {"core/options.c", "core/options.h", "report/formats.c", "report/formats.h"}
problems = []
for f in files:
    if os.path.dirname(f) == "" or f in WHOLE_OPTIONS:
        continue
    with open(os.path.join(src, f), encoding="utf-8") as fh:
        if re.search(r"\bstruct options\b", fh.read()):
            problems.append("gprof/%s names struct options (take the stage's own)" % f)
report("structure.gprof.stage-options", problems)

users = sorted(m for m, deps in graph.items() if "gprof" in deps)
extra = sorted(n for n in defines.get("gprof", ()) if n != "main")
report("structure.gprof.top",
       (["depends on gprof.c: " + ", ".join(users)] if users else []) +
       (["gprof.c defines " + ", ".join(extra)] if extra else []))

problems = []
code_map = os.path.join(top, "doc", "code-map.md")
try:
    with open(code_map, encoding="utf-8") as fh:
        text = fh.read()
except OSError as e:
    problems.append(str(e))
    text = ""
named = set(re.findall(r"`gprof/([A-Za-z0-9_./-]+\.[ch])`", text))
for f in files:
    if f not in named:
        problems.append("gprof/%s is not in doc/code-map.md" % f)
for f in sorted(named - set(files)):
    problems.append("doc/code-map.md names gprof/%s, which does not exist" % f)
report("structure.gprof.code-map", problems)


# ---- libgmon/: the runtime ----
# A module is X.c with its X.h (a header without a .c is a module of its
# own), or an assembly file of arch/ARCH/ (the processor built for), named
# by its path under libgmon/.  An #include "arch.h" is arch/ARCH/arch.h.
# Module A depends on module B when a file of A includes B's header or
# when A's object uses a name B's object defines (nm).  Checks:
#   structure.libgmon.no-include-cycles   the #include graph of the files
#   structure.libgmon.no-module-cycles    the module graph (includes and names)
#   structure.libgmon.code-map            doc/code-map.md names every libgmon/
#                                         source file, and only files that exist
# (libgmon/ must be built: its .o files, in TOP/build/libgmon/, are read)
rt = os.path.join(top, "libgmon")
rt_objects = os.path.join(top, "build", "libgmon")
rt_arch = os.uname().machine
rt_files = sorted(f for f in os.listdir(rt) if f.endswith((".c", ".h")))
rt_arch_dir = os.path.join("arch", rt_arch)
if os.path.isdir(os.path.join(rt, rt_arch_dir)):
    rt_files += sorted(os.path.join(rt_arch_dir, f)
                       for f in os.listdir(os.path.join(rt, rt_arch_dir))
                       if f.endswith((".h", ".S")))


def rt_module(f):
    return f[:-2]


rt_includes = {}
for f in rt_files:
    with open(os.path.join(rt, f), encoding="utf-8") as fh:
        found = []
        for m in re.findall(r'^#include "([^"]+)"', fh.read(), re.M):
            if m in rt_files:
                found.append(m)
            elif os.path.join(rt_arch_dir, m) in rt_files:
                found.append(os.path.join(rt_arch_dir, m))
        rt_includes[f] = found

cycle = find_cycle({f: set(inc) for f, inc in rt_includes.items()})
report("structure.libgmon.no-include-cycles", [" -> ".join(cycle)] if cycle else [])

rt_defines, rt_uses = {}, {}
missing = []
objs = {}
for f in rt_files:
    if not f.endswith((".c", ".S")):
        continue
    obj = os.path.join(rt_objects, rt_module(f) + ".o")
    if not os.path.exists(obj):
        missing.append("%s is not built" % obj)
        continue
    objs[f] = obj
nm_lines = nm_each(list(objs.values()))
for f, obj in objs.items():
    m = rt_module(f)
    rt_defines[m], rt_uses[m] = set(), set()
    for line in nm_lines[obj]:
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            rt_uses[m].add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRVW":
            rt_defines[m].add(parts[2])
rt_owner = {}
for m, names in rt_defines.items():
    for n in names:
        rt_owner[n] = m
rt_graph = {}
for f, inc in rt_includes.items():
    a = rt_module(f)
    rt_graph.setdefault(a, set())
    for h in inc:
        if rt_module(h) != a:
            rt_graph[a].add(rt_module(h))
for m, names in rt_uses.items():
    for n in names:
        if n in rt_owner and rt_owner[n] != m:
            rt_graph.setdefault(m, set()).add(rt_owner[n])
cycle = find_cycle(rt_graph)
report("structure.libgmon.no-module-cycles",
       missing or ([" -> ".join(cycle)] if cycle else []))

problems = []
try:
    with open(os.path.join(top, "doc", "code-map.md"), encoding="utf-8") as fh:
        rt_map = fh.read()
except OSError as e:
    problems.append(str(e))
    rt_map = ""
named = set(re.findall(r"`libgmon/([A-Za-z0-9_./-]+\.[chS])`", rt_map))
for f in rt_files:
    if f.startswith("arch/"):
        continue  # the processors' files are named once, for all of them
    if f not in named:
        problems.append("libgmon/%s is not in doc/code-map.md" % f)
for f in sorted(n for n in named - set(rt_files) if not n.startswith("arch/")):
    problems.append("doc/code-map.md names libgmon/%s, which does not exist" % f)
report("structure.libgmon.code-map", problems)


# a file short enough to read at once (STYLE: one idea a file)
MAX_LINES = 1000
problems = []
for part in ("gprof", "libgmon", "run"):
    for dirpath, dirnames, filenames in os.walk(os.path.join(top, part)):
        dirnames[:] = sorted(dirnames)
        for f in sorted(filenames):
            if not f.endswith((".c", ".h", ".S")):
                continue
            path = os.path.join(dirpath, f)
            with open(path, encoding="utf-8") as fh:
                n = sum(1 for _ in fh)
            if n > MAX_LINES:
                problems.append("%s has %d lines" % (os.path.relpath(path, top), n))
report("structure.file-size", problems)

sys.exit(1 if failed else 0)
