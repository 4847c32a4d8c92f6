/* landlock-backend.h: the pure parts of the landlock backend, apart so unit tests can reach them
 * with an injected ABI instead of the running kernel's. */
#pragma once

#include "confine-internal.h"
#include "landlock-abi.h"

/* What the launcher enforces for `mode` at Landlock ABI `abi` (pure: no syscall). Returns 0 and
 * sets *ret_enforcement and *ret_reason (caller frees; NULL when full); -EINVAL for a non-confined
 * mode or abi < 1; -ENOMEM. The texts are listed in confine/README-landlock.md. */
int sbx_landlock_enforcement(enum sbx_mode mode, int abi, enum sbx_enforcement *ret_enforcement,
                             char **ret_reason);

/* check() with the ABI given: `abi` is the kernel's answer (>= 1) or -errno of the version query.
 * Fills *out like sbx_backend.check. */
int sbx_landlock_check_abi(const struct sbx_config *cfg, enum sbx_mode mode, int abi,
                           struct sbx_candidate *out);

/* confine() with the ABI given (abi >= 1). */
int sbx_landlock_confine_abi(const struct sbx_confine_request *req, int abi, struct sbx_confined_argv *out,
                             struct sbx_diag *diag);
