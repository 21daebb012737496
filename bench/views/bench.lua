-- SPDX-License-Identifier: GPL-3.0-or-later
-- bench/views/bench.lua: the workload of bench/views/lua.sh, the traits of
-- issue 27's Lua run: a table sort with a Lua comparator (qsort-like
-- callback into the interpreter), string.format and gmatch, recursion,
-- many small tables (malloc and the collector).
-- usage: lua bench.lua [ROUNDS]
local rounds = tonumber(arg and arg[1]) or 1

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

local acc = 0
for _ = 1, rounds do
  local t = {}
  for i = 1, 60000 do
    t[i] = { key = (i * 7919) % 100003, name = "k" .. i }
  end
  table.sort(t, function(a, b) return a.key < b.key end)
  local parts = {}
  for i = 1, 40000 do
    parts[#parts + 1] = string.format("%d:%s:%5.2f", i, "x", i / 3)
  end
  local s = table.concat(parts, " ")
  for a, b in s:gmatch("(%d+):x:([%d%.]+)") do
    acc = acc + #a + #b
  end
  acc = acc + fib(22)
end
print(acc)
