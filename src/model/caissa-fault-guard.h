/* caissa-fault-guard.h — reading a memory-mapped file that another program
 * may cut short while it is read.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page of a mapping that lies past the end of its file (the file was
 * truncated after it was mapped) raises SIGBUS when it is read, and SIGBUS
 * ends the process. A guard marks a range of memory as "may vanish" for the
 * calling thread: a SIGBUS at an address in that range jumps back to where
 * the guard was set (siglongjmp), and the code there treats the bytes as
 * gone. A SIGBUS anywhere else, or in a thread with no guard, goes on to
 * whatever handled SIGBUS before (by default the process ends, with the
 * core dump pointing at the faulting instruction): bugs are not hidden.
 *
 * The handler is process-wide and installed once (on the first guard, or
 * by caissa_fault_guard_install()). It is installed with SA_NODEFER, so a
 * jump out of it leaves SIGBUS unblocked without restoring a signal mask:
 * sigsetjmp (env, 0) saves none and makes no system call, which keeps a
 * guard cheap enough for every tag a row of a game list reads.
 *
 *   CaissaFaultGuard guard;
 *
 *   caissa_fault_guard_push (&guard, data, len);
 *   if (CAISSA_FAULT_GUARD_TRY (&guard))
 *     {
 *       … read data[0 .. len) …
 *       caissa_fault_guard_pop (&guard);
 *     }
 *   else
 *     … the bytes at guard.fault are gone (the guard is popped) …
 *
 * Rules for the code between push and pop: no return, break or goto out of
 * it without the pop; no lock taken and nothing allocated or freed while a
 * guarded byte may be read (a jump out would leave them half done) — copy
 * the bytes out (caissa_fault_guard_copy()) and work on the copy when the
 * work needs either; a local changed inside and read after a fault must be
 * volatile. The jump out skips g_autoptr/g_autofree cleanups in between.
 */
#pragma once

#include <setjmp.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _CaissaFaultGuard CaissaFaultGuard;

struct _CaissaFaultGuard
{
  sigjmp_buf          env;
  const char         *start;
  const char         *end;
  /* Where the SIGBUS was, once one was. */
  const char *volatile fault;
  CaissaFaultGuard   *outer;
};

/* Expands to the whole controlling expression of an if, as sigsetjmp
 * requires: TRUE when the guard is set, FALSE after a fault. */
#define CAISSA_FAULT_GUARD_TRY(guard) (sigsetjmp ((guard)->env, 0) == 0)

/* Installs the SIGBUS handler now (it is also installed on first use). */
void     caissa_fault_guard_install (void);

/* Guards [start, start + len) for the calling thread until pop. Guards
 * nest; the innermost that holds the faulting address catches it. */
void     caissa_fault_guard_push    (CaissaFaultGuard *guard,
                                     const void       *start,
                                     gsize             len);
void     caissa_fault_guard_pop     (CaissaFaultGuard *guard);

/* Copies len bytes from src (in memory that may vanish) to dest. Returns
 * FALSE when a byte of src was gone, with *fault_offset (may be NULL) the
 * offset into src where it was found gone; dest then holds garbage. */
gboolean caissa_fault_guard_copy    (void             *dest,
                                     const void       *src,
                                     gsize             len,
                                     gsize            *fault_offset);

G_END_DECLS
