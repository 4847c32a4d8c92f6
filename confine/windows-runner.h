/* windows-runner.h: the contract between the windows-acl provider and its runner, sbx-winrun.exe,
 * as pure portable C: the runner's command line (built by the provider, parsed by the runner), the
 * command-line quoting that CommandLineToArgvW and the Microsoft C runtime undo, and the
 * per-workspace SID. Compiled into libsbx-confine (tested on Linux) and into the mingw-w64 runner.
 * Strings are UTF-8; the runner converts at the Win32 edge. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The runner's own failures: one line "sbx-winrun: <message>" on stderr and this exit status. */
#define SBX_WINRUN_EXIT_FAILURE 125
#define SBX_WINRUN_PREFIX "sbx-winrun: "

/* CreateProcessW's lpCommandLine limit in UTF-16 units, the terminating NUL included. */
#define SBX_WINDOWS_CMDLINE_MAX 32767

enum sbx_winrun_mode {
        SBX_WINRUN_READ_ONLY,
        SBX_WINRUN_WORKSPACE_WRITE,
};

/* ---- quoting ------------------------------------------------------------------------------- */

/* Appends one argument (not the program name) to *buf, quoted so that CommandLineToArgvW and the
 * Microsoft C runtime parse it back unchanged: left bare when non-empty and free of space, tab,
 * newline, vertical tab and '"'; otherwise wrapped in quotes, with each '"' escaped by a backslash
 * and the backslashes before a '"' or before the closing quote doubled. Returns 0 or -ENOMEM. */
int sbx_windows_quote_arg(const char *arg, char **buf, size_t *len);

/* Joins argv into one command line: argv[0] by the program-name rule (taken verbatim up to the next
 * quote when quoted, so it is quoted when it holds a space or tab or is empty, and refused with
 * -EINVAL when it holds a '"', which that rule cannot carry), the rest by sbx_windows_quote_arg().
 * -E2BIG when the result exceeds SBX_WINDOWS_CMDLINE_MAX UTF-16 units, -EINVAL for an empty argv,
 * invalid UTF-8, or a .bat or .cmd program (which CreateProcess hands to cmd.exe) with one of
 * " % & | < > ^ or a line break in its name or an argument: cmd.exe would act on it. Caller frees
 * *ret_cmdline. */
int sbx_windows_cmdline_join(char *const *argv, char **ret_cmdline);

/* Whether Windows path `path` is `dir` or lies beneath it, as NTFS compares names: ASCII letters
 * in either case, '\\' and '/' alike, a trailing separator of `dir` ignored. (Letters beyond
 * ASCII match any such byte, so a case variant is never missed; callers refuse on a match, never
 * grant.) */
bool sbx_windows_path_beneath(const char *path, const char *dir);

/* The number of UTF-16 units `s` takes, or -EINVAL when it is not valid UTF-8. */
long sbx_windows_utf16_length(const char *s);

/* ---- the runner's arguments ---------------------------------------------------------------- */

/* sbx-winrun --mode MODE --workspace DIR [--temp DIR] -- COMMAND [ARG...]
 * --temp names a private temp directory to grant and hand to the command as TEMP/TMP (workspace-write
 * only); without it the runner creates one beneath its own %TEMP% and removes it afterwards. */
struct sbx_winrun_args {
        enum sbx_winrun_mode mode;
        const char *workspace;   /* borrowed from argv */
        const char *temp;        /* borrowed, or NULL */
        char *const *command;    /* borrowed tail of argv, NULL-terminated, non-empty */
        bool help;               /* --help: print usage, run nothing */
};

/* Parses argv (argv[0] is the runner). Returns 0 and fills *ret, or -EINVAL with a one-line
 * message in err (no prefix, no newline). *ret is untouched on failure. Never exits or prints. */
int sbx_winrun_parse_args(int argc, char *const *argv, struct sbx_winrun_args *ret, char *err, size_t errsize);

/* Builds the runner's argv for the provider: RUNNER --mode M --workspace W [--temp T] -- COMMAND...
 * Copies everything. Caller frees *ret_argv (NULL-terminated, each element malloc'd). */
int sbx_winrun_build_argv(const char *runner, enum sbx_winrun_mode mode, const char *workspace, const char *temp,
                          char *const *command, char ***ret_argv);

const char *sbx_winrun_mode_to_string(enum sbx_winrun_mode m);
int sbx_winrun_mode_from_string(const char *s, enum sbx_winrun_mode *ret_mode);

extern const char sbx_winrun_usage[];

/* ---- the per-workspace SID ----------------------------------------------------------------- */

/* SHA-256 of `len` bytes. */
void sbx_sha256(const void *data, size_t len, uint8_t out[32]);

/* The SID that the workspace-write grants name, as a string "S-1-9-a-b-c-d-e-f": authority 9
 * (resource manager, used by no account) and six 32-bit subauthorities from the SHA-256 of
 * "sbx-winrun workspace-write\0" + the canonical path with ASCII letters lowercased and '/' read
 * as '\\' (Windows paths are case-insensitive). Only workspace-write has such a SID: a read-only
 * token must not inherit the write grants of an earlier workspace-write run. Fills buf (>= 80
 * bytes). Returns 0, -EINVAL for an empty path, -ENOBUFS for a short buffer. */
int sbx_winrun_workspace_sid(const char *canonical_path, char *buf, size_t size);
