/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * t-objects.c: unit tests of the process file gprof -s writes
 * (gprof/gmon/whole_process.c): a record's length is 32 bits, so a record longer
 * than objects_record_max (2^32 - 1) is refused in one line with nothing
 * written.  A 4 GiB stack record is not made here: the limit is lowered
 * to a small stack record's length, and the file is read back
 * (process.c) when it fits exactly.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/model.h"
#include "gmon/whole_process.h"
#include "gmon/process_file.h"
#include "core/util.h"
#include "check_tap.h"

/* a model whose process part holds two stacks: a stack record of
 * 32 + (16 + 3 * 8) + (16 + 2 * 8) = 104 bytes */
#define STACK_RECORD_LENGTH 104

static struct model *model_with_stacks(void)
{
	static const uint64_t words[] = { 5, (uint64_t)3 << 32, 0x1010, 0x1020, 0x1030,
					  7, (uint64_t)2 << 32, 0x1040, 0x1050 };
	struct model *m = model_new();
	struct object *obj = model_add_object(m);
	struct model_stacks *st = &m->process.stacks;

	obj->path = "prog";
	obj->code_low = 0x1000;
	obj->code_high = 0x2000;
	st->present = true;
	st->depth_limit = 8;
	st->words = xmalloc(sizeof(words));
	memcpy(st->words, words, sizeof(words));
	st->word_count = st->word_capacity = sizeof(words) / sizeof(words[0]);
	st->count = 2;
	return m;
}

/* a fresh directory to write in */
static void enter_scratch(void)
{
	char dir[] = "/tmp/t-objects.XXXXXX";

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(chdir(dir), 0);
}

/* the directory's entries besides . and .. */
static int entries(void)
{
	DIR *d = opendir(".");
	struct dirent *e;
	int n = 0;

	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static void leave_scratch(void)
{
	char dir[256];

	if (getcwd(dir, sizeof(dir)) && chdir("/") == 0)
		rmdir(dir);
}

/* fatal() of a refused write: nothing may be left (status 1), else 2 */
static void refused(void)
{
	int left = entries();

	leave_scratch();
	_exit(left == 0 ? 1 : 2);
}

START_TEST(process_sum_record_too_long)
{
	struct model *m = model_with_stacks();

	enter_scratch();
	objects_record_max = STACK_RECORD_LENGTH - 1;
	fatal_hook = refused;
	objects_write_sum(m, ".gmon.sum.process", 1);
	ck_abort_msg("a record one byte too long was written");
}
END_TEST

START_TEST(process_sum_record_fits)
{
	struct model *m = model_with_stacks();
	struct process_file pf;
	char err[256];

	enter_scratch();
	objects_record_max = STACK_RECORD_LENGTH;
	objects_write_sum(m, ".gmon.sum.process", 1);
	ck_assert_msg(process_read(".gmon.sum.process", false, &pf, err, sizeof(err)), "%s", err);
	ck_assert_uint_eq(pf.stacks.count, 2);
	ck_assert_uint_eq(pf.stacks.words[0], 5);
	ck_assert_uint_eq(pf.stacks.words[7], 0x1040);
	ck_assert_int_eq(entries(), 1);
	unlink(".gmon.sum.process");
	leave_scratch();
	process_file_free(&pf);
	model_free(m);
}
END_TEST

static Suite *objects_suite(void)
{
	Suite *s = suite_create("objects");
	TCase *tc = tcase_create("sum");

	tcase_add_exit_test(tc, process_sum_record_too_long, 1);
	tcase_add_test(tc, process_sum_record_fits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite_tap(objects_suite());
}
