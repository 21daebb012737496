/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * blurbs.c: the explanations printed after (or, with -T, before) each
 * report unless -b is given.  Our own words; -b output is what scripts
 * parse and is the same as GNU gprof's.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include "report/blurbs.h"

static const char flat_text[] =
	"\n"
	" How to read the flat profile\n"
	"\n"
	" %         share of all the samples that landed in this function\n"
	" time      itself (not in the functions it calls).\n"
	"\n"
	" cumulative  seconds of this line plus all lines above it; the\n"
	" seconds     table is sorted by self seconds, so this climbs to\n"
	"             the total run time sampled.\n"
	"\n"
	" self      seconds sampled in this function itself.  This is\n"
	" seconds   what the table is sorted by.\n"
	"\n"
	" calls     how many times the function was called, if it was\n"
	"           compiled for profiling (empty otherwise).\n"
	"\n"
	" self      average time per call spent in the function itself,\n"
	" ms/call   in the unit shown (s, ms, us, ns ...).\n"
	"\n"
	" total     average time per call in the function and everything\n"
	" ms/call   it calls, in the same unit.\n"
	"\n"
	" name      the function.  Rows with equal self time are ordered by\n"
	"           calls, then alphabetically; the index at the end of the\n"
	"           call graph gives each function's number.\n"
	"\n"
	" Samples are taken at the rate shown above the table, so times\n"
	" smaller than a few samples are mostly noise.  Run the program\n"
	" longer, or merge several runs with gprof -s, for steadier figures.\n"
	"\n";

static const char call_graph_text[] =
	"\n"
	" How to read the call graph\n"
	"\n"
	" Entries are sorted by the time spent in a function and in everything\n"
	" it calls.  Each entry is the block between two dashed lines: the line\n"
	" that starts with an index [N] is the function itself; the lines above\n"
	" it are its callers (parents), the lines below it its callees\n"
	" (children).\n"
	"\n"
	" On the function's own line:\n"
	"   index     its number, used wherever it is named in this report.\n"
	"   % time    share of the total time spent in it and its callees.\n"
	"   self      seconds spent in the function itself.\n"
	"   children  seconds its callees spent on its behalf.\n"
	"   called    calls from other functions, then +N recursive calls.\n"
	"   name      the function, its cycle if it is in one, and its index.\n"
	"\n"
	" On a caller's line:\n"
	"   self      the part of the function's own time charged to this\n"
	"             caller, in proportion to the calls it made.\n"
	"   children  the part of the function's callees' time charged to it.\n"
	"   called    calls from this caller / all calls of the function,\n"
	"             not counting recursive ones.\n"
	"   A function with no known caller shows <spontaneous> (signal\n"
	"   handlers, thread start routines, functions called from code that\n"
	"   was not compiled for profiling).\n"
	"\n"
	" On a callee's line:\n"
	"   self      the callee's own time charged to this function.\n"
	"   children  the time of the callee's callees charged to it.\n"
	"   called    calls made by this function / all calls of the callee.\n"
	"\n"
	" Functions that call each other in a loop form a cycle.  Time cannot\n"
	" be divided inside a cycle, so the cycle gets an entry of its own,\n"
	" <cycle N as a whole>, listing its members, and calls among members\n"
	" carry no time.\n"
	"\n";

static const char traditional_call_graph_text[] =
	"\n"
	"\n"
	"\n"
	"call graph profile:\n"
	"          Each entry is a function and, around it, its callers\n"
	"          (above) and its callees (below).  Columns:\n"
	"\n"
	"          index       the function's number in this listing.\n"
	"          %time       share of the total time spent in the\n"
	"                      function and in what it calls.\n"
	"          self        seconds in the function itself.\n"
	"          descendants seconds in what it calls.\n"
	"          called+self calls from others, plus recursive calls.\n"
	"          name        the function, its cycle and its index.\n"
	"\n"
	"          For a caller: the time of this function charged to it\n"
	"          and its calls / all calls.  For a callee: the callee's\n"
	"          time charged here and these calls / all its calls.\n"
	"          Cycles are listed as a whole, with their members.\n"
	"\n";

void blurb_flat(FILE *out)
{
	fputs(flat_text, out);
}

void blurb_call_graph(FILE *out)
{
	fputs(call_graph_text, out);
}

void blurb_call_graph_traditional(FILE *out)
{
	fputs(traditional_call_graph_text, out);
}
