/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * labels.c: names made short enough for pictures (--dot, --flame, and
 * --diff's --dot): --strip drops what makes C++ names long (parameter
 * lists, template arguments, return types, the qualifiers after a
 * parameter list), --wrap=N breaks a label into lines of about N
 * characters.  Only the pictures use them: the text reports and JSON keep
 * the whole name.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#include <stdlib.h>
#include <string.h>

#include "report/labels.h"
#include "core/util.h"

/* The characters an operator's name is made of, after "operator". */
static bool operator_char(char c)
{
	return c != '\0' && strchr("<>=!+-*/%^&|~,[]", c) != NULL;
}

/* Does the output so far end with the word "operator"? */
static bool after_operator(const char *out, size_t n)
{
	return n >= 8 && memcmp(out + n - 8, "operator", 8) == 0 &&
	       (n == 8 || out[n - 9] == ':' || out[n - 9] == ' ');
}

/* Skip the bracketed group that starts at s (s[0] is open): the position
 * just after its closing bracket, or the end of s if it never closes.
 * Brackets of the other kind inside it are skipped with it. */
static const char *skip_group(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '(' || *s == '<' || *s == '[')
			depth++;
		else if (*s == ')' || *s == '>' || *s == ']') {
			if (--depth == 0)
				return s + 1;
		}
	}
	return s;
}

/* After a parameter list: " const", " volatile", " &", " &&", " noexcept". */
static const char *skip_qualifiers(const char *s)
{
	static const char *const words[] = { " const", " volatile", " &&", " &", " noexcept", NULL };
	bool again = true;

	while (again) {
		const char *const *w;

		again = false;
		for (w = words; *w; w++) {
			size_t n = strlen(*w);

			if (strncmp(s, *w, n) == 0 &&
			    (s[n] == '\0' || s[n] == ' ' || s[n] == ':')) {
				s += n;
				again = true;
			}
		}
	}
	return s;
}

char *name_strip(const char *name)
{
	size_t length = strlen(name), n = 0, start;
	char *out = xmalloc(length + 1), *space;
	const char *s = name;

	while (*s) {
		if (after_operator(out, n)) {
			/* "operator()", "operator<<", "operator[]": the name itself */
			if (s[0] == '(' && s[1] == ')') {
				out[n++] = *s++;
				out[n++] = *s++;
			}
			while (operator_char(*s))
				out[n++] = *s++;
			if (*s == '\0')
				break;
		}
		if (strncmp(s, "(anonymous namespace)", 21) == 0) {
			memcpy(out + n, s, 21);
			n += 21;
			s += 21;
			continue;
		}
		if (*s == '<') {
			s = skip_group(s);
			continue;
		}
		if (*s == '(') {
			s = skip_qualifiers(skip_group(s));
			continue;
		}
		out[n++] = *s++;
	}
	/* qualifiers with no parameter list before them */
	for (;;) {
		static const char *const words[] = { " const", " volatile", " &&",
						     " &",     " noexcept", NULL };
		const char *const *w;
		size_t k;

		for (w = words; *w; w++) {
			k = strlen(*w);
			if (n > k && memcmp(out + n - k, *w, k) == 0)
				break;
		}
		if (*w == NULL)
			break;
		n -= k;
	}
	out[n] = '\0';
	/* a return type ("void ns::f<int>(int)"): what follows the last
	 * space that neither "operator new" nor "(anonymous namespace)" has */
	start = 0;
	for (space = strchr(out, ' '); space; space = strchr(space + 1, ' ')) {
		size_t at = (size_t)(space - out);

		if (after_operator(out, at) || strncmp(space + 1, "namespace)", 10) == 0)
			continue;
		if (space[1] != '\0')
			start = at + 1;
	}
	if (start)
		memmove(out, out + start, n - start + 1);
	if (out[0] == '\0') {
		free(out);
		return xstrdup(name);
	}
	return out;
}

/* Where a line may end: after "::", ", " or a space, or before '('. */
static bool break_after(const char *s, size_t i)
{
	return (s[i] == ':' && i > 0 && s[i - 1] == ':') || s[i] == ' ' || s[i] == ',' ||
	       s[i + 1] == '(';
}

char *name_wrap(const char *name, int width)
{
	size_t length = strlen(name), i, n = 0, line_start = 0, last_break = 0;
	char *out = xmalloc(2 * length + 1);

	if (width <= 0) {
		free(out);
		return xstrdup(name);
	}
	/* copy, remembering the last place the line may end; at width, end
	 * it there (or here, if the line has no such place).  Nothing is
	 * dropped: the lines joined again are the name (a space that ends a
	 * line stays at its end). */
	for (i = 0; i < length; i++) {
		out[n++] = name[i];
		/* a UTF-8 sequence is one character: never break inside it */
		if (((unsigned char)name[i + 1] & 0xC0) == 0x80)
			continue;
		if (break_after(name, i))
			last_break = n;
		if (i + 1 < length && n - line_start >= (size_t)width) {
			size_t cut = last_break > line_start ? last_break : n;

			memmove(out + cut + 1, out + cut, n - cut);
			out[cut] = '\n';
			n++;
			line_start = cut + 1;
			last_break = line_start;
		}
	}
	/* a break at the very end leaves an empty last line */
	if (n > 0 && out[n - 1] == '\n')
		n--;
	out[n] = '\0';
	return out;
}

/* Write s for use inside a double-quoted DOT string: quotes and
 * backslashes escaped (a backslash starts an escape in a label), control
 * characters shown as \xNN, invalid UTF-8 and the characters XML
 * forbids (U+FFFE, U+FFFF) as U+FFFD (Graphviz reads UTF-8 and rejects
 * what is not, and copies the rest into the SVG it writes). */
void put_dot_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		int length;

		if (*p == '"' || *p == '\\') {
			putc('\\', f);
			putc(*p++, f);
			continue;
		}
		if (*p < 0x20 || *p == 0x7F) {
			fprintf(f, "\\\\x%02x", *p++);
			continue;
		}
		length = xml_sequence_length(p);
		if (length == 0) {
			length = utf8_sequence_length(p);
			fputs("\xEF\xBF\xBD", f);
			p += length ? length : 1;
			continue;
		}
		fwrite(p, 1, (size_t)length, f);
		p += length;
	}
}

char *label_name(struct report_out *out, const struct picture_options *opt,
		 const struct symbol *sym)
{
	char *to_free, *stripped, *wrapped;
	const char *name = display_name(out, sym, &to_free);

	stripped = opt->strip ? name_strip(name) : xstrdup(name);
	free(to_free);
	if (opt->wrap <= 0)
		return stripped;
	wrapped = name_wrap(stripped, opt->wrap);
	free(stripped);
	return wrapped;
}
