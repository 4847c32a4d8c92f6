/* landlock-launch.h: sbx's Landlock launcher as a function (its options: landlock-launch.c). */
#pragma once

#include <sys/types.h>

/* Parses the launcher's argv (argv[0] is its name), confines the calling process and execs the
 * command with envp (NULL: environ); on any failure prints one "sbx-landlock: " line, leaves the
 * --status-fd record and _exits 125. Never returns. With `gate` (in-process only), the go-ahead is
 * gate(gate_ctx) >= 0 instead of the byte on --wait-fd (which is closed); a refusal _exits 125
 * silently (the caller knows why). With `before_exec`, it is called right before each exec of the
 * command (in-process: the caller puts back what the command must get, such as a signal
 * disposition it kept otherwise while setting up); a launcher given it runs in the caller's memory
 * (maybe a vfork child), so it searches PATH with execvpe() after its --exec-mark, never on the
 * heap before it. The process must be single-threaded:
 * Landlock, no_new_privs and the seccomp filter apply to the calling thread. It may run in a
 * vfork child: it changes no memory the parent relies on, and never calls exit() in-process. */
__attribute__((noreturn)) void sbx_landlock_launch(int argc, char **argv, char **envp, int (*gate)(void *ctx),
                                                   void *gate_ctx, void (*before_exec)(void));

/* --die-with-parent: the pid of the keeper the launcher started (in-process: sbx's memory), or 0.
 * sbx_ll_keeper_end() kills and reaps it and makes the memory dumpable again (the keeper shares
 * it); call it once the command has ended. */
extern volatile pid_t sbx_ll_keeper_pid;
/* Before a launcher runs in a fork()ed child (memory of its own): the keeper's pid is then told
 * through a page shared with the child. sbx_ll_keeper(): the keeper's pid either way, or 0. */
void sbx_ll_keeper_share(void);
pid_t sbx_ll_keeper(void);
void sbx_ll_keeper_end(void);
/* Once the command has ended: asks the keeper to end every process of the sandbox at once (one
 * kill(-1, SIGKILL) in its domain, which also ends a fork storm the command left), waits for it to
 * have done so (2 s at most), then sbx_ll_keeper_end(). What it left is sbx's child still, to reap. */
void sbx_ll_keeper_sweep(void);
