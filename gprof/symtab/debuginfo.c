/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * debuginfo.c: where an object's function names come from.  Its own symbol
 * table (.symtab) when it has one; otherwise the first of
 *   1. its separate debug file by build-id: .build-id/xx/yyyy.debug under
 *      each --debug-file-directory, the --sysroot's /usr/lib/debug, and
 *      /usr/lib/debug (where Debian's -dbgsym packages put them);
 *   2. the file its .gnu_debuglink names (CRC-32 checked): beside it, in
 *      its .debug/ directory, then under each debug directory followed by
 *      its own directory;
 *   3. its MiniDebugInfo: .gnu_debugdata, an xz-compressed ELF file
 *      holding a symbol table of the functions .dynsym lacks (Fedora's
 *      and RHEL's binaries carry one);
 *   4. a debuginfod server, only when DEBUGINFOD_URLS is set
 *      (libdebuginfod, loaded when needed, downloads and caches);
 * and always its dynamic symbols (.dynsym) as well: a debug file's local
 * functions and the exports together.  The main program and every
 * object of a whole-process profile are read alike.
 *
 * Copyright (c) 2026 The gprof/libgmon authors.
 */
#define _GNU_SOURCE /* memfd_create */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bfd.h>
#include <lzma.h>

#include "symtab/bfd_file.h"
#include "symtab/debuginfo.h"
#include "core/keysort.h"
#include "core/util.h"

/* ------------------------------------------------------------ build-id */

size_t debuginfo_build_id(struct bfd *abfd, unsigned char *id, size_t size)
{
	asection *sec = bfd_get_section_by_name(abfd, ".note.gnu.build-id");
	bfd_size_type length;
	unsigned char note[256];
	uint64_t name_size, desc_size;

	/* a debug file's notes keep their bytes (they are not NOBITS) */
	if (sec == NULL || !(sec->flags & SEC_HAS_CONTENTS))
		return 0;
	length = bfd_section_size(sec);
	if (length < 16 || length > sizeof(note) ||
	    !bfd_get_section_contents(abfd, sec, note, 0, length))
		return 0;
	name_size = bfd_get_32(abfd, note);
	desc_size = bfd_get_32(abfd, note + 4);
	name_size = (name_size + 3) & ~(uint64_t)3;
	if (12 + name_size + desc_size > length || desc_size > size)
		return 0;
	memcpy(id, note + 12 + name_size, desc_size);
	return desc_size;
}

/* ------------------------------------------------------------ symbols */

/* A BFD's static (dynamic: its dynamic) symbol table; count 0 when none. */
static asymbol **read_table(bfd *abfd, bool dynamic, long *count)
{
	long bytes = dynamic ? bfd_get_dynamic_symtab_upper_bound(abfd)
			     : bfd_get_symtab_upper_bound(abfd);
	asymbol **symbols;

	*count = 0;
	if (bytes <= 0)
		return NULL;
	symbols = xmalloc((size_t)bytes);
	*count = dynamic ? bfd_canonicalize_dynamic_symtab(abfd, symbols)
			 : bfd_canonicalize_symtab(abfd, symbols);
	if (*count <= 0) {
		*count = 0;
		free(symbols);
		return NULL;
	}
	return symbols;
}

/* A symbol that names code: defined, in a code section. */
static bool names_code(const asymbol *as)
{
	return as->section != NULL && !bfd_is_und_section(as->section) &&
	       !(as->flags & (BSF_SECTION_SYM | BSF_FILE | BSF_DEBUGGING)) &&
	       (as->section->flags & SEC_CODE) && as->name != NULL && as->name[0] != '\0';
}

/* ------------------------------------------------------------ debug files */

/* The debug file at path, if it is an object whose build-id is id (when
 * id_size) and whose CRC-32 is crc (when check_crc), and that has a
 * symbol table.  A file there that is not that is said in one line
 * (object: the file it would name), and not used. */
static bfd *open_debug_file(const char *object, const char *path, const unsigned char *id,
			    size_t id_size, bool check_crc, unsigned long crc)
{
	struct stat st;
	const char *why;
	unsigned char got[64];
	bfd *abfd;
	int fd;

	if (lstat(path, &st) != 0 && errno == ENOENT)
		return NULL; /* the usual case: nothing there */
	fd = bfd_file_open(path, &st, &why);
	if (fd < 0) {
		warning("%s: debug file %s: %s; not used", object, path, why);
		return NULL;
	}
	if (check_crc) {
		unsigned long sum = 0;
		unsigned char buf[65536];
		ssize_t n;

		while ((n = read(fd, buf, sizeof(buf))) > 0)
			sum = bfd_calc_gnu_debuglink_crc32(sum, buf, (bfd_size_type)n);
		if (n < 0 || sum != crc || lseek(fd, 0, SEEK_SET) != 0) {
			warning("%s: debug file %s: %s; not used", object, path,
				n < 0 ? strerror(errno)
				      : "its CRC-32 is not the one .gnu_debuglink gives (another build)");
			close(fd);
			return NULL;
		}
	}
	/* kept open by BFD, never reopened by its path (bfd_file.c) */
	abfd = bfd_file_adopt(path, fd, &why);
	if (abfd == NULL) {
		warning("%s: debug file %s: %s; not used", object, path, why);
		return NULL;
	}
	abfd->flags |= BFD_DECOMPRESS;
	why = !bfd_check_format(abfd, bfd_object)     ? "not an object file"
	      : bfd_get_symtab_upper_bound(abfd) <= 0 ? "no symbol table"
	      : id_size && (debuginfo_build_id(abfd, got, sizeof(got)) != id_size ||
			    memcmp(got, id, id_size) != 0)
		      ? "its build-id is another build's"
		      : NULL;
	if (why) {
		warning("%s: debug file %s: %s; not used", object, path, why);
		bfd_close(abfd);
		return NULL;
	}
	return abfd;
}

/* The debug directories in the order they are searched: each
 * --debug-file-directory, the sysroot's /usr/lib/debug, /usr/lib/debug.
 * Each malloc'd, NULL-terminated. */
static char **debug_roots(const struct name_search *search)
{
	size_t n = 0, i, given = search ? search->debug_dir_count : 0;
	char **roots = xmalloc((given + 3) * sizeof(*roots));

	for (i = 0; i < given; i++)
		roots[n++] = xstrdup(search->debug_dirs[i]);
	if (search && search->sysroot) {
		roots[n] = xmalloc(strlen(search->sysroot) + sizeof("/usr/lib/debug"));
		sprintf(roots[n++], "%s/usr/lib/debug", search->sysroot);
	}
	roots[n++] = xstrdup("/usr/lib/debug");
	roots[n] = NULL;
	return roots;
}

static void free_roots(char **roots)
{
	size_t i;

	for (i = 0; roots[i]; i++)
		free(roots[i]);
	free(roots);
}

/* 1: ROOT/.build-id/xx/yyyy.debug */
static bfd *by_build_id(const char *object, char *const *roots, const unsigned char *id,
			size_t id_size, char **found)
{
	size_t r, i, n;
	char *path;
	bfd *abfd;

	if (id_size < 2)
		return NULL;
	for (r = 0; roots[r]; r++) {
		path = xmalloc(strlen(roots[r]) + 32 + 2 * id_size);
		n = (size_t)sprintf(path, "%s/.build-id/%02x/", roots[r], id[0]);
		for (i = 1; i < id_size; i++)
			n += (size_t)sprintf(path + n, "%02x", id[i]);
		strcpy(path + n, ".debug");
		abfd = open_debug_file(object, path, id, id_size, false, 0);
		if (abfd) {
			*found = path;
			return abfd;
		}
		free(path);
	}
	return NULL;
}

/* 2: the file .gnu_debuglink names, beside the object, in its .debug/,
 * then under each root followed by the object's directory. */
static bfd *by_debuglink(bfd *abfd, const char *path, char *const *roots, char **found)
{
	unsigned long crc = 0;
	char *link = bfd_get_debug_link_info(abfd, &crc);
	const char *slash = strrchr(path, '/');
	char *given, *dir, *candidate = NULL;
	bfd *debug = NULL;
	size_t r, k;

	if (link == NULL)
		return NULL;
	/* a name, never a path out of the directories searched */
	if (link[0] == '\0' || strchr(link, '/')) {
		free(link);
		return NULL;
	}
	given = slash ? xstrdup(path) : xstrdup(".");
	if (slash)
		given[slash - path + (slash == path)] = '\0';
	/* under a root, the object's directory as an absolute path */
	dir = realpath(given, NULL);
	if (dir == NULL)
		dir = xstrdup(given);
	for (k = 0; debug == NULL && k < 2; k++) {
		candidate = xrealloc(candidate, strlen(given) + strlen(link) + 16);
		sprintf(candidate, "%s/%s%s", given, k ? ".debug/" : "", link);
		debug = open_debug_file(path, candidate, NULL, 0, true, crc);
	}
	for (r = 0; debug == NULL && roots[r]; r++) {
		candidate = xrealloc(candidate, strlen(roots[r]) + strlen(dir) + strlen(link) + 4);
		sprintf(candidate, "%s%s/%s", roots[r], dir, link);
		debug = open_debug_file(path, candidate, NULL, 0, true, crc);
	}
	free(given);
	free(dir);
	free(link);
	if (debug)
		*found = candidate;
	else
		free(candidate);
	return debug;
}

/* 3: .gnu_debugdata, decompressed into a memory file BFD reads. */
static bfd *by_minidebuginfo(bfd *abfd, const char *path)
{
	asection *sec = bfd_get_section_by_name(abfd, ".gnu_debugdata");
	bfd_byte *packed = NULL;
	lzma_stream z = LZMA_STREAM_INIT;
	unsigned char *out = NULL;
	size_t capacity = 0;
	lzma_ret rc;
	bfd *debug = NULL;
	char *name;
	int fd;

	if (sec == NULL || !(sec->flags & SEC_HAS_CONTENTS) || bfd_section_size(sec) == 0 ||
	    !bfd_malloc_and_get_section(abfd, sec, &packed))
		return NULL;
	if (lzma_stream_decoder(&z, 256u << 20, 0) != LZMA_OK) {
		free(packed);
		return NULL;
	}
	z.next_in = packed;
	z.avail_in = bfd_section_size(sec);
	do {
		if (z.avail_out == 0) {
			/* a symbol table: never more than 256 MiB */
			const size_t most = (size_t)256 << 20;

			if (capacity >= most)
				break;
			capacity = capacity ? 2 * capacity
					    : 4 * (size_t)bfd_section_size(sec) + 4096;
			if (capacity > most)
				capacity = most;
			out = xrealloc(out, capacity);
			z.next_out = out + z.total_out;
			z.avail_out = capacity - z.total_out;
		}
		rc = lzma_code(&z, LZMA_FINISH);
	} while (rc == LZMA_OK);
	free(packed);
	if (rc == LZMA_STREAM_END && (fd = memfd_create("gnu_debugdata", MFD_CLOEXEC)) >= 0) {
		size_t done = 0;
		ssize_t n = 0;

		while (done < z.total_out && (n = write(fd, out + done, z.total_out - done)) > 0)
			done += (size_t)n;
		name = xmalloc(strlen(path) + sizeof(" (.gnu_debugdata)"));
		sprintf(name, "%s (.gnu_debugdata)", path);
		/* BFD keeps the name; the descriptor it owns, never reopened
		 * (and closes it when it fails) */
		if (done == z.total_out && lseek(fd, 0, SEEK_SET) == 0) {
			const char *why;

			debug = bfd_file_adopt(name, fd, &why);
			if (debug && (!bfd_check_format(debug, bfd_object) ||
				      bfd_get_symtab_upper_bound(debug) <= 0)) {
				bfd_close(debug);
				debug = NULL;
			}
		} else {
			close(fd);
		}
		free(name);
	}
	lzma_end(&z);
	free(out);
	if (debug == NULL)
		warning("%s: its .gnu_debugdata is not an xz-compressed object file with symbols; "
			"not used",
			path);
	return debug;
}

/* 4: debuginfod, through libdebuginfod when it is installed (loaded as
 * elfutils' own tools load it: no dependency when it is not). */
typedef struct debuginfod_client debuginfod_client;
static struct {
	bool tried;
	debuginfod_client *client;
	int (*find_debuginfo)(debuginfod_client *, const unsigned char *, int, char **);
} debuginfod;

static bfd *by_debuginfod(const char *object, const unsigned char *id, size_t id_size, char **found)
{
	const char *urls = getenv("DEBUGINFOD_URLS");
	char *path = NULL;
	bfd *abfd;
	int fd;

	if (urls == NULL || urls[0] == '\0' || id_size == 0)
		return NULL;
	if (!debuginfod.tried) {
		void *lib = dlopen("libdebuginfod.so.1", RTLD_NOW | RTLD_LOCAL);
		debuginfod_client *(*begin)(void) =
			lib ? (debuginfod_client * (*)(void)) dlsym(lib, "debuginfod_begin") : NULL;

		debuginfod.tried = true;
		debuginfod.find_debuginfo =
			lib ? (int (*)(debuginfod_client *, const unsigned char *, int,
				       char **))dlsym(lib, "debuginfod_find_debuginfo")
			    : NULL;
		debuginfod.client = begin && debuginfod.find_debuginfo ? begin() : NULL;
		if (debuginfod.client == NULL)
			warning("DEBUGINFOD_URLS is set, but libdebuginfod.so.1 %s; no debug file "
				"is downloaded",
				lib ? "does not start" : "is not installed");
	}
	if (debuginfod.client == NULL)
		return NULL;
	fd = debuginfod.find_debuginfo(debuginfod.client, id, (int)id_size, &path);
	if (fd < 0)
		return NULL;
	close(fd); /* opened again as any debug file is, and checked */
	abfd = path ? open_debug_file(object, path, id, id_size, false, 0) : NULL;
	if (abfd)
		*found = path;
	else
		free(path);
	return abfd;
}

/* ------------------------------------------------------------ the chain */

void debuginfo_read_symbols(struct object *obj, const char *path, const struct name_search *search,
			    bool plt_symbols)
{
	bfd *abfd = obj->abfd, *debug = NULL;
	asymbol **symbols, **dynamic, *synthetic = NULL;
	long count, dynamic_count, synthetic_count, i, added = 0;
	unsigned char id[64];
	size_t id_size;
	char *found = NULL, *from = NULL;
	const char *how = NULL;
	bool own;

	/* its own table, if it names any code (not only sections, files) */
	symbols = read_table(abfd, false, &count);
	for (own = false, i = 0; !own && i < count; i++)
		own = names_code(symbols[i]);
	if (!own) {
		char **roots = debug_roots(search);

		id_size = debuginfo_build_id(abfd, id, sizeof(id));
		if ((debug = by_build_id(path, roots, id, id_size, &found)) != NULL)
			how = "debug file";
		else if ((debug = by_debuglink(abfd, path, roots, &found)) != NULL)
			how = "debug file";
		else if ((debug = by_minidebuginfo(abfd, path)) != NULL)
			how = "MiniDebugInfo (.gnu_debugdata)";
		else if ((debug = by_debuginfod(path, id, id_size, &found)) != NULL)
			how = "debuginfod";
		free_roots(roots);
		if (debug) {
			free(symbols);
			symbols = read_table(debug, false, &count);
			obj->debug_abfd = debug;
		}
	}
	dynamic = read_table(abfd, true, &dynamic_count);
	synthetic_count = bfd_get_synthetic_symtab(abfd, count, symbols,
						   plt_symbols ? dynamic_count : 0,
						   plt_symbols ? dynamic : NULL, &synthetic);
	if (synthetic_count < 0)
		synthetic_count = 0;

	/* the dynamic symbols at addresses the table has not named */
	symbols = xrealloc(symbols, (size_t)(count + dynamic_count + synthetic_count + 1) *
					    sizeof(*symbols));
	if (dynamic_count) {
		/* the few dynamic symbols' addresses sorted, each of the table's
		 * looked up there (n log d, not n log n), those met marked */
		struct keyed *at = xmalloc((size_t)dynamic_count * sizeof(*at));
		bool *named = xcalloc((size_t)dynamic_count, sizeof(*named));
		size_t n = 0, low, high;

		for (i = 0; i < dynamic_count; i++)
			if (names_code(dynamic[i]))
				at[n++] =
					(struct keyed){ bfd_asymbol_value(dynamic[i]), (size_t)i };
		keysort(at, n);
		for (i = 0; n && i < count; i++) {
			uint64_t address;

			if (!names_code(symbols[i]))
				continue;
			address = bfd_asymbol_value(symbols[i]);
			for (low = 0, high = n; low < high;) {
				size_t mid = low + (high - low) / 2;

				if (at[mid].key < address)
					low = mid + 1;
				else
					high = mid;
			}
			for (; low < n && at[low].key == address; low++)
				named[at[low].index] = true;
		}
		for (i = 0; i < dynamic_count; i++)
			if (names_code(dynamic[i]) && !named[i])
				symbols[count + added++] = dynamic[i];
		free(at);
		free(named);
	}
	count += added;
	for (i = 0; i < synthetic_count; i++)
		symbols[count++] = synthetic + i;
	symbols[count] = NULL;
	obj->bfd_symbols = symbols;
	obj->bfd_symbol_count = count;
	obj->synthetic = synthetic_count ? synthetic : NULL;
	if (!synthetic_count)
		free(synthetic);
	/* the dynamic symbols' array: BFD's synthetic ones point into it */
	obj->dynamic_symbols = dynamic;

	/* where the names came from, when not from its own table */
	if (!own) {
		from = xmalloc(64 + (found ? strlen(found) : 0));
		from[0] = '\0';
		if (how)
			sprintf(from, found ? "%s %s" : "%s", how, found);
		if (added)
			strcat(from, from[0] ? " + .dynsym" : ".dynsym");
		if (from[0] == '\0')
			strcpy(from, "no symbols");
	}
	obj->names_from = from;
	free(found);
}
