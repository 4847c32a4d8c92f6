/* sbx-winrun.exe: the windows-acl backend's runner (Windows only; built by the mingw-w64 cross
 * build, tools/cross/build-windows.sh).
 *
 *   sbx-winrun --mode read-only|workspace-write --workspace DIR [--temp DIR] -- COMMAND [ARG...]
 *
 * Runs COMMAND under a write-restricted copy of the caller's token: every write access check must
 * pass both for the user and for one of the restricting SIDs. The restricting SIDs are Everyone and
 * the logon session (without them the process cannot start: window station, console, its own
 * objects) and, in workspace-write, a SID derived from the canonical workspace path, which is
 * granted modify rights on the workspace and on a private temp directory through inheritable ACEs.
 * What Everyone or the logon session may write stays writable: the backend reports `partial`.
 *
 * Its own failures print one line "sbx-winrun: <message>" on stderr and exit 125; otherwise it
 * exits with the command's exit code. Argument parsing and quoting live in
 * confine/windows-runner.c, shared with the provider and unit-tested on Linux. */
#ifndef UNICODE
#define UNICODE
#endif
#ifndef _UNICODE
#define _UNICODE
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <aclapi.h>
#include <sddl.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "windows-runner.h"

/* Modify rights: read, write, execute, delete the object and its children. Not WRITE_DAC or
 * WRITE_OWNER: the command may not hand the tree to someone else. */
#define GRANT_RIGHTS (FILE_GENERIC_READ | FILE_GENERIC_WRITE | FILE_GENERIC_EXECUTE | DELETE | FILE_DELETE_CHILD)

static wchar_t *created_temp; /* removed on every exit path once created */

static void remove_tree(const wchar_t *dir);

static void cleanup(void) {
        if (created_temp) {
                remove_tree(created_temp);
                free(created_temp);
                created_temp = NULL;
        }
}

__attribute__((noreturn, format(printf, 1, 2))) static void die(const char *fmt, ...) {
        va_list ap;

        cleanup();
        fputs(SBX_WINRUN_PREFIX, stderr);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
        fflush(stderr);
        exit(SBX_WINRUN_EXIT_FAILURE);
}

/* "<what>: <system message> (error N)" */
__attribute__((noreturn)) static void die_win(const char *what, DWORD err) {
        char msg[512] = "";
        /* English first: the dialect and the fixtures match these words; any language otherwise */
        DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, err,
                                 MAKELANGID(LANG_ENGLISH, SUBLANG_ENGLISH_US), msg, sizeof(msg), NULL);
        if (n == 0)
                n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, err, 0, msg,
                                   sizeof(msg), NULL);

        while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '\r' || msg[n - 1] == ' '))
                msg[--n] = '\0';
        die("%s: %s (error %lu)", what, n ? msg : "unknown error", (unsigned long) err);
}

static char *to_utf8(const wchar_t *w) {
        int n = WideCharToMultiByte(CP_UTF8, WC_ERR_INVALID_CHARS, w, -1, NULL, 0, NULL, NULL);
        char *s;

        if (n <= 0)
                return NULL;
        s = malloc((size_t) n);
        if (!s || WideCharToMultiByte(CP_UTF8, WC_ERR_INVALID_CHARS, w, -1, s, n, NULL, NULL) != n) {
                free(s);
                return NULL;
        }
        return s;
}

static wchar_t *to_wide(const char *s) {
        int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, NULL, 0);
        wchar_t *w;

        if (n <= 0)
                return NULL;
        w = malloc((size_t) n * sizeof(*w));
        if (!w || MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, n) != n) {
                free(w);
                return NULL;
        }
        return w;
}

/* The final path of an existing directory (symlinks and junctions resolved), without "\\?\". */
static wchar_t *canonical_dir(const char *path_utf8, const char *what) {
        wchar_t *path = to_wide(path_utf8), *out;
        BY_HANDLE_FILE_INFORMATION info;
        HANDLE h;
        DWORD n;

        if (!path)
                die("%s '%s' is not valid UTF-8", what, path_utf8);
        h = CreateFileW(path, FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                        OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
        free(path);
        if (h == INVALID_HANDLE_VALUE) {
                DWORD e = GetLastError();
                char what_path[1024];
                snprintf(what_path, sizeof(what_path), "cannot open %s '%s'", what, path_utf8);
                die_win(what_path, e);
        }
        if (!GetFileInformationByHandle(h, &info) || !(info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
                CloseHandle(h);
                die("%s '%s' is not a directory", what, path_utf8);
        }
        n = GetFinalPathNameByHandleW(h, NULL, 0, FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
        out = n ? malloc((n + 1) * sizeof(*out)) : NULL;
        if (!out || GetFinalPathNameByHandleW(h, out, n + 1, FILE_NAME_NORMALIZED | VOLUME_NAME_DOS) == 0) {
                DWORD e = GetLastError();
                CloseHandle(h);
                die_win("cannot resolve the final path of the workspace", e);
        }
        CloseHandle(h);
        if (wcsncmp(out, L"\\\\?\\UNC\\", 8) == 0) {
                memmove(out + 2, out + 8, (wcslen(out + 8) + 1) * sizeof(*out)); /* \\?\UNC\s\x -> \\s\x */
        } else if (wcsncmp(out, L"\\\\?\\", 4) == 0)
                memmove(out, out + 4, (wcslen(out + 4) + 1) * sizeof(*out));
        return out;
}

/* True when the DACL already holds an inheritable allow ACE for `sid` with at least GRANT_RIGHTS:
 * re-applying would propagate through the whole tree again on every run. */
static BOOL already_granted(PACL dacl, PSID sid) {
        ACL_SIZE_INFORMATION info;

        if (!dacl || !GetAclInformation(dacl, &info, sizeof(info), AclSizeInformation))
                return FALSE;
        for (DWORD i = 0; i < info.AceCount; i++) {
                ACCESS_ALLOWED_ACE *ace;
                if (!GetAce(dacl, i, (void **) &ace) || ace->Header.AceType != ACCESS_ALLOWED_ACE_TYPE)
                        continue;
                if ((ace->Header.AceFlags & (OBJECT_INHERIT_ACE | CONTAINER_INHERIT_ACE)) !=
                            (OBJECT_INHERIT_ACE | CONTAINER_INHERIT_ACE) ||
                    (ace->Header.AceFlags & INHERIT_ONLY_ACE))
                        continue;
                if ((ace->Mask & GRANT_RIGHTS) == GRANT_RIGHTS && EqualSid((PSID) &ace->SidStart, sid))
                        return TRUE;
        }
        return FALSE;
}

static void grant_write(const wchar_t *dir, PSID sid) {
        PSECURITY_DESCRIPTOR sd = NULL;
        PACL old = NULL, merged = NULL;
        EXPLICIT_ACCESS_W ea;
        DWORD e;

        e = GetNamedSecurityInfoW(dir, SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, NULL, NULL, &old, NULL, &sd);
        if (e != ERROR_SUCCESS)
                die_win("cannot read the ACL of the workspace", e);
        if (already_granted(old, sid)) {
                LocalFree(sd);
                return;
        }
        memset(&ea, 0, sizeof(ea));
        ea.grfAccessPermissions = GRANT_RIGHTS;
        ea.grfAccessMode = GRANT_ACCESS;
        ea.grfInheritance = SUB_CONTAINERS_AND_OBJECTS_INHERIT;
        ea.Trustee.TrusteeForm = TRUSTEE_IS_SID;
        ea.Trustee.TrusteeType = TRUSTEE_IS_GROUP;
        ea.Trustee.ptstrName = (LPWSTR) sid;
        e = SetEntriesInAclW(1, &ea, old, &merged);
        if (e != ERROR_SUCCESS) {
                LocalFree(sd);
                die_win("cannot build the write grant", e);
        }
        e = SetNamedSecurityInfoW((LPWSTR) dir, SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, NULL, NULL, merged, NULL);
        LocalFree(merged);
        LocalFree(sd);
        if (e != ERROR_SUCCESS) {
                char *u = to_utf8(dir);
                char what[1200];
                snprintf(what, sizeof(what), "cannot grant write access on '%s': SetNamedSecurityInfoW failed",
                         u ? u : "?");
                free(u);
                die_win(what, e);
        }
}

/* Removes a directory tree without following reparse points: a junction planted by the command
 * is removed as a link, never descended into (the runner is not restricted). */
static void remove_tree(const wchar_t *dir) {
        size_t dl = wcslen(dir);
        wchar_t *pattern = malloc((dl + 3) * sizeof(wchar_t));
        WIN32_FIND_DATAW fd;
        HANDLE h;

        if (!pattern)
                return;
        swprintf(pattern, dl + 3, L"%ls\\*", dir);
        h = FindFirstFileW(pattern, &fd);
        free(pattern);
        if (h != INVALID_HANDLE_VALUE) {
                do {
                        size_t nl;
                        wchar_t *child;

                        if (wcscmp(fd.cFileName, L".") == 0 || wcscmp(fd.cFileName, L"..") == 0)
                                continue;
                        nl = dl + 1 + wcslen(fd.cFileName) + 1;
                        child = malloc(nl * sizeof(wchar_t));
                        if (!child)
                                continue;
                        swprintf(child, nl, L"%ls\\%ls", dir, fd.cFileName);
                        if (fd.dwFileAttributes & FILE_ATTRIBUTE_READONLY)
                                SetFileAttributesW(child, fd.dwFileAttributes & ~FILE_ATTRIBUTE_READONLY);
                        if (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
                                if (!(fd.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT))
                                        remove_tree(child);
                                else
                                        RemoveDirectoryW(child);
                        } else
                                DeleteFileW(child);
                        free(child);
                } while (FindNextFileW(h, &fd));
                FindClose(h);
        }
        RemoveDirectoryW(dir);
}

static wchar_t *make_private_temp(void) {
        wchar_t base[MAX_PATH + 1], *dir;
        DWORD n = GetTempPathW(MAX_PATH + 1, base);
        size_t size;

        if (n == 0 || n > MAX_PATH)
                die_win("cannot find the temp directory", GetLastError());
        size = n + 64;
        dir = malloc(size * sizeof(wchar_t));
        if (!dir)
                die("out of memory");
        for (unsigned attempt = 0;; attempt++) {
                swprintf(dir, size, L"%lssbx-winrun-%lu-%lu-%u", base, (unsigned long) GetCurrentProcessId(),
                         (unsigned long) GetTickCount(), attempt);
                if (CreateDirectoryW(dir, NULL))
                        return dir;
                if (GetLastError() != ERROR_ALREADY_EXISTS || attempt > 100)
                        die_win("cannot create a private temp directory", GetLastError());
        }
}

static PSID well_known_sid(WELL_KNOWN_SID_TYPE type) {
        DWORD size = SECURITY_MAX_SID_SIZE;
        PSID sid = malloc(size);

        if (!sid || !CreateWellKnownSid(type, NULL, sid, &size))
                die_win("cannot build a well-known SID", GetLastError());
        return sid;
}

static void *token_info(HANDLE token, TOKEN_INFORMATION_CLASS cls) {
        DWORD size = 0;
        void *buf;

        GetTokenInformation(token, cls, NULL, 0, &size);
        if (size == 0)
                die_win("cannot query the process token", GetLastError());
        buf = malloc(size);
        if (!buf || !GetTokenInformation(token, cls, buf, size, &size))
                die_win("cannot query the process token", GetLastError());
        return buf;
}

/* A copy of the logon-session SID of the token, or NULL when it has none (a service). */
static PSID logon_sid(HANDLE token) {
        TOKEN_GROUPS *groups = token_info(token, TokenGroups);
        PSID copy = NULL;

        for (DWORD i = 0; i < groups->GroupCount; i++)
                if ((groups->Groups[i].Attributes & SE_GROUP_LOGON_ID) == SE_GROUP_LOGON_ID) {
                        DWORD len = GetLengthSid(groups->Groups[i].Sid);
                        copy = malloc(len);
                        if (!copy || !CopySid(len, copy, groups->Groups[i].Sid))
                                die_win("cannot copy the logon SID", GetLastError());
                        break;
                }
        free(groups);
        return copy;
}

/* Objects the command creates without an inherited ACL (its process and thread objects, pipes,
 * events) get a default DACL that its restricting SIDs pass, or it could not use them. */
static void set_default_dacl(HANDLE token, PSID user, PSID *sids, DWORD n) {
        EXPLICIT_ACCESS_W ea[8];
        TOKEN_DEFAULT_DACL dd;
        PACL acl = NULL;
        DWORD k = 0, e;
        PSID system = well_known_sid(WinLocalSystemSid);

        memset(ea, 0, sizeof(ea));
        PSID all[8] = { user, system };
        DWORD count = 2;
        for (DWORD i = 0; i < n && count < 8; i++)
                all[count++] = sids[i];
        for (k = 0; k < count; k++) {
                ea[k].grfAccessPermissions = GENERIC_ALL;
                ea[k].grfAccessMode = GRANT_ACCESS;
                ea[k].grfInheritance = NO_INHERITANCE;
                ea[k].Trustee.TrusteeForm = TRUSTEE_IS_SID;
                ea[k].Trustee.TrusteeType = TRUSTEE_IS_GROUP;
                ea[k].Trustee.ptstrName = (LPWSTR) all[k];
        }
        e = SetEntriesInAclW(count, ea, NULL, &acl);
        if (e != ERROR_SUCCESS)
                die_win("cannot build the default DACL", e);
        dd.DefaultDacl = acl;
        if (!SetTokenInformation(token, TokenDefaultDacl, &dd, sizeof(dd)))
                die_win("cannot set the default DACL of the restricted token", GetLastError());
        LocalFree(acl);
        free(system);
}

static BOOL WINAPI outlive_ctrl_c(DWORD type) {
        return type == CTRL_C_EVENT || type == CTRL_BREAK_EVENT;
}

static void make_inheritable(DWORD which) {
        HANDLE h = GetStdHandle(which);
        if (h && h != INVALID_HANDLE_VALUE)
                SetHandleInformation(h, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
}

int wmain(int argc, wchar_t **wargv); /* the -municode entry point */

int wmain(int argc, wchar_t **wargv) {
        struct sbx_winrun_args args;
        char err[512];
        char **argv;
        HANDLE token = NULL, restricted = NULL, job;
        TOKEN_USER *user;
        PSID sids[3], logon, workspace_sid = NULL;
        DWORD n_sids = 0, code;
        wchar_t *workspace = NULL, *temp = NULL, *wcmd;
        char *cmdline;
        STARTUPINFOW si;
        PROCESS_INFORMATION pi;
        JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits;
        int r;

        argv = calloc((size_t) argc + 1, sizeof(*argv));
        if (!argv)
                die("out of memory");
        for (int i = 0; i < argc; i++)
                if (!(argv[i] = to_utf8(wargv[i])))
                        die("argument %d is not valid UTF-16", i);
        if (sbx_winrun_parse_args(argc, argv, &args, err, sizeof(err)) < 0)
                die("%s", err);
        if (args.help) {
                fputs(sbx_winrun_usage, stdout);
                return 0;
        }
        r = sbx_windows_cmdline_join(args.command, &cmdline);
        if (r < 0)
                die("the command cannot be passed on a Windows command line");
        wcmd = to_wide(cmdline);
        if (!wcmd)
                die("out of memory");

        if (!OpenProcessToken(GetCurrentProcess(),
                              TOKEN_DUPLICATE | TOKEN_QUERY | TOKEN_ASSIGN_PRIMARY | TOKEN_ADJUST_DEFAULT, &token))
                die_win("cannot open the process token", GetLastError());
        user = token_info(token, TokenUser);
        sids[n_sids++] = well_known_sid(WinWorldSid);
        logon = logon_sid(token);
        if (logon)
                sids[n_sids++] = logon;

        workspace = canonical_dir(args.workspace, "workspace");
        if (args.mode == SBX_WINRUN_WORKSPACE_WRITE) {
                char *canon = to_utf8(workspace);
                char sid_text[96];
                wchar_t *wsid;

                if (!canon || sbx_winrun_workspace_sid(canon, sid_text, sizeof(sid_text)) < 0)
                        die("cannot derive the workspace SID");
                free(canon);
                wsid = to_wide(sid_text);
                if (!wsid || !ConvertStringSidToSidW(wsid, &workspace_sid))
                        die_win("cannot build the workspace SID", GetLastError());
                free(wsid);
                sids[n_sids++] = workspace_sid;

                grant_write(workspace, workspace_sid);
                if (args.temp)
                        temp = canonical_dir(args.temp, "temp directory");
                else
                        temp = created_temp = make_private_temp();
                grant_write(temp, workspace_sid);
                if (!SetEnvironmentVariableW(L"TEMP", temp) || !SetEnvironmentVariableW(L"TMP", temp))
                        die_win("cannot set TEMP for the command", GetLastError());
        }

        {
                SID_AND_ATTRIBUTES restricting[3];
                for (DWORD i = 0; i < n_sids; i++) {
                        restricting[i].Sid = sids[i];
                        restricting[i].Attributes = 0;
                }
                if (!CreateRestrictedToken(token, DISABLE_MAX_PRIVILEGE | WRITE_RESTRICTED, 0, NULL, 0, NULL, n_sids,
                                           restricting, &restricted))
                        die_win("CreateRestrictedToken failed", GetLastError());
        }
        {
                /* the command must be able to reopen what it creates outside the granted trees
                 * (its process, pipes, events): name its restricting SIDs in the default DACL */
                PSID dacl_sids[2];
                DWORD nd = 0;
                dacl_sids[nd++] = logon ? logon : sids[0];
                if (workspace_sid)
                        dacl_sids[nd++] = workspace_sid;
                set_default_dacl(restricted, user->User.Sid, dacl_sids, nd);
        }

        /* A job that dies with the runner, so a killed runner leaves no confined orphan behind.
         * Best effort: an enclosing job may forbid nesting on old Windows. */
        job = CreateJobObjectW(NULL, NULL);
        if (job) {
                memset(&limits, 0, sizeof(limits));
                limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
                SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof(limits));
        }
        make_inheritable(STD_INPUT_HANDLE);
        make_inheritable(STD_OUTPUT_HANDLE);
        make_inheritable(STD_ERROR_HANDLE);
        memset(&si, 0, sizeof(si));
        si.cb = sizeof(si);
        si.dwFlags = STARTF_USESTDHANDLES;
        si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
        si.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
        si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
        memset(&pi, 0, sizeof(pi));
        /* The command gets the console's Ctrl-C and decides; the runner waits for it. A handler
         * routine, not SetConsoleCtrlHandler(NULL, TRUE), whose "ignore" the child would inherit. */
        SetConsoleCtrlHandler(outlive_ctrl_c, TRUE);
        if (!CreateProcessAsUserW(restricted, NULL, wcmd, NULL, NULL, TRUE, CREATE_SUSPENDED, NULL, NULL, &si, &pi)) {
                DWORD e = GetLastError();
                char what[256];
                snprintf(what, sizeof(what), "cannot start '%s': CreateProcessAsUserW failed", args.command[0]);
                die_win(what, e);
        }
        if (job)
                AssignProcessToJobObject(job, pi.hProcess);
        if (ResumeThread(pi.hThread) == (DWORD) -1) {
                DWORD e = GetLastError();
                TerminateProcess(pi.hProcess, SBX_WINRUN_EXIT_FAILURE);
                die_win("cannot resume the command", e);
        }
        CloseHandle(pi.hThread);
        if (WaitForSingleObject(pi.hProcess, INFINITE) != WAIT_OBJECT_0)
                die_win("cannot wait for the command", GetLastError());
        if (!GetExitCodeProcess(pi.hProcess, &code))
                die_win("cannot read the command's exit code", GetLastError());
        CloseHandle(pi.hProcess);
        cleanup();
        return (int) code;
}
