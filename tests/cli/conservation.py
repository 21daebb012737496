#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (c) 2026 The gprof/libgmon authors.
#
# tests/cli/conservation.py: what callgrind_annotate makes of a
# `gprof --callgrind` file, checked against itself and against
# `gprof -b -l -q`.  Used by tests/cli/t-conservation.sh (a C++ program)
# and bench/exports/conservation.sh (Lua, 20,000 functions).
#
#   conservation.py FILE.callgrind LINES.txt
#
# Runs callgrind_annotate --tree=both --threshold=100 twice (inclusive and
# self costs) and prints four lines:
#   functions N unbalanced K   every function (its pieces: callgrind_annotate
#                              names a function by file:function, so code
#                              inlined from another file is a piece of its
#                              own) with callers: the costs of the calls
#                              into it = its self cost + the costs of its
#                              calls out
#   roots NAME,...             the functions nobody calls (sorted)
#   sites N differing K        every call site's count (file, line, callee)
#                              against `gprof -l -q`'s (LINES.txt), both ways
#   warnings K                 lines callgrind_annotate wrote on stderr
# then up to 20 lines naming what differs.  Exit status 0 when K are all 0.
import collections
import os
import re
import subprocess
import sys


def annotate(path, inclusive):
    run = subprocess.run(["callgrind_annotate", "--inclusive=" + inclusive, "--tree=both",
                          "--threshold=100", os.path.abspath(path)],
                         cwd="/", capture_output=True, text=True)
    return run.stdout, run.stderr


ROW = re.compile(r"^\s*([\d,]+)\s+(?:\([\s\d.]+%\)\s+)?([<>*])\s+(.*)$")


def piece_name(text):
    text = re.sub(r" \[[^\]]*\]$", "", text)   # [object]
    return re.sub(r" \([\d,]+x\)$", "", text)  # (calls)


def blocks(text):
    """{piece: (cost, [(caller, cost)], [(callee, cost)])} of a --tree=both listing."""
    out = {}
    text = text.split("file:function", 1)[-1].split("-- Auto-annotated source", 1)[0]
    for block in text.split("\n\n"):
        ins, outs, me = [], [], None
        for line in block.splitlines():
            m = ROW.match(line)
            if not m:
                continue
            cost, mark, name = int(m.group(1).replace(",", "")), m.group(2), piece_name(m.group(3))
            if mark == "<":
                ins.append((name, cost))
            elif mark == ">":
                outs.append((name, cost))
            else:
                me = (name, cost)
        if me:
            out[me[0]] = (me[1], ins, outs)
    return out


def pieces_of_file(path):
    """Each function of the file (ob, fl, fn) and the pieces callgrind_annotate
    names it by (file:fn for fl= and each fi=); each counted call site
    (file, line, callee) and its count; the calls marked uncounted."""
    pieces = collections.defaultdict(set)
    sites = collections.defaultdict(list)
    ob = fl = fn = cur = None
    cfn = None
    calls = None
    uncounted = False
    files = {}

    def name(kind, value):  # callgrind's name compression: (id) value
        m = re.match(r"^\((\d+)\)\s*(.*)$", value)
        if m:
            if m.group(2):
                files[kind, m.group(1)] = m.group(2)
            return files.get((kind, m.group(1)), value)
        return value

    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("# uncounted"):
            uncounted = True
        elif line.startswith("ob="):
            ob = name("ob", line[3:])
        elif line.startswith("fl="):
            fl = cur = name("fl", line[3:])
        elif line.startswith(("fi=", "fe=")):
            cur = name("fl", line[3:])
            pieces[(ob, fl, fn)].add(cur + ":" + fn)
        elif line.startswith("fn="):
            fn = name("fn", line[3:])
            pieces[(ob, fl, fn)].add(fl + ":" + fn)
        elif line.startswith("cfn="):
            cfn = name("fn", line[4:])
        elif line.startswith("calls="):
            calls = int(line[6:].split()[0])
        elif line and (line[0].isdigit() or line[0] in "+-*") and calls is not None:
            if not uncounted:
                sites[cfn].append(calls)
            calls, uncounted = None, False
    return pieces, sites


def sites_of_lines(path):
    """`gprof -b -l -q`: each parent line's count (n/m or n) by the caller's
    line (file, line) and the entry's function."""
    sites = collections.defaultdict(list)
    text = open(path, encoding="utf-8", errors="replace").read()
    text = text.split("Index by function name", 1)[0]
    for entry in text.split("-----------------------------------------------"):
        parents, callee = [], None
        for line in entry.splitlines():
            if line.startswith("["):
                m = re.match(r"^\[\d+\]?\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(?:[\d+]+\s+)?(.*?)(?: <cycle \d+>)? \[\d+\]$", line)
                if m:
                    callee = re.sub(r" \([^()]*:\d+ @ [0-9a-f]+\)$", "", m.group(1))
                break
            m = re.match(r"^\s+[\d.]+\s+[\d.]+\s+(\d+)(?:/\d+)?\s+(.*) \[\d+\]$", line)
            if m:
                parents.append((int(m.group(1)), m.group(2)))
        if callee is None:
            continue
        if parents:
            sites[callee] += [count for count, _ in parents]
    return sites


def coarsening(fine, coarse):
    """Can the counts coarse be made by adding up the counts fine in
    groups (each used once)?  `gprof -l -q` shows the calls of two sites
    in one line symbol (one line-table row) as one parent line."""
    fine, coarse = sorted(fine, reverse=True), sorted(coarse, reverse=True)
    if sum(fine) != sum(coarse) or len(fine) < len(coarse) or len(fine) > 24:
        return False
    bins = list(coarse)

    def place(i):
        if i == len(fine):
            return not any(bins)
        tried = set()
        for b in range(len(bins)):
            if bins[b] >= fine[i] and bins[b] not in tried:
                tried.add(bins[b])
                bins[b] -= fine[i]
                if place(i + 1):
                    return True
                bins[b] += fine[i]
        return False
    return place(0)


def main():
    callgrind, lines = sys.argv[1], sys.argv[2]
    incl_text, incl_err = annotate(callgrind, "yes")
    self_text, self_err = annotate(callgrind, "no")
    incl, own = blocks(incl_text), blocks(self_text)
    pieces, counted = pieces_of_file(callgrind)

    # the pieces of one function, and functions sharing a piece, one group
    group = {}
    for fn, names in pieces.items():
        ids = {group[n] for n in names if n in group} | {fn}
        target = min(ids, key=str)
        for n in list(group):
            if group[n] in ids:
                group[n] = target
        for n in names:
            group[n] = target
    ins, outs, selfs = collections.Counter(), collections.Counter(), collections.Counter()
    called = set()
    for piece, (cost, callers, callees) in incl.items():
        g = group.get(piece, piece)
        for _, c in callers:
            ins[g] += c
        if callers:
            called.add(g)
        for _, c in callees:
            outs[g] += c
        selfs[g] += own.get(piece, (0, [], []))[0]
    bad, roots = [], set()
    for g in set(ins) | set(outs) | set(selfs):
        if g not in called:
            roots.add(g[2] if isinstance(g, tuple) else g)
            continue
        if ins[g] != selfs[g] + outs[g]:
            bad.append("unbalanced %s: in %d self %d out %d" %
                       (g[2] if isinstance(g, tuple) else g, ins[g], selfs[g], outs[g]))
    from_lines = sites_of_lines(lines)
    differ, merged = [], 0
    callees = sorted(set(counted) | set(from_lines))
    for k in callees:
        if sorted(counted[k]) == sorted(from_lines[k]):
            continue
        if coarsening(counted[k], from_lines[k]):
            merged += 1
            continue
        differ.append("calls of %s by site: callgrind %s, gprof -l -q %s" %
                      (k, sorted(counted[k]), sorted(from_lines[k])))
    warnings = [l for l in (incl_err + self_err).splitlines() if l.strip()]
    print("functions %d unbalanced %d" % (len(set(ins) | set(outs) | set(selfs)), len(bad)))
    print("roots " + ",".join(sorted(roots)))
    print("sites %d callees %d (%d with sites -l shows together) differing %d" %
          (sum(len(v) for v in counted.values()), len(callees), merged, len(differ)))
    print("warnings %d" % len(warnings))
    for l in (sorted(bad) + differ + warnings)[:20]:
        print(l)
    return 1 if bad or differ or warnings else 0


if __name__ == "__main__":
    sys.exit(main())
