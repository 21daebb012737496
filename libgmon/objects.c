/* SPDX-License-Identifier: BSD-2-Clause
 *
 * objects.c: the table of objects mapped into the process: the main
 * program, the shared libraries loaded at start-up, those dlopened later
 * (kept, flagged unloaded, after dlclose; taken again when reloaded at
 * the same place) and the vDSO.  What the
 * process file needs to name where a sample or a call site was: path,
 * build-id, load bias, executable segments.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Two sides.  gmon_objects_refresh asks the dynamic loader
 * (dl_iterate_phdr, which takes the loader's lock): it runs only in an
 * ordinary context (start-up, the dlopen and dlclose wrappers, exit),
 * never in a signal handler.  Reading the table (the writer, which may
 * run in a snapshot signal handler) is async-signal-safe: no stdio, no
 * malloc, no locks, only loads of what a refresh has published.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <limits.h>
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../include/gmon_out.h"
#include "eh_tables.h"
#include "message.h"
#include "objects.h"
#include "table.h"

/*
 * The table: objects[0 .. used) in the order first seen; objects[0] is
 * the main program.  Each object's executable segments are pairs in
 * segments[], its build-id and path bytes in text[]; all three arrays
 * are mapped once at start-up (MAP_NORESERVE) and only ever appended to.
 * Invariants: an object's fields, segments and bytes are written before
 * `used` is raised past it (release) and never change after, except
 * GMON_OBJECT_UNLOADED, set (atomically) when a refresh no longer finds
 * it, and cleared when the same file is loaded again at the same place
 * (same path, build-id, segments and call-frame tables: its slot and its
 * tables' copy serve again); a load elsewhere is a new object.
 * GMON_OBJECT_RETIRED, set by gmon_objects_retire once what was recorded
 * at an unloaded object's addresses carries its number (reuse.c), is
 * cleared with GMON_OBJECT_UNLOADED.  The
 * signal handler reads only these arrays, never an object's own headers
 * (a dlopened object's may be unmapped at any time).  Refreshes
 * are serialized by a flag holding the refreshing thread's id (they run
 * outside signal handlers, but a handler may interrupt one and call
 * exit: see claim_refresh; a forked child, which has one thread, clears
 * it).
 */
#define MAX_OBJECTS 4096
_Static_assert(MAX_OBJECTS <= GMON_EH_TABLES_MAX, "eh_tables.c has room for every object");
#define MAX_SEGMENTS (4 * MAX_OBJECTS)
#define TEXT_BYTES (1u << 20)
#define MAX_BUILD_ID 64

struct object {
	uintptr_t bias;
	const void *phdr; /* with bias and path: the same mapping as before? */
	uint32_t phnum;
	uint32_t flags;   /* atomic after publication */
	uint32_t seen;    /* refresh generation that last found it */
	uint32_t first_segment, nsegments;
	uint32_t build_id_at, build_id_size;
	uint32_t path_at, path_size;
	uint32_t first_readable, nreadable; /* readable PT_LOAD ranges, copied */
	int permanent; /* never unmapped while the process lives */
};

static struct {
	struct object *objects;
	uintptr_t *segments; /* pairs */
	uintptr_t *readable; /* pairs: a permanent object's readable segments */
	char *text;
	uint32_t used; /* atomic: published objects */
	uint32_t segments_used, readable_used, text_used;
	uint32_t generation;
	int unretired; /* atomic: an object was flagged unloaded since the last retire */
	int refreshing; /* atomic: the refreshing thread's id, 0 if none */
	int warned_full;
	char main_path[PATH_MAX];
	size_t main_path_size;
	uintptr_t vdso;
} table;

int gmon_objects_init(void)
{
	table.objects = gmon_map_zeroed(NULL, MAX_OBJECTS * sizeof(struct object));
	table.segments = gmon_map_zeroed(NULL, MAX_SEGMENTS * 2 * sizeof(uintptr_t));
	table.readable = gmon_map_zeroed(NULL, MAX_SEGMENTS * 2 * sizeof(uintptr_t));
	table.text = gmon_map_zeroed(NULL, TEXT_BYTES);
	if (!table.objects || !table.segments || !table.readable || !table.text)
		return -1;
	/* The loader names the main program "": take the kernel's name. */
	ssize_t n = readlink("/proc/self/exe", table.main_path, sizeof table.main_path);
	table.main_path_size = n > 0 && (size_t)n < sizeof table.main_path ? (size_t)n : 0;
	table.vdso = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
	gmon_objects_refresh();
	return 0;
}

void gmon_objects_after_fork(void)
{
	table.refreshing = 0;
}

/* The GNU build-id note among the object's PT_NOTE segments, as mapped. */
static const unsigned char *find_build_id(const struct dl_phdr_info *info, uint32_t *size)
{
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		size_t align = ph->p_align == 8 ? 8 : 4;
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		size_t left = ph->p_filesz;
		while (left >= sizeof(ElfW(Nhdr))) {
			const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)p;
			size_t name = (note->n_namesz + align - 1) & ~(align - 1);
			size_t desc = (note->n_descsz + align - 1) & ~(align - 1);
			size_t whole = sizeof *note + name + desc;
			if (name > left || desc > left || whole > left)
				break;
			if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
			    memcmp(p + sizeof *note, "GNU", 4) == 0) {
				*size = note->n_descsz;
				return p + sizeof *note + name;
			}
			p += whole;
			left -= whole;
		}
	}
	*size = 0;
	return NULL;
}

/*
 * Which objects did the loader map at start-up (never unmapped: a signal
 * handler may read their code in place), and which did a dlopen load
 * (unmapped by a dlclose, however they were loaded)?  Not "what the first
 * refresh finds": a library's constructor may dlopen a plugin before
 * libgmon starts, and dlclose it later.  glibc lists the objects in load
 * order: the program, the preloaded objects, the program's dependencies
 * (DT_NEEDED, breadth first, the loader and the vDSO among them), then
 * whatever dlopen added.  So the start-up objects are the list up to the
 * last object the program needs, directly or through its dependencies
 * (matched by DT_SONAME, else by file name); anything after it was
 * dlopened.  A mistake this way costs only unwinding quality (an object
 * taken for dlopened has its tables copied, its code is not read); the
 * other way it would cost a fault.  Ordinary context (the first refresh).
 */
#ifdef __GLIBC__ /* musl never unmaps anything: every object is permanent */
#define MAX_INITIAL 512
static struct initial {
	uintptr_t bias;
	const ElfW(Dyn) *dynamic;
	const char *name; /* the loader's name, "" for the program */
	int needed;
} initial[MAX_INITIAL];
static unsigned ninitial, nstartup; /* listed; of them, mapped at start-up */

/* The object's dynamic string table, or NULL. */
static const char *dynamic_strings(uintptr_t bias, const ElfW(Dyn) *d)
{
	for (; d && d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_STRTAB) {
			/* the loader relocates it in place, except where the
			 * dynamic section is read-only */
			uintptr_t a = d->d_un.d_ptr;
			return (const char *)(a < bias ? a + bias : a);
		}
	}
	return NULL;
}

static int list_initial(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	if (ninitial == MAX_INITIAL)
		return 1;
	struct initial *o = &initial[ninitial++];
	o->bias = info->dlpi_addr;
	o->dynamic = NULL;
	o->name = info->dlpi_name ? info->dlpi_name : "";
	o->needed = ninitial == 1; /* the program */
	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			o->dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
	return 0;
}

/* Is object j the one a DT_NEEDED entry names? */
static int is_named(const struct initial *o, const char *name)
{
	const char *strings = dynamic_strings(o->bias, o->dynamic);
	for (const ElfW(Dyn) *d = o->dynamic; strings && d && d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_SONAME)
			return strcmp(strings + d->d_un.d_val, name) == 0;
	const char *base = strrchr(o->name, '/');
	return strcmp(base ? base + 1 : o->name, name) == 0;
}

static void find_startup_objects(void)
{
	ninitial = nstartup = 0;
	dl_iterate_phdr(list_initial, NULL);
	for (int changed = 1; changed;) {
		changed = 0;
		for (unsigned i = 0; i < ninitial; i++) {
			if (!initial[i].needed)
				continue;
			const char *strings = dynamic_strings(initial[i].bias, initial[i].dynamic);
			for (const ElfW(Dyn) *d = initial[i].dynamic; strings && d && d->d_tag != DT_NULL; d++) {
				if (d->d_tag != DT_NEEDED)
					continue;
				for (unsigned j = 0; j < ninitial; j++) {
					if (!initial[j].needed && is_named(&initial[j], strings + d->d_un.d_val)) {
						initial[j].needed = 1;
						changed = 1;
					}
				}
			}
		}
	}
	for (unsigned i = 0; i < ninitial; i++)
		if (initial[i].needed)
			nstartup = i + 1;
}

/* Was the object at bias, listed at the first refresh, mapped at start-up? */
static int mapped_at_startup(uintptr_t bias)
{
	for (unsigned i = 0; i < nstartup; i++)
		if (initial[i].bias == bias)
			return 1;
	return 0;
}

#endif

static int same_object(const struct object *o, const struct dl_phdr_info *info,
                       const char *path, size_t path_size)
{
	return o->bias == info->dlpi_addr && o->phdr == info->dlpi_phdr &&
	       o->path_size == path_size && memcmp(table.text + o->path_at, path, path_size) == 0;
}

/* Does the object have the executable segments o has (a reloaded file)? */
static int same_segments(const struct object *o, const struct dl_phdr_info *info, uint32_t nsegments)
{
	if (o->nsegments != nsegments)
		return 0;
	const uintptr_t *seg = &table.segments[2 * o->first_segment];
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		if (seg[0] != info->dlpi_addr + ph->p_vaddr || seg[1] != seg[0] + ph->p_memsz)
			return 0;
		seg += 2;
	}
	return 1;
}

static void table_full(void)
{
	if (!table.warned_full) {
		table.warned_full = 1;
		gmon_message("object table full: later shared objects are not named "
		             "in the process file", NULL, NULL);
	}
}

static int add_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	int *index = data;
	int is_main = (*index)++ == 0;
	const char *path = info->dlpi_name ? info->dlpi_name : "";
	size_t path_size = strlen(path);
	if (is_main) {
		path = table.main_path;
		path_size = table.main_path_size;
	}
	uint32_t nsegments = 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD && (info->dlpi_phdr[i].p_flags & PF_X))
			nsegments++;
	uint32_t build_id_size;
	const unsigned char *build_id = find_build_id(info, &build_id_size);
	if (build_id_size > MAX_BUILD_ID)
		build_id_size = 0; /* not a build-id we know how to compare */

	uint32_t used = __atomic_load_n(&table.used, __ATOMIC_RELAXED);
	for (uint32_t i = 0; i < used; i++) {
		struct object *o = &table.objects[i];
		if (!same_object(o, info, path, path_size))
			continue;
		if (!(__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED)) {
			o->seen = table.generation;
			return 0;
		}
		/* loaded again where it was: the same file (build-id, code
		 * segments, call-frame tables) takes its slot and its copy
		 * again, so that a dlopen and dlclose loop needs no more */
		if (o->build_id_size == build_id_size &&
		    memcmp(table.text + o->build_id_at, build_id, build_id_size) == 0 &&
		    same_segments(o, info, nsegments) &&
		    gmon_eh_tables_match(i, info->dlpi_addr, info->dlpi_phdr, info->dlpi_phnum)) {
			o->seen = table.generation;
			__atomic_fetch_and(&o->flags, ~(uint32_t)(GMON_OBJECT_UNLOADED | GMON_OBJECT_RETIRED),
			                   __ATOMIC_RELEASE);
			return 0;
		}
	}
	if (used == MAX_OBJECTS || table.segments_used + nsegments > MAX_SEGMENTS ||
	    table.text_used + build_id_size + path_size > TEXT_BYTES) {
		table_full();
		return 0;
	}

	struct object *o = &table.objects[used];
	o->bias = info->dlpi_addr;
	o->phdr = info->dlpi_phdr;
	o->phnum = info->dlpi_phnum;
	o->flags = is_main ? GMON_OBJECT_MAIN : 0;
	uintptr_t phdr = (uintptr_t)info->dlpi_phdr;
	if (!is_main && table.vdso && phdr > table.vdso && phdr < table.vdso + 4096)
		o->flags |= GMON_OBJECT_VDSO;
	o->seen = table.generation;
	/* What the loader mapped at start-up (the program, its libraries,
	 * the preloaded ones, the vDSO) is never unmapped: only what dlopen
	 * loaded is (find_startup_objects).  musl never unmaps anything. */
#ifdef __GLIBC__
	o->permanent = table.generation == 1 &&
	               (is_main || (o->flags & GMON_OBJECT_VDSO) || mapped_at_startup(info->dlpi_addr));
#else
	o->permanent = 1;
#endif
	gmon_eh_tables_add(used, info->dlpi_addr, info->dlpi_phdr, info->dlpi_phnum, o->permanent);
	o->first_segment = table.segments_used;
	o->nsegments = nsegments;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		uintptr_t *seg = &table.segments[2 * table.segments_used++];
		seg[0] = info->dlpi_addr + ph->p_vaddr;
		seg[1] = seg[0] + ph->p_memsz;
	}
	/* where the signal handler may read: the readable segments of an
	 * object never unmapped, copied, so that no header of an object is
	 * read there */
	o->first_readable = table.readable_used;
	o->nreadable = 0;
	for (size_t i = 0; o->permanent && i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_R) ||
		    table.readable_used == MAX_SEGMENTS)
			continue;
		uintptr_t *range = &table.readable[2 * table.readable_used++];
		range[0] = info->dlpi_addr + ph->p_vaddr;
		range[1] = range[0] + ph->p_memsz;
		o->nreadable++;
	}
	o->build_id_at = table.text_used;
	o->build_id_size = build_id_size;
	memcpy(table.text + table.text_used, build_id, build_id_size);
	table.text_used += build_id_size;
	o->path_at = table.text_used;
	o->path_size = (uint32_t)path_size;
	memcpy(table.text + table.text_used, path, path_size);
	table.text_used += (uint32_t)path_size;
	__atomic_store_n(&table.used, used + 1, __ATOMIC_RELEASE);
	return 0;
}

/* The refresh flag holds the refreshing thread's id.  A thread never
 * waits for itself: a signal handler that interrupted this thread's own
 * refresh (and calls exit, whose _mcleanup refreshes) would wait for a
 * flag that can only be cleared after it returns.  Another thread's
 * refresh is waited for, a bounded time (its handler may never return
 * either); then the caller goes on with the table as last published.
 * 1 if this thread now owns the refresh. */
#define REFRESH_WAIT_MS 2000

static int claim_refresh(void)
{
	int tid = (int)syscall(SYS_gettid), owner = 0;
	struct timespec ms = { 0, 1000000 };
	for (int waited = 0;; waited++) {
		owner = 0;
		if (__atomic_compare_exchange_n(&table.refreshing, &owner, tid, 0, __ATOMIC_ACQUIRE,
		                                __ATOMIC_RELAXED))
			return 1;
		if (owner == tid || waited == REFRESH_WAIT_MS)
			return 0;
		/* a refresher that no longer exists will never finish */
		if (syscall(SYS_tgkill, getpid(), owner, 0) != 0 && errno == ESRCH &&
		    __atomic_compare_exchange_n(&table.refreshing, &owner, tid, 0,
		                                __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return 1;
		nanosleep(&ms, NULL);
	}
}

uint32_t gmon_objects_refresh(void)
{
	if (!table.objects)
		return 0;
	uint32_t before = __atomic_load_n(&table.used, __ATOMIC_RELAXED);
	if (!claim_refresh())
		return before; /* the table as last published stays complete */
	table.generation++;
#ifdef __GLIBC__
	if (table.generation == 1)
		find_startup_objects();
#endif
	int index = 0;
	dl_iterate_phdr(add_object, &index);
	/* What the loader no longer lists was unloaded: keep it, flagged. */
	for (uint32_t i = 0; i < before; i++) {
		struct object *o = &table.objects[i];
		if (o->seen != table.generation &&
		    !(__atomic_fetch_or(&o->flags, GMON_OBJECT_UNLOADED, __ATOMIC_RELAXED) &
		      GMON_OBJECT_UNLOADED))
			__atomic_store_n(&table.unretired, 1, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&table.refreshing, 0, __ATOMIC_RELEASE);
	return before;
}

uint32_t gmon_objects_retire(gmon_retire_fn retire, void *ctx)
{
	if (!table.objects || !__atomic_load_n(&table.unretired, __ATOMIC_RELAXED) ||
	    !claim_refresh())
		return 0;
	__atomic_store_n(&table.unretired, 0, __ATOMIC_RELAXED);
	uint32_t used = __atomic_load_n(&table.used, __ATOMIC_RELAXED), n = 0;
	for (uint32_t i = 0; i < used; i++) {
		struct object *o = &table.objects[i];
		uint32_t flags = __atomic_load_n(&o->flags, __ATOMIC_RELAXED);
		if ((flags & (GMON_OBJECT_UNLOADED | GMON_OBJECT_RETIRED)) != GMON_OBJECT_UNLOADED)
			continue;
		if (retire(ctx, i, &table.segments[2 * o->first_segment], o->nsegments) != 0)
			continue;
		__atomic_fetch_or(&o->flags, GMON_OBJECT_RETIRED, __ATOMIC_RELEASE);
		n++;
	}
	__atomic_store_n(&table.refreshing, 0, __ATOMIC_RELEASE);
	return n;
}

uint32_t gmon_objects_count(void)
{
	return __atomic_load_n(&table.used, __ATOMIC_ACQUIRE);
}

void gmon_object_view(uint32_t i, struct gmon_object_view *view)
{
	const struct object *o = &table.objects[i];
	view->flags = __atomic_load_n(&o->flags, __ATOMIC_RELAXED);
	view->bias = o->bias;
	view->phdr = o->phdr;
	view->phnum = o->phnum;
	view->nsegments = o->nsegments;
	view->segments = &table.segments[2 * o->first_segment];
	view->build_id_size = o->build_id_size;
	view->build_id = (const unsigned char *)table.text + o->build_id_at;
	view->path_size = o->path_size;
	view->path = table.text + o->path_at;
}

uint32_t gmon_object_flags(uint32_t i)
{
	return __atomic_load_n(&table.objects[i].flags, __ATOMIC_RELAXED);
}

long gmon_object_find(uintptr_t pc)
{
	uint32_t used = gmon_objects_count();
	long unloaded = -1;
	/* An address reused after a dlclose belongs to what is there now:
	 * an object still loaded, else the newest mapping.  (Not merely
	 * the newest: a plugin loaded again where it was takes its old,
	 * lower entry, and another plugin unloaded since may have held the
	 * same addresses.) */
	for (uint32_t i = used; i-- > 0;) {
		const struct object *o = &table.objects[i];
		const uintptr_t *seg = &table.segments[2 * o->first_segment];
		for (uint32_t s = 0; s < o->nsegments; s++) {
			if (pc < seg[2 * s] || pc >= seg[2 * s + 1])
				continue;
			if (!(__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED))
				return (long)i;
			if (unloaded < 0)
				unloaded = (long)i;
			break;
		}
	}
	return unloaded;
}

/* Can the n bytes at addr be loaded without a fault, whatever other
 * threads do?  Only when they lie in a readable PT_LOAD segment of an
 * object that is never unmapped: a check of a dlopened object would race
 * with its dlclose.  Async-signal-safe (the walk's code reads): only the
 * table's own copies of the ranges are read, never an object's headers. */
int gmon_object_readable(uintptr_t addr, size_t n)
{
	uint32_t used = gmon_objects_count();
	if (addr + n < addr)
		return 0;
	for (uint32_t i = 0; i < used; i++) {
		const struct object *o = &table.objects[i];
		if (!o->permanent || (__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED))
			continue;
		const uintptr_t *range = &table.readable[2 * o->first_readable];
		for (uint32_t k = 0; k < o->nreadable; k++)
			if (addr >= range[2 * k] && addr + n <= range[2 * k + 1])
				return 1;
	}
	return 0;
}

int gmon_object_names(uintptr_t bias, const void *phdr, size_t phnum, const char *name)
{
	const ElfW(Phdr) *ph = phdr;
	const char *strtab = NULL;
	size_t strsz = 0;
	for (size_t i = 0; i < phnum; i++) {
		if (ph[i].p_type != PT_DYNAMIC)
			continue;
		const ElfW(Dyn) *d = (const ElfW(Dyn) *)(bias + ph[i].p_vaddr);
		for (; d->d_tag != DT_NULL; d++) {
			if (d->d_tag == DT_STRTAB) {
				/* the loader relocates it in place, except where
				 * the dynamic section is read-only */
				uintptr_t a = d->d_un.d_ptr;
				strtab = (const char *)(a < bias ? a + bias : a);
			} else if (d->d_tag == DT_STRSZ) {
				strsz = d->d_un.d_val;
			}
		}
	}
	size_t want = strlen(name) + 1;
	for (size_t at = 0; strtab && at + want <= strsz; at += strlen(strtab + at) + 1)
		if (memcmp(strtab + at, name, want) == 0)
			return 1;
	return 0;
}
