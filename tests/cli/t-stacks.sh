#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/t-stacks.sh: measured call-graph times from the process
# file's call stacks (doc/format.md, tag 5), on stacks written by
# tests/cli/craft_process.py, so that every share is known: the
# heavy/light program whose estimate is 50/50 and truth 99/1, recursion
# direct and mutual, a cycle, hostile stack records, the estimate kept
# byte for byte, and the --folded output.
. "$(dirname "$0")/../lib.sh"
scratch
pin_gprof
cd "${KEEP:-$SCRATCH}" || exit 2
craft=$TOP/tests/cli/craft_process.py

# heavy and light each call work 100 times; heavy's calls do 99 times the
# work of light's
cat >hl.c <<'C'
static volatile unsigned long sink;
void work(int n) { for (volatile int i = 0; i < n; i++) sink += i; }
void heavy(void) { for (int i = 0; i < 100; i++) work(99000); }
void light(void) { for (int i = 0; i < 100; i++) work(1000); }
int main(void) { heavy(); light(); return 0; }
C
if ! cc -pg -O0 -no-pie -o hl hl.c || ! ./hl || [ ! -s gmon.out ]; then
	fail stacks.setup "cannot build and run a -pg program"
	exit 0
fi
cp gmon.out gmon.orig

read -r text size < <(text_section hl)
W=$(symbol_address hl work) H=$(symbol_address hl heavy) L=$(symbol_address hl light) M=$(symbol_address hl main)
# frames: a sampled pc inside the function, return addresses 8 bytes in
pc() { echo $(($1 + 4)); }
ret() { echo $(($1 + 8)); }

# make_profile STACKS-JSON: the run of hl with these stacks
# [MORE-MEMBERS]
make_profile() {
	cp gmon.orig gmon.out
	cat >spec.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": 0, "segments": [[$((text)), $((text + size))]],
   "path": "$PWD/hl"}]${1:+, \"stacks\": $1}${2:-}}
JSON
	"$craft" spec.json gmon.out
}
HEAVY_LIGHT="{\"entries\": [
 [990, [$(pc "$W"), $(ret "$H"), $(ret "$M")]],
 [10, [$(pc "$W"), $(ret "$L"), $(ret "$M")]],
 [5, [$(pc "$H"), $(ret "$M")]],
 [3, [$(pc "$M")]]]}"

# the time work's entry shows on the caller line of $1
caller_time() {
	awk -v c="$1" '/^\[/ { entry = $0 } !/^\[/ && $NF ~ /^\[/ && $(NF-1) == c { line[c] = $1 " " $2 }
		/^\[[0-9]+\].* work \[/ { print line[c]; exit }' "$2"
}
share() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", 100 * a / (a + b) }'; }

# ---------------------------------------------------------------- heavy/light
make_profile ""
"$GPROF" -b -q hl gmon.out >plain.txt 2>err || fail stacks.setup "gprof without stacks: $(cat err)"
GPROF_GNU_QUIRKS=all "$GPROF" -b -q hl gmon.out >plain-quirk.txt 2>&1
make_profile "$HEAVY_LIGHT"
"$GPROF" -b -q hl gmon.out >out 2>err
expect_eq stacks.graph.status-quiet "0:" "$?:$(cat err)"
read -r hs hc < <(caller_time heavy out)
read -r ls lc < <(caller_time light out)
expect_eq stacks.graph.heavy-share 99 "$(share "$(awk -v s="$hs" -v c="$hc" 'BEGIN { print s + c }')" \
	"$(awk -v s="$ls" -v c="$lc" 'BEGIN { print s + c }')")"
expect_eq stacks.graph.heavy-light-seconds "9.90 0.00 0.10 0.00" "$hs $hc $ls $lc"
expect_eq stacks.graph.header "Times below are measured from 1008 samples in 4 distinct call stacks." \
	"$(grep '^Times below' out)"
# main is on every stack: 100%, its self the 3 samples where it is innermost
expect_eq stacks.graph.main-total "100.0 0.03 10.05" \
	"$(awk '/^\[[0-9]+\].* main \[/ { print $2, $3, $4 }' out)"
# heavy: 990 through work plus 5 of its own
expect_eq stacks.graph.heavy-entry "98.7 0.05 9.90" \
	"$(awk '/^\[[0-9]+\].* heavy \[/ { print $2, $3, $4 }' out)"

# what the runtime could not record is said under the header
make_profile "{\"lost\": 12, \"at_limit\": 3, \"cut_short\": 4, \"entries\": [[5, [$(pc "$H"), $(ret "$M")]]]}"
"$GPROF" -b -q hl gmon.out >lost.txt 2>&1
expect_eq stacks.graph.losses "12 samples had no stack recorded (the stack table was full).|3 stacks were cut at the depth limit (128 frames), 4 cut short by a frame that could not be followed." \
	"$(sed -n '/^Times below/{n;p;n;p}' lost.txt | tr '\n' '|' | sed 's/|$//')"
"$GPROF" --json hl gmon.out >lost.json
if python3 -c 'import json; cg = json.load(open("lost.json"))["call_graph"]; assert (cg["stack_samples_lost"], cg["stacks_at_depth_limit"], cg["stacks_cut_short"]) == (12, 3, 4), cg'
then pass stacks.json.losses; else fail stacks.json.losses "see above"; fi
make_profile "$HEAVY_LIGHT"

# the estimate: one option away, byte for byte what a profile without stacks gives
"$GPROF" -b -q --estimate-children hl gmon.out >est.txt 2>&1
expect_same stacks.estimate.option-is-the-old-output plain.txt est.txt
GPROF_GNU_QUIRKS=all "$GPROF" -b -q hl gmon.out >quirk.txt 2>&1
expect_same stacks.estimate.gnu-quirks-all plain-quirk.txt quirk.txt
"$GPROF" -b -q --main-only hl gmon.out >main-only.txt 2>&1
expect_same stacks.estimate.main-only plain.txt main-only.txt

# JSON: the same figures, and says they are measured
"$GPROF" --json hl gmon.out >out.json
if python3 - <<'PY'
import json
d = json.load(open("out.json"))
cg = d["call_graph"]
assert cg["times"] == "measured" and cg["stacks"] == 4, cg
arcs = {a["caller_name"]: a for a in cg["arcs"] if a["callee_name"] == "work"}
h = arcs["heavy"]["self_time"] + arcs["heavy"]["child_time"]
l = arcs["light"]["self_time"] + arcs["light"]["child_time"]
assert abs(100 * h / (h + l) - 99) <= 2, (h, l)
PY
then pass stacks.json.heavy-share; else fail stacks.json.heavy-share "see above"; fi
"$GPROF" --json --estimate-children hl gmon.out >est.json
if python3 -c 'import json; cg = json.load(open("est.json"))["call_graph"]; assert cg["times"] == "estimated", cg'
then pass stacks.json.estimated; else fail stacks.json.estimated "no times: estimated"; fi
"$GPROF" --dot hl gmon.out >out.dot
if grep -q '^  // times measured from 1008 samples in 4 distinct call stacks$' out.dot && dot -Tsvg out.dot >/dev/null 2>&1
then pass stacks.dot.measured; else fail stacks.dot.measured "no comment, or dot cannot read it"; fi

# callgrind: callgrind_annotate reads it, its inclusive totals are ours
"$GPROF" --callgrind hl gmon.out >callgrind.out 2>err
expect_eq stacks.callgrind.measured "0:# costs measured from 1008 samples in 4 distinct call stacks:" \
	"$?:$(grep '^# costs' callgrind.out):$(cat err)"
if ! command -v callgrind_annotate >/dev/null; then
	echo "# callgrind_annotate (valgrind) missing: stacks.callgrind.annotate skipped"
elif callgrind_annotate --inclusive=yes callgrind.out >annotated 2>err &&
	python3 - <<'PY'
import json, re
d = json.load(open("out.json"))
ours = {f["name"]: round(100 * (f["self_time"] + f["child_time"])) for f in d["call_graph"]["functions"]}
theirs = {}
for line in open("annotated"):
    m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*:(\w+) \[", line)
    if m:
        theirs[m.group(2)] = int(m.group(1).replace(",", ""))
assert theirs == ours, (theirs, ours)
assert theirs["main"] == 1008 and theirs["work"] == 1000, theirs
PY
then pass stacks.callgrind.annotate-inclusive-equal; else fail stacks.callgrind.annotate-inclusive-equal "$(head -3 err)"; fi

# flame: valid XML, each box as wide as its samples, self-contained
"$GPROF" --flame hl gmon.out >flame.svg 2>err
expect_eq stacks.flame.status "0:" "$?:$(cat err)"
if xmllint --noout flame.svg 2>err
then pass stacks.flame.valid-xml; else fail stacks.flame.valid-xml "$(head -2 err)"; fi
if python3 - <<'PY'
import xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse("flame.svg").getroot()
boxes = []
for g in root.iter("{http://www.w3.org/2000/svg}g"):
    if g.get("class") != "frame":
        continue
    title = g.find("s:title", ns).text
    width = float(g.find("s:rect", ns).get("width"))
    boxes.append((title.split(" (")[0], int(g.get("data-depth")), int(g.get("data-samples")), width))
full = 1180.0
expected = {("main", 1, 1008), ("heavy", 2, 995), ("work", 3, 990), ("light", 2, 10), ("work", 3, 10)}
assert {(n, d, s) for n, d, s, _ in boxes} == expected, boxes
for n, d, s, w in boxes:
    assert abs(w - full * s / 1008) < 0.01, (n, s, w)
text = open("flame.svg").read()
assert "http://www.w3.org/2000/svg" in text and "href" not in text and "src=" not in text
PY
then pass stacks.flame.widths; else fail stacks.flame.widths "see above"; fi

# flame in a real browser (Debian's chromium, headless, no network): the
# inline script ran (it names each box in data-name), the boxes have the
# names and widths of the file, and the rendering is not blank
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "# chromium missing: stacks.flame.browser-* skipped"
else
	run_browser() {
		timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
			--disable-background-networking --proxy-server=127.0.0.1:9 \
			--user-data-dir="$PWD/chromium-profile" "$@" "file://$PWD/flame.svg" 2>/dev/null
	}
	run_browser --dump-dom >dom.svg
	if python3 - <<'PY'
import xml.etree.ElementTree as ET
root = ET.parse("dom.svg").getroot()
boxes = sorted((g.get("data-name"), int(g.get("data-samples")), float(g.find("{http://www.w3.org/2000/svg}rect").get("width")))
               for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "frame")
assert [b[:2] for b in boxes] == [("heavy", 995), ("light", 10), ("main", 1008), ("work", 10), ("work", 990)], boxes
for name, samples, width in boxes:
    assert abs(width - 1180.0 * samples / 1008) < 0.01, (name, width)
PY
	then pass stacks.flame.browser-dom; else fail stacks.flame.browser-dom "names or widths differ in the page chromium built"; fi
	run_browser --screenshot="$PWD/flame.png" --window-size=1200,120 >/dev/null
	if python3 - <<'PY'
import struct, zlib
data = open("flame.png", "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, ihdr = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    chunk = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        ihdr = struct.unpack(">IIBBBBB", chunk)
    elif kind == b"IDAT":
        idat += chunk
    pos += 12 + n
width, height, depth, colour = ihdr[:4]
assert depth == 8 and colour in (2, 6), ihdr
bpp = 3 if colour == 2 else 4
raw, stride = zlib.decompress(idat), width * bpp
prev, colours, i = bytearray(stride), set(), 0
for y in range(height):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        colours.add(bytes(line[x:x + 3]))
    prev = line
assert len(colours) >= 5, len(colours)
PY
	then pass stacks.flame.browser-renders; else fail stacks.flame.browser-renders "blank or unreadable screenshot"; fi
fi

# folded: one line per stack, outermost first, summing to the samples
"$GPROF" --folded hl gmon.out >folded 2>err
expect_eq stacks.folded.lines "main 3|main;heavy 5|main;heavy;work 990|main;light;work 10" \
	"$(tr '\n' '|' <folded | sed 's/|$//')"
expect_eq stacks.folded.sum 1008 "$(awk '{ s += $NF } END { print s }' folded)"
make_profile ""
"$GPROF" --callgrind hl gmon.out >callgrind.out 2>err
expect_eq stacks.callgrind.estimated "0:# the profile has no call stacks: inclusive costs are estimated from call counts:" \
	"$?:$(grep '^# the profile' callgrind.out):$(cat err)"
if ! command -v callgrind_annotate >/dev/null || callgrind_annotate --inclusive=yes callgrind.out >/dev/null 2>err
then pass stacks.callgrind.annotate-estimated; else fail stacks.callgrind.annotate-estimated "$(head -3 err)"; fi
for output in folded flame; do
	"$GPROF" --$output hl gmon.out >out 2>err
	rc=$?
	expect_eq stacks.$output.without-stacks \
		"1:1:gprof: the profile has no call stacks: record them with libgmon's stack sampling (GMON_STACK_DEPTH, doc/runtime.md) to get --$output:" \
		"$rc:$(wc -l <err):$(cat err):$(cat out)"
done

# -s keeps the stacks: a sum of two runs has each stack's samples twice
make_profile "$HEAVY_LIGHT"
cp gmon.out r1.out; cp .gmon.out.process .r1.out.process
cp gmon.out r2.out; cp .gmon.out.process .r2.out.process
rm -f gmon.sum .gmon.sum.process
"$GPROF" -s hl r1.out r2.out 2>err
"$GPROF" --folded hl gmon.sum >sum.folded 2>>err
expect_eq stacks.sum.doubled "main 6|main;heavy 10|main;heavy;work 1980|main;light;work 20|:" \
	"$(tr '\n' '|' <sum.folded):$(cat err)"
# a sum of a sum: the return addresses survive being written and read again
cp gmon.sum s2.out; cp .gmon.sum.process .s2.out.process
rm -f gmon.sum .gmon.sum.process
"$GPROF" -s hl s2.out r1.out 2>err
"$GPROF" --folded hl gmon.sum >sum3.folded 2>>err
expect_eq stacks.sum.of-a-sum "main 9|main;heavy 15|main;heavy;work 2970|main;light;work 30|:" \
	"$(tr '\n' '|' <sum3.folded):$(cat err)"
"$GPROF" -b -q hl gmon.sum >sum3.txt 2>>err
expect_eq stacks.sum.measured-graph "Times below are measured from 3024 samples in 4 distinct call stacks." "$(grep '^Times below' sum3.txt)"

# ---------------------------------------------------------------- recursion
# work calling itself twice on each stack: counted once
make_profile "{\"entries\": [[100, [$(pc "$W"), $(ret "$W"), $(ret "$W"), $(ret "$H"), $(ret "$M")]]]}"
"$GPROF" -b -q hl gmon.out >out 2>err
expect_eq stacks.recursion.direct-once "100.0 1.00 0.00" \
	"$(awk '/^\[[0-9]+\].* work \[/ { print $2, $3, $4 }' out)"
expect_eq stacks.recursion.caller-once "100.0 0.00 1.00" \
	"$(awk '/^\[[0-9]+\].* heavy \[/ { print $2, $3, $4 }' out)"
# heavy and work calling each other: each once per stack (work's calls
# of heavy, a -pg function whose calls were counted, make no arc: the
# runtime would have counted them)
make_profile "{\"entries\": [[50, [$(pc "$W"), $(ret "$H"), $(ret "$W"), $(ret "$H"), $(ret "$M")]],
  [50, [$(pc "$H"), $(ret "$W"), $(ret "$H"), $(ret "$M")]]]}"
"$GPROF" -b -q hl gmon.out >out 2>err
expect_eq stacks.recursion.mutual-once "100.0 0.50 0.50|100.0 0.50 0.50|100.0 0.00 1.00" \
	"$(awk '/^\[[0-9]+\].* (work|heavy|main) (<cycle 1> )?\[/ { print $2, $3, $4 }' out | sort -t' ' -k3 | tr '\n' '|' | sed 's/|$//')"

# ---------------------------------------------------------------- a cycle
# cycle2: is_even and is_odd call each other, both call spin
fixture=$TOP/tests/corpus/fixtures/cycle2
cp "$fixture/prog" cprog
cp "$fixture/gmon.out" cgmon.orig
read -r ctext csize < <(text_section cprog)
B=0x555555554000
E=$(($(symbol_address cprog is_even) + B)) O=$(($(symbol_address cprog is_odd) + B)) S=$(($(symbol_address cprog spin) + B)) CM=$(($(symbol_address cprog main) + B))
cp cgmon.orig cgmon.out
cat >cycle.json <<JSON
{"objects": [{"number": 0, "flags": 1, "bias": "$B", "segments": [[$((ctext + B)), $((ctext + csize + B))]],
   "path": "$PWD/cprog"}],
 "stacks": {"entries": [[60, [$((S + 4)), $((O + 8)), $((E + 8)), $((O + 8)), $((E + 8)), $((CM + 8))]],
   [40, [$((E + 4)), $((O + 8)), $((E + 8)), $((CM + 8))]]]}}
JSON
"$craft" cycle.json cgmon.out
"$GPROF" -b -q cprog cgmon.out >out 2>err
# the cycle: on all 100 stacks, innermost on 40
expect_eq stacks.cycle.whole "100.0 0.40 0.60" \
	"$(awk '/^\[[0-9]+\].*<cycle 1 as a whole>/ { print $2, $3, $4 }' out)"
# spin, called from the cycle: 60 stacks, all self
expect_eq stacks.cycle.spin "60.0 0.60 0.00" \
	"$(awk '/^\[[0-9]+\].* spin \[/ { print $2, $3, $4 }' out)"
# main's call into the cycle carries all of it: 0.40 self, 0.60 children
expect_eq stacks.cycle.arc-into "0.40 0.60" \
	"$(awk '/^\[[0-9]+\].* main \[/ { inmain = 1; next } inmain && /is_even/ { print $1, $2; exit }' out)"

# ---------------------------------------------------------------- hostile records
# refuse NAME PROBLEM STACKS-JSON [MORE-MEMBERS]: status 1 and one line,
# "gprof: .gmon.out.process: PROBLEM"
refuse() {
	make_profile "$3" "${4:-}"
	expect_refusal "$1" "gprof: .gmon.out.process: $2" . -b hl gmon.out
}
refuse stacks.hostile.truncated "stack 1: 3 frames do not fit its record" "{\"entries\": [[1, [1, 2]], [5, [$(pc "$W"), $(ret "$H")], 0, 3]]}"
refuse stacks.hostile.too-deep "stack 0 has 5 frames, over the depth limit of 4" "{\"limit\": 4, \"entries\": [[1, [1, 2, 3, 4, 5]]]}"
refuse stacks.hostile.huge-count "4294967295 stacks do not fit their record" "{\"count\": 4294967295, \"entries\": [[1, [1]]]}"
refuse stacks.hostile.no-frames "stack 0 has no frames" "{\"entries\": [[1, []]]}"
refuse stacks.hostile.unknown-flags "stack 0 has unknown flags 0x8" "{\"entries\": [[1, [1], 8]]}"
# the stack record's body starts after the header, the object record
# (44 bytes and the path) and its own record header
refuse stacks.hostile.short-header "truncated stack record at offset $((32 + 8 + 44 + ${#PWD} + 3 + 8))" "" ', "extra": [[5, "0000000000000000000000000000000000000000"]]'

# two stack records: the second is refused
cp gmon.orig gmon.out
printf '{"objects": [], "stacks": {"entries": [[1, [1]]]}, "extra": [[5, "%s"]]}' \
	"$(python3 -c 'import struct; print(struct.pack("<IIQQQ", 128, 0, 0, 0, 0).hex())')" >two.json
"$craft" two.json gmon.out
"$GPROF" -b hl gmon.out >out 2>err
expect_eq stacks.hostile.twice "1:gprof: .gmon.out.process: a second stack record at offset 96" "$?:$(cat err)"

# addresses outside any object: [unknown], and samples that saturate
make_profile "{\"entries\": [[18446744073709551615, [16, $(ret "$M")]], [18446744073709551615, [16, $(ret "$M")]],
  [7, [$(pc "$W"), 32]]]}"
"$GPROF" --folded hl gmon.out >out 2>err
expect_eq stacks.hostile.unknown-frames "0:[unknown];work 7|main;[unknown] 18446744073709551615|:" \
	"$?:$(tr '\n' '|' <out):$(cat err)"
"$GPROF" -b hl gmon.out >out 2>err
expect_eq stacks.hostile.huge-samples-report "0:" "$?:$(cat err)"
for output in flame callgrind json; do
	"$GPROF" --$output hl gmon.out >out 2>err
	expect_eq stacks.hostile.huge-samples-$output "0:" "$?:$(cat err)"
done
if "$GPROF" --flame hl gmon.out | xmllint --noout - 2>err
then pass stacks.hostile.huge-samples-flame-xml; else fail stacks.hostile.huge-samples-flame-xml "$(head -2 err)"; fi

# paths too narrow to see (under 0.1 px of 1180) are not drawn, and the
# title says how many: light's 1 sample in 100,001
make_profile "{\"entries\": [[100000, [$(pc "$W"), $(ret "$H"), $(ret "$M")]],
  [1, [$(pc "$W"), $(ret "$L"), $(ret "$M")]]]}"
"$GPROF" --flame hl gmon.out >narrow.svg 2>err
expect_eq stacks.flame.narrow "0:main 100001|heavy 100000|work 100000|:1 path narrower than 0.1 px not drawn:" \
	"$?:$(python3 -c '
import re, sys
t = open("narrow.svg").read()
for n, s in re.findall(r"<title>(\S+) \((\d+) samples", t):
    print(n, s, end="|")
print(":" + "".join(re.findall(r"\d+ paths? narrower than 0.1 px not drawn", t)) + ":", end="")
')$(cat err)"

# a stack 400,001 frames deep (a declared limit that allows it): every
# output walks it without recursion
make_profile "{\"limit\": 400001, \"entries\": [[7, [$(pc "$W")$(python3 -c "print(', $(ret "$W"), $(ret "$H")' * 200000, end='')")]],
  [3, [$(pc "$W"), $(ret "$H"), $(ret "$M")]]]}"
for output in folded flame callgrind json; do
	"$GPROF" --$output hl gmon.out >deep.$output 2>err
	expect_eq stacks.hostile.deep-$output "0:" "$?:$(cat err)"
done
"$GPROF" -b -q hl gmon.out >out 2>err
expect_eq stacks.hostile.deep-graph "0:100.0 0.10 0.00" \
	"$?:$(awk '/^\[[0-9]+\].* work (<cycle 1> )?\[/ { print $2, $3, $4 }' out)$(cat err)"
