/* sbx-euid.h: the effective uid sbx runs as, asked of the kernel once per process. */
#pragma once

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>
#include <unistd.h>

/* geteuid(), asked once: sbx never changes its effective uid, and every trust check compares an
 * owner with it (a run made 22 geteuid() calls). A child forked from a process that asked asks
 * again (it may change its uid before it uses the answer: a test's child that becomes nobody).
 * Header-only, as the other helpers every library shares (the layout has no library for them):
 * the answer is one per process all the same, its definitions weak, so that the linker keeps
 * one of them whichever translation units include this. */
extern uid_t sbx_euid_answer;
extern bool sbx_euid_known;
extern pthread_once_t sbx_euid_once;
__attribute__((weak)) uid_t sbx_euid_answer;
__attribute__((weak)) bool sbx_euid_known;
__attribute__((weak)) pthread_once_t sbx_euid_once = PTHREAD_ONCE_INIT;

static inline void sbx_euid_forget(void) {
        sbx_euid_known = false;
}

static inline void sbx_euid_forget_on_fork(void) {
        (void) pthread_atfork(NULL, NULL, sbx_euid_forget);
}

static inline uid_t sbx_euid(void) {
        if (!sbx_euid_known) {
                (void) pthread_once(&sbx_euid_once, sbx_euid_forget_on_fork);
                sbx_euid_answer = geteuid();
                sbx_euid_known = true;
        }
        return sbx_euid_answer;
}
