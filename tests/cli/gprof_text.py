# SPDX-License-Identifier: GPL-3.0-or-later
#
# gprof_text.py: read our own `gprof -b` text reports back into Python
# data, for the suites that check the machine-readable printers (--json,
# --dot) against the text.  Only the GNU layout (not -T).
#
#   flat, graph = parse_text(path)
#   flat:  [{"name", "percent", "self", "calls"}] in report order, or None
#   graph: {"entries": {index: {"name", "percent", "self", "children",
#                               "calls", "recursive", "cycle"}},
#           "cycles":  {index: {"number", "percent", "self", "children",
#                               "calls", "recursive", "members"}},
#           "arcs":    {(caller, callee): {"count", "self", "children"}}}
#          or None; figures stay the strings printed, "self" of an arc is
#          None where the text shows only its count (recursion, cycles).
#
# And the reporting those suites share: ok(name), bad(name, why),
# verdict(name, problems) (ok when the list is empty, else bad with its
# first three), and check_each(list, check), which runs check(name, fields...) for each
# line that tests/lib.sh's add_check queued in the file list.
#
# Copyright (c) 2026 The gprof/libgmon authors.
import re

def ok(name):
    print("ok " + name)

def bad(name, why):
    print("not ok %s: %s" % (name, why))

def verdict(name, problems):
    if problems:
        bad(name, "; ".join(problems[:3]))
    else:
        ok(name)

def check_each(path, check):
    """check(name, fields...) for each tab-separated line of path; an
    exception is reported as the failure of name.check."""
    for line in open(path, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        try:
            check(*fields)
        except Exception as e:
            bad(fields[0] + ".check", "%s: %s" % (type(e).__name__, e))

FLAT_ROW = re.compile(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?(\S.*)$")
PRIMARY = re.compile(r"^\[(\d+)\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)(?:\+(\d+))?\s+)?(.*?)\s*\[(\d+)\]$")
ARC_LINE = re.compile(r"^\s+(?:([\d.]+)\s+([\d.]+)\s+)?(\d+)(?:/(\d+))?\s+(.*?)\s*[\[(](\d+)[\])]$")
MEMBER = re.compile(r"^\s+([\d.]+)\s+([\d.]+)\s+(\d+)(?:\+(\d+))?\s+(.*?)\s*[\[(](\d+)[\])]$")

def parse_text(path):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    flat = None
    graph = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(" time   seconds"):
            flat = []
            i += 1
            while i < len(lines) and lines[i].strip():
                m = FLAT_ROW.match(lines[i])
                if not m:
                    raise ValueError("flat row not understood: " + lines[i])
                flat.append({"percent": m.group(1), "self": m.group(3),
                             "calls": int(m.group(4)) if m.group(4) else 0,
                             "name": m.group(7)})
                i += 1
            continue
        if line.startswith("index % time"):
            graph = {"entries": {}, "cycles": {}, "arcs": {}}
            entry = []
            i += 1
            while i < len(lines) and not lines[i].startswith("\f"):
                if lines[i].startswith("-----"):
                    parse_entry(entry, graph)
                    entry = []
                elif lines[i].strip():
                    entry.append(lines[i])
                i += 1
            continue
        i += 1
    return flat, graph

def parse_entry(entry, graph):
    primary = [k for k, l in enumerate(entry) if l.startswith("[")]
    if len(primary) != 1:
        raise ValueError("entry without one primary line: %r" % entry)
    k = primary[0]
    m = PRIMARY.match(entry[k])
    if not m:
        raise ValueError("primary line not understood: " + entry[k])
    index = int(m.group(1))
    figures = {"percent": m.group(2), "self": m.group(3), "children": m.group(4),
               "calls": int(m.group(5) or 0), "recursive": int(m.group(6) or 0)}
    if m.group(7).startswith("<cycle ") and m.group(7).endswith(" as a whole>"):
        figures["number"] = int(m.group(7).split()[1])
        members = []
        for l in entry[k + 1:]:
            mm = MEMBER.match(l)
            if not mm:
                raise ValueError("member line not understood: " + l)
            members.append(int(mm.group(6)))
        figures["members"] = sorted(members)
        graph["cycles"][index] = figures
        return
    cm = re.search(r" <cycle (\d+)>$", m.group(7))
    figures["cycle"] = int(cm.group(1)) if cm else 0
    figures["name"] = re.sub(r" <cycle \d+>$", "", m.group(7))
    graph["entries"][index] = figures
    for pos, l in enumerate(entry):
        if pos == k or l.strip() == "<spontaneous>":
            continue
        am = ARC_LINE.match(l)
        if not am:
            raise ValueError("arc line not understood: " + l)
        other = int(am.group(6))
        key = (other, index) if pos < k else (index, other)
        arc = {"count": int(am.group(3)), "self": am.group(1), "children": am.group(2)}
        old = graph["arcs"].get(key)
        if old and old["count"] != arc["count"]:
            raise ValueError("arc %r listed twice with different counts" % (key,))
        if not old or arc["self"] is not None:
            graph["arcs"][key] = arc


EXEC_LINE = re.compile(r"^(.*):(\d+): \((.*):0x([0-9a-f]+)\) (\d+) executions$")

def parse_exec_counts(path):
    """The -C lines: [(file or None, line, name, address, count)]."""
    out = []
    for line in open(path, encoding="utf-8", errors="replace").read().split("\n"):
        m = EXEC_LINE.match(line)
        if m:
            out.append((None if m.group(1) == "<unknown>" else m.group(1), int(m.group(2)),
                        m.group(3), int(m.group(4), 16), int(m.group(5))))
    return out
