/* SPDX-License-Identifier: BSD-2-Clause
 *
 * objects.c: the table of objects mapped into the process: the main
 * program, the shared libraries loaded at start-up, those dlopened later
 * (kept, flagged unloaded, after dlclose; taken again when reloaded at
 * the same place, retired at the next dlopen) and the vDSO.  What the
 * process file needs to name where a sample or a call site was: path,
 * build-id, load bias, executable segments.
 *
 * Copyright (c) 2026 The gprof/libgmon authors. See LICENSE.BSD.
 *
 * Two sides.  gmon_objects_refresh asks the dynamic loader
 * (dl_iterate_phdr, which takes the loader's lock): it runs only in an
 * ordinary context (start-up, the dlopen and dlclose wrappers, exit),
 * never in a signal handler, and so do gmon_objects_retire and the
 * reuse of a slot.  Reading the table (the clock's handler, the writer,
 * which may run in a snapshot signal handler) is async-signal-safe: no
 * stdio, no malloc, no locks, only loads of what a refresh has
 * published, between gmon_objects_enter and gmon_objects_leave.
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
#include "epoch.h"
#include "message.h"
#include "objects.h"
#include "table.h"

/*
 * The table: slots objects[0 .. used), each holding one object mapped
 * now or unloaded and not retired yet; objects[0] is the main program.
 * A slot's number is its index.  An object's executable segments and
 * readable ranges are in its slot; its build-id and path bytes in
 * text[], where equal bytes are kept once (names[]), so that a plugin
 * loaded again and again costs its name once.  All arrays are mapped
 * once at start-up (MAP_NORESERVE).
 *
 * A slot's life: EMPTY -> LIVE (its fields written, then the state
 * stored, release) -> UNPUBLISHED (retired: no reader that comes in
 * later looks at it) -> DRAINING (a grace period, epoch.h, waits for the
 * readers who came in before) -> EMPTY, its call-frame tables' copy
 * released (eh_tables.c), and taken by the next object added.  So the
 * table holds the objects loaded at once, not all those of the run.
 * While LIVE, a slot's fields never change, except GMON_OBJECT_UNLOADED,
 * set (atomically) when a refresh no longer finds it, and cleared when
 * the same file is loaded again at the same place before it was retired
 * (same path, build-id, segments and call-frame tables: its slot and its
 * tables' copy serve again); a load elsewhere is a new object.
 *
 * Retiring (gmon_objects_retire, once what was recorded at an unloaded
 * object's addresses can carry a number, reuse.c) moves the object to
 * retired[]: one record per file (path, build-id, segments less the
 * load bias), numbered from MAX_OBJECTS on, never removed, at the bias
 * of the first load retired; a later load of the same file elsewhere
 * has its addresses moved by the difference, onto that record.  Those
 * records are what the process file says of objects no longer loaded
 * (flags GMON_OBJECT_UNLOADED | GMON_OBJECT_RETIRED).
 *
 * The signal handler reads only these arrays, never an object's own
 * headers (a dlopened object's may be unmapped at any time).  Refreshes
 * and retirements are serialized by a flag holding the refreshing
 * thread's id (they run outside signal handlers, but a handler may
 * interrupt one and call exit: see claim_refresh; a forked child, which
 * has one thread, clears it).
 */
#define MAX_OBJECTS 4096 /* loaded at once */
_Static_assert(MAX_OBJECTS <= GMON_EH_TABLES_MAX, "eh_tables.c has room for every object");
#define MAX_RETIRED 8192 /* files retired */
_Static_assert(MAX_OBJECTS + MAX_RETIRED - 1 <= GMON_ADDRESS_NUMBER_MAX, "numbers fit");
#define OBJECT_SEGMENTS 8 /* executable segments of one object */
#define OBJECT_READABLE 8 /* readable ranges kept of one permanent object */
#define RETIRED_SEGMENTS (4 * MAX_RETIRED)
#define MAX_NAMES (MAX_OBJECTS + 2 * MAX_RETIRED)
#define TEXT_BYTES (1u << 20)
#define MAX_BUILD_ID 64

enum {
	SLOT_EMPTY,
	SLOT_LIVE,
	SLOT_UNPUBLISHED,
	SLOT_DRAINING
};

struct object {
	uintptr_t bias;
	const void *phdr; /* with bias and path: the same mapping as before? */
	uint32_t phnum;
	uint32_t state; /* atomic: SLOT_* */
	uint32_t flags; /* atomic after publication */
	uint32_t seen;  /* refresh generation that last found it */
	uint32_t added; /* refresh generation that added it */
	uint32_t nsegments, nreadable;
	uint32_t build_id_at, build_id_size;
	uint32_t path_at, path_size;
	int permanent; /* never unmapped while the process lives */
	int kept;      /* unloaded, and cannot be retired: keeps its slot */
	uintptr_t segments[2 * OBJECT_SEGMENTS]; /* start, end (exclusive), ... */
	uintptr_t readable[2 * OBJECT_READABLE]; /* a permanent object's readable segments */
};

struct retired {
	uintptr_t bias;
	uint32_t first_segment, nsegments;
	uint32_t build_id_at, build_id_size;
	uint32_t path_at, path_size;
};

struct name {
	uint32_t at, size;
};

static struct {
	struct object *objects;
	struct retired *retired;
	uintptr_t *retired_segments; /* pairs */
	struct name *names;
	char *text;
	uint32_t used;     /* atomic: slots ever published */
	uint32_t nretired; /* atomic: retired records published */
	uint32_t retired_segments_used, nnames, text_used;
	uint32_t generation;
	int unretired;  /* atomic: an object was flagged unloaded since the last retire */
	int refreshing; /* atomic: the refreshing thread's id, 0 if none */
	int warned_full;
	struct gmon_epoch readers;
	char main_path[PATH_MAX];
	size_t main_path_size;
	uintptr_t vdso;
} table;

int gmon_objects_init(void)
{
	table.objects = gmon_map_zeroed(NULL, MAX_OBJECTS * sizeof(struct object));
	table.retired = gmon_map_zeroed(NULL, MAX_RETIRED * sizeof(struct retired));
	table.retired_segments = gmon_map_zeroed(NULL, RETIRED_SEGMENTS * 2 * sizeof(uintptr_t));
	table.names = gmon_map_zeroed(NULL, MAX_NAMES * sizeof(struct name));
	table.text = gmon_map_zeroed(NULL, TEXT_BYTES);
	if (!table.objects || !table.retired || !table.retired_segments || !table.names ||
	    !table.text)
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
	gmon_epoch_after_fork(&table.readers);
}

unsigned gmon_objects_enter(void)
{
	return gmon_epoch_enter(&table.readers);
}

void gmon_objects_leave(unsigned token)
{
	gmon_epoch_leave(&table.readers, token);
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
	const ElfW(Dyn) * dynamic;
	const char *name; /* the loader's name, "" for the program */
	int needed;
} initial[MAX_INITIAL];
static unsigned ninitial, nstartup; /* listed; of them, mapped at start-up */

/* The object's dynamic string table, or NULL. */
static const char *dynamic_strings(uintptr_t bias, const ElfW(Dyn) * d)
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
			o->dynamic =
				(const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
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
			for (const ElfW(Dyn) *d = initial[i].dynamic;
			     strings && d && d->d_tag != DT_NULL; d++) {
				if (d->d_tag != DT_NEEDED)
					continue;
				for (unsigned j = 0; j < ninitial; j++) {
					if (!initial[j].needed &&
					    is_named(&initial[j], strings + d->d_un.d_val)) {
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

/* The bytes kept once in text[]: where, or -1 (no room).  Ordinary
 * context, serialized; bytes once kept never change (the writer reads
 * them). */
static int keep_bytes(const void *bytes, uint32_t size, uint32_t *at)
{
	if (size == 0) {
		*at = 0;
		return 0;
	}
	for (uint32_t i = 0; i < table.nnames; i++) {
		if (table.names[i].size == size &&
		    memcmp(table.text + table.names[i].at, bytes, size) == 0) {
			*at = table.names[i].at;
			return 0;
		}
	}
	if (table.nnames == MAX_NAMES || size > TEXT_BYTES - table.text_used)
		return -1;
	memcpy(table.text + table.text_used, bytes, size);
	table.names[table.nnames++] = (struct name){ table.text_used, size };
	*at = table.text_used;
	table.text_used += size;
	return 0;
}

static int is_live(const struct object *o)
{
	return __atomic_load_n(&o->state, __ATOMIC_ACQUIRE) == SLOT_LIVE;
}

static int same_object(const struct object *o, const struct dl_phdr_info *info, const char *path,
		       size_t path_size)
{
	return o->bias == info->dlpi_addr && o->phdr == info->dlpi_phdr &&
	       o->path_size == path_size && memcmp(table.text + o->path_at, path, path_size) == 0;
}

/* Does the object have the executable segments o has (a reloaded file)? */
static int same_segments(const struct object *o, const struct dl_phdr_info *info,
			 uint32_t nsegments)
{
	if (o->nsegments != nsegments)
		return 0;
	const uintptr_t *seg = o->segments;
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
		gmon_message(
			"object table full: later shared objects are not named "
			"in the process file",
			NULL, NULL);
	}
}

/* A slot for a new object: an empty one, else one past the last. */
static uint32_t free_slot(uint32_t used)
{
	for (uint32_t i = 1; i < used; i++)
		if (__atomic_load_n(&table.objects[i].state, __ATOMIC_RELAXED) == SLOT_EMPTY)
			return i;
	return used;
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
		if (!is_live(o) || !same_object(o, info, path, path_size))
			continue;
		if (!(__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED)) {
			o->seen = table.generation;
			return 0;
		}
		/* loaded again where it was, before it was retired: the same
		 * file (build-id, code segments, call-frame tables) takes its
		 * slot and its copy again */
		if (o->build_id_size == build_id_size &&
		    memcmp(table.text + o->build_id_at, build_id, build_id_size) == 0 &&
		    same_segments(o, info, nsegments) &&
		    gmon_eh_tables_match(i, info->dlpi_addr, info->dlpi_phdr, info->dlpi_phnum)) {
			o->seen = table.generation;
			o->kept = 0;
			__atomic_fetch_and(&o->flags, ~(uint32_t)GMON_OBJECT_UNLOADED,
					   __ATOMIC_RELEASE);
			return 0;
		}
	}
	uint32_t slot = free_slot(used), build_id_at, path_at;
	if (slot == MAX_OBJECTS || nsegments > OBJECT_SEGMENTS ||
	    keep_bytes(build_id, build_id_size, &build_id_at) != 0 ||
	    keep_bytes(path, (uint32_t)path_size, &path_at) != 0) {
		table_full();
		return 0;
	}

	struct object *o = &table.objects[slot];
	o->bias = info->dlpi_addr;
	o->phdr = info->dlpi_phdr;
	o->phnum = info->dlpi_phnum;
	o->flags = is_main ? GMON_OBJECT_MAIN : 0;
	o->kept = 0;
	uintptr_t phdr = (uintptr_t)info->dlpi_phdr;
	if (!is_main && table.vdso && phdr > table.vdso && phdr < table.vdso + 4096)
		o->flags |= GMON_OBJECT_VDSO;
	o->seen = o->added = table.generation;
	/* What the loader mapped at start-up (the program, its libraries,
	 * the preloaded ones, the vDSO) is never unmapped: only what dlopen
	 * loaded is (find_startup_objects).  musl never unmaps anything. */
#ifdef __GLIBC__
	o->permanent = table.generation == 1 && (is_main || (o->flags & GMON_OBJECT_VDSO) ||
						 mapped_at_startup(info->dlpi_addr));
#else
	o->permanent = 1;
#endif
	gmon_eh_tables_add(slot, info->dlpi_addr, info->dlpi_phdr, info->dlpi_phnum, o->permanent);
	o->nsegments = 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		uintptr_t *seg = &o->segments[2 * o->nsegments++];
		seg[0] = info->dlpi_addr + ph->p_vaddr;
		seg[1] = seg[0] + ph->p_memsz;
	}
	/* where the signal handler may read: the readable segments of an
	 * object never unmapped, copied, so that no header of an object is
	 * read there */
	o->nreadable = 0;
	for (size_t i = 0; o->permanent && i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_R) ||
		    o->nreadable == OBJECT_READABLE)
			continue;
		uintptr_t *range = &o->readable[2 * o->nreadable++];
		range[0] = info->dlpi_addr + ph->p_vaddr;
		range[1] = range[0] + ph->p_memsz;
	}
	o->build_id_at = build_id_at;
	o->build_id_size = build_id_size;
	o->path_at = path_at;
	o->path_size = (uint32_t)path_size;
	__atomic_store_n(&o->state, SLOT_LIVE, __ATOMIC_RELEASE);
	if (slot == used)
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
		    __atomic_compare_exchange_n(&table.refreshing, &owner, tid, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return 1;
		nanosleep(&ms, NULL);
	}
}

uint32_t gmon_objects_refresh(void)
{
	if (!table.objects || !claim_refresh())
		return 0; /* the table as last published stays complete */
	uint32_t before = __atomic_load_n(&table.used, __ATOMIC_RELAXED);
	uint32_t generation = ++table.generation;
#ifdef __GLIBC__
	if (generation == 1)
		find_startup_objects();
#endif
	int index = 0;
	dl_iterate_phdr(add_object, &index);
	/* What the loader no longer lists was unloaded: keep it, flagged. */
	for (uint32_t i = 0; i < before; i++) {
		struct object *o = &table.objects[i];
		if (is_live(o) && o->seen != generation &&
		    !(__atomic_fetch_or(&o->flags, GMON_OBJECT_UNLOADED, __ATOMIC_RELAXED) &
		      GMON_OBJECT_UNLOADED))
			__atomic_store_n(&table.unretired, 1, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&table.refreshing, 0, __ATOMIC_RELEASE);
	return generation;
}

/* The retired record of o's file (same path, build-id and segments less
 * the load bias), made if there is none: its index, or -1 (no room).
 * A new one is published by the caller (table.nretired). */
static long retired_record(const struct object *o)
{
	uint32_t n = table.nretired;
	for (uint32_t k = 0; k < n; k++) {
		const struct retired *r = &table.retired[k];
		if (r->path_at != o->path_at || r->path_size != o->path_size ||
		    r->build_id_at != o->build_id_at || r->build_id_size != o->build_id_size ||
		    r->nsegments != o->nsegments)
			continue;
		const uintptr_t *seg = &table.retired_segments[2 * r->first_segment];
		uint32_t s = 0;
		while (s < 2 * o->nsegments && seg[s] - r->bias == o->segments[s] - o->bias)
			s++;
		if (s == 2 * o->nsegments)
			return (long)k;
	}
	if (n == MAX_RETIRED || table.retired_segments_used + o->nsegments > RETIRED_SEGMENTS)
		return -1;
	struct retired *r = &table.retired[n];
	*r = (struct retired){ .bias = o->bias,
			       .first_segment = table.retired_segments_used,
			       .nsegments = o->nsegments,
			       .build_id_at = o->build_id_at,
			       .build_id_size = o->build_id_size,
			       .path_at = o->path_at,
			       .path_size = o->path_size };
	memcpy(&table.retired_segments[2 * r->first_segment], o->segments,
	       2 * o->nsegments * sizeof(uintptr_t));
	return (long)n;
}

/* Slots whose readers are gone are emptied, their tables' copies
 * released; slots unpublished since start a grace period.  Never waits
 * (epoch.h): what readers still hold is emptied at a later call. */
static void reclaim(void)
{
	uint32_t used = __atomic_load_n(&table.used, __ATOMIC_RELAXED);
	for (int round = 0; round < 2; round++) {
		if (gmon_epoch_busy(&table.readers))
			return;
		int started = 0;
		for (uint32_t i = 0; i < used; i++) {
			struct object *o = &table.objects[i];
			uint32_t state = __atomic_load_n(&o->state, __ATOMIC_RELAXED);
			if (state == SLOT_DRAINING) {
				gmon_eh_tables_release(i);
				__atomic_store_n(&o->state, SLOT_EMPTY, __ATOMIC_RELEASE);
			} else if (state == SLOT_UNPUBLISHED && round == 0) {
				__atomic_store_n(&o->state, SLOT_DRAINING, __ATOMIC_RELAXED);
				started = 1;
			}
		}
		if (!started)
			return;
		gmon_epoch_flip(&table.readers);
	}
}

uint32_t gmon_objects_retire(gmon_retire_fn retire, void *ctx)
{
	if (!table.objects || !claim_refresh())
		return 0;
	uint32_t n = 0;
	if (__atomic_exchange_n(&table.unretired, 0, __ATOMIC_RELAXED)) {
		uint32_t used = __atomic_load_n(&table.used, __ATOMIC_RELAXED);
		for (uint32_t i = 0; i < used; i++) {
			struct object *o = &table.objects[i];
			if (!is_live(o) || o->kept ||
			    !(__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED))
				continue;
			/* no room for its record, or for a number in its
			 * addresses: it keeps its slot and plain addresses,
			 * as before numbering */
			long k = retired_record(o);
			const struct retired *r = k < 0 ? NULL : &table.retired[k];
			if (!r || retire(ctx, MAX_OBJECTS + (uint32_t)k, r->bias - o->bias,
					 o->segments, o->nsegments) != 0) {
				o->kept = 1;
				continue;
			}
			if ((uint32_t)k == table.nretired) {
				table.retired_segments_used += r->nsegments;
				__atomic_store_n(&table.nretired, (uint32_t)k + 1,
						 __ATOMIC_RELEASE);
			}
			/* no reader coming in later looks at it */
			__atomic_store_n(&o->state, SLOT_UNPUBLISHED, __ATOMIC_SEQ_CST);
			n++;
		}
	}
	reclaim();
	__atomic_store_n(&table.refreshing, 0, __ATOMIC_RELEASE);
	return n;
}

uint32_t gmon_objects_count(void)
{
	return __atomic_load_n(&table.used, __ATOMIC_ACQUIRE);
}

int gmon_object_view(uint32_t i, struct gmon_object_view *view)
{
	const struct object *o = &table.objects[i];
	if (!is_live(o))
		return -1;
	view->number = i;
	view->flags = __atomic_load_n(&o->flags, __ATOMIC_RELAXED);
	view->added = o->added;
	view->bias = o->bias;
	view->phdr = o->phdr;
	view->phnum = o->phnum;
	view->nsegments = o->nsegments;
	view->segments = o->segments;
	view->build_id_size = o->build_id_size;
	view->build_id = (const unsigned char *)table.text + o->build_id_at;
	view->path_size = o->path_size;
	view->path = table.text + o->path_at;
	return 0;
}

uint32_t gmon_objects_retired_count(void)
{
	return table.objects ? __atomic_load_n(&table.nretired, __ATOMIC_ACQUIRE) : 0;
}

void gmon_object_retired_view(uint32_t k, struct gmon_object_view *view)
{
	const struct retired *r = &table.retired[k];
	*view = (struct gmon_object_view){
		.number = MAX_OBJECTS + k,
		.flags = GMON_OBJECT_UNLOADED | GMON_OBJECT_RETIRED,
		.bias = r->bias,
		.nsegments = r->nsegments,
		.segments = &table.retired_segments[2 * r->first_segment],
		.build_id_size = r->build_id_size,
		.build_id = (const unsigned char *)table.text + r->build_id_at,
		.path_size = r->path_size,
		.path = table.text + r->path_at,
	};
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
	 * an object still loaded, else the one added last. */
	for (uint32_t i = 0; i < used; i++) {
		const struct object *o = &table.objects[i];
		if (!is_live(o))
			continue;
		for (uint32_t s = 0; s < o->nsegments; s++) {
			if (pc < o->segments[2 * s] || pc >= o->segments[2 * s + 1])
				continue;
			if (!(__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED))
				return (long)i;
			if (unloaded < 0 || o->added >= table.objects[unloaded].added)
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
		if (!is_live(o) || !o->permanent ||
		    (__atomic_load_n(&o->flags, __ATOMIC_RELAXED) & GMON_OBJECT_UNLOADED))
			continue;
		for (uint32_t k = 0; k < o->nreadable; k++)
			if (addr >= o->readable[2 * k] && addr + n <= o->readable[2 * k + 1])
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
