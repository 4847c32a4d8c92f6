/* The path a denial line names, from the shapes real tools print:
 *   touch: cannot touch 'X': Read-only file system      (quoted before the signature)
 *   mkdir: cannot create directory ‘X’: Permission denied
 *   sh: 1: cannot create X: Read-only file system        (unquoted object of "cannot <verb>")
 *   fatal: cannot mkdir X: Read-only file system         (git)
 *   bash: X: Permission denied, tar: X: Cannot open: ...  (the field before "<errno text>")
 *   OSError: [Errno 30] Read-only file system: 'X'       (quoted after the signature)
 *   Error: EROFS: read-only file system, open 'X'        (Node)
 *   Access to the path 'X' is denied.                    (.NET / PowerShell)
 * Pure: no allocation, no I/O. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "classify-internal.h"
#include "sbx-macro.h"

struct quote {
        const char *open;
        const char *close;
};

/* Opening quote -> closing quote. `X' (old GNU style) closes with '. */
static const struct quote quotes[] = {
        { "'", "'" },
        { "`", "'" },
        { "\"", "\"" },
        { "\xe2\x80\x98", "\xe2\x80\x99" }, /* ‘ ’ */
        { "\xe2\x80\x9c", "\xe2\x80\x9d" }, /* “ ” */
};

static size_t put(char *out, size_t size, const char *s, size_t n) {
        if (size == 0)
                return 0;
        while (n > 0 && (s[0] == ' ' || s[0] == '\t'))
                s++, n--;
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        if (n > size - 1)
                n = size - 1;
        memcpy(out, s, n);
        out[n] = '\0';
        return n;
}

static bool starts_with(const char *s, size_t n, const char *prefix) {
        size_t k = strlen(prefix);
        return n >= k && memcmp(s, prefix, k) == 0;
}

static bool ends_with(const char *s, size_t n, const char *suffix) {
        size_t k = strlen(suffix);
        return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* A quoted string starting at s (after optional glue such as ": ", ", open "), within n bytes. */
static size_t quoted_after(const char *s, size_t n, char *out, size_t size) {
        size_t i = 0;

        /* Only short connecting words: "Read-only file system: 'X'", "..., open 'X'", "path 'X'". */
        while (i < n && i < 32 && (sbx_ascii_alpha((unsigned char) s[i]) || s[i] == ' ' || s[i] == ':' || s[i] == ','))
                i++;
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                const char *start, *end;

                if (!starts_with(s + i, n - i, quotes[q].open))
                        continue;
                start = s + i + strlen(quotes[q].open);
                end = memmem(start, (size_t) (s + n - start), quotes[q].close, strlen(quotes[q].close));
                if (!end || end == start)
                        return 0;
                return put(out, size, start, (size_t) (end - start));
        }
        return 0;
}

static bool path_like(const char *s, size_t n) {
        return memchr(s, '/', n) || memchr(s, '\\', n) || memchr(s, '.', n) || memchr(s, '~', n);
}

/* zsh's "zsh:1: permission denied: /x": one path-like word after ": " ending the line. */
static size_t unquoted_after(const char *s, size_t n, char *out, size_t size) {
        if (n < 3 || s[0] != ':' || s[1] != ' ')
                return 0;
        s += 2;
        n -= 2;
        if (memchr(s, ' ', n) || memchr(s, '\t', n) || !path_like(s, n))
                return 0;
        return put(out, size, s, n);
}

static size_t word_count(const char *s, size_t n) {
        size_t w = 0;
        bool in = false;

        for (size_t i = 0; i < n; i++) {
                bool sp = s[i] == ' ' || s[i] == '\t';
                if (!sp && !in)
                        w++;
                in = !sp;
        }
        return w;
}

/* "cannot create X", "Can't open X", "could not lock config file X": a verb phrase whose object
 * is its last word. */
static bool verb_phrase(const char *s, size_t n) {
        static const char *const verbs[] = {
                "cannot ", "can't ", "could not ", "couldn't ", "unable to ", "failed to ", "error ",
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(verbs); i++) {
                size_t k = strlen(verbs[i]);
                if (n >= k && strncasecmp(s, verbs[i], k) == 0)
                        return word_count(s, n) >= 3;
        }
        return false;
}

/* The path before "<path>: <signature>". */
static size_t before(const char *s, size_t n, char *out, size_t size) {
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        if (n == 0 || s[n - 1] != ':')
                return 0;
        n--;
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;

        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                size_t cl = strlen(quotes[q].close), ol = strlen(quotes[q].open);

                if (!ends_with(s, n, quotes[q].close))
                        continue;
                /* the nearest opening quote that pairs with this closing one */
                for (size_t i = n - cl; i-- > 0;) {
                        for (size_t o = 0; o < SBX_ELEMENTSOF(quotes); o++) {
                                size_t l = strlen(quotes[o].open);
                                if (strcmp(quotes[o].close, quotes[q].close) != 0 || i + l > n - cl)
                                        continue;
                                if (memcmp(s + i, quotes[o].open, l) == 0 && i + l < n - cl)
                                        return put(out, size, s + i + l, n - cl - i - l);
                        }
                }
                (void) ol;
                return 0;
        }

        /* Unquoted: walk the ": "-separated fields from the right. */
        for (size_t end = n; end > 0;) {
                size_t start = end;
                bool first;

                while (start > 0 && !(start >= 2 && s[start - 2] == ':' && s[start - 1] == ' '))
                        start--;
                first = start == 0;
                if (start < end) {
                        const char *f = s + start;
                        size_t fl = end - start, words = word_count(f, fl);

                        if (words == 1) {
                                if (!first || path_like(f, fl))
                                        return put(out, size, f, fl);
                                return 0;
                        }
                        if (verb_phrase(f, fl)) {
                                size_t w = fl;
                                while (w > 0 && f[w - 1] != ' ' && f[w - 1] != '\t')
                                        w--;
                                return put(out, size, f + w, fl - w);
                        }
                        /* "Cannot open" and other phrases without an object: try the field before. */
                        if (words > 2)
                                return 0;
                }
                if (start < 2)
                        break;
                end = start - 2;
        }
        return 0;
}

size_t sbx_denial_path_extract(const char *line, size_t len, size_t sig_start, size_t sig_end,
                               char *ret_path, size_t size) {
        size_t n;

        if (!ret_path || size == 0)
                return 0;
        ret_path[0] = '\0';
        if (!line || sig_start > sig_end || sig_end > len)
                return 0;
        n = quoted_after(line + sig_end, len - sig_end, ret_path, size);
        if (n > 0)
                return n;
        n = unquoted_after(line + sig_end, len - sig_end, ret_path, size);
        if (n > 0)
                return n;
        n = before(line, sig_start, ret_path, size);
        if (n > 0)
                return n;
        ret_path[0] = '\0';
        return 0;
}
