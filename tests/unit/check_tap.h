/* SPDX-License-Identifier: GPL-3.0-or-later
 * check_tap.h: run a Check suite and report each test as a TAP line on
 * stdout ("ok N - ..." / "not ok N - ..."), the form tests/run counts. */
#ifndef CHECK_TAP_H
#define CHECK_TAP_H
#include <check.h>

static inline int run_suite_tap(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	int failed;

	srunner_set_tap(runner, "-");
	srunner_run_all(runner, CK_SILENT);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? 0 : 1;
}
#endif
