/* fixture-meta.h: the meta file of a recorded fixture case (DESIGN.md section 5), read by
 * `sbx fixtures check` from whatever tree it is pointed at. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx-classify.h"

struct fixture_meta {
        char backend[64];
        char mode[32];
        bool has_exit, has_signal, has_verdict, has_source, has_argv_note;
        int exit_code;
        int signal;
        enum sbx_verdict verdict;
        char source[512];
        uint64_t line; /* expected line_no, 0 when not given */
        char workspace[512]; /* the workspace root the command ran in (its cwd), or "" */
};

/* Parses a meta file; on error writes one sentence to err (naming the line) and returns -EINVAL. */
int sbx_fixture_meta_parse(const char *text, size_t len, struct fixture_meta *m, char *err, size_t errlen);

/* A live case's argv file, a JSON array of strings as record writes it, decoded into a
 * NULL-terminated vector; NULL when it is none such (an empty array, a string holding a NUL or a
 * surrogate, which record never writes) or when memory runs out. */
char **sbx_fixture_argv_parse(const char *text, size_t len);
