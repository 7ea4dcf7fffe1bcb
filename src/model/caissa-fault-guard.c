/* caissa-fault-guard.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-fault-guard"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "caissa-fault-guard.h"

/* The innermost guard of each thread. A thread-local of the program
 * itself (this library is linked statically), read by the handler on the
 * thread that faulted. */
static _Thread_local CaissaFaultGuard *innermost;

/* What handled SIGBUS before us: faults outside every guard go there. */
static struct sigaction previous;

static void
chain (int        sig,
       siginfo_t *info,
       void      *context)
{
  struct sigaction dfl;

  if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL)
    {
      previous.sa_sigaction (sig, info, context);
      return;
    }
  if (!(previous.sa_flags & SA_SIGINFO)
      && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN)
    {
      previous.sa_handler (sig);
      return;
    }

  /* The default (an ignored SIGBUS from a fault is fatal anyway): end the
   * process as if we had never been here. A fault runs the faulting
   * instruction again on return, which now ends it where it happened; a
   * signal sent by kill() is raised again. */
  memset (&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset (&dfl.sa_mask);
  sigaction (sig, &dfl, NULL);
  if (info == NULL || info->si_code <= 0)
    raise (sig);
}

static void
bus_handler (int        sig,
             siginfo_t *info,
             void      *context)
{
  const char *addr = info != NULL ? info->si_addr : NULL;

  /* Only a fault (si_code > 0), not a SIGBUS someone sent. */
  if (info != NULL && info->si_code > 0)
    for (CaissaFaultGuard *guard = innermost; guard != NULL; guard = guard->outer)
      if (addr >= guard->start && addr < guard->end)
        {
          guard->fault = addr;
          innermost = guard->outer;
          siglongjmp (guard->env, 1);
        }
  chain (sig, info, context);
}

void
caissa_fault_guard_install (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      struct sigaction action;

      memset (&action, 0, sizeof action);
      action.sa_sigaction = bus_handler;
      /* SA_NODEFER: SIGBUS is not blocked while the handler runs, so the
       * jump out of it (which restores no mask) leaves it unblocked. */
      action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
      sigemptyset (&action.sa_mask);
      /* previous is complete before the handler can run. */
      if (sigaction (SIGBUS, NULL, &previous) != 0 || sigaction (SIGBUS, &action, NULL) != 0)
        g_critical ("Cannot handle SIGBUS: %s", g_strerror (errno));
      g_once_init_leave (&installed, 1);
    }
}

void
caissa_fault_guard_push (CaissaFaultGuard *guard,
                         const void       *start,
                         gsize             len)
{
  caissa_fault_guard_install ();

  guard->start = start;
  guard->end = (const char *) start + len;
  guard->fault = NULL;
  guard->outer = innermost;
  /* The handler runs on this thread: the guard must be complete in memory
   * before it is published, and published before any guarded read. */
  atomic_signal_fence (memory_order_seq_cst);
  innermost = guard;
  atomic_signal_fence (memory_order_seq_cst);
}

void
caissa_fault_guard_pop (CaissaFaultGuard *guard)
{
  g_assert (innermost == guard);

  atomic_signal_fence (memory_order_seq_cst);
  innermost = guard->outer;
  atomic_signal_fence (memory_order_seq_cst);
}

gboolean
caissa_fault_guard_copy (void       *dest,
                         const void *src,
                         gsize       len,
                         gsize      *fault_offset)
{
  CaissaFaultGuard guard;

  if (len == 0)
    return TRUE;

  caissa_fault_guard_push (&guard, src, len);
  if (CAISSA_FAULT_GUARD_TRY (&guard))
    {
      memcpy (dest, src, len);
      caissa_fault_guard_pop (&guard);
      return TRUE;
    }
  if (fault_offset != NULL)
    *fault_offset = (gsize) (guard.fault - (const char *) src);
  return FALSE;
}
