/* run-exec.h: spawning and supervising the command of `sbx run`, and its verdict record. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "run-args.h"
#include "sbx-classify.h"
#include "sbx-confine.h"

/* Everything the verdict record, the notice and the audit row say about one run. Pointers are
 * borrowed from the run's state and live as long as the report. */
struct sbx_run_report {
        const struct sbx_run_args *args;
        const struct sbx_policy *policy;
        char *const *argv;
        const char *backend;            /* "bwrap", ..., "none" (unconfined), NULL (none selected) */
        const char *enforcement;        /* NULL for unconfined and refused runs */
        const char *enforcement_reason;
        const struct sbx_unavailable *unavailable; /* candidates, when refused */
        int64_t execution_id;
        int64_t parent_id;
        const char *state;              /* "completed", "unavailable", "failed" */
        const char *verdict;            /* classifier verdict, "unavailable" or "unclassified" */
        const char *evidence;           /* "structural", "stderr", "exit-status" */
        const char *message;
        struct sbx_exit_status status;
        int exit_status;                /* sbx's own exit status */
        bool classified;
        struct sbx_classify_result result;
        int64_t duration_ms;            /* monotonic clock, from set-up to the command's end */
        bool timed;                     /* duration_ms was measured: a child ran */
        char message_buf[512];
};

/* What the sandbox's /dev is, for a `cd DIR;` into it (the rest runs whether it entered or not:
 * read only where the sandbox's cd goes as the host's): not told (none read), bubblewrap's own (a
 * tmpfs with an empty /dev/shm of its own: a cd to /dev/shm itself read), or the host's
 * (Landlock's: /dev/shm and beneath read). The classifier's context tells it for the run's
 * backend to sbx_run_start_dir(), sbx_run_chain_cd_read() and sbx_run_chain_mktemp_file(). */
enum sbx_run_dev { SBX_RUN_DEV_UNKNOWN, SBX_RUN_DEV_PRIVATE, SBX_RUN_DEV_HOST };
/* The directory the command argv, started in cwd, works in, where the relative names its lines
 * print are: 1 when that is another one sbx can tell, into out (a real path, an existing directory
 * the user may search); 0 when it is cwd as far as sbx can tell; -1 when it moves where sbx cannot
 * tell. Read: a shell's `-c SCRIPT` (sh, bash, dash, zsh, ksh, BusyBox's ash and hush; options
 * before -c) whose script, or its one subshell or group, starts with `cd DIR &&` (DIR a word
 * without expansions, quoted whole or not; cd's -L and -P, the last of them, and `--`, after which
 * DIR may start with '-', `cd -- -x`, not `-`; bash's `pushd DIR` without options; a logical one's
 * `..` read from the shell's $PWD, sbx's where the shell is sbx's command itself and names where it
 * starts, `cd lnk && cd ..` back there; a physical one's, `cd -P`, `bash -P`, `-o physical`, from
 * where it is; relative ones with CDPATH set for the shell, `env CDPATH=x sh -c ...`, not read, nor with
 * sbx's where a wrapper runs the shell, but `./x` and `../x`, which no shell searches it for;
 * sbx's read as bash and dash search it, the first entry holding DIR as a directory (-1 where none
 * does or the first is one the user may not enter: they part); a `..` of a shell a
 * wrapper runs where sbx's $PWD is another name for where it starts, a PWD or SHELLOPTS set for it:
 * -1), repeated, and moves no more (any other `cd`, `pushd` or `popd` at a
 * command's place, quoted, escaped, or held by a variable or an alias, `\cd`, `alias go=cd`, or an
 * `alias` at all: -1; a shell reading its commands from stdin: -1); then the one simple command left
 * (its input redirections, `< FILE`, opened where the shell is: each a file the host lets the user
 * read, else -1; another redirection: -1), or the exec'd argv: a tool's own
 * directory option, `tar -C DIR -x` (one -C, no member named, a readable archive), `cpio -i -D
 * DIR` (one -D, a readable archive and pattern file; another mode: -1), `make -C DIR`
 * (`--di=DIR` too; a make whose makefiles there, -f's or GNUmakefile, makefile, Makefile, may run
 * recipes elsewhere, any MAKE, a recipe's cd, an include, $MAKEFILES, or one not read, -f -,
 * --eval: -1, in a script's text too, `make && ./t`), `git -C DIR` (DIR a repository's top or in none), `env -C DIR COMMAND`
 * (`--c=DIR` too; COMMAND read from DIR, an env too, `env -C a env -C .. x`, each from where the
 * one before moved), `ninja -C DIR` (one); any other form of those (`tar -C
 * DIR -c`: the archive is where tar started, the members DIR's; git in a repository's subdirectory;
 * `find -execdir`), or such a tool in a script of several commands or after another program (`xargs
 * make -C x`): -1; so too after xargs, which adds its input's words (`xargs make`), with a
 * directory option the program may fill in (`xargs -I{} make -C {}`, `find -exec make -C {} ;`), or
 * a shell whose script moves run by find's -exec. A command run as another user (sudo, su, runuser,
 * pkexec: sudo's -D, sudoers' runcwd, a login's home), or by unshare, nsenter (their -w/--wd) or
 * chroot: -1. A build or package tool told a directory of its own (meson's, go's, npm's, pnpm's -C;
 * npm's --prefix, yarn's --cwd, cargo's --manifest-path, cmake's --build, ctest's --test-dir), or
 * run from a package's subdirectory (npm, npx, pnpm, yarn: its root; cargo: its workspace's): -1. A
 * word of another program's argv that, read as a script's text, moves (`flock F -c 'cd DIR && x'`,
 * `script -c`, `watch`): -1. Programs that run a command where they started (timeout, nice, nohup,
 * stdbuf, GNU time, ionice, setsid, chrt; a script's `time`, `command`, `exec`) are read past,
 * their options as they parse them (one they do not take: -1); BusyBox's applet is read as that
 * applet (`busybox tar -C DIR -x`, `busybox sh -c 'cd DIR && x'`), and its unzip's `-d DIR`, which
 * it moves to (Info-ZIP's does not), as a tool's own directory (DIR not there yet: -1; busybox
 * running busybox or env: -1); PHP's `-r CODE` starting with `chdir("DIR");` of a literal and
 * moving no more moves to DIR (another chdir(): -1); one that writes a file of its own
 * where it started (nohup.out, `time -o FILE`) before a command that moves: -1. A shell's `-c` so
 * run (`timeout 60 bash -c 'cd sub && x'`, `env sh -c ...`) is read as the command's own script is;
 * a `cd` in the script of a shell run by another program (`xargs sh -c 'cd "$0" && x'`): -1. A
 * shell that reads files before its script or command that may move it (a login shell's profiles,
 * -l, +l, --login; an interactive one's rc files, -i; zsh's zshenv; bash's $BASH_ENV, in sbx's
 * environment or set for it): -1. A shell's script file (`sh F`, `./F` whose #! names a shell), and
 * a file a script's text runs or sources (`sh F && x`, `. ./env.sh`), is read as a -c script is, by
 * a child of sbx killed after 500 ms for all of them, 16 at most: one not read so (missing, no
 * regular file, over 64 KiB, on a kernel's file system, not answered in time), one named with an
 * expansion, a shell on stdin: -1. */
/* (dev: the sandbox's /dev, enum sbx_run_dev; its nested calls, a shell's script read inside,
 * keep the outermost call's.) */
int sbx_run_start_dir(char *const *argv, const char *cwd, enum sbx_run_dev dev, char *out, size_t size);
/* The 500 ms of those reads (a test seam: sbx itself never changes it). */
extern int sbx_run_script_read_ms;
/* Whether an interpreter's script text (lang's: a -c or -e script, a Python script file) may
 * change the directory its relative names are in, where sbx cannot tell: a word chdir anywhere
 * (Python's os.chdir, os.fchdir, contextlib.chdir; perl's chdir), and for Python a child's cwd=
 * (subprocess's; blanks before its '=', or a dict's key 'cwd': for **kwargs): what the names its lines print are relative to is then not known. Pure. */
bool sbx_run_script_text_moves(const char *text, enum sbx_inline_lang lang);
/* The directory argv's command starts in (out, size bytes) as its wrappers' env -C moves it (each
 * DIR joined to cwd, absolute, as text: nothing is asked of the host), not what the command itself
 * does (a shell's cd, make -C: sbx_run_start_dir()): 1 moved, 0 cwd itself, -1 not read (an env
 * that splits or runs nothing, no absolute cwd, too long). For `sbx fixtures check`, whose
 * recorded cases keep their argv and workspace but not the files sbx_run_start_dir() reads. */
int sbx_run_env_start_dir(char *const *argv, const char *cwd, char *out, size_t size);
/* The script of the shell argv runs (`sh -c SCRIPT`, `bash -e -c`, BusyBox's `busybox sh -c`,
 * past the wrappers of sbx_run_start_dir()): a pointer into argv, or NULL (struct
 * sbx_classify_context's script). */
const char *sbx_run_shell_script(char *const *argv);
/* The script that runs where that script is one simple command that runs another shell's -c
 * script (`bash -c 'sh -c "echo x > l"'`, `env sh -c`, assignments before it), down to four
 * levels: the innermost one's, whose redirections and lines are the shell's that prints them;
 * sbx_run_shell_script()'s otherwise. Allocated (the caller frees), or NULL: none, no memory
 * (struct sbx_classify_context's script). */
char *sbx_run_shell_script_inner(char *const *argv);
/* The words of the one command argv runs in cwd (absolute), which the readers below take, and in
 * start (PATH_MAX bytes) the directory they start in: argv itself and cwd, or, where argv (past
 * its wrappers) is a shell's -c script (BusyBox's `busybox sh -c` too) that is one simple command (`sh -c 'busybox mv ./f
 * /var/tmp/'`), that command's words (quoted words unquoted, input redirections dropped), past
 * its assignments (`LC_ALL=C sqlite3 ...`), or the one command whose output a script that is one
 * assignment takes (`f=$(CMD)`, `f="$(CMD)" || exit`; after `|| exit 1` cw's status_one says its
 * status is no longer CMD's), followed into a shell it runs in turn, 4 deep at
 * most, and where the wrappers' env -C moved the shell (`env -C DIR sh -c ...`). NULL where there
 * is none: no absolute cwd, a script of several commands, an operator, an expansion or another
 * redirection, no command, a shell's env that splits (-S) or runs nothing. The words are
 * NULL-terminated, argv's or cw's (buf holds their text); the caller clears cw with
 * sbx_run_words_clear(), whatever the answer. Split once per run, for the three readers. */
struct sbx_run_words {
        char *buf;
        char **w;
        const char *in[8]; /* the command's input redirections' files (`< FILE`), into buf */
        size_t n_in;
        bool in_outer;     /* a shell that runs it had one too: its stdin is a file not kept here */
        char *outer;       /* the assignments of the shells' commands that run it, outermost first,
                            * each NUL-terminated (n_outer of them); NULL: none */
        size_t n_outer;
        bool status_one;   /* its status is no longer its own: a script's `f=$(CMD) || exit 1`
                            * exits 1 for any failure of CMD */
};
char *const *sbx_run_command_words(char *const *argv, const char *cwd, char *start, struct sbx_run_words *cw);
void sbx_run_words_clear(struct sbx_run_words *cw);
/* words (sbx_run_command_words()'s) with the assignments of the shell's command before them, as
 * an env's (`GIT_DIR=X git stash` read as `env GIT_DIR=X git stash`), and before those the
 * assignments of the commands that ran its shell, where the shell followed them directly (`TMPDIR=X
 * sh -c 'mktemp -q'` read as `env TMPDIR=X mktemp -q`; one after a wrapper or an env, which may
 * clear it, is not kept): a NULL-terminated array the caller frees, its strings cw's and words'
 * (not copied); NULL where the command has none, or out of memory. Their values are literal
 * words: simple_words() reads no expansion. */
char **sbx_run_words_assigned(const struct sbx_run_words *cw, char *const *words);
/* The destination of a mv that words (sbx_run_command_words()'s) run in cwd (their start), for
 * BusyBox mv's "can't rename 'X'", which names its source alone (struct sbx_classify_context's
 * move_dest): `mv` or `busybox mv` (past the wrappers of sbx_run_start_dir() and env's arguments)
 * with BusyBox's options (-f -i -n -v -T, -t DIR, their long names; any other: 0), its -t DIR or
 * last operand joined to cwd into out, *ret_into when the sources move into it (-t, several
 * sources, a name ending in '/'). 1, or 0 when there is none or the form is not read. Nothing is
 * asked of the host. */
int sbx_run_move_dest(char *const *words, const char *cwd, char *out, size_t size, bool *ret_into);
/* The file a sqlite3 that words (sbx_run_command_words()'s) run in cwd (their start) writes, for
 * SQLite's "attempt to write a readonly database", which names none, and for its shell's "Error:
 * cannot open "FILE"" (struct sbx_classify_context's sqlite_target): `sqlite3 [flags] DB ARG...` (past
 * the wrappers of sbx_run_start_dir() and env's arguments), ARGs all `.backup ?DB? FILE` or
 * `.save FILE` of one FILE, or `.output FILE` or `.once FILE` with queries alone (SELECT, VALUES)
 * beside them (then FILE), or all SQL (then DB), or SQL that ATTACHes one file F (a URI's as
 * SQLite reads it) and writes it (then F); joined to cwd into out, or FILE's or F, after `.cd
 * DIR`s of -cmd's and SQL arguments, to the directory sbx_run_sqlite_sql_dir() finds they
 * moved it to (asking the host as it does). 1; 2 where that SQL may write DB too (a write naming
 * no schema, or main's: the line may be either's); or 0 for another program, an option but the
 * output flags, commands from stdin, another dot-command (a `.cd` but beside such an ATTACH or
 * FILE), another ATTACH, VACUUM, a DB of `:memory:` or a URI. Nothing else is asked of the host.
 * Sqlite59: before, a `.cd` beside FILE read none, `sqlite3 :memory: '.cd /x' '.backup b.db'`
 * of a refused /x task_failure. */
int sbx_run_sqlite_target(char *const *words, const char *cwd, char *out, size_t size);
/* The database a sqlite3 that words (sbx_run_command_words()'s) run in cwd (their start) opens,
 * whatever its commands (SQL, dot-commands, or stdin's: `sqlite3 DB < schema.sql`), for its
 * shell's "Error: unable to open database "DB": ..." (struct sbx_classify_context's sqlite_db):
 * `sqlite3 [flags] DB ...` past the wrappers of sbx_run_start_dir() and env's arguments, joined to
 * cwd, or to the directory a `.cd DIR` of its -init file or of a -cmd moved it to before it opened
 * DB (each from the last; a DB there already is opened where it starts: asked of the host only
 * where there is a -init or -cmd), into out. 1, 2 where so moved, or 0 for another program, an
 * option but the output flags anywhere, no DB, a DB of `:memory:` or a URI, a -init or -cmd
 * another dot-command than those that print (the -init file not read), or commands from stdin
 * (no SQL argument) before which a relative DB not there at the start was not opened: stdin, not
 * read here, may move it (sqlite59: before, `cat s.sql | sqlite3 t.db` and the caller's
 * `sqlite3 t.db < s.sql` of an s.sql running `.cd /x` first named the start's t.db; one there is
 * opened where it starts, before them: 1). Without -init, the
 * shell's own ~/.sqliterc is read as the -init file is (of the home of its passwd entry, $HOME
 * only where it has none, as shell.c reads it). */
int sbx_run_sqlite_database(char *const *words, const char *cwd, char *out, size_t size);
/* The database a sqlite3 of words (cw's, split by sbx_run_command_words()) opens when the
 * commands it reads from its one input redirection's file (`sqlite3 t.db < s.sql`, relative to
 * dir) move it before their first SQL: `.cd DIR` lines (DIR one word, quoted whole or not, no
 * `..`), each from the last (and from where its -init file's and -cmd's moved it), dot-commands
 * that only print passed; its relative DB joined to the last DIR, into out. 2, 1 where they do
 * not move it (sqlite59: before 0, the start's then read by sbx_run_sqlite_database(), which no
 * longer claims a database of stdin's commands), or 0 where it cannot be told (another program,
 * SQL arguments, a DB there already, which it opens where it starts, an absolute one,
 * another dot-command, the file not read: read as before). Files are read as script files are
 * (500 ms, 64 KiB). Left54: `sqlite3 t.db < s.sql` whose s.sql runs `.cd /x` first recorded
 * <start>/t.db, and in workspace-write read task_failure. */
int sbx_run_sqlite_stdin_db(char *const *words, const struct sbx_run_words *cw, const char *dir, char *out,
                            size_t size);
/* sbx_run_sqlite_stdin_db() of a sqlite3 that argv runs in cwd (read as sbx_run_command_words()
 * reads them) whose commands come from the caller's own stdin, of the text kept (len bytes, the
 * first that sbx copied to it: whole where it ended there, else up to its last whole line), which
 * sbx reads only as the command does (sqlite60: before, none claimed, `sqlite3 n.db < s.sql` in
 * read-only read task_failure, whether or not s.sql ran a `.cd`). 2, 1, 0 as that one (a
 * redirection of its own, of a shell around it, a NUL, out of memory: 0), or -1 for a cut text
 * before whose end no SQL opened the database: more may tell. */
int sbx_run_sqlite_kept_db(char *const *argv, const char *cwd, const char *kept, size_t len, bool whole, char *out,
                           size_t size);
/* sbx_run_sqlite_target() of a sqlite3 of words (cw's) that reads its commands from its one
 * input redirection's file (relative to dir, read as sbx_run_sqlite_stdin_db() reads it) where
 * they attach a file and write it alone (`attach 'X' as x; insert into x.t ...`): X, its
 * "attempt to write a readonly database" X's, not the database's. 1, or 0 (SQL in its argv, a
 * -cmd, other commands, the file not read). Left55: `sqlite3 w.db < a.sql` recorded w.db, and in
 * workspace-write X outside it read task_failure. */
int sbx_run_sqlite_stdin_attach(char *const *words, const struct sbx_run_words *cw, const char *dir, char *out,
                                size_t size);
/* The directory the ATTACHes of a sqlite3 that words (sbx_run_command_words()'s) run in cwd
 * (their start) run in, for the relative name SQLite's "unable to open database: F" prints (struct
 * sbx_classify_context's sqlite_dir): `sqlite3 [flags] DB SQL...` past the wrappers of
 * sbx_run_start_dir() and env's arguments, the start moved by each `.cd DIR` of its -init file
 * (else ~/.sqliterc, read as sbx_run_sqlite_database() reads it), of its -cmd's, then of its
 * SQL arguments before the ATTACH (DB `:memory:` too; a `.backup`, `.save`, `.output` or
 * `.once` of one FILE, which opens it by its name there, is read as an ATTACH), read as sbx_run_sqlite_database() reads
 * them: a DIR the host has not as a directory the user may enter leaves it, as it leaves the
 * shell. Into out: 2 where moved, 1 where not; 0 for another program, an option but the output
 * flags, no ATTACH, a text before it not read that holds no `.cd`; -1 for no SQL argument (its
 * commands from a stdin not told, which may move it: sqlite59, before 0, the ATTACH's name read
 * as the start's);
 * -1 where a `.cd` may have moved it that is not read (one of another form, a text holding it
 * not read, the -init file not read, a `.cd` in the ATTACH's own text, ATTACHes in two
 * directories). A `.read FILE` among them runs FILE's commands there (relative to where the
 * shell is, read as stdin's below; one not read, or of a `|command`, may move it: -1).
 * Attach57: before, `sqlite3 -cmd '.cd /x' :memory: "attach 't.db' as x; ..."` named the
 * start's t.db, and in workspace-write read task_failure. */
int sbx_run_sqlite_sql_dir(char *const *words, const char *cwd, char *out, size_t size);
/* sbx_run_sqlite_sql_dir() of a sqlite3 of words (cw's) that reads its commands from its one
 * input redirection's file (relative to dir, read as sbx_run_sqlite_stdin_db() reads it; its
 * argv holds no SQL): its lines split as the shell's input loop splits them, a line starting
 * with '.' where no statement is pending a dot-command, SQL to a whole statement; -1 for a file
 * not read in time (a missing one: 0, sqlite3 does not run); without one redirection of its own,
 * sbx_run_sqlite_sql_dir()'s (its stdin not told). Sqlite58: before, `sqlite3 :memory: < s.sql` whose s.sql runs `.cd /x`
 * then `attach 'x.db' ...` named the start's x.db, and in workspace-write read task_failure. */
int sbx_run_sqlite_stdin_dir(char *const *words, const struct sbx_run_words *cw, const char *dir, char *out,
                             size_t size);
/* sbx_run_sqlite_stdin_dir() of a sqlite3 that argv runs in cwd whose commands come from the
 * caller's own stdin, of the text kept (len bytes) as sbx_run_sqlite_kept_db() reads it: whole
 * alone (a cut one, a `.cd` after it may move a later ATTACH: -1). 2, 1, 0 as that one, -1 where
 * not told (sqlite60: before, -1 always, `sqlite3 :memory: < s.sql` of an s.sql running `.cd D`
 * then `attach 'x.db' ...` named no file). */
int sbx_run_sqlite_kept_dir(char *const *argv, const char *cwd, const char *kept, size_t len, bool whole, char *out,
                            size_t size);
/* Whether words (sbx_run_command_words()'s) run a sqlite3 (past the wrappers of
 * sbx_run_start_dir()) given -readonly (struct sbx_classify_context's sqlite_readonly). */
bool sbx_run_sqlite_readonly(char *const *words, const char *cwd);
/* The file a dd that words (sbx_run_command_words()'s) run in cwd (their start) writes, its
 * of=FILE (struct sbx_classify_context's dd_output): `dd OPERAND...` (past the wrappers of sbx_run_start_dir()
 * and env's arguments), one of=, its operands alone (NAME=VALUE, no option but none); joined to
 * cwd into out. 1, or 0 for another program, none or several of=, an option, an if= of the same
 * name (its read's "failed to open 'X'" names it alike) or either with a '..' beside an if=.
 * Nothing is asked of the host. */
int sbx_run_dd_output(char *const *words, const char *cwd, char *out, size_t size);
/* The file a GNU binutils program that words (sbx_run_command_words()'s) run in cwd (their start)
 * writes, for the lines that name no errno of its own (struct sbx_classify_context's bfd_output):
 * `ar KEY ARCHIVE ...` whose key writes the archive (d, m, q, r, s; not with the modifiers a, b,
 * i, N), `ranlib ARCHIVE`, `objcopy [OPTION...] IN [OUT]` (OUT, else IN), `strip [-o OUT] FILE`
 * (OUT, else FILE), past the wrappers of sbx_run_start_dir() and env's arguments; joined to cwd
 * into out. 1, or 0 for another program, an option not read (--help, a long option whose argument
 * is the next word), several files where one is rewritten in place (ranlib A B, strip A B), a
 * name ending in '/'. Nothing is asked of the host. */
int sbx_run_bfd_output(char *const *words, const char *cwd, char *out, size_t size);
/* sbx_run_bfd_output(), and for a ranlib or a strip (no -o) of several files, each rewritten in
 * place one by one (`ranlib A B`, `strip A B`), the first into out and the others into later
 * (later_size bytes), in order, each NUL-terminated, an empty one after the last (struct
 * sbx_classify_context's bfd_later), joined to cwd; those after one that ends in '/' or does not
 * fit are left out. 1, or 0 as sbx_run_bfd_output(). Nothing is asked of the host. */
int sbx_run_bfd_outputs(char *const *words, const char *cwd, char *out, size_t size, char *later, size_t later_size);
/* The directory a javac that words (sbx_run_command_words()'s) run in cwd (their start) writes its
 * class files in, its -d DIR (struct sbx_classify_context's javac_dir), past the wrappers of
 * sbx_run_start_dir() and env's arguments; without -d, its one -h DIR (its classes then beside their
 * sources, -h's the one directory it makes); joined to cwd into out. 1, or 0 for another program,
 * several -d, neither, an @argfile. Nothing is asked of the host. */
int sbx_run_javac_dir(char *const *words, const char *cwd, char *out, size_t size);
/* The -h DIR of that javac, beside its -d DIR (struct sbx_classify_context's javac_header_dir),
 * joined to cwd into out. 1, or 0 where none is read. */
int sbx_run_javac_header_dir(char *const *words, const char *cwd, char *out, size_t size);
/* The types of the sources of a javac that words (sbx_run_command_words()'s) run in
 * cwd (their start) given -h DIR and -d DIR (sbx_run_javac_header_dir()) (struct
 * sbx_classify_context's javac_natives): each by the name javac's line gives it (its simple name,
 * an inner class's after its enclosing type's: "M.In"), NUL-terminated, after '+' where
 * javac writes a native header of it (a native method or a @Native member of its own), '-' where
 * not (a local class's too), an empty one after the last, into out (size bytes). 1, or 0 where not told: another
 * program, no such -h, a source (an argument ending in .java) not read whole (the script files' reader,
 * 4 MiB at most, its buffer freed on return: a larger one, one not read in time), one whose text is not
 * read (unbalanced braces, an unterminated comment or literal), more than fit. Asks the host. */
int sbx_run_javac_natives(char *const *words, const char *cwd, char *out, size_t size);
/* The directory a rustc that words run in cwd makes and writes its output in, its --out-dir DIR
 * (read as javac's -d DIR: struct sbx_classify_context's javac_dir), joined to cwd into out; with
 * -o too, which rustc makes it before it ignores it. 1, or 0 for another program, no --out-dir,
 * an @argfile. Nothing is asked of the host. */
int sbx_run_rustc_out_dir(char *const *words, const char *cwd, char *out, size_t size);
/* The lock file of the index a `git stash` that words (sbx_run_command_words()'s) run in cwd
 * (their start) makes first (struct sbx_classify_context's git_index_lock): stash, or its push,
 * save, apply, pop or an option (not -h), refreshes the index quietly and exits 1 with no line
 * where it cannot lock it (git 2.39). Past the wrappers of sbx_run_start_dir() and env's
 * arguments, git's -C DIR, --git-dir (GITDIR/index.lock), -c and the options that leave the
 * repository where it is; else the first `.git` going up from the start's real path, a directory
 * or a file's `gitdir: X`. An env's GIT_DIR=X before it (`env GIT_DIR=X git stash`) is read as
 * --git-dir=X (which outranks it), 2 then; another variable that moves the index (GIT_INDEX_FILE,
 * GIT_COMMON_DIR, GIT_CEILING_DIRECTORIES, GIT_DISCOVERY_ACROSS_FILESYSTEM) set there: 0.
 * GIT_WORK_TREE, as --work-tree, moves no index. 1 (2), or 0 for another program or command, an
 * option not read, no repository found. Asks the host (stat, the .git file read) as git itself
 * does. */
int sbx_run_git_stash_lock(char *const *words, const char *cwd, char *out, size_t size);
/* reader (a silent status's file: sbx_run_git_stash_lock(), sbx_run_ninja_log(), sbx_run_zip_output(),
 * sbx_run_wget_output(), sbx_run_compileall_dir(); sbx_run_iconv_output()) of the command that a
 * shell's -c script `cd DIR && CMD` runs (two commands, the first a plain cd: DIR joined to cwd,
 * sbx's own, logically, `~` and a relative DIR in sbx's CDPATH read where the shell is sbx's
 * command itself; the command's own move, git's to its top, ninja's -C, is the reader's). Not where
 * another command follows (its status would be the run's). Its answer, or 0. Asks the host
 * whether DIR is a directory the user may enter (the cd fails otherwise, and CMD never runs). */
int sbx_run_chain_cd_read(char *const *argv, const char *cwd, enum sbx_run_dev dev,
                          int (*reader)(char *const *words, const char *cwd, char *out, size_t size), char *out,
                          size_t size);
/* sbx_run_chain_cd_read() of sbx_run_git_stash_lock(): `cd DIR && git stash`. */
int sbx_run_chain_git_stash_lock(char *const *argv, const char *cwd, char *out, size_t size);
/* The archive a zip that words (sbx_run_command_words()'s) run in cwd (their start) writes
 * (struct sbx_classify_context's zip_output): `zip [OPTION...] ZIPFILE [FILE...]`, options
 * anywhere, past the wrappers of sbx_run_start_dir() and env's arguments, ZIPFILE with .zip
 * added where its last component has no '.', as zip adds it; joined to cwd into out. 1, or 0 for
 * another program, an option not read (-b's temp path, -O's other archive, -c, -e, -x and -i
 * lists before ZIPFILE, any long option), no archive, `-` (stdout); -TT's and -lf's argument is
 * none. Nothing is asked of the host. */
int sbx_run_zip_output(char *const *words, const char *cwd, char *out, size_t size);
/* The build log a ninja that words (sbx_run_command_words()'s) run in cwd (their start) writes
 * (struct sbx_classify_context's ninja_log): `ninja [OPTION...] [TARGET...]`, past the wrappers
 * of sbx_run_start_dir() and env's arguments, .ninja_log in its -C DIR (joined to cwd) or cwd,
 * into out (a manifest's `builddir` is not read); and so of `meson compile [OPTION...]
 * [TARGET...]`, which runs ninja in its -C DIR and passes its lines and status through (-j, -l,
 * -v and their long forms; not --clean, --ninja-args or another option), where DIR holds a
 * meson-private/coredata.dat and a build.ninja the host lets the user read (meson prints its own
 * errors on stdout too: asked of the host with faccessat); and so of `cmake --build DIR
 * [OPTION...]`, which runs ninja in DIR and passes its lines and status through (-j, --parallel,
 * their jobs, -t, --target, their targets, --config, -v, --verbose, --use-stderr; not
 * --clean-first, native options after "--" or another option), where DIR holds a CMakeCache.txt
 * the host lets the user read naming a Ninja generator and a build.ninja it lets the user read
 * (a Makefile generator's build prints its commands' lines on stderr). 1, or 0 for another
 * program, -n (builds nothing), -t (a tool), -h, -d list, a long option but --verbose and --quiet,
 * an option not known, several -C. Nothing else is asked of the host. */
int sbx_run_ninja_log(char *const *words, const char *cwd, char *out, size_t size);
/* The file an `iconv [OPTION...] [FILE...]` that words (sbx_run_command_words()'s) run in cwd
 * writes (struct sbx_classify_context's iconv_output): its -o FILE (--output), joined to cwd, into
 * out, the last one where there are several (as iconv takes them). 1, or 0 for another
 * program, no -o, a last -o of "-", -l, --help, --usage, -V, an option not known. Nothing is
 * asked of the host. */
int sbx_run_iconv_output(char *const *words, const char *cwd, char *out, size_t size);

/* The archive a 7-Zip (7zz, 7z, 7za) or a jar of the command words writes (struct
 * sbx_classify_context's archive_output), joined to cwd, into out (size bytes): 7-Zip's a, u, d or
 * rn, its archive the next word not a switch (.7z added to a name without an extension), or the
 * temporary file it makes first and moves onto it: NAME.tmp beside an archive the host has, in -w
 * DIR's directory (/tmp for -w alone), a -v's first volume's NAME.001.tmp, the first of NAME.tmp,
 * NAME.tmp1, ... the host has not (none with -so: stdout; -sa, -t with no extension, -w twice: not
 * read); jar's c or u with f, old style (`cf A`, `-cvf A`, the f's word in the order of its letters
 * f, m, e) or new (`--create --file=A`, `-c -f A`). 1, or 0 for another program or command, or a
 * word not read. Asks the host (sbx_run_host_stat()). */
int sbx_run_archive_output(char *const *words, const char *cwd, char *out, size_t size);
/* Where sbx_run_archive_output() gives 7-Zip's temporary file: the archive (or volume) it moves
 * that onto (struct sbx_classify_context's archive_moved_to), into out. 1, or 0: none. */
int sbx_run_archive_moved_to(char *const *words, const char *cwd, char *out, size_t size);
/* Both in one reading of words (the host asked once): sbx_run_archive_output()'s file into out,
 * and sbx_run_archive_moved_to()'s into moved (moved_size bytes), "" when nothing is moved. 1, or
 * 0 as sbx_run_archive_output() (moved then left as it may be). */
int sbx_run_archive_files(char *const *words, const char *cwd, char *out, size_t size, char *moved, size_t moved_size);
/* The known_hosts file an `ssh-keygen -R HOST -f FILE` (or -H) that words (sbx_run_command_words()'s)
 * run in cwd rewrites (struct sbx_classify_context's keygen_hosts): FILE joined to cwd, into out.
 * 1, or 0 for another program, another form (a word that is no option, -F, -K, -Y, ...), an
 * option not known, no -f (the user's own ~/.ssh/known_hosts, its home as the passwd file
 * gives it). Nothing is asked of the host. */
int sbx_run_keygen_hosts(char *const *words, const char *cwd, char *out, size_t size);
/* The directory of the project of an npm that words (sbx_run_command_words()'s) run in cwd
 * (struct sbx_classify_context's npm_dir), into out: its one --prefix DIR (-C DIR) joined to where
 * it starts (2: where sbx_run_start_dir() reads none, -1, as npm runs its scripts there; the
 * prefix is npm's project whatever lies above it), else where it starts (cwd, or where an env
 * -C moved it: 1). 0 for another program (npx too), one whose prefix is elsewhere or not read
 * (-g, --global, --location, several --prefix, -CDIR), one that exits with a script's or a
 * binary's status (a word run, test, start, stop, restart, exec, explore, install-test or an
 * alias of them). Nothing is asked of the host. */
int sbx_run_npm_dir(char *const *words, const char *cwd, char *out, size_t size);
/* Whether the project in dir (an sbx_run_npm_dir()'s) has a lifecycle script npm runs of its own
 * (preinstall, install, postinstall, prepare, version's, shrinkwrap's, rebuild's; not pack's and
 * publish's alone) among the keys of its package.json's "scripts" and declares no package npm
 * fetches through its cache (a non-empty dependencies, devDependencies, optionalDependencies,
 * peerDependencies, bundleDependencies or workspaces), as the host reads the file (struct
 * sbx_classify_context's npm_scripts). false where it cannot be read whole (PATH_MAX bytes). */
bool sbx_run_npm_scripts(const char *dir);
/* The file (or directory, -d) a `mktemp [OPTION...] [TEMPLATE]` that words
 * (sbx_run_command_words()'s) run in cwd makes (struct sbx_classify_context's mktemp_file): its
 * TEMPLATE with --suffix's text, in -p DIR's or --tmpdir=DIR's directory, else in tmpdir (the
 * command's $TMPDIR; empty: /tmp) where those or -t ask for one or there is no TEMPLATE
 * (tmp.XXXXXXXXXX), as coreutils places it; joined to cwd, into out, its X's as written. 1, or 0
 * for another program, -u (makes nothing), --help, --version, an option not known, several
 * templates, one mktemp refuses with a line (absolute with a directory asked for, a '/' with
 * -t), and where the directory is $TMPDIR's: tmpdir NULL (not known) or an env before it with
 * options (-i, -u may change it) and no TMPDIR=VALUE of its own (which is the command's, tmpdir
 * or not). Nothing is asked of the host. */
int sbx_run_mktemp_file(char *const *words, const char *cwd, const char *tmpdir, char *out, size_t size);
/* sbx_run_chain_cd_read() of sbx_run_mktemp_file(), in the $TMPDIR tmpdir: `cd DIR && mktemp -q
 * x.XXX`. */
int sbx_run_chain_mktemp_file(char *const *argv, const char *cwd, enum sbx_run_dev dev, const char *tmpdir,
                              char *out, size_t size);
/* The __pycache__ directory a `python -m compileall [OPTION...] DIR|FILE...` that words
 * (sbx_run_command_words()'s) run in cwd makes first (struct sbx_classify_context's
 * pycache_dir): its first DIR's, or its first FILE's (a name ending in .py) directory's, joined
 * to cwd, into out. python's own flags before -m (-B, -E, -I, -O, -s, -S, -u, -v, -q); compileall's
 * -q, -f, -l and its options of one argument (-r, -j, -x, -d, -s, -p, -o, -e,
 * --invalidation-mode). 1, or 0 for another program or module, no DIR or FILE (sys.path), -b, -i,
 * another option. Nothing is asked of the host. */
int sbx_run_compileall_dir(char *const *words, const char *cwd, char *out, size_t size);
/* sbx_run_compileall_dir(), and into later (later_size bytes) the __pycache__ directories of its
 * other DIRs and FILEs, in their order, each NUL-terminated, an empty one after the last (struct
 * sbx_classify_context's pycache_later), as many as fit. */
int sbx_run_compileall_dirs(char *const *words, const char *cwd, char *out, size_t size, char *later,
                            size_t later_size);
/* sbx_run_compileall_dir() and sbx_run_compileall_dirs() of the targets alone that compileall
 * certainly tries writing a .pyc of, as the host has them now (before the run): an empty regular
 * .py file that target names, or a directory target's empty __init__.py, that the user (root
 * without capabilities) may read, its .pyc not there to be found current (-f; with -b its NAMEc
 * missing; else its __pycache__ missing); no -x. A source compileall cannot compile prints to
 * stdout alone and exits 1 as a refused write does, so no other target tells of a refusal. Asks
 * the host (sbx_run_host_stat(), sbx_run_host_access()). */
int sbx_run_compileall_tried_dir(char *const *words, const char *cwd, char *out, size_t size);
int sbx_run_compileall_tried_dirs(char *const *words, const char *cwd, char *out, size_t size, char *later,
                                  size_t later_size);
/* Whether words (sbx_run_command_words()'s) run a chattr (past the wrappers of
 * sbx_run_start_dir()) whose modes set the immutable or append-only flag (i or a in a + or =
 * mode), which only CAP_LINUX_IMMUTABLE may (struct sbx_classify_context's chattr_capability);
 * not a - mode's, which changes nothing of a file without the flag. Nothing is asked of the
 * host. */
bool sbx_run_chattr_capability(char *const *words, const char *cwd);
/* Whether words (sbx_run_command_words()'s) run a GNU tar (past the wrappers of sbx_run_start_dir())
 * that extracts (x, --extract, --get) and replaces old files: none of -k, --keep-old-files,
 * --skip-old-files, --keep-newer-files among its words, no TAR_OPTIONS in sbx's environment nor
 * assigned before it (struct sbx_classify_context's tar_replaces). Nothing is asked of the host. */
bool sbx_run_tar_replaces(char *const *words, const char *cwd);
/* The file of a `chattr -f MODE... FILE` that words (sbx_run_command_words()'s) run in cwd (their
 * start) changes the flags of, joined to cwd, into out: its modes and options before FILE, one of
 * them -f (chattr then prints nothing, of any failure) and each flag one that every file system
 * with flags has (a, A, d, i); -V too; one FILE. 1, or 0 for another program, -R, -v, -p,
 * another flag, several files or none. Nothing is asked of the host (sbx_run_host_flags()). */
int sbx_run_chattr_silent_file(char *const *words, const char *cwd, char *out, size_t size);
/* The file a wget that words (sbx_run_command_words()'s) run in cwd (their start) writes
 * (struct sbx_classify_context's wget_output): `wget [OPTION...] URL`, one URL, its -O FILE
 * (relative to the start), else the last component of the URL's path (index.html where it has
 * none) in -P's directory or the start; past the wrappers of sbx_run_start_dir() and env's
 * arguments. 1, or 0 for another program, an option not read (-o, -a, -i, -r, -x,
 * --content-disposition, ...), several URLs, `-O -`, a URL with a query, a fragment or an escape
 * (the name wget makes of them is its own). Nothing is asked of the host: where the name exists
 * wget writes NAME.1 (the name recorded stays NAME). */
int sbx_run_wget_output(char *const *words, const char *cwd, char *out, size_t size);
/* The file a curl that words (sbx_run_command_words()'s) run in cwd (their start) writes, for its
 * "curl: (23) Failure writing output to destination" (no name, no errno: with -s its warning that
 * names both is not printed) (struct sbx_classify_context's curl_output): `curl OPTION... URL`
 * (past the wrappers of sbx_run_start_dir() and env's arguments), one URL without a glob (an
 * IPv6 host in brackets is none, nor anything with -g), one
 * output, `-o FILE` (`--output FILE`, `-oFILE`, last in a cluster: `-fsSLo FILE`) or -O (the
 * last component of the URL's path); joined to cwd into out. 1 (2 where --create-dirs makes its
 * directories), or 0 for another program, an option not read (one that writes another file or
 * moves the output: -D, -c, -K, --output-dir, -J, ...), several URLs or outputs, `-o -`, a name
 * with '#'. Nothing is asked of the host. */
int sbx_run_curl_output(char *const *words, const char *cwd, char *out, size_t size);
/* sbx_run_curl_output() of the curl that a shell's -c script of an `&&` chain runs (`curl -fsSLo
 * F URL && chmod +x F`, `mkdir -p d && curl -o d/f URL`), past its leading `cd DIR`s (then cwd is
 * the last DIR, as sbx_run_start_dir() read it), every command before it a quiet one (true, :,
 * mkdir, rm, rmdir, touch, cp, ln, chmod, echo, printf, test, [, ls: they fail with 1 or 2, print
 * no curl line, move nothing): the chain reached it only where they succeeded, and what follows
 * runs only where it succeeded, so a refused output's "(23)" is its own, and so is the script's
 * exit status 23 (curl makes its file, an empty body's too, before it succeeds: the rest runs
 * only where the file was written). 0 where the script is no such chain (another operator, a
 * later newline), another command comes before it (a cd after one, another curl, assignments
 * alone), or that command no curl read so. Nothing is asked of the host. */
int sbx_run_chain_curl_output(char *const *argv, const char *cwd, char *out, size_t size);
/* sbx_run_chain_curl_output(), and into later (later_size bytes) the outputs of the curls that
 * chain runs after that one, in order, each NUL-terminated, an empty one after the last (struct
 * sbx_classify_context's curl_later): each one read so (of the same --create-dirs), only quiet
 * commands and such curls between them; those after another command or one that does not fit
 * are left out. The chain reaches each only where every curl before it wrote its file: the
 * exit status 23 and the "(23)" line are of the first whose file was not written. Nothing is
 * asked of the host. */
int sbx_run_chain_curl_outputs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                               size_t later_size);
/* sbx_run_javac_dir() of the javac that a shell's -c script of an `&&` chain runs, as
 * sbx_run_chain_curl_output() reads a curl (`mkdir -p out && javac -d out X.java`): its "could not
 * create parent directories" its own. Nothing is asked of the host. */
int sbx_run_chain_javac_dir(char *const *argv, const char *cwd, char *out, size_t size);
/* sbx_run_chain_javac_dir(), and into later (later_size bytes) the -d directories of the javacs
 * that chain runs after that one, as sbx_run_chain_curl_outputs() gives the curls' (struct
 * sbx_classify_context's javac_later). Nothing is asked of the host. */
int sbx_run_chain_javac_dirs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                             size_t later_size);
/* sbx_run_javac_header_dir() of the first javac of that chain, the one sbx_run_chain_javac_dir()
 * reads (tools57: none read, `cd D && javac -h /x/h -d . A.java` in workspace-write read
 * task_failure). Nothing is asked of the host. */
int sbx_run_chain_javac_header_dir(char *const *argv, const char *cwd, char *out, size_t size);
/* sbx_run_sqlite_target() into target and sbx_run_sqlite_database() into db (each size bytes) of
 * the sqlite3 that a shell's -c script `cd DIR && sqlite3 ...` runs (its one command after its
 * leading cd, past its assignments; cwd is DIR, as sbx_run_start_dir() read it): what cd prints
 * is no sqlite3's line, and where it fails sqlite3 does not run. Not where a command follows it or
 * another comes before it: their lines ("attempt to write a readonly database", another
 * sqlite3's) would be taken for its, and a sqlite3 that succeeds need not have written its
 * database (a `select` opens it read-only). *ret_readonly: sbx_run_sqlite_readonly() of it (set
 * where the script is such a chain, whatever the answer; review53: under Landlock `cd D &&
 * sqlite3 -readonly e.db 'insert ...'` read denied, the context's readonly flag set from a
 * one-command argv alone). Bit 1 target, bit 2 db, bit 4 db moved (sbx_run_sqlite_database()'s
 * 2), bit 8 the target or db (sbx_run_sqlite_target()'s 2), 0 none. The host is asked as
 * sbx_run_sqlite_database() asks it. */
int sbx_run_chain_sqlite(char *const *argv, const char *cwd, char *target, char *db, size_t size, bool *ret_readonly);
/* sbx_run_chain_sqlite()'s of the sqlite3 that a shell's -c script `FEED | sqlite3 ...` runs, its
 * commands from the pipe (`echo 'create table t(a);' | sqlite3 own.db`), FEED an echo, printf or
 * cat of plain words (past its assignments) that names no sqlite3: the script's status is the
 * sqlite3's, and no line of FEED's is one of sqlite3's. *ret_readonly: sbx_run_sqlite_readonly()
 * of it (set where the script is such a pipe, whatever the answer). Not another operator, a redirection but `<`, another
 * command. Bit 1 target, bit 8 the target or db (sbx_run_sqlite_target()'s 2, of the argv or
 * of the feed's text), bit 2 db, bit 4 db moved (sbx_run_sqlite_database()'s 2, or a `.cd DIR`
 * of what an echo of words without a backslash or a printf of its format alone (single-quoted,
 * or double-quoted with no expansion, sqlite59), no conversion,
 * or a cat of one file (read as a redirection's; sqlite59: before, not read) feeds it before its
 * SQL, read as sbx_run_sqlite_stdin_db() reads a file), 0 none. The host is asked as those ask
 * it. */
int sbx_run_pipe_sqlite(char *const *argv, const char *cwd, char *target, char *db, size_t size, bool *ret_readonly);
/* sbx_run_sqlite_sql_dir() of the sqlite3 of a shell's -c script `FEED | sqlite3 ...` read as
 * sbx_run_pipe_sqlite() reads it, of the text FEED writes where its argv holds no SQL (read as
 * sbx_run_sqlite_stdin_dir() reads a file's; a FEED not told, an echo's, printf's or cat's with
 * an expansion too: -1, sqlite59, before 0). Sqlite58: before, `printf ".cd /x\nattach 'x.db' as
 * x; ..." | sqlite3 :memory:` named the start's x.db, task_failure. A printf of one double-quoted
 * format is read as the shell's double quotes give it (sqlite59: before, not read). */
int sbx_run_pipe_sqlite_dir(char *const *argv, const char *cwd, char *out, size_t size);
/* reader (sbx_run_bfd_output(), sbx_run_javac_dir()) of the command that a shell's -c script `cd
 * DIR && CMD` runs, its one command after its leading cd, past its assignments (cwd is DIR, as
 * sbx_run_start_dir() read it), as sbx_run_chain_sqlite() reads sqlite3's: not where a command
 * follows it or none is cd before it (another ar's line names no file either). Its answer, or 0.
 * Nothing is asked of the host. */
int sbx_run_chain_only(char *const *argv, const char *cwd,
                       int (*reader)(char *const *words, const char *cwd, char *out, size_t size), char *out,
                       size_t size);
/* sbx_run_bfd_outputs() of the command that a shell's -c script `cd DIR && CMD` runs, read as
 * sbx_run_chain_only() reads it: `cd D && ranlib A B`, each of its files DIR's (left54: none
 * read, as sbx_run_bfd_output() reads none of several files: `cd D && ranlib a.a /var/tmp/x/b.a`
 * in workspace-write read task_failure). 1, or 0. Nothing is asked of the host. */
int sbx_run_chain_bfd_outputs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                              size_t later_size);
/* The programs a find that words (sbx_run_command_words()'s) run in cwd (their start) runs by
 * -exec, -execdir, -ok and -okdir (struct sbx_classify_context's find_exec), as its argv writes
 * them, which is how find prints a failed exec's (`find: 'X': Permission denied`): `find ARG...`
 * (past the wrappers of sbx_run_start_dir() and env's arguments). Written into out one after
 * another, each NUL-terminated, an empty one after the last; those that do not fit are left out.
 * Not a name with `{}` (find makes it) nor one the argv's -fprint, -fprint0, -fprintf or -fls
 * writes too (its refused open prints the same line). Their count, 0 for another program.
 * Nothing is asked of the host. */
int sbx_run_find_exec(char *const *words, const char *cwd, char *out, size_t size);
/* What a touch that words (sbx_run_command_words()'s) run in cwd (their start) sets (struct
 * sbx_classify_context's touch_how, enum sbx_touch_how): SBX_TOUCH_READ, with SBX_TOUCH_TIMES_GIVEN
 * for -d, -t, -r (--date, --reference) and SBX_TOUCH_NO_DEREF for -h (--no-dereference), past the
 * wrappers of sbx_run_start_dir() and env's arguments. 0 for another program or an option not
 * known (a long option abbreviated). Nothing is asked of the host. */
unsigned sbx_run_touch_how(char *const *words, const char *cwd);
/* sbx_run_touch_how() of the touches of a shell's -c script of several commands (`touch -d DATE
 * F; false`): its commands split at every operator (`;`, `&&`, `||`, `|`, `&`, newlines; quotes
 * skipped whole), each one that names touch read as one command's words are; one answer where
 * they all agree. 0 where there is none, they differ, or a command that names touch is not read
 * (an expansion, a subshell, a redirection but `<`, an option not known, `xargs touch`). Nothing
 * is asked of the host. */
unsigned sbx_run_script_touch_how(char *const *argv, const char *cwd);
/* argv with its env's `-S STRING` (`-SSTRING`, `--split-string=STRING`, after the wrappers of
 * sbx_run_start_dir() and env's other options; its flags before S in one word kept, `-iS`) replaced
 * by the words GNU env 9.1 splits STRING into, where they are unambiguous: blanks, '...', "...",
 * backslashes before \\ and ' (outside '...' also ", # and $); for the readers of the argv above,
 * which read no -S. NULL: no such env, or a STRING not read (a `${NAME}`, a '#' comment, another
 * escape, a quote not closed), or no memory. Caller frees with sbx_strv_free(). */
char **sbx_run_env_split(char *const *argv);
/* The script an interpreter that argv runs (past the wrappers of sbx_run_start_dir() and env's
 * arguments, an env that moves not read) is given in its argv, for struct sbx_classify_context's
 * inline_script: CPython's (`python3 [flags] -c SCRIPT`, its flags, -W and -X before -c), perl's
 * one -e or -E (`perl -w -e SCRIPT`, its flags, -l, -M, -m and -I before it, no switch after it),
 * its language in *ret_lang. A pointer into argv, or NULL: another program, an option it does not
 * read, a script from a file or stdin, or one in a shell's -c script. */
const char *sbx_run_inline_script(char *const *argv, enum sbx_inline_lang *ret_lang);
/* The script file CPython runs from argv (past the wrappers of sbx_run_start_dir() and env's
 * arguments, an env that moves not read): `python3 [flags] FILE`, its flags, -W and -X before it,
 * or `--` then FILE. A pointer into argv, or NULL: another program, -c, -m, stdin (`-`, none), an
 * option it does not read. */
const char *sbx_run_python_file(char *const *argv);
/* The script file a perl runs (`perl [SWITCHES] FILE`, `--` too) where argv runs one, as argv
 * names it; NULL otherwise (-e, -n, -p, -i, -x, stdin). Its die names it so. */
const char *sbx_run_perl_file(char *const *argv);
/* sbx_run_perl_file() of words, copied into out (size bytes), for sbx_run_chain_only(): the name of
 * a `cd DIR && perl s.pl` chain's script, DIR's (cwd unused: the name as perl prints it). 1, or 0
 * where there is none or it does not fit. */
int sbx_run_perl_file_name(char *const *words, const char *cwd, char *out, size_t size);
/* The -e script of a perl that words run (sbx_run_inline_script()'s, perl's alone), copied into out
 * (size bytes), for sbx_run_chain_only(): a `cd DIR && perl -e '...'` chain's (cwd unused). 1, or
 * 0 where there is none or it does not fit. */
int sbx_run_perl_inline_copy(char *const *words, const char *cwd, char *out, size_t size);
/* The text of the script file `file` (relative to cwd, absolute) as sbx reads a shell's script file
 * for sbx_run_start_dir(): a regular file alone, on no kernel's file system, by a child killed
 * after 500 ms; its first 64 KiB and one byte in buf (64 KiB + 2 bytes, NUL ended), their number
 * in *ret_len. NULL when it was not read. For struct sbx_classify_context's python_file. */
#define SBX_RUN_SCRIPT_TEXT_SIZE (64 * 1024 + 2)
const char *sbx_run_python_file_text(const char *file, const char *cwd, char *buf, size_t *ret_len);
/* Fills ctx's questions to the host (run-host.c): resolve (a name's real path on the host),
 * host_permits, host_refuses, host_refuses_owner, host_runs, host_mount, host_dir_missing,
 * host_exists, host_fifo, host_sets_times, host_needs_capability, host_covered (the caller keeps
 * it for bwrap's runs alone). Their
 * userdata is bubblewrap's private temp directory (confined->private_tmpdir), or NULL. */
void sbx_run_host_checks(struct sbx_classify_context *ctx);
/* The questions the argv's readers (sbx_run_start_dir(), sbx_run_git_stash_lock(),
 * sbx_run_wget_output(), ...) ask the host of the names the command's argv gives: stat(2)
 * (lstat(2) where not `follow`) into *ret_st, faccessat(2) with AT_EACCESS, the real path (into
 * out, size bytes), the first bytes of a regular file (at most size, into buf; -EINVAL for
 * another file; opened non-blocking). 0 (the read: its bytes) or -errno, as the call itself
 * would answer. Where the host's mount table lists a file system that may not answer
 * (sbx_run_mounts_may_hang()), each is asked of the child that sbx_run_host_checks()' questions
 * are, within the same deadline: one not told is -ETIMEDOUT, and every later one of the run too.
 * sbx_run_host_untold() counts those not told (a reader that met one claims nothing).
 * sbx_run_host_asking_starts() starts a run's asking (cmd-run.c's run_once(), the escalation's
 * question): it forgets a deadline missed before. Within a run one deadline missed ends every
 * later question, the argv readers', the lines' checks (sbx_run_host_checks() forgets nothing),
 * the script files' reads (which tell a deadline of theirs with sbx_run_host_cut(), and ask
 * sbx_run_host_cut_off() first) and the approver's look-ups: a hung file system costs a run one
 * deadline (measured before: `sh -c 'sqlite3 -init MNT/f t.db "select 1" < MNT/g'`, five, 2.5 s). */
int sbx_run_host_stat(const char *path, bool follow, struct stat *ret_st);
int sbx_run_host_access(const char *path, int mode);
/* Whether the command's user may change the flags of the host path `path` (absolute) that
 * `capability` says (i or a: CAP_LINUX_IMMUTABLE's), as the host has it now: a regular file or a
 * directory (lstat(2): no symlink), its own or root's (any), on a file system that has flags
 * (FS_IOC_GETFLAGS) and that the host does not mount read-only, immutable and append-only not
 * yet (FS_IOC_SETFLAGS of any other flag of such a file is refused); a user other than root, not
 * where `capability`. Not asked where a mount may hang (false). */
bool sbx_run_host_flags_settable(const char *path, bool capability);
int sbx_run_host_realpath(const char *path, char *out, size_t size);
ssize_t sbx_run_host_read(const char *path, char *buf, size_t size);
unsigned sbx_run_host_untold(void);
void sbx_run_host_asking_starts(void);
bool sbx_run_host_cut_off(void);
void sbx_run_host_cut(void);
/* Sets ctx on the classifier c (sbx_classifier_set_context()). One it refuses is set again with
 * what it cannot keep left out, never made up: a name longer than it keeps (SBX_DENIAL_PATH_MAX)
 * among the files read from the argv (move_dest, sqlite_target, dd_output: then not read, as
 * where the argv is not read) and the start directory (cwd: then not known, as after a script's
 * later `cd`, moved with no cwd); refused still, none at all (paths as printed, every signature
 * line a denial). ctx is changed to what was set. Does not take ownership of c or ctx. */
void sbx_run_classifier_set_context(struct sbx_classifier *c, struct sbx_classify_context *ctx);
/* Pure: whether the text of a /proc/PID/mountinfo lists a file system that may leave a caller
 * waiting for good (its server a process or a network: FUSE, NFS, CIFS, 9p, autofs, a type not
 * known to be local), whose host checks sbx run asks of a child killed at a deadline (1), or none
 * (0); -EBADMSG for a line without a type. */
int sbx_run_mounts_may_hang(const char *mountinfo);
/* The argv to run: ARGV, or bash -c COMMAND [ARGV...]. Caller frees with sbx_strv_free(). */
int sbx_run_command_argv(const struct sbx_run_args *a, char ***ret);
/* Makes sure 0, 1, 2 are open (on /dev/null if not) and every --keep-fd/--verdict-fd is open. */
int sbx_run_check_fds(const struct sbx_run_args *a, char *err, size_t err_size);
/* Bit N: descriptor N (0 or 1) was closed when sbx started (sbx_run_check_fds() holds it with
 * /dev/null); the command gets it closed. */
unsigned sbx_run_std_closed(void);
/* The descriptor numbers N, N+1 (the runner's status reports), N+2 (its go-ahead) and N+3
 * (bubblewrap's lifeline) in the child: the lowest N >= 3 such that no --keep-fd or --verdict-fd
 * uses any of them. */
int sbx_run_status_fd_number(const struct sbx_run_args *a);
bool sbx_run_backend_known(const char *name);
/* Whether `fd` is a file, directory or block device open without write access: a confined command
 * given it could reopen it for writing through /proc/self/fd under bubblewrap (its mount is the
 * host's), or create files beside it with openat on a directory. stdin of that kind reaches the
 * command through a pipe fed by sbx (a directory: as it is under Landlock, reopened inside the
 * sandbox under bubblewrap), stdout of that kind becomes /dev/null (read-only, so writes
 * still fail), and such a --keep-fd is refused. */
bool sbx_run_fd_reopenable(int fd);
/* Whether the settings of the terminal `fd` are sbx's to put back after the run, and, into
 * *ret_group (may be NULL), the foreground process group of sbx's controlling terminal they are
 * (-1: none that is sbx's), 0 where fd is not sbx's controlling terminal. Of sbx's controlling
 * terminal: while sbx's process group is its foreground, or a group that waits for sbx, each of its
 * processes one of sbx's ancestors and none ignoring SIGTTOU (a script running `timeout 30 sbx run
 * ...`, timeout taking sbx out of its group; not a job-control shell, whose line editor sets them
 * at its prompt while `sbx run ... &` runs, nor a job's pager or other program). Of a terminal
 * that is not: only where no session has it as its controlling terminal, by /proc (the caller
 * handed it over; another session's settings are its foreground job's). */
bool sbx_run_tty_settings_ours(int fd, pid_t *ret_group);
/* Whether sbx runs in a pipeline: its process group holds a process that is neither sbx, one of
 * its ancestors (the script that runs it) nor one of its descendants, and holds a pipe that is on
 * sbx's descriptors 0-2 the other way (their reader or writer): a pipeline's pager (`sbx run ... | less`) sets the terminal's settings of
 * its own while sbx runs. From /proc; false where it cannot be read. */
bool sbx_run_tty_settings_shared(void);
/* When sbx's stderr is a terminal: the pseudo-terminal that will be the command's stderr, opened
 * now (once; the next run takes it), so that the backend can reopen its slave inside the sandbox.
 * Returns the slave's descriptor (close-on-exec, sbx's), or -1 when stderr is no terminal or it
 * cannot be made (the run then opens a pipe). */
int sbx_run_stderr_pty_prepare(void);
struct stat;
/* Whether fd (st its fstat()) is a named FIFO open for reading or writing, not with O_PATH and not
 * a pipe: one a runner may open again by its path. */
bool sbx_run_fd_named_fifo(int fd, const struct stat *st);

/* Runs `confined->argv` (or `command` unconfined when confined is NULL), passes stdio through,
 * tees stderr into the classifier of `dialect` (NULL: unclassified), fills rep and returns the
 * exit status sbx must exit with. record_start(userdata) writes the audit row; the command never
 * starts before it returned >= 0: it is called before the spawn, or, when the runner is gated,
 * while the runner sets the sandbox up (the runner is killed, unreleased, if it fails). With a
 * writer (below), sbx's in-process launcher collects the row's confirmation itself. Then the
 * return is SBX_EXIT_INFRA and rep->state is left NULL. */
/* An audit writer with this run's begin request on its way (fd >= 0): the in-process launcher's
 * vfork child reads the writer's reply as its go-ahead once the sandbox is set up, and sbx learns
 * the row through collected(userdata, id); collected(userdata, 0) means the writer did not
 * confirm it, and record_start() must then write the row directly. */
struct sbx_run_writer {
        int fd;
        void (*collected)(void *userdata, int64_t id);
        /* The denial lines kept so far while the command runs, for the record of a run whose sbx
         * is killed: d[0..n) are the classifier's kept lines from index `first` on (those before
         * were taken), counted every one so far. Offered only when lines were counted since the
         * last batch taken, at most every SBX_RUN_DENIALS_EVERY_MS, never for a run without any,
         * and never after the command's end (the end carries the full list). Must not wait:
         * stderr's copy waits for it. Returns true when it took them (the next batch starts after
         * them), false to have them offered again with the next. NULL: none. (userdata: that of
         * record_start.) */
        bool (*denials)(void *userdata, const struct sbx_denial *d, size_t first, size_t n, uint64_t counted);
};
#define SBX_RUN_DENIALS_EVERY_MS 200

int sbx_run_execute(const struct sbx_run_args *a, const struct sbx_confined_argv *confined, char **command,
                    const struct sbx_dialect *dialect, int (*record_start)(void *userdata), void *userdata,
                    const struct sbx_run_writer *writer, struct sbx_run_report *rep);

/* One JSON object, no trailing newline. */
/* cut_short: without the denial lines (counted in denials_not_kept) and argv (null), for a
 * record file whose file system has no room for more (cmd-run.c) */
void sbx_run_report_json(const struct sbx_run_report *rep, bool cut_short, FILE *f);
/* The one-line notice on a terminal after a denial or a runner failure (unless --quiet). */
void sbx_run_notice(const struct sbx_run_args *a, const struct sbx_run_report *rep);
/* What of the ended command's stderr its reader had not taken when the run ended, kept so that the
 * run's end is recorded first: written now, as long as the reader takes (a signal the caller sends
 * drops the rest). Call after the run's end is recorded and before the notice; nothing when none. */
void sbx_run_stderr_finish(void);

/* Once a run is recorded: the caller's dispositions of the signals sbx forwarded, SIGPIPE and
 * SIGCHLD are put back (a second run, the approver, and sbx itself while it asks get them), and
 * the first terminating signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM) that
 * came after the command ended, unforwarded, is returned (0: none). */
int sbx_run_signals_restore(void);
/* Blocks the signals a run passes on to its command until sbx_run_execute() has its handlers in
 * place (or sbx_run_signals_restore()): from the start of `sbx run`, such a signal must not kill
 * sbx before its row is written, nor leave the row `running`. Once the row is written, one that
 * came before the command started ends the run without starting it (128+N, the row completed
 * with signal N). */
void sbx_run_signals_hold(void);
/* The first signal that ends a run (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM)
 * sent to sbx since its start and not yet passed on, held or caught (0: none). Not taken. */
int sbx_run_signal_held(void);
/* Takes the held signal sig (sbx_run_signal_held()) once the run ended by it, recorded: sbx then
 * exits 128+N as when the command was ended by it, rather than dying of it. */
void sbx_run_signal_take(int sig);
/* Ignores SIGXFSZ until sbx_run_signals_restore(): a write of sbx's own (the database, the verdict
 * record) past the caller's RLIMIT_FSIZE then fails with EFBIG, and is reported, instead of
 * killing sbx silently between its record and the command's status. The command gets the caller's
 * disposition back. */
void sbx_run_xfsz_ignore(void);
/* In a child about to exec a program of the caller's: the caller's SIGXFSZ disposition back
 * (async-signal-safe). */
void sbx_run_xfsz_restore_in_child(void);

/* The fixed line printed when an escalation is not approved (documented; programs match it). */
#define SBX_ESCALATION_REJECTED "sbx: escalation to workspace-write was not approved; nothing more was executed"

/* Asks whether the denied read-only execution `denied_id` may be retried under workspace-write:
 * through --approver PROG (the request as one JSON object on its stdin; its first output line
 * `allow` grants, anything else, a failure or a non-zero exit rejects) or on the terminal
 * (/dev/tty; no terminal rejects). Returns 1 for a grant, 0 for a rejection. Never offers
 * danger-full-access. note receives what became of it and who decided, for the denied run's
 * record ("refused by the approver /usr/local/bin/approve (it exited with status 1)",
 * "approved on the terminal"). */
int sbx_escalation_ask(const struct sbx_run_args *a, char *const *argv, int64_t denied_id, const char *backend,
                       const char *root, const char *session, const char *matched_line, char *note,
                       size_t note_size);
/* The --approver program decides escalations, so no confined command may rewrite it: one found
 * (through PATH, as it is started) beneath the workspace root `root` is refused. 0, or -EPERM
 * with the reason in err. An approver that cannot be found is left to fail when asked. */
int sbx_escalation_check_approver(const char *prog, const char *root, char *err, size_t err_size);
