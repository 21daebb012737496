/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tests/cli/data/odd-names.c: symbol names that every printer must escape
 * (t-dot.sh, t-json.sh): a quote, a backslash, a tab, raw 0x01 and 0xff
 * bytes, a valid two-byte UTF-8 character, and an overlong form, an
 * encoded surrogate and a truncated sequence (each byte of which is
 * U+FFFD).  The assembler takes them quoted but cannot call them by name,
 * so they are only defined (shown with -z); main calls leaf, so that the
 * graph has one arc, and no function runs long enough to be sampled. */
void quoted(void) __asm__("\"we\\\"ird\\\\name\"");
void quoted(void) { }
void controls(void) __asm__("\"tab\there\001\377bad\"");
void controls(void) { }
void unicode(void) __asm__("\"caf\303\251\"");
void unicode(void) { }
void broken(void) __asm__("\"bad\300\257\355\240\200\303\"");
void broken(void) { }
void leaf(void) { }
int main(void)
{
	leaf();
	return 0;
}
