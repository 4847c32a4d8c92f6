/* sbx-euid.h: the effective uid sbx runs as, asked of the kernel once per process. */
#pragma once

#include <sys/types.h>

/* geteuid(), asked once: sbx never changes its effective uid, and every trust check compares an
 * owner with it (a run made 22 geteuid() calls). A child forked from a process that asked asks
 * again (it may change its uid before it uses the answer: a test's child that becomes nobody). */
uid_t sbx_euid(void);
