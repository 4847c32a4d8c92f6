/* The built-in dialects, written in the dialect file format (classify/README.md) so that one
 * parser serves built-ins and operator files alike. Every signature here comes from captured or
 * published text; fixtures/<backend>/ holds the cases that pin each one. */
#include <string.h>

#include "classify-internal.h"

/* bubblewrap prints every fatal message through one function as "bwrap: <message>[: <strerror>]"
 * and exits 1 (utils.c, die*() -> bwrap_logv(); also "<3>bwrap: ..." with --level-prefix, which
 * containment still matches). Its messages are many, change wording between versions (0.8:
 * "No permissions to creating new namespace", 0.11: "No permissions to create a new namespace")
 * and often carry the denial words, so the fatal signature is the prefix itself. Its only warning,
 * "Only the last %s option will take effect" (warn_only_last_option()), is listed line by line
 * for every option that emits it in 0.8.0 and 0.11.1. EROFS is the denial: the whole host is a
 * read-only bind. A plain "Permission denied" under bwrap is the host's own file permission.
 * Python's tempfile swallows the EROFS of every candidate directory and raises ENOENT "No usable
 * temporary directory found in [...]", without the strerror text: in read-only mode, where the
 * temp directories and the workspace are all refused, that line is the only trace of the denial
 * (fixtures/bwrap/python-tempfile-read-only). On a host it needs every one of /tmp, /var/tmp,
 * /usr/tmp and the cwd unwritable at once. The user namespace maps the caller's id alone, so
 * root's chown to any other owner fails with EINVAL, also in the workspace: GNU tar, which
 * restores owners when run by root, prints "Cannot change ownership to uid N, gid M: Invalid
 * argument", and coreutils' cp -a (also mv, install) "failed to preserve ownership for 'X'",
 * which they print only as root (fixtures/bwrap/tar-x-owner-root, cp-a-owner-root); chown(1)'s
 * "changing ownership of 'X'", chgrp's "changing group of 'X'" and install's "cannot change
 * ownership of 'X'" (-o, -g), which any user prints: a user other than root is refused such a
 * change without sbx too (EPERM), and sbx run reads those lines as the task's (unprivileged in
 * sbx-classify.h; fixtures/bwrap/chown-owner-root). chmod(1)'s "changing permissions of 'X'"
 * with EPERM is root's change of the mode of another owner's file in the workspace, which the
 * unmapped owner refuses (the host allows root; it read as the command's failure); another user
 * is refused a file not its own on the host too (host_refuses_owner in sbx-classify.h). The workspace
 * and the temp area are binds, mounts of their own, and the kernel refuses a rename between two
 * mounts with EXDEV before it looks at a read-only one: Python's os.rename and Node's renameSync
 * of a workspace file out of it, or of a file from outside into it, print "Invalid cross-device
 * link" (Node: "EXDEV: cross-device link not permitted") where the host would have made the rename
 * (mv copies instead, and meets EROFS). One between names on two host mounts is the host's own
 * EXDEV (sbx run tells, host_mount in sbx-classify.h; fixtures/bwrap/python-rename-out). Node's
 * recursive mkdir (npm, and every tool that makes its output directory with fs.mkdir's
 * recursive) reports EROFS as the ENOENT of the stat it makes afterwards, "ENOENT: no such file or
 * directory, mkdir 'X'" (Node 20; fixtures/bwrap/npm-install-global): the sandbox's, also where
 * the directory X is made in is missing on the host, a plain mkdir's failure without sbx and a
 * recursive one's of several directories alike, unless sbx run tells (host_dir_missing) that a
 * recursive mkdir would not have been refused either: the longest existing part of X in a granted
 * directory. RubyGems asks File.writable? (access(2)) of a gem directory that
 * exists before it installs or uninstalls, and reports the answer alone, "You don't have write
 * permissions for the DIR directory." (Gem::FilePermissionError, no errno): under bwrap the
 * read-only bind's EROFS (root's gem install into /var/lib/gems; fixtures/bwrap/gem-install-root);
 * a directory the host refuses the user is the task's, which sbx run tells by its path. Not a
 * Landlock denial: access(2) does not ask Landlock, so there it fails only where the host
 * refuses. git push to a repository on this host runs its receive-pack in the sandbox, whose
 * quarantine directory in the repository's objects refused comes back as "error: remote unpack
 * failed: unable to create temporary object directory" alone (receive-pack.c, the errno lost),
 * under Landlock too: the line is held until the next one names the repository ("To X"), a
 * local one asked of the host, one on another host no denial (classify.c, pend_see();
 * fixtures/bwrap/git-push-bare-outside). A host named pipe is not written through its mount (a
 * read-only bind does not stop it): the launcher inside bubblewrap refuses opening one for writing
 * outside the workspace, the temp area, its /dev and /proc (Landlock's EACCES), and "Permission
 * denied" is then a denial, but only where sbx run tells that the line's path is a FIFO the host
 * lets the command open (fifo-denial, host_fifo in sbx-classify.h), or where the line is coreutils'
 * touch's of a file whose times the host lets the user set (host_sets_times: touch prints its
 * open's EACCES, not the bind's EROFS of the times; fixtures/bwrap/nobody-touch-own-readonly-outside),
 * or, beneath the granted directories, where root's capabilities, which the command does not keep,
 * would have passed the file's mode bits (host_needs_capability; bwrap/readonly-file-in-workspace);
 * "Operation not permitted" too, but of touch's line alone: its open for writing of an
 * append-only file (chattr +a) is EPERM on the host too, printed, and the current time, which the
 * host lets whoever may write the file set, is the read-only bind's EROFS, unprinted
 * (nobody-touch-append-only-outside); beneath the granted directories, root's given times;
 * elsewhere it is the host's own permission (fixtures/bwrap/fifo-write-outside,
 * nobody-fifo-write-outside). The sqlite3 shell
 * prints a file it could not open for writing (.output, .once, .save, .backup) as "Error: cannot
 * open "X"", whatever the errno: a denial only in sbx run, where X is the file its argv writes, its
 * directory on the host, and the host does not refuse it too (classify.c, sqlite_open_line();
 * fixtures/bwrap/sqlite3-output-outside); sbx classify reads no argv: none. Its "Error: unable
 * to open database "X": unable to open database file" (SQLITE_CANTOPEN: a new database X whose
 * creation was refused) likewise, X the database of its argv's SQL; and so curl's "curl: (23)
 * Failure writing output to destination" (CURLE_WRITE_ERROR; with -s no other line, neither the
 * file nor the errno named), X the -o FILE (or -O's name) of its argv (sbx_run_curl_output());
 * with -s and no -S no line at all, its exit status 23 read as that line (curl_exit_denial()).
 * CMake 3.24 on prints a build tree it could not make as "CMake Error: Unable to (re)create the
 * private pkgRedirects directory:" and the name on the next line, no errno: a denial in sbx run
 * alone, the name judged against the host (classify.c, pend_see()); and an existing build tree's
 * cache it could not save as "CMake Error: Unable to open cache file for save. X", its errno line
 * before it a stale one ("System Error: Inappropriate ioctl for device"): a denial in sbx run
 * alone, X absolute and judged so (classify.c, argv_output_line()). SQLite's "attempt to write a
 * readonly database" (it opened an existing database read-only when its open for writing failed,
 * EROFS not printed; the same words as a database opened read-only on purpose, or a host file's
 * own EACCES) likewise, the signature "write a readonly database": a denial in sbx run alone, X
 * the file of its argv (sqlite_target: no -readonly, no dot-command that opens another), judged as
 * curl's (fixtures/bwrap/sqlite3-backup-outside: the text alone, none); and so its shell's
 * "unable to open database file (14)" of a statement (an existing WAL database whose -shm it could
 * not make), under Landlock too, and its bare "Error: unable to open database file" of a
 * dot-command (.tables) on one, the whole line, X likewise. GNU binutils (BFD) loses the errno of a file it could not make:
 * ar's and ranlib's "could not create temporary file whilst writing archive: no more archived
 * files" (an archive rewritten), strip's and objcopy's "X: could not create temporary file to hold
 * stripped copy: cause of error unknown" (in place) and their new output's "X: Bad file
 * descriptor", the same for the host's EACCES and a missing directory: a denial in sbx run alone,
 * of the file its argv writes, judged against the host (classify.c, bfd_line();
 * fixtures/bwrap/ranlib-outside, strip-o-outside). shadow-utils (chfn, chsh, passwd, useradd,
 * usermod, gpasswd) prints a lock file of /etc it could not make as "PROG: cannot lock
 * /etc/passwd; try again later.", no errno: root's run in either mode (its capabilities dropped
 * or not, /etc is never granted), under Landlock too; the same words on a host whose lock
 * another process holds, rare, read so too (a denial beats the task's failure). btrfs-progs'
 * "ERROR: cannot create subvolume: Permission denied" under bubblewrap is the launcher's filter's
 * EACCES of BTRFS_IOC_SUBVOL_CREATE, which it refuses in both modes (escape53b: a subvolume made
 * through a host service's directory), in the workspace too: a denial, no name (the line names
 * none; a directory the host refuses the user reads so too, failing closed). ncurses' tic asks
 * access(2) of the terminfo directory it writes (its -o DIR, the system's as root), falls back to
 * $HOME/.terminfo and prints the refusal as "X: permission denied (errno N)", N the errno's
 * number, EROFS's 30 here: the read-only bind's, which no host permission gives (errno 13, the
 * host's own, stays a fifo-denial line; fixtures/bwrap/tic-o-outside). e2fsprogs' chattr's
 * "Operation not permitted while setting flags on X": root's change of its file's flags in the
 * workspace that needs a capability the user namespace does not give (+i, CAP_LINUX_IMMUTABLE;
 * fixtures/bwrap/chattr-i-workspace-root), judged as chmod's (host_refuses_owner); another user's
 * is the host's refusal too (sbx-classify.h's unprivileged). */
static const char dialect_bwrap[] =
        "# bubblewrap: read-only bind of /, writable binds for the workspace and temp area\n"
        "denial Read-only file system\n"
        "denial No usable temporary directory found\n"
        "denial Cannot change ownership to uid\n"
        "denial failed to preserve ownership for\n"
        "denial changing ownership of\n"
        "denial changing group of\n"
        "denial cannot change ownership of\n"
        "denial changing permissions of\n"
        "denial Invalid cross-device link\n"
        "denial cross-device link not permitted\n"
        "denial ENOENT: no such file or directory, mkdir\n"
        "denial You don't have write permissions for the\n"
        "denial remote unpack failed: unable to create temporary object directory\n"
        "denial Error: cannot open \"\n"
        "denial Error: unable to open database \"\n"
        "denial curl: (23)\n"
        "denial Unable to (re)create the private pkgRedirects directory:\n"
        "denial Unable to open cache file for save.\n"
        "denial write a readonly database\n"
        "denial unable to open database file (14)\n"
        "denial Error: unable to open database file\n"
        "denial could not create temporary file whilst writing archive\n"
        "denial could not create temporary file to hold stripped copy\n"
        "denial Bad file descriptor\n"
        "denial could not create parent directories\n"
        "denial failed to find or create the directory specified by `--out-dir`\n"
        "denial Cannot create output directory : errno=\n"
        "denial gnat1: Cannot create:\n"
        "denial unable to open database:\n"
        "denial Error copying file \"\n"
        "denial Error creating directory \"\n"
        "denial cmake -E touch: failed to update \"\n"
        "denial Error copying directory from \"\n"
        "denial Error copying file (if different) from \"\n"
        "denial cmake -E touch_nocreate: failed to update \"\n"
        "denial ; try again later.\n"
        "denial cannot create subvolume: Permission denied\n"
        "denial permission denied (errno 30)\n"
        "denial Operation not permitted while setting flags on\n"
        "fifo-denial Permission denied\n"
        "fifo-denial Operation not permitted\n"
        "fifo-denial java.nio.file.AccessDeniedException\n"
        "fifo-denial error: error while writing\n"
        "rule bwrap\n"
        "exit 1\n"
        "fatal \"bwrap: \"\n"
        "info bwrap: Only the last --chdir option will take effect\n"
        "info bwrap: Only the last --exec-label option will take effect\n"
        "info bwrap: Only the last --file-label option will take effect\n"
        "info bwrap: Only the last --sync-fd option will take effect\n"
        "info bwrap: Only the last --block-fd option will take effect\n"
        "info bwrap: Only the last --userns-block-fd option will take effect\n"
        "info bwrap: Only the last --info-fd option will take effect\n"
        "info bwrap: Only the last --json-status-fd option will take effect\n"
        "info bwrap: Only the last --seccomp option will take effect\n"
        "info bwrap: Only the last --userns option will take effect\n"
        "info bwrap: Only the last --userns2 option will take effect\n"
        "info bwrap: Only the last --pidns option will take effect\n"
        "info bwrap: Only the last --uid option will take effect\n"
        "info bwrap: Only the last --gid option will take effect\n"
        "info bwrap: Only the last --hostname option will take effect\n"
        "info <4>bwrap: Only the last --chdir option will take effect\n"
        "info <4>bwrap: Only the last --uid option will take effect\n"
        "info <4>bwrap: Only the last --gid option will take effect\n"
        "info <4>bwrap: Only the last --hostname option will take effect\n"
        "info <4>bwrap: Only the last --json-status-fd option will take effect\n"
        "info <4>bwrap: Only the last --info-fd option will take effect\n"
        "info <4>bwrap: Only the last --seccomp option will take effect\n"
        /* the first process inside is sbx-landlock --seal-mounts (confine/backend-bwrap.c); its own
         * failures end the run before the command with this prefix and 125 */
        "rule sbx-landlock-seal\n"
        "exit 125\n"
        "fatal \"sbx-landlock: \"\n";

/* sbx's own launcher (tools/sbx-landlock.c) prints its failures as "sbx-landlock: ..." and exits
 * 125 before the command runs. Landlock denies with EACCES; Python's "[Errno 13] Permission
 * denied" and Node's "EACCES: permission denied" carry the same words. npm (10 and 11, and npm 6-9
 * as "npm ERR! code EACCES") reports some EACCES failures, a refused ~/.npmrc or cache write, only
 * as "npm error code EACCES" plus a hint about root-owned cache files, without the strerror text
 * (fixtures/landlock/npm-config-home); the name comes on a later line, "npm error path X", which
 * the classifier waits for (classify.c, pend_see()). Python's tempfile reports a refused temp area (read-only
 * mode) only as "No usable temporary directory found", as under bwrap. Java's NIO (Files.write,
 * Files.createDirectories, and Gradle, Maven, Kotlin tools built on it) turns EACCES, and only
 * EACCES, into java.nio.file.AccessDeniedException, whose message is the path alone
 * (fixtures/landlock/java-nio-write), a bare word too (classify.c, java_nio_path()); under
 * bwrap EROFS keeps its strerror text, and its EACCES (the host's bits, or root's without the
 * capabilities the command does not keep) is a fifo-denial line there, and so is javac's line of
 * it below (javac_written_path()). javac prints
 * that message after the class it could not write, "F.java:1: error: error while writing C:
 * /x/C.class": a denial only where the path stands alone after the class (classify.c,
 * javac_written_path(); another errno names its reason after it; fixtures/landlock/javac-d-outside);
 * its "could not create parent directories" after it, no name, no errno (any failure of the mkdir
 * of its -d DIR's levels): a denial in sbx run alone, of the level of the argv's -d DIR the host
 * does not have (classify.c, javac_dir_line(); under bwrap alike). SQLite opens an
 * existing database read-only when opening it for writing fails, so a write to one outside the
 * workspace fails later with SQLITE_READONLY, "attempt to write a readonly database" (the CLI,
 * Python's sqlite3, every binding print sqlite3_errstr's text), without the EACCES words
 * (fixtures/landlock/sqlite3-existing-db). A database the program itself opened read-only reads
 * the same. Not under bwrap: there the text cannot tell EROFS from a host file's own EACCES. The
 * command keeps no capability, so root's chown to another owner fails with EPERM, also in the
 * workspace: GNU tar's "Cannot change ownership to uid N, gid M: Operation not permitted" and
 * coreutils' "failed to preserve ownership for 'X'" (cp -a, mv, install), which they print only
 * as root (fixtures/landlock/tar-x-owner-root, cp-a-owner-root), and chown(1)'s, chgrp's and
 * install's, which any user prints, as under bwrap (fixtures/landlock/chown-owner-root); so too
 * chmod(1)'s "changing permissions of 'X'" with EPERM, root's change of the mode of a file of
 * another owner's without CAP_FOWNER, outside the workspace as well, where Landlock governs no
 * chmod (fixtures/landlock/chmod-other-owner-root; it read as the command's failure). dpkg
 * opens its lock files before
 * any write (-i, -r, --configure) and reports an EACCES or EPERM there, and nothing else, as "you
 * do not have permission to lock the dpkg database directory DIR" (1.20 on; "... the dpkg status
 * database" before), without the strerror text (lib/dpkg/dbmodify.c, modstatdb_can_lock;
 * fixtures/landlock/dpkg-remove). Under bwrap its access() check of the directory comes first and
 * names EROFS. git reports a loose object it could not create, and only when that failed with
 * EACCES, as "insufficient permission for adding an object to repository database DIR" (other
 * errnos: "unable to create temporary file: <strerror>"; object-file.c, write_loose_object), so
 * git merge-tree --write-tree, hash-object -w, fetch in read-only mode or outside the workspace
 * print no strerror (fixtures/landlock/git-merge-tree-read-only); under bwrap EROFS keeps it.
 * git push to a repository on this host: "remote unpack failed: unable to create temporary
 * object directory", as under bwrap (fixtures/landlock/git-push-bare-outside). The sqlite3 shell's
 * "Error: cannot open "X"" (.output, .once, .save, .backup), no errno, as under bwrap: a denial in
 * sbx run alone, X the file its argv writes (classify.c, sqlite_open_line()); so too its
 * "Error: unable to open database "X": unable to open database file" (a new database refused);
 * so too curl's "curl: (23) ...", X its argv's output file, and CMake's "Unable to (re)create the
 * private pkgRedirects directory:" and "Unable to open cache file for save.", and binutils'
 * lines of the file it writes ("could not create temporary file whilst writing archive", "...
 * to hold stripped copy", "X: Bad file descriptor"), as under bwrap.
 * Landlock refuses to link a file from outside into the workspace (it would become
 * writable there) with EXDEV, not EACCES: ln's and Python's "Invalid cross-device link"
 * (fixtures/landlock/ln-into-workspace); between two host mounts that is the host's own EXDEV, as
 * under bwrap. Bundler turns EACCES, and only EACCES, into its PermissionError, "There was an
 * error while trying to write to `X`. It is likely that you need to grant write permissions for
 * that path." (exit 23; "create `X`" for a directory made), wrapped at 80 columns, the name often
 * on the next lines (classify.c, bundler_start(); fixtures/landlock/bundle-config-global-home);
 * under bwrap EROFS is another error, which keeps its strerror text. "Operation not permitted" is
 * a fifo-denial signature, as under bwrap of touch's line alone: its open of an append-only file
 * refused by the host too (EPERM, printed), the current time by read-only mode's seccomp filter
 * (unprinted), or, beneath the granted directories, root's given times of another user's file
 * (CAP_FOWNER not kept); sbx run asks the host (host_sets_times;
 * nobody-touch-append-only-outside-read-only). A new pseudo-terminal's slave is a file Landlock does
 * not grant (only the run's own terminals are: tools/landlock-launch.c): Python's pty.openpty()
 * swallows os.openpty()'s EACCES, tries the BSD ptys and prints "OSError: out of pty devices"
 * (fixtures/landlock/python-pty-openpty; before, the command's failure); under bwrap the
 * command has a devpts instance of its own. chattr's "Operation not permitted while setting flags
 * on X": root's, outside the workspace too (Landlock governs no flags), for want of CAP_FOWNER or
 * CAP_LINUX_IMMUTABLE, as under bwrap (fixtures/landlock/chattr-i-outside). */
static const char dialect_landlock[] =
        "# sbx-landlock: Landlock ruleset for the running ABI, then exec\n"
        "denial Permission denied\n"
        "denial ; try again later.\n"
        "denial Cannot change ownership to uid\n"
        "denial failed to preserve ownership for\n"
        "denial changing ownership of\n"
        "denial changing group of\n"
        "denial cannot change ownership of\n"
        "denial changing permissions of\n"
        "denial code EACCES\n"
        "denial java.nio.file.AccessDeniedException\n"
        "denial error: error while writing\n"
        "denial attempt to write a readonly database\n"
        "denial you do not have permission to lock the dpkg\n"
        "denial insufficient permission for adding an object to repository database\n"
        "denial remote unpack failed: unable to create temporary object directory\n"
        "denial No usable temporary directory found\n"
        "denial Invalid cross-device link\n"
        "denial cross-device link not permitted\n"
        "denial There was an error while trying to write to\n"
        "denial There was an error while trying to create\n"
        "denial Error: cannot open \"\n"
        "denial Error: unable to open database \"\n"
        "denial curl: (23)\n"
        "denial Unable to (re)create the private pkgRedirects directory:\n"
        "denial Unable to open cache file for save.\n"
        "denial unable to open database file (14)\n"
        "denial could not create temporary file whilst writing archive\n"
        "denial could not create temporary file to hold stripped copy\n"
        "denial Bad file descriptor\n"
        "denial could not create parent directories\n"
        "denial failed to find or create the directory specified by `--out-dir`\n"
        "denial Cannot create output directory : errno=\n"
        "denial gnat1: Cannot create:\n"
        "denial unable to open database:\n"
        "denial Error copying file \"\n"
        "denial Error creating directory \"\n"
        "denial cmake -E touch: failed to update \"\n"
        "denial Error copying directory from \"\n"
        "denial Error copying file (if different) from \"\n"
        "denial cmake -E touch_nocreate: failed to update \"\n"
        "denial out of pty devices\n"
        "denial Operation not permitted while setting flags on\n"
        "fifo-denial Operation not permitted\n"
        "rule sbx-landlock\n"
        "exit 125\n"
        "fatal \"sbx-landlock: \"\n";

/* macOS sandbox-exec: Seatbelt denies with EPERM. sandbox-exec's own failures start with
 * "sandbox-exec: " ("sandbox-exec: sandbox_apply: Operation not permitted", exit 71 = EX_OSERR,
 * when nested in another sandbox; "sandbox-exec: execvp() of '...' failed: ..." when the command
 * cannot start, also 71; 65 = EX_DATAERR when the profile does not compile). Only those statuses:
 * a command that ran and printed a nested sandbox-exec's failure (git over ssh, exit 128) is not
 * a runner failure. Sources are noted in fixtures/seatbelt/. */
static const char dialect_seatbelt[] =
        "# macOS sandbox-exec with a generated SBPL profile\n"
        "denial Operation not permitted\n"
        "rule sandbox-exec\n"
        "exit 65 71\n"
        "fatal \"sandbox-exec: \"\n";

/* Windows restricted token with ACL grants: cmd.exe and Win32 tools print "Access is denied.",
 * .NET/PowerShell "Access to the path '...' is denied.", lines end in CRLF. sbx's Windows runner
 * prints its own failures as "sbx-winrun: ..." and exits 125. */
static const char dialect_windows_acl[] =
        "# Windows restricted-token runner with ACL grants on the workspace\n"
        "denial Access is denied\n"
        "denial Access to the path\n"
        "rule sbx-winrun\n"
        "exit 125\n"
        "fatal \"sbx-winrun: \"\n";

/* Unconfined runs (danger-full-access): nothing is attributed to a sandbox. */
static const char dialect_none[] = "# unconfined: no denial signatures, no runner\n";

const char *const sbx_dialect_builtin_names[] = {
        "bwrap", "landlock", "seatbelt", "windows-acl", "none", NULL,
};

const char *sbx_dialect_builtin_text(const char *name) {
        static const struct {
                const char *name;
                const char *text;
        } table[] = {
                { "bwrap", dialect_bwrap },
                { "landlock", dialect_landlock },
                { "seatbelt", dialect_seatbelt },
                { "windows-acl", dialect_windows_acl },
                { "none", dialect_none },
        };

        if (!name)
                return NULL;
        for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
                if (strcmp(table[i].name, name) == 0)
                        return table[i].text;
        return NULL;
}
