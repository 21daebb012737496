# SPDX-License-Identifier: GPL-3.0-or-later
# tests/cli/html/setup.sh: sourced by the browser suites (t-html,
# t-html-keys, t-html-views) after tests/lib.sh.
#
# browser_ready NAME [axe]: node and chromium are there (and axe-core,
# when asked); else NAME.setup fails with what installs them, and the
# status is 1.
craft=$TOP/tests/cli/craft_process.py
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
browser_ready() {
	if ! command -v node >/dev/null || [ ! -x "$CHROMIUM" ]; then
		fail "$1.setup" "node or $CHROMIUM missing (build-aux/deps.sh check installs nodejs and chromium)"
		return 1
	fi
	if [ "${2:-}" = axe ] && [ ! -f "$TOP/tests/cli/html/node_modules/axe-core/axe.min.js" ]; then
		fail "$1.setup" "axe-core missing (build-aux/deps.sh check installs it with npm)"
		return 1
	fi
}
