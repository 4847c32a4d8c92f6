/* classify-internal.h: the dialect's parsed and compiled form, shared by the classify/ files. */
#pragma once

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx-classify.h"
#include "sbx-utf8.h"

/* Limits of a dialect; a file over them is rejected with a message naming the line. */
#define SBX_SIGNATURE_MAX 255    /* bytes of one denial or fatal signature */
#define SBX_INFO_LINE_MAX 1000   /* bytes of one informational line */
#define SBX_RULE_NAME_MAX 127
#define SBX_DIALECT_NAME_MAX 63
#define SBX_RULES_MAX 16
#define SBX_SIGNATURES_MAX 64    /* per list (denials of a dialect, fatal signatures of a rule) */
#define SBX_INFO_LINES_MAX 128   /* per rule */
#define SBX_EXITS_MAX 32         /* allowed exit codes per rule */
/* bytes in all, so that the combined patterns compile (PCRE2 stops near 64 Ki code units:
 * measured 24-32 KiB of ASCII signatures) */
#define SBX_SIGNATURE_BYTES_MAX 16384 /* every denial and fatal signature of a dialect */
#define SBX_INFO_BYTES_MAX 16384      /* the informational lines of one rule */

/* A pattern of a dialect. jit: JIT code exists (pcre2_jit_match may be used). */
struct sbx_regex {
        bool present;       /* there is a pattern (code may still be NULL: not compiled yet) */
        pcre2_code *code;
        char *pattern;      /* the pattern until it is compiled; owned */
        size_t pattern_len;
        uint32_t options;
        bool jit;
        bool jit_pending; /* JIT wanted but not compiled yet (see sbx_dialect_jit()) */
};

/* Compiles re now if it has not been (built-in dialects compile on first use). 0, or -errno with
 * PCRE2's message in msg. */
int sbx_regex_ready(struct sbx_regex *re, char *msg, size_t msg_size);

struct sbx_runner_rule {
        char *name;
        int exits[SBX_EXITS_MAX]; /* allowed exit codes; none listed: any nonzero code */
        size_t n_exits;
        char **fatal; /* NULL-terminated */
        size_t n_fatal;
        char **info; /* NULL-terminated */
        size_t n_info;
        struct sbx_regex fatal_re; /* alternation of the fatal signatures, (*MARK:i) names the index */
        struct sbx_regex info_re;  /* whole-line alternation of the informational lines, or none */
};

#define SBX_ANCHORS_MAX 8

/* One bit per byte pair (first byte low): a pair that may be part of a signature occurrence. */
#define SBX_PAIR_BITS_BYTES (65536 / 8)

struct sbx_dialect {
        char *name;
        bool builtin;         /* owned by the built-in table: sbx_dialect_free() leaves it alone */
        char *source;         /* the text it was parsed from (origin of copies); owned */
        size_t source_len;
        char **denial;        /* NULL-terminated */
        size_t n_denial;
        /* NULL-terminated: signatures that prove a denial only on a line whose path is a host named
         * pipe the host lets the command open (context host_fifo; keyword fifo-denial) */
        char **fifo_denial;
        size_t n_fifo_denial;
        struct sbx_runner_rule rules[SBX_RULES_MAX];
        size_t n_rules;
        struct sbx_regex denial_re; /* alternation of the denial signatures with marks, or none */
        struct sbx_regex fifo_denial_re; /* the same of the fifo-denial signatures, or none */
        struct sbx_regex any_re;    /* every denial and fatal signature, or none when there is none */
        size_t max_match;      /* upper bound of the bytes one signature occurrence spans */
        bool prefilter;        /* pair_bits is a complete filter of any_re's occurrences */
        uint8_t pair_bits[SBX_PAIR_BITS_BYTES];
        /* The same anchors as a short list, for the vector scan (n_anchors 0: too many for it). */
        size_t n_anchors;
        struct sbx_anchor {
                uint8_t a, b;        /* lower-case form of a letter */
                uint8_t fold_a, fold_b; /* 0x20 for a letter (matched with byte | 0x20), else 0 */
        } anchors[SBX_ANCHORS_MAX];
        /* Per signature: the longest run of safe bytes around its anchor, compared (ASCII caseless)
         * at a pair hit before PCRE2 is asked: frequent pairs ("ly" of "only") stay cheap. */
        size_t n_runs;
        struct sbx_anchor_run {
                uint8_t a, b;  /* the anchor as in anchors[] */
                size_t ro;     /* offset of the anchor in the run */
                size_t len;
                uint8_t lower[SBX_SIGNATURE_MAX];
                uint8_t fold[SBX_SIGNATURE_MAX];
        } *runs;
};

/* Whether dialects compiled from now on try the PCRE2 JIT (default true). For tests of the
 * interpreter fallback; not thread-safe. */
void sbx_dialect_set_jit(bool enabled);

/* Extracts the path a denial line names, given the line and the byte range [sig_start, sig_end)
 * of the signature occurrence in it. Writes a NUL-terminated path into ret_path (size bytes) and
 * returns its length, or 0 (ret_path = "") when no path can be told or it does not fit (a name cut
 * short is another name). Pure. */
size_t sbx_denial_path_extract(const char *line, size_t len, size_t sig_start, size_t sig_end,
                               char *ret_path, size_t size);
/* `path` made absolute against the absolute directory `cwd` (ignored when path is absolute) and
 * normalized lexically: empty and "." components dropped, ".." removes the component before it
 * (never above "/"), no trailing '/'. Returns the length, or 0 (out = "") when it does not fit
 * in size bytes. Pure: nothing is looked up. */
size_t sbx_denial_path_join(const char *cwd, const char *path, char *out, size_t size);
/* Calls fn for every name a denial line may refer to: each quoted string (the quotes the path
 * extraction knows; one GNU quoted in pieces, or with escapes, whole and decoded, into a buffer valid
 * only during fn's call) and each word starting with '/' (trailing quotes and
 * punctuation removed) outside a quoted name whose first word holds a '/' (of such a name, a word
 * within is the name's: "/etc" of 'ro/say "hi"/etc'),
 * but a word that starts the line and ends with a ':', followed by more text: the program that
 * prints the line (/usr/bin/ld), a source location (/src/h.c:1:21), or the line's path itself,
 * which the callers judge apart; nor a source location elsewhere (Perl's "at /x.pm line 3",
 * PHP's "in /x.php on line 3", Ruby's "/x.rb:12:in"). Returns false at the first name fn
 * refuses, else true. */
bool sbx_denial_line_names_each(const char *line, size_t len, bool (*fn)(void *userdata, const char *name, size_t n),
                                void *userdata);
/* sbx_denial_line_names_each(), fn told also where the name was printed: line[from..to), its
 * quotes left out (a name quoted in pieces: all of them). name itself may be a decoded copy,
 * valid only during the call: never a pointer to keep, nor one to tell a place in the line by. */
typedef bool (*sbx_denial_name_at_fn)(void *userdata, const char *name, size_t n, size_t from, size_t to);
bool sbx_denial_line_names_each_at(const char *line, size_t len, sbx_denial_name_at_fn fn, void *userdata);
/* The name a denial line pairs with its path, both quoted: "'A' -> 'B'" (Python's and Node's
 * calls on two names), "'A' => 'B'" (ln), "'A' to 'B'" (mv, cp), where A or B is `path` as
 * printed. Its start in line and its length; false when the path has no partner. Pure. */
bool sbx_denial_line_partner(const char *line, size_t len, const char *path, size_t *ret_at, size_t *ret_len);
/* Whether a denial line may tell of a program that could not be run (so the execute bit may be
 * what was refused), given the signature range and the path as extracted: the name alone in the
 * field after the program and its line number (bash's "bash: line 1: X: Permission denied",
 * dash's "sh: 1: X: ...", env's and find's "'X'", make's and xargs' "X: ..."), after the
 * signature with nothing but punctuation between (zsh, Python), or a line naming exec, "run
 * command" or spawn. false when it names another operation: "cannot touch 'X'", tar's "X: Cannot
 * open", dash's "cannot create X", Node's "open 'X'". Bash prints a failed redirection as it
 * prints a failed exec: such a line may be either. Pure. */
bool sbx_denial_line_may_exec(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path);
/* Whether a denial line tells of a program that could not be run after a search of PATH: the
 * path as extracted is a name without '/' (as execvp(3) is given it), and the line names the run
 * before it ("timeout: failed to run command 'X'", "setsid: failed to execute X", Perl's "Can't
 * exec \"X\"", Node's "spawn X", make's "execvp: X"), or prints it alone after env, nice or
 * xargs ("env: 'X': Permission denied") or after a POSIX shell's line number (dash's "sh: 1: X:
 * Permission denied"; not bash's "line 1", which is also how bash prints a failed redirection).
 * Such a name is none of the cwd's. Pure. */
bool sbx_denial_line_runs_searched(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path);
/* The same shape for a name of any form (./x, /opt/x): the line tells of a run of the path as
 * printed, no other operation on it. Pure. */
bool sbx_denial_line_runs(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path);
/* Whether a denial line names its path alone in the field before the signature, after the
 * program (and a line number), with no word after the signature: "cat: X: Permission denied",
 * "bash: line 1: X: ...", tee's, head's: the failure of an open (or an exec) of X, not of a
 * removal or rename, which the tools name ("cannot remove 'X'", tar's "X: Cannot unlink"). Pure. */
bool sbx_denial_line_names_alone(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path);
/* Whether a denial line is a tool's failed removal or rename of its path, the one name it holds,
 * quoted, before the signature that ends the line: coreutils' "rmdir: failed to remove 'X': ",
 * "rmdir: failed to remove directory 'X': ", "unlink: cannot unlink 'X': ", BusyBox's "rmdir:
 * 'X': ", "unlink: can't remove file 'X': ", BusyBox mv's "mv: can't rename 'X': "
 * (X the source); the program's base name. Each fails on any errno of the call alike (exit 1,
 * nothing after it changes), so a missing X, which the host refuses with ENOENT, fails the same
 * without sbx. Not rm's ("cannot remove 'X'"), which looks X up first and, with -f, ignores its
 * absence; nor Python's, Node's or Go's, whose program may ignore ENOENT and go on; nor GNU mv's,
 * which stats its source first. Which call failed: SBX_REMOVES_DIR (rmdir(2)), SBX_REMOVES_FILE
 * (unlink(2)), SBX_REMOVES_RENAME (BusyBox mv's rename(2)), 0 none. Pure. */
enum { SBX_REMOVES_DIR = 1, SBX_REMOVES_FILE, SBX_REMOVES_RENAME };
int sbx_denial_line_removes(const char *line, size_t len, size_t sig_start, size_t sig_end);
/* Whether a denial line is a shell's own naming its path alone, as it is: "PROG: [N: |line N: ]X:
 * <signature>" with nothing after it, PROG's base name a shell's (sh, bash, dash, ash, ksh, mksh,
 * hush): the failure of running X, or (bash's, ksh's) of a redirection into or from X, which the
 * line does not tell apart. dash and ash name a redirection's ("cannot create X", "can't open
 * X"). Pure. */
bool sbx_denial_line_shell_names_alone(const char *line, size_t len, size_t sig_start, size_t sig_end,
                                       const char *path);
/* Whether a denial line is a shell's failed input redirection (`< X`) naming its path as it is:
 * dash's "PROG: N: cannot open X: <signature>", BusyBox ash's "PROG: [line N: ]can't open X:
 * <signature>", nothing after it, PROG's base name sh, dash or ash where no line number is told
 * (a -c script's), any (a script file's name) where one is. Both print these for an open for
 * reading alone (O_RDONLY; `<>` and `>` are their "cannot create X", "can't create X"); their
 * `. X` and a script file they cannot open print the same, reads too: the line tells a read,
 * whatever else the script does with X. Pure. */
bool sbx_denial_line_shell_opens(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path);
/* Whether a denial line tells of a call on an internet socket (a word bind, listen or connect)
 * and names its address with a port: "listen EACCES: permission denied 0.0.0.0:80" (Node), "bind()
 * to 0.0.0.0:80 failed (13: Permission denied)" (nginx), "listen tcp :80: bind: permission
 * denied" (Go), "bind on address ('127.0.0.1', 80)" (Python's asyncio), "[::1]:80". A port below
 * 1024 refused to a user without CAP_NET_BIND_SERVICE: no file effect, which is all the modes
 * govern (a unix socket's name is a path, and is not taken). Pure. */
bool sbx_denial_line_names_socket(const char *line, size_t len);
/* Whether a denial signature is one that reads as a denial only with the argv's context (no
 * errno in its line): the sqlite3 shell's "Error: cannot open \"" and "Error: unable to open
 * database \"" (a sqlite3 writing the file the line names), curl's "curl: (23) " (a curl writing
 * its output into a file), whose directory the host holds (argv_output_line()). Without that
 * context (`sbx classify`, a dialect fed its own text) the line is no denial. Pure. */
bool sbx_denial_sig_needs_argv(const char *sig);
/* Whether a denial line is util-linux renice's refused setpriority(2), the signature (between
 * sig_start and sig_end) ending it: "renice: failed to set priority for 123 (process ID):
 * Permission denied" (also "process group ID", "user ID"), or Ruby's uncaught Errno::EACCES of
 * Process.setpriority: "t.rb:1:in `setpriority': Permission denied (Errno::EACCES)" (3.4: "in
 * 'Process.setpriority'"). A nice value below the current one refused without CAP_SYS_NICE
 * (nobody lacks it on the host too; the Landlock launcher drops root's): no file effect, which is
 * all the modes govern. Pure. */
bool sbx_denial_line_sets_priority(const char *line, size_t len, size_t sig_start, size_t sig_end);
/* Whether a denial line is Perl's IO::Socket::INET (or IO::Socket::IP) error: the class and ": "
 * starting the line right before the signature (after another's field it may be a file's name,
 * "tee: IO::Socket::INET: Permission denied"), the signature ending the line or followed by
 * die()'s " at X line N.". Those classes make internet sockets only (a unix socket is
 * IO::Socket::UNIX's): a port below 1024 refused without CAP_NET_BIND_SERVICE, no file effect.
 * Pure. */
bool sbx_denial_line_perl_inet_socket(const char *line, size_t len, size_t sig_start, size_t sig_end);
/* Whether a denial line is gdb's warning that it could not open a process's memory file for
 * writing, the whole line gdb's: "warning: opening /proc/self/mem file failed: Permission denied
 * (13)" (its test of whether the file is writable) or "warning: opening /proc/PID/mem file for lwp
 * 123.123 failed: Permission denied (13)" ("PID" as printed). gdb then reads and writes the
 * inferior's memory with ptrace(2) instead, which the sandbox allows its own children: the
 * refusal (Landlock's, of the file of /proc) never fails the session. Pure. */
bool sbx_denial_line_gdb_proc_mem(const char *line, size_t len, size_t sig_start, size_t sig_end);
/* Whether a denial line is Tcl's refused socket, the whole line "couldn't open socket:
 * permission denied" (Tcl_ErrnoMsg's lowercase text, the signature ending it). Tcl's own socket
 * command makes TCP sockets only, but an extension's message may read the same: the caller tells
 * by the error's trace after it ("    while executing" and the command, `"socket ...`). Pure. */
bool sbx_denial_line_tcl_socket(const char *line, size_t len, size_t sig_start, size_t sig_end);
/* Whether a denial line is procps sysctl's refused key, a file of /proc/sys named with '.' for
 * '/': "sysctl: permission denied on key \"vm.swappiness\"" (EACCES, EPERM and EROFS; 3.3 quotes
 * it with '), "sysctl: setting key \"K\": <strerror>" (any other errno); the key's offset and
 * length (between the quotes) in *ret_at and *ret_len (each may be NULL). sysctl prints a '/' it
 * was given as '.', so the key holds no '/' (nor a ".." of it). sbx_denial_path_extract() names
 * the file /proc/sys/<key, '.' made '/'>: the key alone is no name of the cwd's. Pure. */
bool sbx_denial_line_sysctl_key(const char *line, size_t len, size_t sig_start, size_t sig_end, size_t *ret_at,
                                size_t *ret_len);


/* Locale-independent ASCII helpers (the prefilter's case folding must not follow a locale). */
static inline bool sbx_ascii_alpha(unsigned char c) {
        return (unsigned char) (c | 0x20) >= 'a' && (unsigned char) (c | 0x20) <= 'z';
}
static inline unsigned char sbx_ascii_lower(unsigned char c) {
        return sbx_ascii_alpha(c) ? (unsigned char) (c | 0x20) : c;
}
static inline unsigned char sbx_ascii_upper(unsigned char c) {
        return sbx_ascii_alpha(c) ? (unsigned char) (c & ~0x20) : c;
}

/* The text (dialect file format) of the built-in dialect `name`, or NULL. */
const char *sbx_dialect_builtin_text(const char *name);
/* Names of the built-in dialects, NULL-terminated, static. */
extern const char *const sbx_dialect_builtin_names[];

/* Bytes of stderr after which a classifier JIT-compiles its dialect's patterns: below it the
 * interpreter is cheaper than the compilation (most runs print a few lines). */
#define SBX_JIT_AFTER_BYTES (256 * 1024)

/* JIT-compiles every pattern of d still pending (once; a failure keeps the interpreter). */
void sbx_dialect_jit(struct sbx_dialect *d);
