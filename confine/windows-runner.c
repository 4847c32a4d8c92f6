/* The windows-acl provider/runner contract, pure and portable (see windows-runner.h). Standard C
 * only: this file is also compiled by mingw-w64 into sbx-winrun.exe. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "windows-runner.h"

/* ---- a growable string --------------------------------------------------------------------- */

static int buf_reserve(char **buf, size_t *len, size_t more) {
        /* *buf holds *len bytes plus a NUL; capacity is tracked as the next power of two */
        size_t need = *len + more + 1, cap = 64;
        char *n;

        while (cap < need)
                cap *= 2;
        n = realloc(*buf, cap);
        if (!n)
                return -ENOMEM;
        *buf = n;
        return 0;
}

static int buf_putc(char **buf, size_t *len, char c, size_t count) {
        if (count == 0)
                return 0;
        if (buf_reserve(buf, len, count) < 0)
                return -ENOMEM;
        memset(*buf + *len, c, count);
        *len += count;
        (*buf)[*len] = '\0';
        return 0;
}

static int buf_puts(char **buf, size_t *len, const char *s) {
        size_t l = strlen(s);
        if (buf_reserve(buf, len, l) < 0)
                return -ENOMEM;
        memcpy(*buf + *len, s, l + 1);
        *len += l;
        return 0;
}

/* ---- quoting ------------------------------------------------------------------------------- */

int sbx_windows_quote_arg(const char *arg, char **buf, size_t *len) {
        if (*arg && !strpbrk(arg, " \t\n\v\""))
                return buf_puts(buf, len, arg);
        if (buf_putc(buf, len, '"', 1) < 0)
                return -ENOMEM;
        for (const char *p = arg;; p++) {
                size_t backslashes = 0;
                while (*p == '\\') {
                        backslashes++;
                        p++;
                }
                if (*p == '\0') {
                        /* doubled, so the closing quote is not escaped */
                        if (buf_putc(buf, len, '\\', backslashes * 2) < 0)
                                return -ENOMEM;
                        break;
                }
                if (*p == '"') {
                        if (buf_putc(buf, len, '\\', backslashes * 2 + 1) < 0 || buf_putc(buf, len, '"', 1) < 0)
                                return -ENOMEM;
                        continue;
                }
                if (buf_putc(buf, len, '\\', backslashes) < 0 || buf_putc(buf, len, *p, 1) < 0)
                        return -ENOMEM;
        }
        return buf_putc(buf, len, '"', 1);
}

long sbx_windows_utf16_length(const char *s) {
        const unsigned char *p = (const unsigned char *) s;
        long units = 0;

        while (*p) {
                unsigned c = *p;
                size_t extra;
                unsigned long cp;

                if (c < 0x80) {
                        p++;
                        units++;
                        continue;
                }
                if ((c & 0xE0) == 0xC0) {
                        extra = 1;
                        cp = c & 0x1F;
                } else if ((c & 0xF0) == 0xE0) {
                        extra = 2;
                        cp = c & 0x0F;
                } else if ((c & 0xF8) == 0xF0) {
                        extra = 3;
                        cp = c & 0x07;
                } else
                        return -EINVAL;
                for (size_t i = 1; i <= extra; i++) {
                        if ((p[i] & 0xC0) != 0x80)
                                return -EINVAL;
                        cp = (cp << 6) | (p[i] & 0x3F);
                }
                /* overlong forms, surrogates and values beyond U+10FFFF are not UTF-8 */
                if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000) ||
                    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
                        return -EINVAL;
                units += cp >= 0x10000 ? 2 : 1;
                p += extra + 1;
        }
        return units;
}

/* CreateProcess runs a .bat or .cmd file as cmd.exe /c "<command line>", and cmd.exe reads the
 * line again by its own rules, which know nothing of the C runtime's \" escape: '%' expands
 * variables (before anything else, even inside quotes), '&', '|', '<' and '>' outside quotes
 * separate or redirect commands, '^' escapes, a '"' ends a quoted region and a line break ends
 * the command. An argument holding one of them could run a command of its own; none is passed. */
static const char batch_metacharacters[] = "\"%&|<>^\r\n";

/* Windows drops trailing dots and spaces from a file name: "x.bat. " runs x.bat. */
static bool is_batch_file(const char *program) {
        size_t l = strlen(program);

        while (l > 0 && (program[l - 1] == '.' || program[l - 1] == ' '))
                l--;
        if (l < 4 || program[l - 4] != '.')
                return false;
        char ext[4];
        for (size_t i = 0; i < 3; i++) {
                char c = program[l - 3 + i];
                ext[i] = (char) (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        }
        ext[3] = '\0';
        return strcmp(ext, "bat") == 0 || strcmp(ext, "cmd") == 0;
}

static bool is_separator(char c) {
        return c == '\\' || c == '/';
}

static char fold_ascii(char c) {
        return (char) (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

bool sbx_windows_path_beneath(const char *path, const char *dir) {
        size_t n = strlen(dir);

        while (n > 0 && is_separator(dir[n - 1]))
                n--;
        if (n == 0)
                return false;
        for (size_t i = 0; i < n; i++) {
                unsigned char d = (unsigned char) dir[i], c = (unsigned char) path[i];

                /* beyond ASCII any byte matches any: a case variant is refused, not missed */
                if (is_separator(dir[i]) ? !is_separator(path[i])
                    : d >= 0x80       ? c < 0x80
                                      : fold_ascii(path[i]) != fold_ascii(dir[i]))
                        return false;
        }
        return path[n] == '\0' || is_separator(path[n]);
}

int sbx_windows_cmdline_join(char *const *argv, char **ret_cmdline) {
        char *buf = NULL;
        size_t len = 0;
        long units;
        int r;

        if (!argv || !argv[0])
                return -EINVAL;
        if (strchr(argv[0], '"'))
                return -EINVAL;
        for (char *const *a = argv; *a; a++)
                if (sbx_windows_utf16_length(*a) < 0)
                        return -EINVAL;
        if (is_batch_file(argv[0]))
                for (char *const *a = argv; *a; a++)
                        if (strpbrk(*a, batch_metacharacters))
                                return -EINVAL;
        if (!*argv[0] || strpbrk(argv[0], " \t")) {
                r = buf_putc(&buf, &len, '"', 1);
                if (r >= 0)
                        r = buf_puts(&buf, &len, argv[0]);
                if (r >= 0)
                        r = buf_putc(&buf, &len, '"', 1);
        } else
                r = buf_puts(&buf, &len, argv[0]);
        for (char *const *a = argv + 1; r >= 0 && *a; a++) {
                r = buf_putc(&buf, &len, ' ', 1);
                if (r >= 0)
                        r = sbx_windows_quote_arg(*a, &buf, &len);
        }
        if (r < 0) {
                free(buf);
                return r;
        }
        units = sbx_windows_utf16_length(buf);
        if (units < 0 || units + 1 > SBX_WINDOWS_CMDLINE_MAX) {
                free(buf);
                return units < 0 ? -EINVAL : -E2BIG;
        }
        *ret_cmdline = buf;
        return 0;
}

/* ---- the runner's arguments ---------------------------------------------------------------- */

const char sbx_winrun_usage[] =
        "usage: sbx-winrun --mode read-only|workspace-write --workspace DIR [--temp DIR] -- COMMAND [ARG...]\n"
        "\n"
        "Runs COMMAND under a write-restricted token. In workspace-write, the token's per-workspace SID\n"
        "is granted write access (inheritable ACEs) on DIR and on a private temp directory. Exits with\n"
        "COMMAND's exit code; its own failures print one 'sbx-winrun: ' line and exit 125.\n";

const char *sbx_winrun_mode_to_string(enum sbx_winrun_mode m) {
        switch (m) {
        case SBX_WINRUN_READ_ONLY: return "read-only";
        case SBX_WINRUN_WORKSPACE_WRITE: return "workspace-write";
        }
        return NULL;
}

int sbx_winrun_mode_from_string(const char *s, enum sbx_winrun_mode *ret_mode) {
        if (s && strcmp(s, "read-only") == 0)
                *ret_mode = SBX_WINRUN_READ_ONLY;
        else if (s && strcmp(s, "workspace-write") == 0)
                *ret_mode = SBX_WINRUN_WORKSPACE_WRITE;
        else
                return -EINVAL;
        return 0;
}

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errsize, const char *fmt, ...) {
        va_list ap;

        if (err && errsize) {
                va_start(ap, fmt);
                vsnprintf(err, errsize, fmt, ap);
                va_end(ap);
        }
        return -EINVAL;
}

int sbx_winrun_parse_args(int argc, char *const *argv, struct sbx_winrun_args *ret, char *err, size_t errsize) {
        static const char *const names[] = { "--mode", "--workspace", "--temp" };
        const char *values[3] = {};
        struct sbx_winrun_args a = {};
        bool have_mode, dashdash = false;
        int i;

        if (argc < 1 || !argv)
                return fail(err, errsize, "%s", "no arguments");
        for (i = 1; i < argc; i++) {
                const char *arg = argv[i];
                const char *value = NULL;
                size_t k;

                if (strcmp(arg, "--") == 0) {
                        dashdash = true;
                        i++;
                        break;
                }
                if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
                        a.help = true;
                        *ret = a;
                        return 0;
                }
                for (k = 0; k < 3; k++) {
                        size_t nl = strlen(names[k]);
                        if (strcmp(arg, names[k]) == 0) {
                                if (i + 1 >= argc)
                                        return fail(err, errsize, "option '%s' needs a value", names[k]);
                                value = argv[++i];
                                break;
                        }
                        if (strncmp(arg, names[k], nl) == 0 && arg[nl] == '=') {
                                value = arg + nl + 1;
                                break;
                        }
                }
                if (k == 3) {
                        if (arg[0] == '-')
                                return fail(err, errsize, "unknown option '%s'", arg);
                        return fail(err, errsize, "unexpected argument '%s' (the command follows '--')", arg);
                }
                if (values[k])
                        return fail(err, errsize, "option '%s' given twice", names[k]);
                if (!*value)
                        return fail(err, errsize, "option '%s' needs a non-empty value", names[k]);
                values[k] = value;
        }
        if (!values[0])
                return fail(err, errsize, "%s", "missing --mode");
        have_mode = sbx_winrun_mode_from_string(values[0], &a.mode) == 0;
        if (!have_mode)
                return fail(err, errsize, "unknown mode '%s' (read-only or workspace-write)", values[0]);
        if (!values[1])
                return fail(err, errsize, "%s", "missing --workspace");
        if (values[2] && a.mode != SBX_WINRUN_WORKSPACE_WRITE)
                return fail(err, errsize, "%s", "--temp is only meaningful in workspace-write");
        if (!dashdash || i >= argc)
                return fail(err, errsize, "%s", "missing command after '--'");
        a.workspace = values[1];
        a.temp = values[2];
        a.command = argv + i;
        *ret = a;
        return 0;
}

int sbx_winrun_build_argv(const char *runner, enum sbx_winrun_mode mode, const char *workspace, const char *temp,
                          char *const *command, char ***ret_argv) {
        const char *mode_name = sbx_winrun_mode_to_string(mode);
        size_t n_cmd = 0, n, k = 0;
        char **v;

        if (!runner || !*runner || !mode_name || !workspace || !*workspace || !command || !command[0])
                return -EINVAL;
        if (temp && (!*temp || mode != SBX_WINRUN_WORKSPACE_WRITE))
                return -EINVAL;
        while (command[n_cmd])
                n_cmd++;
        n = 1 + 4 + (temp ? 2 : 0) + 1 + n_cmd;
        v = calloc(n + 1, sizeof(*v));
        if (!v)
                return -ENOMEM;
#define PUSH(s)                                                                                    \
        do {                                                                                       \
                if (!(v[k++] = strdup(s)))                                                         \
                        goto oom;                                                                  \
        } while (0)
        PUSH(runner);
        PUSH("--mode");
        PUSH(mode_name);
        PUSH("--workspace");
        PUSH(workspace);
        if (temp) {
                PUSH("--temp");
                PUSH(temp);
        }
        PUSH("--");
        for (size_t i = 0; i < n_cmd; i++)
                PUSH(command[i]);
#undef PUSH
        *ret_argv = v;
        return 0;
oom:
        for (size_t i = 0; i < n; i++)
                free(v[i]);
        free(v);
        return -ENOMEM;
}

/* ---- SHA-256 (FIPS 180-4) and the workspace SID -------------------------------------------- */

static const uint32_t sha256_k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n) {
        return (x >> n) | (x << (32 - n));
}

static void sha256_block(uint32_t h[8], const uint8_t b[64]) {
        uint32_t w[64], s[8];

        for (int i = 0; i < 16; i++)
                w[i] = (uint32_t) b[4 * i] << 24 | (uint32_t) b[4 * i + 1] << 16 | (uint32_t) b[4 * i + 2] << 8 |
                       b[4 * i + 3];
        for (int i = 16; i < 64; i++) {
                uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
                uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
                w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        memcpy(s, h, sizeof(s));
        for (int i = 0; i < 64; i++) {
                uint32_t t1 = s[7] + (ror(s[4], 6) ^ ror(s[4], 11) ^ ror(s[4], 25)) + ((s[4] & s[5]) ^ (~s[4] & s[6])) +
                              sha256_k[i] + w[i];
                uint32_t t2 = (ror(s[0], 2) ^ ror(s[0], 13) ^ ror(s[0], 22)) +
                              ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));
                memmove(s + 1, s, 7 * sizeof(*s));
                s[4] += t1;
                s[0] = t1 + t2;
        }
        for (int i = 0; i < 8; i++)
                h[i] += s[i];
}

void sbx_sha256(const void *data, size_t len, uint8_t out[32]) {
        uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
        const uint8_t *p = data;
        uint8_t tail[128] = {};
        size_t full = len / 64, rest = len % 64, tail_len;
        uint64_t bits = (uint64_t) len * 8;

        for (size_t i = 0; i < full; i++)
                sha256_block(h, p + 64 * i);
        memcpy(tail, p + 64 * full, rest);
        tail[rest] = 0x80;
        tail_len = rest + 1 + 8 <= 64 ? 64 : 128;
        for (int i = 0; i < 8; i++)
                tail[tail_len - 1 - i] = (uint8_t) (bits >> (8 * i));
        sha256_block(h, tail);
        if (tail_len == 128)
                sha256_block(h, tail + 64);
        for (int i = 0; i < 8; i++) {
                out[4 * i] = (uint8_t) (h[i] >> 24);
                out[4 * i + 1] = (uint8_t) (h[i] >> 16);
                out[4 * i + 2] = (uint8_t) (h[i] >> 8);
                out[4 * i + 3] = (uint8_t) h[i];
        }
}

int sbx_winrun_workspace_sid(const char *canonical_path, char *buf, size_t size) {
        static const char domain[] = "sbx-winrun workspace-write"; /* with its NUL */
        uint8_t digest[32];
        uint32_t sub[6];
        size_t pl, n;
        char *msg;
        int r;

        if (!canonical_path || !*canonical_path)
                return -EINVAL;
        pl = strlen(canonical_path);
        n = sizeof(domain) + pl;
        msg = malloc(n);
        if (!msg)
                return -ENOMEM;
        memcpy(msg, domain, sizeof(domain));
        for (size_t i = 0; i < pl; i++) {
                char c = canonical_path[i];
                if (c >= 'A' && c <= 'Z')
                        c = (char) (c - 'A' + 'a');
                else if (c == '/')
                        c = '\\';
                msg[sizeof(domain) + i] = c;
        }
        sbx_sha256(msg, n, digest);
        free(msg);
        for (int i = 0; i < 6; i++)
                sub[i] = (uint32_t) digest[4 * i] << 24 | (uint32_t) digest[4 * i + 1] << 16 |
                         (uint32_t) digest[4 * i + 2] << 8 | digest[4 * i + 3];
        r = snprintf(buf, size, "S-1-9-%lu-%lu-%lu-%lu-%lu-%lu", (unsigned long) sub[0], (unsigned long) sub[1],
                     (unsigned long) sub[2], (unsigned long) sub[3], (unsigned long) sub[4], (unsigned long) sub[5]);
        if (r < 0 || (size_t) r >= size)
                return -ENOBUFS;
        return 0;
}
