/* The vocabulary of DESIGN.md section 1: modes, enforcement, mode sources. Pure. */
#include <errno.h>
#include <string.h>

#include "sbx-confine.h"
#include "sbx-macro.h"

static const char *const mode_names[_SBX_MODE_MAX] = {
        [SBX_MODE_READ_ONLY] = "read-only",
        [SBX_MODE_WORKSPACE_WRITE] = "workspace-write",
        [SBX_MODE_DANGER_FULL_ACCESS] = "danger-full-access",
};

int sbx_mode_from_string(const char *s, enum sbx_mode *ret_mode) {
        if (!s)
                return -EINVAL;
        for (size_t i = 0; i < SBX_ELEMENTSOF(mode_names); i++)
                if (strcmp(s, mode_names[i]) == 0) {
                        *ret_mode = (enum sbx_mode) i;
                        return 0;
                }
        return -EINVAL;
}

const char *sbx_mode_to_string(enum sbx_mode m) {
        if ((unsigned) m >= _SBX_MODE_MAX)
                return NULL;
        return mode_names[m];
}

bool sbx_mode_is_confined(enum sbx_mode m) {
        return m == SBX_MODE_READ_ONLY || m == SBX_MODE_WORKSPACE_WRITE;
}

const char *sbx_enforcement_to_string(enum sbx_enforcement e) {
        switch (e) {
        case SBX_ENFORCEMENT_FULL: return "full";
        case SBX_ENFORCEMENT_PARTIAL: return "partial";
        }
        return NULL;
}

const char *sbx_mode_source_to_string(enum sbx_mode_source s) {
        switch (s) {
        case SBX_MODE_SOURCE_APPROVED: return "approved";
        case SBX_MODE_SOURCE_EXPLICIT: return "explicit";
        case SBX_MODE_SOURCE_SESSION: return "session";
        case SBX_MODE_SOURCE_DEFAULT: return "default";
        }
        return NULL;
}
