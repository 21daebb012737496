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
#   structure.gprof.top                 nothing depends on gprof.c (main)
#   structure.gprof.code-map            doc/code-map.md names every gprof/
#                                       source file, and only files that exist
# usage: check-structure.py TOP  (gprof/ must be built: its .o files are read)
import os
import re
import subprocess
import sys

top = sys.argv[1] if len(sys.argv) > 1 else "."
src = os.path.join(top, "gprof")
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
for f in files:
    if not f.endswith(".c"):
        continue
    obj = os.path.join(src, module(f) + ".o")
    if not os.path.exists(obj):
        report("structure.gprof.no-module-cycles", ["%s is not built" % obj])
        sys.exit(1)
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defines[module(f)] = set()
    uses[module(f)] = set()
    for line in out.splitlines():
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

sys.exit(1 if failed else 0)
