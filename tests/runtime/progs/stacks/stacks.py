#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
# Copyright (c) 2026 The gprof/libgmon authors.
#
# stacks.py: reads the call-stack record (tag 5, or 6 with threads) of a process file
# (doc/format.md, "Tag 5, call stacks") through progs/process/check.py,
# names each frame from the objects' symbols (nm), and checks
# what tests/runtime/t-stacks.sh asks of progs/stacks/stacks.c.  Prints
# "ok NAME" / "not ok NAME: why".
#
# The fractions are what is checked; a least number of samples only
# makes a fraction mean something.  That least number is about a tenth
# of what the run takes at its rate: the perf clock (GMON_RATE above 100)
# gives one signal for several periods when the host takes the CPU from
# a busy virtual machine (seen: 96 signals for 0.3 s at 1000 Hz).
#
# usage: stacks.py CHECK PROCESS-FILE PROG [TEST-NAME-PREFIX]
#   CHECK: heavylight recursion mutual deep threads corrupt garbage many memcpy fork-parent
#          fork-child snapshot full rate none dump
import bisect
import os
import struct
import subprocess
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "process"))
from check import TAG_STACKS, TAG_THREAD_STACKS, FormatError, expect, not_ok, ok, read_process  # noqa: E402

AT_LIMIT, CUT_SHORT = 1, 2


def read(path):
    """The process file (check.py's reader), with the samples taken."""
    p = read_process(path)
    p["taken"] = p["times"]["taken"] if p["times"] else None
    return p


def nm(opt, path):
    """nm -n OPT PATH's output ("" if nm cannot run).  Kept in the
    directory $STACKS_NM_CACHE when that is set (t-stacks.sh: its
    scratch), by the file's path, size and modification time: the suite
    checks the same objects (the program, libc, ...) a score of times."""
    cache = os.environ.get("STACKS_NM_CACHE")
    key = None
    if cache:
        try:
            st = os.stat(path)
            key = os.path.join(cache, "%s%s.%d.%d" % ("D" if opt else "s", path.replace("/", "%"),
                                                      st.st_size, st.st_mtime_ns))
            with open(key, encoding="utf-8") as f:
                return f.read()
        except OSError:
            pass
    try:
        out = subprocess.run(["nm", "-n"] + opt + [path], capture_output=True, text=True).stdout
    except OSError:
        return ""
    if key:
        try:
            os.makedirs(cache, exist_ok=True)
            with open(key + ".%d" % os.getpid(), "w", encoding="utf-8") as f:
                f.write(out)
            os.replace(key + ".%d" % os.getpid(), key)
        except OSError:
            pass
    return out


class Names:
    """Runtime address -> function name, from nm of each object."""

    def __init__(self, p):
        self.ranges = []  # (start, end, path, bias)
        self.syms = {}
        for o in p["objects"]:
            for s, e in o["segs"]:
                self.ranges.append((s, e, o["path"], o["bias"]))

    def symbols(self, path):
        if path not in self.syms:
            addrs, names = [], []
            for opt in ([], ["-D"]):
                out = nm(opt, path)
                for line in out.splitlines():
                    f = line.split()
                    if len(f) == 3 and f[1] in "tTiW":
                        addrs.append(int(f[0], 16))
                        names.append(f[2].split("@")[0])
            pairs = sorted(set(zip(addrs, names)))
            self.syms[path] = ([a for a, _ in pairs], [n for _, n in pairs])
        return self.syms[path]

    def name(self, addr, caller=False):
        # a return address names the call's function: look one byte back
        a = addr - 1 if caller else addr
        for s, e, path, bias in self.ranges:
            if s <= a < e:
                addrs, names = self.symbols(path)
                i = bisect.bisect_right(addrs, a - bias) - 1
                if i < 0:
                    return "?"
                return names[i]
        return "[unknown]"

    def stack(self, frames):
        return [self.name(f, i > 0) for i, f in enumerate(frames)]


def named(p):
    n = Names(p)
    return [(c, f, n.stack(fr)) for c, f, fr in p["stacks"]["entries"]]


def total(p):
    return sum(c for c, _, _ in p["stacks"]["entries"])


def main():
    check, path, prog = sys.argv[1], sys.argv[2], sys.argv[3]
    base = "runtime.stacks." + {"none": "depth-zero"}.get(check, check)
    if len(sys.argv) > 4:
        base = sys.argv[4]
    try:
        p = read(path)
    except (OSError, FormatError, struct.error) as e:
        not_ok(base + ".read", str(e))
        return
    if check == "none":
        expect(base + ".no-record",
               TAG_STACKS not in p["records"] and TAG_THREAD_STACKS not in p["records"],
               "a stack record was written")
        return
    if not expect(base + ".record", p["stacks"] is not None, "no stack record"):
        return
    ok(base + ".read")
    st = p["stacks"]
    ents = named(p)
    if check == "dump":
        print("depth %d lost %d at_limit %d cut_short %d taken %s" %
              (st["depth"], st["lost"], st["at_limit"], st["cut_short"], p["taken"]))
        for c, f, names in sorted(ents, key=lambda e: -e[0]):
            print(c, f, ";".join(reversed(names)))
        return
    n = total(p)
    if check != "snapshot":  # sampling goes on while a snapshot is written
        expect(base + ".all-samples",
               p["taken"] is not None and n + st["lost"] == p["taken"],
               "stacks hold %d samples (+%d lost), %s taken" % (n, st["lost"], p["taken"]))
    if check != "full":
        expect(base + ".nothing-lost", st["lost"] == 0, "%d lost" % st["lost"])
    if check == "heavylight":
        hv = sum(c for c, _, s in ents if "work" in s and "heavy" in s)
        lt = sum(c for c, _, s in ents if "work" in s and "light" in s)
        both = hv + lt
        if expect(base + ".work-seen", both >= 200, "only %d samples in work" % both):
            share = 100.0 * hv / both
            expect(base + ".heavy-share", abs(share - 99.0) <= 2.0,
                   "heavy has %.1f%% of work's samples (%d:%d), the truth is 99%%" %
                   (share, hv, lt))
        cut = st["cut_short"]
        expect(base + ".few-cut-short", cut * 100 <= n, "%d of %d cut short" % (cut, n))
        return
    if check in ("recursion", "mutual"):
        want = ["rec"] * 21 if check == "recursion" else (["even", "odd"] * 11)[:21]
        want = list(reversed(want))  # innermost first: n == 0 is the last call
        good = 0
        for c, _, s in ents:
            if "spin" in s:
                i = s.index("spin")
                if s[i + 1:i + 22] == want and "main" in s[i + 22:]:
                    good += c
        spun = sum(c for c, _, s in ents if "spin" in s)
        expect(base + ".repeated-frames", spun > 30 and good >= 0.9 * spun,
               "%d of %d samples under spin have the 21 frames and main" % (good, spun))
        return
    if check == "deep":
        lim = [(c, f, s) for c, f, s in ents if f & AT_LIMIT]
        spun = sum(c for c, _, s in ents if "spin" in s)
        cut = sum(c for c, _, _ in lim)
        expect(base + ".depth-limit", st["depth"] == 128, "limit %d" % st["depth"])
        expect(base + ".cut-at-limit", spun > 30 and cut >= 0.9 * spun and
               all(len(s) == 128 and "main" not in s for _, _, s in lim),
               "%d of %d samples in spin cut at the limit" % (cut, spun))
        expect(base + ".counted", st["at_limit"] == cut,
               "counter %d, flagged stacks %d" % (st["at_limit"], cut))
        return
    if check == "threads":
        good = sum(c for c, _, s in ents if s[-2:] == ["thread_work", "thread_main"]
                   or s[-3:-1] == ["thread_work", "thread_main"]
                   or "thread_main" in s and "thread_work" in s)
        spun = sum(c for c, _, s in ents if "spin" in s and "main" not in s)
        expect(base + ".four-threads", good >= 150 and good >= 0.9 * spun,
               "%d samples under thread_main -> thread_work (of %d in spin outside main)" %
               (good, spun))
        return
    if check == "corrupt":
        inside = sum(c for c, _, s in ents if s and s[0] == "corrupt")
        cut = sum(c for c, f, s in ents if f & CUT_SHORT and s and s[0] == "corrupt")
        expect(base + ".cut-short-counted", inside > 50 and st["cut_short"] >= cut > 0,
               "%d samples in corrupt, %d flagged cut short, counter %d" %
               (inside, cut, st["cut_short"]))
        sane = sum(c for c, _, s in ents if s[:2] == ["spin", "main"])
        expect(base + ".walks-after", sane > 30, "only %d samples in spin <- main" % sane)
        return
    if check == "memcpy":
        names = Names(p)
        libc = [(c, s) for c, f, s, fr in ((c, f, s, fr) for (c, f, fr), (_, _, s) in
                zip(st["entries"], ents)) if "libc" in names_path(names, fr[0])]
        inlibc = sum(c for c, _ in libc)
        under = sum(c for c, s in libc if len(s) > 1 and s[1] == "copy_part")
        if expect(base + ".samples-in-libc", inlibc >= 100, "%d samples in libc" % inlibc):
            expect(base + ".caller-recovered", under >= 0.8 * inlibc,
                   "%d of %d samples in libc have copy_part as the caller" % (under, inlibc))
        return
    if check == "fork-parent":
        child = sum(c for c, _, s in ents if "rec" in s)
        expect(base + ".own-stacks", child == 0 and any("light" in s for _, _, s in ents),
               "%d samples under rec in the parent's file" % child)
        return
    if check == "fork-child":
        parent = sum(c for c, _, s in ents if "light" in s or "heavy" in s)
        expect(base + ".reset", parent == 0 and any("rec" in s for _, _, s in ents),
               "%d samples of the parent's in the child's file" % parent)
        return
    if check == "snapshot":
        hv = sum(c for c, _, s in ents if "heavy" in s)
        lt = sum(c for c, _, s in ents if "light" in s)
        expect(base + ".heavy-only", hv > 100 and lt == 0, "heavy %d, light %d" % (hv, lt))
        return
    if check == "full":
        expect(base + ".lost-counted", st["lost"] > 0 and len(st["entries"]) <= 1,
               "%d lost, %d stacks" % (st["lost"], len(st["entries"])))
        return
    if check == "garbage":
        cut = sum(c for c, f, s in ents if f & CUT_SHORT)
        expect(base + ".cut-short-counted", st["cut_short"] == cut and cut > 50,
               "counter %d, %d samples flagged cut short" % (st["cut_short"], cut))
        return
    if check == "many":
        deep = [s for _, _, s in ents if "vary" in s and "many_main" in s]
        whole = sum(c for c, _, s in ents if "vary" in s and "many_main" in s)
        vary = sum(c for c, _, s in ents if "vary" in s)
        expect(base + ".distinct", len(deep) >= 100,
               "%d distinct stacks under many_main" % len(deep))
        expect(base + ".whole", whole >= 0.95 * vary,
               "%d of %d samples in vary reach many_main" % (whole, vary))
        return
    if check == "rate":
        expect(base + ".many-samples", n > 2000, "only %d samples" % n)
        return
    not_ok(base, "unknown check")


def names_path(names, addr):
    for s, e, path, _ in names.ranges:
        if s <= addr < e:
            return path
    return ""


if __name__ == "__main__":
    main()
