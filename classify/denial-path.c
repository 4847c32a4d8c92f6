/* The path a denial line names, from the shapes real tools print:
 *   touch: cannot touch 'X': Read-only file system      (quoted before the signature)
 *   mkdir: cannot create directory ‘X’: Permission denied
 *   sh: 1: cannot create X: Read-only file system        (unquoted object of "cannot <verb>")
 *   fatal: cannot mkdir X: Read-only file system         (git)
 *   bash: X: Permission denied, tar: X: Cannot open: ...  (the field before "<errno text>")
 *   OSError: [Errno 30] Read-only file system: 'X'       (quoted after the signature)
 *   Error: EROFS: read-only file system, open 'X'        (Node)
 *   Access to the path 'X' is denied.                    (.NET / PowerShell)
 *   ...:Permission denied:...:calling fopen(X, wb)       (OpenSSL's error stack)
 *   awk: cannot open "X" for output (Permission denied)  (mawk)
 *   java.io.FileNotFoundException: X (Permission denied) (Java)
 * Pure: no allocation, no I/O. */
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "classify-internal.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"

struct quote {
        const char *open;
        const char *close;
};

/* Opening quote -> closing quote. `X' (old GNU style) closes with ', `X` (Rust's) with `. */
static const struct quote quotes[] = {
        { "'", "'" },
        { "`", "'" },
        { "`", "`" }, /* Rust's tools, cargo: `X` */
        { "\"", "\"" },
        { "\xe2\x80\x98", "\xe2\x80\x99" }, /* ‘ ’ */
        { "\xe2\x80\x9c", "\xe2\x80\x9d" }, /* “ ” */
};

/* What the readers below return for a name they found that does not fit in out (out is ""): a
 * name cut short is another name, none rather than a wrong one. Not 0: the search ends there
 * (going on, it took another name of the line, a rename's source for its target). */
#define TOO_LONG SIZE_MAX

static size_t put(char *out, size_t size, const char *s, size_t n) {
        if (size == 0)
                return 0;
        while (n > 0 && (s[0] == ' ' || s[0] == '\t'))
                s++, n--;
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        if (n > size - 1) {
                out[0] = '\0';
                return TOO_LONG;
        }
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

/* Whether the byte at e follows an odd number of backslashes since start. */
static bool escaped(const char *start, const char *e) {
        size_t k = 0;

        while (e - k > start && e[-(ptrdiff_t) k - 1] == '\\')
                k++;
        return k % 2 == 1;
}

static size_t put_utf8(char *out, uint32_t c) {
        if (c < 0x80) {
                out[0] = (char) c;
                return 1;
        }
        if (c < 0x800) {
                out[0] = (char) (0xc0 | (c >> 6));
                out[1] = (char) (0x80 | (c & 0x3f));
                return 2;
        }
        if (c < 0x10000) {
                out[0] = (char) (0xe0 | (c >> 12));
                out[1] = (char) (0x80 | ((c >> 6) & 0x3f));
                out[2] = (char) (0x80 | (c & 0x3f));
                return 3;
        }
        out[0] = (char) (0xf0 | (c >> 18));
        out[1] = (char) (0x80 | ((c >> 12) & 0x3f));
        out[2] = (char) (0x80 | ((c >> 6) & 0x3f));
        out[3] = (char) (0x80 | (c & 0x3f));
        return 4;
}

/* Decodes, in place, the escapes of Python's repr of a name (\\ \' \" \n \r \t \xHH
 * \uHHHH \UHHHHHHHH; a lone surrogate \udcXX is the byte XX that was not UTF-8, as the
 * surrogateescape error handler made it): the name was recorded as printed, "/etc/nl\\nx" for
 * "/etc/nl<newline>x". Every escape is longer than what it stands for. 0 (out "") for an escape
 * repr never writes, or a NUL. */
static size_t py_unescape(char *out, size_t n) {
        size_t o = 0;

        for (size_t i = 0; i < n;) {
                uint32_t c = 0;
                size_t digits = 0;

                if (out[i] != '\\') {
                        out[o++] = out[i++];
                        continue;
                }
                if (i + 1 >= n)
                        goto bad;
                switch (out[i + 1]) {
                case '\\': case '\'': case '"':
                        c = (unsigned char) out[i + 1];
                        break;
                case 'n': c = '\n'; break;
                case 'r': c = '\r'; break;
                case 't': c = '\t'; break;
                case 'x': digits = 2; break;
                case 'u': digits = 4; break;
                case 'U': digits = 8; break;
                default:
                        goto bad;
                }
                i += 2;
                if (digits > 0) {
                        if (i + digits > n)
                                goto bad;
                        for (size_t d = 0; d < digits; d++, i++) {
                                if (!isxdigit((unsigned char) out[i]))
                                        goto bad;
                                c = c * 16 + (uint32_t) (isdigit((unsigned char) out[i]) ? out[i] - '0' : (tolower((unsigned char) out[i]) - 'a' + 10));
                        }
                }
                if (c == 0 || c > 0x10ffff)
                        goto bad;
                if (c >= 0xdc80 && c <= 0xdcff)
                        out[o++] = (char) (c & 0xff);
                else if (c >= 0xd800 && c <= 0xdfff)
                        goto bad;
                else
                        o += put_utf8(out + o, c);
        }
        out[o] = '\0';
        return o;
bad:
        out[0] = '\0';
        return TOO_LONG;
}

static size_t shell_word(const char *s, size_t n, char *out, size_t size);

/* Where the run of pieces of a shell-quoted word ('...', $'...', \') that starts at s[i] ends; i
 * when there is none. */
static size_t pieces_end(const char *s, size_t len, size_t i) {
        size_t j = i;

        for (;;) {
                const char *q;

                if (j < len && s[j] == '\'' && (q = memchr(s + j + 1, '\'', len - j - 1)))
                        j = (size_t) (q - s) + 1;
                else if (j + 1 < len && s[j] == '$' && s[j + 1] == '\'') {
                        size_t k = j + 2;

                        while (k < len && s[k] != '\'')
                                k += s[k] == '\\' ? 2 : 1;
                        if (k >= len)
                                return j;
                        j = k + 1;
                } else if (j + 1 < len && s[j] == '\\' && s[j + 1] == '\'')
                        j += 2;
                else
                        return j;
        }
}

/* A quoted string starting at s (after optional glue such as ": ", ", open "), within n bytes. */
static size_t quoted_after(const char *s, size_t n, bool py, char *out, size_t size) {
        size_t i = 0, w;

        /* Rust's io::Error ends the strerror text with " (os error N)"; the tempfile crate names
         * the path after it: "Read-only file system (os error 30) at path \"X\"" */
        if (starts_with(s, n, " (os error ")) {
                size_t k = 11;

                while (k < n && isdigit((unsigned char) s[k]))
                        k++;
                if (k > 11 && k < n && s[k] == ')') {
                        s += k + 1;
                        n -= k + 1;
                }
        }
        /* Only short connecting words: "Read-only file system: 'X'", "..., open 'X'", "path 'X'". */
        while (i < n && i < 32 && (sbx_ascii_alpha((unsigned char) s[i]) || s[i] == ' ' || s[i] == ':' || s[i] == ','))
                i++;
        /* a name GNU tools quoted in pieces, whole: chmod's "changing permissions of
         * 'a'$'\n''b'" took "a", a name the command never touched (review: as nobody, root's
         * file "a<newline>b" in the workspace read as denied, "a" missing on the host): its pieces
         * ending s or followed by ':', ',', ')' or a blank, two or more (shell_word()) */
        if (!py && (w = pieces_end(s + i, n - i, 0)) > 0 && (w == n - i || (s[i + w] && strchr(":,) \t", s[i + w])))) {
                size_t k = shell_word(s + i, w, out, size);

                if (k > 0)
                        return k;
        }
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                const char *start, *end;

                if (!starts_with(s + i, n - i, quotes[q].open))
                        continue;
                start = s + i + strlen(quotes[q].open);
                end = memmem(start, (size_t) (s + n - start), quotes[q].close, strlen(quotes[q].close));
                if (!end || end == start)
                        return 0;
                /* Node prints a name as it is, quotes included ("open '/etc/it's'", "'/etc/q'\"r'"):
                 * a closing quote followed by anything but a blank or punctuation that ends a name
                 * is one of the name's, when a later one follows (the name was cut there:
                 * "/etc/it", another file) */
                {
                        const char *e = end;
                        size_t cl = strlen(quotes[q].close);

                        while (e && e + cl < s + n && !strchr(" \t,;:).", e[cl]))
                                e = memmem(e + cl, (size_t) (s + n - e - cl), quotes[q].close, cl);
                        if (e)
                                end = e;
                }
                /* Python's repr escapes a quote of the name's ('/etc/it\'s "q"') */
                while (py && end && escaped(start, end))
                        end = memmem(end + 1, (size_t) (s + n - end - 1), quotes[q].close, strlen(quotes[q].close));
                if (!end)
                        return 0;
                /* "'SRC' -> 'DST'" (Python's and Node's link, symlink, rename): the new name */
                {
                        const char *after = end + strlen(quotes[q].close);
                        size_t k, rest = (size_t) (s + n - after);

                        if (starts_with(after, rest, " -> ") &&
                            (k = quoted_after(after + 4, rest - 4, py, out, size)) > 0)
                                return k;
                }
                {
                        size_t k = put(out, size, start, (size_t) (end - start));
                        return py && k > 0 && k != TOO_LONG ? py_unescape(out, k) : k;
                }
        }
        return 0;
}

/* Whether s starts with one of the opening quotes. */
static bool opens_quote(const char *s, size_t n) {
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++)
                if (starts_with(s, n, quotes[q].open))
                        return true;
        return false;
}

/* Whether the quote opening at s[at] follows the word "link": cp's "cannot create hard link 'NEW'
 * to 'TARGET'" (-l), "cannot create symbolic link 'NEW' to 'TARGET'" (-s) name the link made
 * first; mv's "'SRC' to 'DST'" names what it made last. */
static bool after_link_word(const char *s, size_t at) {
        return at >= 5 && strncasecmp(s + at - 5, "link ", 5) == 0;
}

/* The first quoted string anywhere in s[0..n); of "'SRC' to 'DST'" the second (mv's
 * "inter-device move failed: 'SRC' to 'DST'; unable to remove target": the source was taken),
 * unless the first is a link made. */
static size_t quoted_within(const char *s, size_t n, char *out, size_t size) {
        for (size_t i = 0; i < n; i++)
                for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                        size_t ol = strlen(quotes[q].open), k;
                        const char *start, *end, *after;

                        if (!starts_with(s + i, n - i, quotes[q].open))
                                continue;
                        start = s + i + ol;
                        end = memmem(start, (size_t) (s + n - start), quotes[q].close, strlen(quotes[q].close));
                        if (!end || end == start)
                                continue;
                        after = end + strlen(quotes[q].close);
                        if (starts_with(after, (size_t) (s + n - after), " to ") && !after_link_word(s, i) &&
                            opens_quote(after + 4, (size_t) (s + n - after) - 4) &&
                            (k = quoted_within(after + 4, (size_t) (s + n - after) - 4, out, size)) > 0)
                                return k;
                        return put(out, size, start, (size_t) (end - start));
                }
        return 0;
}

static bool path_like(const char *s, size_t n) {
        return memchr(s, '/', n) || memchr(s, '\\', n) || memchr(s, '.', n) || memchr(s, '~', n);
}

/* zsh's "zsh:1: permission denied: /x": one path-like word after ": " ending the line. Or two
 * joined by an arrow, Java's NIO exception of a call on two names ("AccessDeniedException: /x ->
 * y", Files.move): the name after it, as for Python's and Node's "'/x' -> 'y'". Or, after a
 * blank alone, one word with a directory in it ending the line: git's "insufficient permission
 * for adding an object to repository database .git/objects", Node's "listen EACCES: permission
 * denied /x.sock"; or followed by " directory." alone, RubyGems' "You don't have write permissions
 * for the /x directory.". */
static size_t unquoted_after(const char *s, size_t n, char *out, size_t size) {
        const char *arrow;

        if (n >= 2 && s[0] == ' ' && s[1] != ' ') {
                s++;
                n--;
                /* RubyGems prints the directory as it is: an absolute one whole, its blanks
                 * part of it (review: as nobody under bwrap, GEM_HOME "/x/my gems" of root's
                 * named no path and read as denied, the host's refusal) */
                if (ends_with(s, n, " directory.")) {
                        n -= strlen(" directory.");
                        if (n > 1 && s[0] == '/')
                                return put(out, size, s, n);
                }
                if (memchr(s, ' ', n) || memchr(s, '\t', n) || !memchr(s, '/', n))
                        return 0;
                return put(out, size, s, n);
        }
        if (n < 3 || s[0] != ':' || s[1] != ' ')
                return 0;
        s += 2;
        n -= 2;
        arrow = memmem(s, n, " -> ", 4);
        if (arrow && arrow > s && path_like(s, (size_t) (arrow - s)) && !memchr(s, ' ', (size_t) (arrow - s))) {
                const char *t = arrow + 4;
                size_t tl = (size_t) (s + n - t);

                if (tl > 0 && !memchr(t, ' ', tl) && !memchr(t, '\t', tl))
                        return put(out, size, t, tl);
                return 0;
        }
        if (memchr(s, ' ', n) || memchr(s, '\t', n) || !path_like(s, n))
                return 0;
        return put(out, size, s, n);
}

/* A C call ending the line after the signature, the file its first argument: OpenSSL's error
 * stack names the file only there, "...:system library:BIO_new_file:Permission denied:
 * ../crypto/bio/bss_file.c:67:calling fopen(/etc/x, wb)" (3.x), "...:fopen('/etc/x','w')" (1.1).
 * The call is an identifier right before '(', the line ends with its ')'; the argument is quoted
 * whole, or a word without blanks that looks like a path. */
static size_t call_after(const char *s, size_t n, char *out, size_t size) {
        size_t open, a, e;

        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        if (n < 4 || s[n - 1] != ')')
                return 0;
        open = 0;
        for (size_t i = n - 1; i > 0; i--)
                if (s[i - 1] == '(') {
                        open = i;
                        break;
                }
        if (open < 2 || !(sbx_ascii_alpha((unsigned char) s[open - 2]) || isdigit((unsigned char) s[open - 2]) ||
                          s[open - 2] == '_'))
                return 0;
        a = open;
        if (s[a] == '\'' || s[a] == '"') {
                const char *end = memchr(s + a + 1, s[a], n - 1 - (a + 1));

                if (!end || end == s + a + 1)
                        return 0;
                return put(out, size, s + a + 1, (size_t) (end - (s + a + 1)));
        }
        for (e = a; e < n - 1 && s[e] != ',' && s[e] != ' ' && s[e] != '\t'; e++)
                ;
        if (e == a || (s[e] != ',' && e != n - 1) || !path_like(s + a, e - a))
                return 0;
        return put(out, size, s + a, e - a);
}

/* Ruby's SystemCallError after its errno text: "<strerror> @ <function> - <name>", and, uncaught,
 * " (Errno::X)" ending the line: "/usr/lib/ruby/3.1.0/fileutils.rb:243:in `mkdir': Permission
 * denied @ dir_s_mkdir - /x/a (Errno::EACCES)" (FileUtils.mkdir_p), "... @ rb_sysopen - /x/f"
 * (File.open, FileUtils.cp). s[0..n) starts at " @ ": where the name begins, its end at *ret_e
 * (the exception's class and trailing blanks left out); 0 when s holds no such tail. The name is
 * the rest of the line as it is (Ruby quotes nothing: blanks are part of it). */
static size_t ruby_function_name(const char *s, size_t n, size_t *ret_e) {
        static const char errno_class[] = " (Errno::";
        size_t i = 3, f, e = n;

        if (n < 7 || memcmp(s, " @ ", 3) != 0)
                return 0;
        f = i;
        while (i < n && (sbx_ascii_alpha((unsigned char) s[i]) || s[i] == '_' || isdigit((unsigned char) s[i])))
                i++;
        if (i == f || n - i < 4 || memcmp(s + i, " - ", 3) != 0)
                return 0;
        i += 3;
        while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t'))
                e--;
        /* the exception's class ending the line, no part of the name */
        if (e > i && s[e - 1] == ')') {
                size_t c = e - 1, cl = strlen(errno_class);

                while (c > i && (sbx_ascii_alpha((unsigned char) s[c - 1]) || isdigit((unsigned char) s[c - 1])))
                        c--;
                if (c < e - 1 && c - i >= cl && memcmp(s + c - cl, errno_class, cl) == 0)
                        e = c - cl;
        }
        if (e == i)
                return 0;
        *ret_e = e;
        return i;
}

/* Where B begins in Ruby's pair "(A, B)", s[i..e) its parentheses included: a call on two names
 * (rb_file_s_rename, rb_file_s_link, rb_file_s_symlink; FileUtils.mv), B the name it makes. Past
 * its one ", " or, of several (a name with ", " in it), past the one before an absolute name when
 * exactly one is ("(f, /x/c, d)": "/x/c, d"; it named none, and as nobody a rename into a
 * directory of root's read as denied, review). 0: no pair (not in parentheses); TOO_LONG: split
 * no way, or B empty. */
static size_t ruby_pair_split(const char *s, size_t i, size_t e) {
        const char *end, *comma, *second = NULL;

        if (e - i < 2 || s[i] != '(' || s[e - 1] != ')')
                return 0;
        end = s + e - 1;
        comma = memmem(s + i + 1, e - 1 - (i + 1), ", ", 2);
        if (!comma || comma + 2 == end)
                return TOO_LONG;
        if (!memmem(comma + 2, (size_t) (end - (comma + 2)), ", ", 2))
                return (size_t) (comma + 2 - s);
        for (; comma; comma = memmem(comma + 2, (size_t) (end - (comma + 2)), ", ", 2))
                if (comma[2] == '/') {
                        if (second)
                                return TOO_LONG;
                        second = comma + 2;
                }
        return second ? (size_t) (second - s) : TOO_LONG;
}

/* The name of Ruby's SystemCallError after its errno text, s[0..n) starting at " @ "
 * (ruby_function_name()): of a pair "(A, B)", B (ruby_pair_split()). */
static size_t ruby_errno_after(const char *s, size_t n, char *out, size_t size) {
        size_t e, i = ruby_function_name(s, n, &e), b;

        if (i == 0)
                return 0;
        b = ruby_pair_split(s, i, e);
        if (b == TOO_LONG)
                return TOO_LONG;
        if (b > 0)
                return put(out, size, s + b, e - 1 - b);
        return put(out, size, s + i, e - i);
}

/* A field that is a C call on the name, its argument as it is: ninja's "ninja: error:
 * mkdir(/x/d): Read-only file system" and "remove(/x/f): ..." (disk_interface.cc). The call is an
 * identifier starting the field, the field ends with its ')'; the argument (the first, before a
 * comma) holds no parenthesis and looks like a path, or, of a call that takes a path first
 * (ninja's mkdir(), remove(), WriteFile()), is one word: "mkdir(obj)" of a build's first-level
 * directory (it was the name "mkdir(obj)" of the cwd's; "report(1)", a file's name, stays one). */
static size_t call_field(const char *f, size_t fl, char *out, size_t size) {
        static const char *const path_calls[] = { "mkdir", "remove", "WriteFile", "rmdir", "unlink" };
        size_t i = 0, e;
        bool path_call = false;

        /* PHP's warnings put two blanks after their label: "PHP Warning:  fopen(/x): Failed to
         * open stream: Permission denied in ..." */
        while (fl > 0 && (f[0] == ' ' || f[0] == '\t'))
                f++, fl--;
        while (i < fl && (sbx_ascii_alpha((unsigned char) f[i]) || f[i] == '_' || (i > 0 && isdigit((unsigned char) f[i]))))
                i++;
        if (i == 0 || i + 2 >= fl || f[i] != '(' || f[fl - 1] != ')')
                return 0;
        for (size_t k = 0; k < SBX_ELEMENTSOF(path_calls); k++)
                path_call |= strlen(path_calls[k]) == i && memcmp(f, path_calls[k], i) == 0;
        for (e = ++i; e < fl - 1 && f[e] != ',' && f[e] != '(' && f[e] != ')'; e++)
                ;
        if (e == i || f[e] == '(' || (f[e] == ')' && e != fl - 1) ||
            !(path_like(f + i, e - i) || (path_call && !memchr(f + i, ' ', e - i) && !memchr(f + i, '\t', e - i))))
                return 0;
        return put(out, size, f + i, e - i);
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
 * is its last word; also GCC's "opening dependency file X" (-MF), "opening output file X" (-E),
 * ninja's "creating build directory X". A verb and an object after the leading words: "could not
 * open", "Unable to write" have none (their verb was read as a relative name the run never
 * touched, beneath the workspace the host's own refusal, and the denial was lost). */
static bool verb_phrase(const char *s, size_t n) {
        static const char *const verbs[] = {
                "cannot ", "can't ", "could not ", "couldn't ", "unable to ", "failed to ", "error ", "opening ",
                "creating ",
        };

        /* patch's "**** Can't create temporary file X " */
        while (n > 0 && (s[0] == '*' || s[0] == ' '))
                s++, n--;
        for (size_t i = 0; i < SBX_ELEMENTSOF(verbs); i++) {
                size_t k = strlen(verbs[i]);
                if (n >= k && strncasecmp(s, verbs[i], k) == 0)
                        return word_count(s, n) >= word_count(verbs[i], k) + 2;
        }
        return false;
}

/* The kind of thing a verb phrase is about, ending it where the name would be: dpkg-deb's "failed
 * to create directory: ...", "cannot open file: ...", util-linux script's "failed to create
 * pseudo-terminal: ..." (its new terminal's slave, which Landlock does not grant: recorded as
 * a file "pseudo-terminal" of the start directory). No name: the line names no path. */
static bool kind_word(const char *s, size_t n) {
        static const char *const kinds[] = { "directory", "file",    "folder",   "link", "pseudo-terminal",
                                             "terminal",  "subvolume", "snapshot" };

        for (size_t i = 0; i < SBX_ELEMENTSOF(kinds); i++)
                if (n == strlen(kinds[i]) && strncasecmp(s, kinds[i], n) == 0)
                        return true;
        return false;
}

/* Where a name printed as it is from f[i] on ends: at the end of the field, or before an
 * annotation (apt's "X - open (13"). */
static size_t name_end(const char *f, size_t i, size_t fl) {
        size_t e = i + 1;

        while (e < fl && !((f[e - 1] == ' ' || f[e - 1] == '\t') && (f[e] == '(' || (f[e] == '-' && (e + 1 == fl || f[e + 1] == ' ')))))
                e++;
        return e;
}

/* Whether s[0..n) starts with a preposition and a blank: after a kind word it places the thing
 * ("Cannot create temporary file in ./", GCC's libiberty), or tells what it is for (CMake's
 * "Cannot open file for write: X"), and the name is the phrase's last word or the next field. */
static bool preposition_first(const char *s, size_t n) {
        static const char *const preps[] = { "in ", "at ", "on ", "under ", "into ", "within ", "for " };

        for (size_t i = 0; i < SBX_ELEMENTSOF(preps); i++)
                if (n > strlen(preps[i]) && strncasecmp(s, preps[i], strlen(preps[i])) == 0)
                        return true;
        return false;
}

/* Where the name after the kind word of a verb phrase starts ("unable to create file f x.txt"),
 * when it is unquoted and holds a blank (a name of one word is the phrase's last word); 0 when
 * there is none, or when a preposition follows the kind word ("file in DIR/"). */
static size_t after_kind(const char *s, size_t n) {
        for (size_t b = 0; b < n;) {
                size_t e = b;

                while (e < n && s[e] != ' ' && s[e] != '\t')
                        e++;
                if (kind_word(s + b, e - b) && e + 1 < n && s[e] == ' ') {
                        const char *r = s + e + 1;
                        size_t rl = n - e - 1;

                        if (opens_quote(r, rl) || r[0] == ' ' || !(memchr(r, ' ', rl) || memchr(r, ':', rl)) ||
                            preposition_first(r, rl))
                                return 0;
                        return e + 1;
                }
                b = e + 1;
        }
        return 0;
}

/* Whether the word before s[w] (the blanks before w skipped) is word, in any case. */
static bool word_before_is(const char *s, size_t w, const char *word) {
        size_t e = w, b, n = strlen(word);

        while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t'))
                e--;
        for (b = e; b > 0 && s[b - 1] != ' ' && s[b - 1] != '\t'; b--)
                ;
        return e - b == n && strncasecmp(s + b, word, n) == 0;
}

/* Whether the word before the last one of a field (its last word starts at s[w]) is a
 * preposition that places the object: "Can't do inplace edit on X". Not "for" ("open for
 * writing"). */
static bool preposition_before(const char *s, size_t w) {
        static const char *const preps[] = { "on", "in", "into", "to", "at" };

        for (size_t i = 0; i < SBX_ELEMENTSOF(preps); i++)
                if (word_before_is(s, w, preps[i]))
                        return true;
        return false;
}

/* Whether the word before s[w] is "for": the word at w tells what the verb was for (shred's
 * "failed to open for writing"), and is no name of a file. */
static bool purpose_before(const char *s, size_t w) {
        return word_before_is(s, w, "for");
}

/* The name a field is when the program quoted it whole, alone: shred's "'/x/a b': failed to open
 * for writing" (a name with a blank, a quote or a control character is quoted, in pieces too,
 * 'it'\''s'). 0 when the field is no one quoted name. */
static size_t quoted_field(const char *f, size_t fl, char *out, size_t size) {
        size_t k = shell_word(f, fl, out, size);

        if (k > 0)
                return k;
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                size_t ol = strlen(quotes[q].open), cl = strlen(quotes[q].close);

                if (fl > ol + cl && starts_with(f, fl, quotes[q].open) && ends_with(f, fl, quotes[q].close) &&
                    !memmem(f + ol, fl - ol - cl, quotes[q].close, cl))
                        return put(out, size, f + ol, fl - ol - cl);
        }
        return 0;
}

/* Whether a word of s[0..w) is an article: the verb phrase then names a thing by its kind, and
 * its last word is no name (gpg's "can't connect to the agent", rustc's "couldn't create a temp
 * dir"). A path-like object is read before this is asked. */
static bool article_within(const char *s, size_t w) {
        static const char *const articles[] = { "a", "an", "the" };

        for (size_t b = 0; b < w;) {
                size_t e = b;

                while (e < w && s[e] != ' ' && s[e] != '\t')
                        e++;
                for (size_t i = 0; i < SBX_ELEMENTSOF(articles); i++)
                        if (e - b == strlen(articles[i]) && strncasecmp(s + b, articles[i], e - b) == 0)
                                return true;
                b = e + 1;
        }
        return false;
}

/* A severity label in a field of its own before the signature: "dpkg: error: you do not have
 * permission ...", "x: FATAL: ...". No name: the walk goes on to the field before it. */
static bool label_word(const char *s, size_t n) {
        static const char *const labels[] = { "error", "fatal", "warning" };
        size_t k;

        for (size_t i = 0; i < SBX_ELEMENTSOF(labels); i++)
                if (n == strlen(labels[i]) && strncasecmp(s, labels[i], n) == 0)
                        return true;
        /* an errno name, Node's "Error: EACCES: permission denied, open '/etc/a" whose name a
         * newline cut (it was read as the relative name "EACCES") */
        for (k = 1; k < n && s[k] >= 'A' && s[k] <= 'Z'; k++)
                ;
        return n >= 4 && s[0] == 'E' && k == n;
}

/* One escape of a $'...' segment at s[*i] (after the backslash): GNU's shell-escape quoting
 * writes \a \b \f \n \r \t \v \\ \' and three octal digits; bash's \e, \" and \xHH too.
 * Returns the byte, or -1 when it is none of these. */
static int ansi_c_escape(const char *s, size_t n, size_t *i) {
        static const char from[] = "abefnrtv\\'\"E", to[] = "\a\b\x1b\f\n\r\t\v\\'\"\x1b";
        const char *hit;
        int v = 0, k;

        if (*i >= n)
                return -1;
        if (s[*i] >= '0' && s[*i] <= '7') {
                for (k = 0; k < 3 && *i < n && s[*i] >= '0' && s[*i] <= '7'; k++)
                        v = v * 8 + (s[(*i)++] - '0');
                return v & 0xff;
        }
        if (s[*i] == 'x') {
                for (k = 0, (*i)++; k < 2 && *i < n && isxdigit((unsigned char) s[*i]); k++, (*i)++)
                        v = v * 16 + (isdigit((unsigned char) s[*i]) ? s[*i] - '0' : (tolower((unsigned char) s[*i]) - 'a' + 10));
                return k > 0 ? v : -1;
        }
        if (s[*i] == '\0' || !(hit = strchr(from, s[*i])))
                return -1;
        (*i)++;
        return (unsigned char) to[hit - from];
}

/* A shell word made of quoted pieces, as GNU coreutils print a name with a quote or a control
 * character in it: '/etc/a'$'\n''b' (a newline), 'it'\''s' (a quote), 'x'$'\377' (a byte that is
 * not UTF-8). Decodes s[0..n) whole into out; 0 when it is not such a word, when it would hold a
 * NUL byte, or when it is a single '...' piece (the caller's own quote pairing reads that). */
static size_t shell_word(const char *s, size_t n, char *out, size_t size) {
        size_t i = 0, o = 0, pieces = 0;
        bool cut = false;

        while (i < n) {
                if (s[i] == '\'') { /* '...': every byte as it is */
                        const char *end = memchr(s + i + 1, '\'', n - i - 1);
                        if (!end)
                                return 0;
                        for (i++; s + i < end; i++)
                                if (o + 1 < size)
                                        out[o++] = s[i];
                                else
                                        cut = true;
                        i++;
                } else if (s[i] == '$' && i + 1 < n && s[i + 1] == '\'') { /* $'...' */
                        for (i += 2;; ) {
                                int c;
                                if (i >= n)
                                        return 0;
                                if (s[i] == '\'') {
                                        i++;
                                        break;
                                }
                                if (s[i] == '\\') {
                                        i++;
                                        if ((c = ansi_c_escape(s, n, &i)) < 0)
                                                return 0;
                                } else
                                        c = (unsigned char) s[i++];
                                if (c == 0)
                                        return 0;
                                if (o + 1 < size)
                                        out[o++] = (char) c;
                                else
                                        cut = true;
                        }
                } else if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\'') { /* \' between pieces */
                        if (o + 1 < size)
                                out[o++] = '\'';
                        else
                                cut = true;
                        i += 2;
                } else
                        return 0;
                pieces++;
        }
        if (pieces < 2 || o == 0 || size == 0)
                return 0;
        if (cut) {
                out[0] = '\0';
                return TOO_LONG;
        }
        out[o] = '\0';
        return o;
}

/* A name GNU tools had to quote in pieces ('/etc/a'$'\n''b') that ends s[0..n), whole: the
 * pairing of quotes would take only its last piece ("b", a path the command never touched). The
 * word starts after a space or at the start; the leftmost start whose word reaches the end wins.
 * 0 when there is none; where it starts in *ret_at. */
static size_t pieces_word(const char *s, size_t n, char *out, size_t size, size_t *ret_at) {
        if (n > 0 && s[n - 1] == '\'')
                for (size_t i = 0; i + 1 < n; i++) {
                        size_t k;
                        if ((i > 0 && s[i - 1] != ' ' && s[i - 1] != '\t') || (s[i] != '\'' && s[i] != '$'))
                                continue;
                        if ((k = shell_word(s + i, n - i, out, size)) > 0) {
                                *ret_at = i;
                                return k;
                        }
                }
        return 0;
}

/* The closing quote that GNU's quote() escapes within its quotes (mkdir's "cannot create directory
 * '/x/it\'s'" in the C locale, "‘/x/ab\’’" in a UTF-8 one): ' or ’. */
static bool gnu_close(const char *close, size_t cl) {
        return (cl == 1 && close[0] == '\'') || (cl == 3 && memcmp(close, "\xe2\x80\x99", 3) == 0);
}

static bool apostrophe_at(const char *line, size_t len, size_t i);

/* Whether s[0..n) ends with a closing quote (its length in *ret_cl, 0 when it ends with none)
 * that pairs with an opening one before it, with something between: the nearest such opening
 * quote is at *ret_at, *ret_ol long. A closing quote that GNU's quote() escaped is the name's,
 * not the end of another quoted string: '/x/it\'s' is "/x/it's" (not "s"), and an opening ‘
 * inside ‘/x/a‘b\’c’ is the name's too: the name opens with the leftmost ‘ that no unescaped ’
 * follows (not "b\’c"). */
static bool quote_pair_at_end(const char *s, size_t n, size_t *ret_at, size_t *ret_ol, size_t *ret_cl) {
        *ret_cl = 0;
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                size_t cl = strlen(quotes[q].close);
                bool gnu = gnu_close(quotes[q].close, cl), found = false;

                if (!ends_with(s, n, quotes[q].close))
                        continue;
                *ret_cl = cl;
                for (size_t i = n - cl; i-- > 0;) {
                        bool esc = gnu && escaped(s, s + i);

                        /* an apostrophe within a word of a name printed as it is (BusyBox's
                         * "can't rename '/x/it's y'"): the name opens further left, where a quote
                         * does (review: the path read was "s y", joined to the cwd) */
                        if (s[i] == '\'' && strcmp(quotes[q].close, "'") == 0 && apostrophe_at(s, n, i) &&
                            memchr(s, '\'', i)) {
                                if (!found)
                                        *ret_at = i, *ret_ol = 1, found = true; /* none further left */
                                continue;
                        }

                        for (size_t o = 0; o < SBX_ELEMENTSOF(quotes); o++) {
                                size_t l = strlen(quotes[o].open);
                                if (strcmp(quotes[o].close, quotes[q].close) != 0 || i + l >= n - cl ||
                                    memcmp(s + i, quotes[o].open, l) != 0)
                                        continue;
                                /* (an escaped ' is the name's, an opening ‘ never is escaped) */
                                if (esc && strcmp(quotes[o].open, quotes[q].close) == 0)
                                        continue;
                                *ret_at = i;
                                *ret_ol = l;
                                found = true;
                                /* only ‘ ’ go on, to the leftmost ‘ */
                                if (!gnu || strcmp(quotes[o].open, quotes[q].close) == 0)
                                        return true;
                        }
                        if (gnu && !esc && i + cl <= n - cl && memcmp(s + i, quotes[q].close, cl) == 0)
                                break; /* an unescaped ’: the name does not reach back past it */
                }
                return found;
        }
        return false;
}

/* Whether s[0..n), what GNU's quote() (or Node, git, a shell-escape '...' piece, which print a name
 * as it is) put between quotes closed by close, is quote()'s escaped text: every backslash starts
 * one of its escapes (\\, the closing quote, \a \b \f \n \r \t \v, three octal digits), and,
 * between ' ', one that a name printed as it is could not hold there: an escaped ' or an octal byte
 * (a C-locale mkdir's "'/x/caf\303\251'"). Between ‘ ’, which only quote() prints, any. */
static bool gnu_escapes(const char *s, size_t n, const char *close, size_t cl) {
        bool curly = cl > 1, telling = false;

        if (!gnu_close(close, cl) || !memchr(s, '\\', n))
                return false;
        for (size_t i = 0; i < n; i++) {
                if (s[i] != '\\')
                        continue;
                if (++i >= n)
                        return false;
                if (s[i] >= '0' && s[i] <= '7') {
                        if (i + 2 >= n || s[i + 1] < '0' || s[i + 1] > '7' || s[i + 2] < '0' || s[i + 2] > '7')
                                return false;
                        i += 2;
                        telling = true;
                } else if (i + cl <= n && memcmp(s + i, close, cl) == 0) {
                        i += cl - 1;
                        telling = true;
                } else if (!strchr("\\abfnrtv", s[i]) || s[i] == '\0')
                        return false;
        }
        return curly || telling;
}

/* Decodes, in place, quote()'s escapes in out[0..n) (gnu_escapes() said it holds them). Every
 * escape is longer than what it stands for. The new length, or TOO_LONG (out "") for a NUL. */
static size_t gnu_unescape(char *out, size_t n) {
        static const char from[] = "abfnrtv", to[] = "\a\b\f\n\r\t\v";
        size_t o = 0;

        for (size_t i = 0; i < n;) {
                const char *hit;

                if (out[i] != '\\') {
                        out[o++] = out[i++];
                        continue;
                }
                i++;
                if (out[i] >= '0' && out[i] <= '7') {
                        int v = (out[i] - '0') * 64 + (out[i + 1] - '0') * 8 + (out[i + 2] - '0');

                        if ((v & 0xff) == 0) {
                                out[0] = '\0';
                                return TOO_LONG;
                        }
                        out[o++] = (char) v;
                        i += 3;
                } else if ((hit = strchr(from, out[i])) && out[i] != '\0') {
                        out[o++] = to[hit - from];
                        i++;
                } else /* \\ or the closing quote: what follows the backslash, as it is */
                        out[o++] = out[i++];
        }
        out[o] = '\0';
        return o;
}

/* put() of a name that was between quotes closed by close (cl bytes), quote()'s escapes decoded
 * when it has them (gnu_escapes()). */
static size_t put_quoted(char *out, size_t size, const char *s, size_t n, const char *close, size_t cl) {
        size_t k = put(out, size, s, n);

        if (k == 0 || k == TOO_LONG || !gnu_escapes(out, k, close, cl))
                return k;
        return gnu_unescape(out, k);
}

/* The quoted name that ends s[0..n), or 0 (out "") when s does not end with one; where its
 * opening quote is in *ret_at. A name GNU quoted in pieces whole: its last piece ("l") was taken
 * for the link made, or the target after it for cp's. */
static size_t before_arrow(const char *s, size_t n, char *out, size_t size, size_t *ret_at) {
        size_t k, ol, cl;

        if ((k = pieces_word(s, n, out, size, ret_at)) > 0)
                return k;
        if (quote_pair_at_end(s, n, ret_at, &ol, &cl))
                return put_quoted(out, size, s + *ret_at + ol, n - cl - *ret_at - ol, s + n - cl, cl);
        if (size > 0)
                out[0] = '\0';
        return 0;
}

/* Where the arguments of PHP's "Warning:  rename(" begin, the label the first in line[0..e) and
 * the call right after its blanks; 0 when line[0..e) holds no such call. */
static size_t php_rename_args(const char *line, size_t e) {
        static const char label[] = "Warning:", rename[] = "rename(";
        const char *w = memmem(line, e, label, sizeof(label) - 1);
        size_t i;

        if (!w)
                return 0;
        i = (size_t) (w - line) + sizeof(label) - 1;
        while (i < e && line[i] == ' ')
                i++;
        return e - i > sizeof(rename) - 1 && memcmp(line + i, rename, sizeof(rename) - 1) == 0 ? i + sizeof(rename) - 1
                                                                                               : 0;
}

/* Where B begins in PHP's pair "A,B", line[i..e) (rename()'s, php_error_docref2()): past its one
 * ',' or, of several, past the one before an absolute name when exactly one is. 0: no ',' (a
 * stream's one name); TOO_LONG: no split, or B empty. */
static size_t php_pair_split(const char *line, size_t i, size_t e) {
        size_t first = 0, before_abs = 0, commas = 0, absolute = 0;

        for (size_t k = i; k < e; k++)
                if (line[k] == ',') {
                        if (commas++ == 0)
                                first = k + 1;
                        if (k + 1 < e && line[k + 1] == '/') {
                                absolute++;
                                before_abs = k + 1;
                        }
                }
        if (commas == 0)
                return 0;
        if (commas > 1 && absolute != 1)
                return TOO_LONG;
        if (commas > 1)
                first = before_abs;
        return first < e ? first : TOO_LONG;
}

/* PHP's rename() pair in line[0..len), "Warning:  rename(A,B): <strerror> in FILE on line N", up
 * to its last "): " (the one before the errno text, which php_stream_arg() reads before the
 * signature; A and B are printed as they are, a "): " in them too): A at *ret_a, B at *ret_b
 * (past the ','), the pair's end at *ret_e; false when the line has none or it splits no way
 * (php_pair_split()). */
static bool php_rename_pair(const char *line, size_t len, size_t *ret_a, size_t *ret_b, size_t *ret_e) {
        const char *end = NULL;
        size_t a, b;

        if ((a = php_rename_args(line, len)) == 0)
                return false;
        for (const char *p = line + a; (p = memmem(p, len - (size_t) (p - line), "): ", 3)) != NULL; p++)
                end = p;
        if (!end)
                return false;
        b = php_pair_split(line, a, (size_t) (end - line));
        if (b == 0 || b == TOO_LONG)
                return false;
        *ret_a = a;
        *ret_b = b;
        *ret_e = (size_t) (end - line);
        return true;
}

/* Ruby's pair in line[0..len), "@ <function> - (A, B)" ending it (or " (Errno::X)" after it): A at
 * *ret_a (past the '('), B at *ret_b (past the ", "), B's end (its ')') at *ret_e, split as the
 * path is (ruby_pair_split()); false when the line has none or it splits no way. */
static bool ruby_pair(const char *line, size_t len, size_t *ret_a, size_t *ret_b, size_t *ret_e) {
        for (const char *at = memmem(line, len, " @ ", 3); at; at = memmem(at + 1, (size_t) (line + len - at - 1), " @ ", 3)) {
                size_t o = (size_t) (at - line), e, i = ruby_function_name(at, len - o, &e), b;

                if (i == 0)
                        continue;
                b = ruby_pair_split(at, i, e);
                if (b == 0 || b == TOO_LONG)
                        return false;
                *ret_a = o + i + 1;
                *ret_b = o + b;
                *ret_e = o + e - 1;
                return true;
        }
        return false;
}

/* A call's pair of names in line, PHP's (php_rename_pair()) or Ruby's (ruby_pair()): A ends at
 * *ret_b - *ret_sep, before the ',' (PHP) or the ", " (Ruby) that B follows. */
static bool call_pair(const char *line, size_t len, size_t *ret_a, size_t *ret_b, size_t *ret_e, size_t *ret_sep) {
        *ret_sep = 1;
        if (php_rename_pair(line, len, ret_a, ret_b, ret_e))
                return true;
        *ret_sep = 2;
        return ruby_pair(line, len, ret_a, ret_b, ret_e);
}

/* The words that join the two names of a call on two ("'A' -> 'B'": Python's and Node's rename,
 * link, symlink and copyfile; ln's "'NEW' -> 'TARGET'", "=>" for a hard link; mv's and cp's
 * "'A' to 'B'"). */
static const char *const pair_words[] = { " -> ", " => ", " to " };

bool sbx_denial_line_partner(const char *line, size_t len, const char *path, size_t *ret_at, size_t *ret_len) {
        size_t pl = path ? strlen(path) : 0, a, b, e, sep;

        if (pl == 0)
                return false;
        /* PHP's "rename(A,B): " and Ruby's "(A, B)", unquoted: the other of the pair (it read
         * none, and as nobody a rename of its own /var/tmp/f into /etc, the host's refusal, read
         * as denied); Ruby's ", " between them */
        if (call_pair(line, len, &a, &b, &e, &sep)) {
                if (pl == e - b && memcmp(line + b, path, pl) == 0 && b - sep > a) {
                        *ret_at = a;
                        *ret_len = b - sep - a;
                        return true;
                }
                if (pl == b - sep - a && memcmp(line + a, path, pl) == 0) {
                        *ret_at = b;
                        *ret_len = e - b;
                        return true;
                }
        }
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                size_t ol = strlen(quotes[q].open), cl = strlen(quotes[q].close);

                for (size_t i = 0; i + ol + pl + cl <= len; i++) {
                        size_t after = i + ol + pl + cl;

                        if (memcmp(line + i, quotes[q].open, ol) != 0 || memcmp(line + i + ol, path, pl) != 0 ||
                            memcmp(line + i + ol + pl, quotes[q].close, cl) != 0)
                                continue;
                        for (size_t w = 0; w < SBX_ELEMENTSOF(pair_words); w++) {
                                size_t wl = strlen(pair_words[w]), at, pol, pcl;

                                /* the partner after: its quote opens right after the word */
                                if (after + wl < len && memcmp(line + after, pair_words[w], wl) == 0)
                                        for (size_t r = 0; r < SBX_ELEMENTSOF(quotes); r++) {
                                                size_t rl = strlen(quotes[r].open);
                                                const char *start = line + after + wl + rl, *end;

                                                if (after + wl + rl > len ||
                                                    memcmp(line + after + wl, quotes[r].open, rl) != 0)
                                                        continue;
                                                end = memmem(start, (size_t) (line + len - start), quotes[r].close,
                                                             strlen(quotes[r].close));
                                                if (!end)
                                                        continue;
                                                *ret_at = (size_t) (start - line);
                                                *ret_len = (size_t) (end - start);
                                                return true;
                                        }
                                /* the partner before: a quoted name ends right before the word */
                                if (i >= wl && memcmp(line + i - wl, pair_words[w], wl) == 0 &&
                                    quote_pair_at_end(line, i - wl, &at, &pol, &pcl)) {
                                        *ret_at = at + pol;
                                        *ret_len = i - wl - pcl - at - pol;
                                        return true;
                                }
                        }
                }
        }
        return false;
}

/* Where the last ": "-separated field of s[0..n) begins (0: s has one field). */
static size_t field_start(const char *s, size_t n) {
        while (n > 0 && !(n >= 2 && s[n - 2] == ':' && s[n - 1] == ' '))
                n--;
        return n;
}

/* The name that begins at the absolute word of the verb phrase in the field ending at s[at - 2]
 * and runs to s[n]: an unquoting tool's name holding ": ". 0 when that field is no such phrase. */
static size_t absolute_across(const char *s, size_t at, size_t n, char *out, size_t size) {
        size_t e = at - 2, b = field_start(s, e), k;

        if (!verb_phrase(s + b, e - b))
                return 0;
        if ((k = after_kind(s + b, n - b)) > 0)
                return put(out, size, s + b + k, n - b - k);
        for (size_t i = b + 1; i < e; i++)
                if (s[i] == '/' && (s[i - 1] == ' ' || s[i - 1] == '\t'))
                        return put(out, size, s + i, n - i);
        return 0;
}

/* Whether the first quoted name of s[0..n) follows "of ": the file a process was about, not the
 * one it wrote (gpg's "symmetric encryption of 'SRC' failed" after its "can't create 'OUT'": the
 * source, a workspace file, was recorded). */
static bool name_of_process(const char *s, size_t n) {
        for (size_t i = 0; i < n; i++)
                if (opens_quote(s + i, n - i))
                        return i >= 3 && strncasecmp(s + i - 3, "of ", 3) == 0;
        return false;
}

/* Whether s[0..n) is ssh-keygen's "Saving key \"X\" failed": X is the key's file, whatever it
 * looks like (`ssh-keygen -f kk`, relative and path-like in no way: mine54, as nobody after `cd
 * ROOTDIR`, no name recorded, the host's refusal read denied). */
static bool key_file_phrase(const char *s, size_t n) {
        static const char phrase[] = "Saving key ";

        return n > sizeof(phrase) && strncmp(s, phrase, sizeof(phrase) - 1) == 0 &&
               opens_quote(s + sizeof(phrase) - 1, n - (sizeof(phrase) - 1));
}

/* Whether s[0..n) is a verb phrase ending with "link to" and a quoted name: the name is the
 * link's target. */
static bool link_target_field(const char *s, size_t n) {
        if (!verb_phrase(s, n))
                return false;
        for (size_t i = 0; i + 8 < n; i++)
                if (strncasecmp(s + i, "link to ", 8) == 0 && (i == 0 || s[i - 1] == ' ' || s[i - 1] == 'm'))
                        return opens_quote(s + i + 8, n - i - 8);
        return false;
}

/* Whether s[0..n) is OpenSSL's own phrase (its apps' bio_open_default()), "Can't open \"X\" for
 * MODE": X is the file, whatever it looks like (mine55: `openssl genrsa -out key`, a name with no
 * '/' nor '.', named none; as nobody in root's directory the host's refusal read denied). */
static bool openssl_open_phrase(const char *s, size_t n) {
        static const char head[] = "Can't open \"", tail[] = "\" for ";
        const char *q;

        if (n <= sizeof(head) - 1 || memcmp(s, head, sizeof(head) - 1) != 0)
                return false;
        q = memchr(s + sizeof(head) - 1, '"', n - (sizeof(head) - 1));
        return q && q > s + sizeof(head) - 1 && (size_t) (s + n - q) > sizeof(tail) - 1 &&
               memcmp(q, tail, sizeof(tail) - 1) == 0 && !memchr(q + 1, '"', (size_t) (s + n - q - 1));
}

/* The last ": "-separated field of s[0..n) when it is a verb phrase that quotes its name:
 * OpenSSL's "Can't open \"X\" for writing", mawk's "cannot open \"X\" for output". */
static size_t phrase_quoting(const char *s, size_t n, char *out, size_t size) {
        size_t start, k;

        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        start = field_start(s, n);
        if (verb_phrase(s + start, n - start) && (k = quoted_within(s + start, n - start, out, size)) > 0 &&
            (k == TOO_LONG || path_like(out, k) || openssl_open_phrase(s + start, n - start)))
                return k;
        if (size > 0)
                out[0] = '\0';
        return 0;
}

/* A C call on one quoted name that failed, the field before the reason in parentheses: gawk's
 * inplace extension, "gawk: inplace:59: fatal: inplace::begin: mkstemp(`/x/f.gawk.N') failed
 * (Permission denied)" (its temporary file beside the file edited). A call on two names
 * (inplace::end's "link(`X', `Y') failed") is none here. */
static size_t call_quoted_failed(const char *f, size_t fl, char *out, size_t size) {
        static const char failed[] = ") failed";
        size_t i = 0;

        while (i < fl && (sbx_ascii_alpha((unsigned char) f[i]) || f[i] == '_' || (i > 0 && isdigit((unsigned char) f[i]))))
                i++;
        if (i == 0 || i >= fl || f[i] != '(' || !ends_with(f, fl, failed))
                return 0;
        i++;
        fl -= strlen(failed);
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                size_t ol = strlen(quotes[q].open), cl = strlen(quotes[q].close);

                if (fl - i < ol + cl + 1 || !starts_with(f + i, fl - i, quotes[q].open) ||
                    !ends_with(f + i + ol, fl - i - ol, quotes[q].close))
                        continue;
                if (memmem(f + i + ol, fl - i - ol - cl, quotes[q].close, cl))
                        return 0; /* more than one name */
                return put(out, size, f + i + ol, fl - i - ol - cl);
        }
        return 0;
}

/* Java's FileNotFoundException, "java.io.FileNotFoundException: X (Permission denied)": the
 * last ": "-separated field of s[0..n), before the parenthesis, is the name as it is (a space in
 * it kept) when it is absolute, or path-like without blanks; there must be a field before it. */
static size_t field_before_paren(const char *s, size_t n, char *out, size_t size) {
        static const char fnf[] = "java.io.FileNotFoundException: ";
        const size_t fl = sizeof(fnf) - 1;
        size_t start, k;

        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        /* Java's own message after that class, the name as the program gave it, blanks and ": "
         * in it too, relative ones as absolute ones (left54: `new FileOutputStream("a b.txt")`
         * named none, and as nobody a refusal of the host's read denied) */
        for (size_t i = 0; i + fl < n; i++)
                if (memcmp(s + i, fnf, fl) == 0 && (i == 0 || s[i - 1] == ' ')) {
                        for (size_t j = i + fl; j < n; j++)
                                if ((unsigned char) s[j] < 0x20 || s[j] == 0x7f)
                                        return 0;
                        return put(out, size, s + i + fl, n - i - fl);
                }
        start = field_start(s, n);
        if (start == 0 || start >= n)
                return 0;
        if ((k = call_quoted_failed(s + start, n - start, out, size)) > 0)
                return k;
        if (s[start] == '/' || (path_like(s + start, n - start) && !memchr(s + start, ' ', n - start) &&
                                !memchr(s + start, '\t', n - start)))
                return put(out, size, s + start, n - start);
        return 0;
}

/* A Java (Kotlin, Scala) exception's qualified class name, "java.io.IOException": identifiers
 * joined by dots, the last one a class whose name ends in Exception or Error. No file: "java.io.
 * IOException: Permission denied" (File.createTempFile, jar) names none. */
static bool exception_class(const char *s, size_t n) {
        size_t last = 0;

        for (size_t i = 0; i < n; i++)
                if (s[i] == '.') {
                        if (i == last)
                                return false;
                        last = i + 1;
                } else if (!sbx_ascii_alpha((unsigned char) s[i]) && !isdigit((unsigned char) s[i]) && s[i] != '_' &&
                           s[i] != '$')
                        return false;
        return last > 0 && last < n && isupper((unsigned char) s[last]) &&
               (ends_with(s, n, "Exception") || ends_with(s, n, "Error"));
}

/* A phrase that ends with the name in parentheses after the word "file", the last field before the
 * signature: Bear's "bear: failed with: Events db open failed (file X): <errno text>" (its
 * --output's events file beside the output). The name as it is when absolute (a space in it kept),
 * else path-like without blanks. 0 for a field of another form. */
static size_t file_in_parens(const char *f, size_t fl, char *out, size_t size) {
        static const char file[] = " (file ";
        const size_t k = sizeof(file) - 1;
        size_t a = 0;

        if (fl < k + 2 || f[fl - 1] != ')')
                return 0;
        for (size_t i = 0; i + k < fl; i++)
                if (memcmp(f + i, file, k) == 0)
                        a = i + k;
        if (a == 0 || a >= fl - 1 || memchr(f + a, '(', fl - 1 - a) || memchr(f + a, ')', fl - 1 - a))
                return 0;
        if (f[a] == '/' || (path_like(f + a, fl - 1 - a) && !memchr(f + a, ' ', fl - 1 - a) &&
                            !memchr(f + a, '\t', fl - 1 - a)))
                return put(out, size, f + a, fl - 1 - a);
        return 0;
}

/* Go's os.LinkError, "OP OLD NEW" before ": <error>" (rename, link, symlink; Go prints its
 * errors in lower case, "rename /ws/a /x/a: invalid cross-device link"): the name made, NEW, as
 * Python's "'OLD' -> 'NEW'" gives. 0 for a field of another form. */
static size_t link_error_new(const char *f, size_t fl, char *out, size_t size) {
        static const char *const ops[] = { "rename ", "link ", "symlink " };
        size_t w = fl;

        if (word_count(f, fl) != 3)
                return 0;
        while (w > 0 && f[w - 1] != ' ')
                w--;
        for (size_t i = 0; i < SBX_ELEMENTSOF(ops); i++)
                if (starts_with(f, fl, ops[i]) && path_like(f + strlen(ops[i]), w - 1 - strlen(ops[i])) &&
                    path_like(f + w, fl - w))
                        return put(out, size, f + w, fl - w);
        return 0;
}

/* Where the absolute word that a quoted part at s[at] belongs to begins: git prints a name as it
 * is, so its quotes may end one ("cannot mkdir /x/say \"hi\"", "/x/ab’"). That word is the one
 * the quote is glued to, or the one a single blank before it, and starts with '/' after a blank;
 * at itself when there is none (the quote opens the name: "cannot touch '/x'"). */
static size_t absolute_before(const char *s, size_t at) {
        size_t start = field_start(s, at), i = at;

        if (i > start && (s[i - 1] == ' ' || s[i - 1] == '\t'))
                i--;
        while (i > start && s[i - 1] != ' ' && s[i - 1] != '\t') {
                if (strchr("'\"`", s[i - 1]))
                        return at;
                i--;
        }
        return i > start && i < at && s[i] == '/' ? i : at;
}

/* Ruby's method in its source location, quoted after ":N:in ": "/x.rb:243:in `mkdir'", "-e:1:in
 * 'Dir.mkdir'" (3.4): the method, no file. */
static bool ruby_method_at(const char *line, size_t i) {
        size_t d;

        if (i < 6 || memcmp(line + i - 4, ":in ", 4) != 0)
                return false;
        d = i - 4;
        while (d > 0 && isdigit((unsigned char) line[d - 1]))
                d--;
        return d < i - 4 && d > 0 && line[d - 1] == ':';
}

/* The name of a line that ends in a quoted one (n the end of the fields, before ": <signature>"):
 * true when that decides, the name's length (or 0) in *ret; false when the line quotes no name
 * at its end. */
static bool before_quoted(const char *s, size_t n, char *out, size_t size, size_t *ret) {
        size_t at, ol, cl, k;

        *ret = 0;
        if ((k = pieces_word(s, n, out, size, &at)) > 0) {
                *ret = k;
                return true;
        }
        if (!quote_pair_at_end(s, n, &at, &ol, &cl)) {
                /* ... but git's "cannot mkdir /x/ab’", a name printed as it is, is read from the
                 * fields (it was none) */
                return cl > 0 && absolute_before(s, n - cl) == n - cl;
        }
        /* Ruby's method in its source location, "-e:1:in `setpriority': <errno text>
         * (Errno::EACCES)" of a SystemCallError that names no file: no name (it was the method,
         * a name in the current directory) */
        if (ruby_method_at(s, at))
                return true;
        /* GNU ln's "failed to create symbolic link 'NEW' -> 'TARGET'" ("=>" for a hard link),
         * rsync's "symlink \"NEW\" -> ...": the name made is the one before the arrow (the target
         * was taken) */
        if (at >= 4 && (memcmp(s + at - 4, " -> ", 4) == 0 || memcmp(s + at - 4, " => ", 4) == 0)) {
                size_t before_at;
                if ((k = before_arrow(s, at - 4, out, size, &before_at)) > 0) {
                        *ret = k;
                        return true;
                }
        }
        /* cp's "cannot create hard link 'NEW' to 'TARGET'": the link made (the target was
         * recorded, a workspace file); mv's "cannot move 'SRC' to 'DST'" keeps its last name */
        if (at >= 4 && memcmp(s + at - 4, " to ", 4) == 0) {
                size_t before_at = 0;
                if ((k = before_arrow(s, at - 4, out, size, &before_at)) > 0 && after_link_word(s, before_at)) {
                        *ret = k;
                        return true;
                }
        }
        /* git prints a name as it is ("cannot mkdir /x/say \"hi\""): quotes that end a name
         * whose absolute first word comes before them are the name's (not "hi") */
        if ((k = absolute_before(s, at)) < at) {
                *ret = put(out, size, s + k, n - k);
                return true;
        }
        *ret = put_quoted(out, size, s + at + ol, n - cl - at - ol, s + n - cl, cl);
        return true;
}

/* dash's "NAME: N: cannot create X" and "NAME: N: cannot open X" (a redirection's; NAME the shell
 * or its script, one word): X is printed as it is, spaces and ": " included, so it is the rest of
 * the line whole (true, its length or TOO_LONG in *ret). A relative name with a space was read
 * from its last word or the line number (review50: "sh: 1: cannot create a b" recorded <cwd>/1,
 * "x y" <cwd>/y, and sbx run asked the host of that file: as nobody, `cd D && echo x > 'a b'` of
 * root's 0622 file D/a b read as the host's refusal of D/1, task_failure, under both backends). */
static bool before_dash_line(const char *s, size_t n, char *out, size_t size, size_t *ret) {
        static const char *const phrases[] = { "cannot create ", "cannot open " };
        static const char heredoc[] = "temp file for here-document";
        size_t p = 0, d;

        *ret = 0;
        while (p < n && s[p] != ':' && s[p] != ' ' && s[p] != '\t')
                p++;
        if (p == 0 || p + 2 >= n || s[p] != ':' || s[p + 1] != ' ')
                return false;
        for (d = p + 2; d < n && isdigit((unsigned char) s[d]); d++)
                ;
        if (d == p + 2 || d + 2 >= n || s[d] != ':' || s[d + 1] != ' ')
                return false;
        for (size_t k = 0; k < SBX_ELEMENTSOF(phrases); k++) {
                const char *w = s + d + 2;
                size_t wl = n - d - 2, pl = strlen(phrases[k]);

                if (wl <= pl || memcmp(w, phrases[k], pl) != 0)
                        continue;
                if (wl - pl == sizeof(heredoc) - 1 && memcmp(w + pl, heredoc, wl - pl) == 0)
                        return false; /* its own temporary file: no name */
                *ret = put(out, size, w + pl, wl - pl);
                return true;
        }
        return false;
}

/* bash's "NAME: line N: WORD: <errno text>" (NAME the script or "bash"): WORD is printed as it is,
 * spaces and ": " included, so when it is a path or holds no ": " it is the path whole (true, its
 * length or 0 in *ret); else it is a builtin's "cd: X", read as any other line from its fields
 * (false, *s and *n then WORD's). Never NAME: a script whose redirection failed was recorded as the
 * path denied. */
static bool before_bash_line(const char **s, size_t *n, char *out, size_t size, size_t *ret) {
        const char *colon = memmem(*s, *n, ": line ", 7);
        size_t at = colon ? (size_t) (colon - *s) + 7 : 0, digits = at;

        *ret = 0;
        while (colon && digits < *n && isdigit((unsigned char) (*s)[digits]))
                digits++;
        if (!colon || digits == at || digits + 2 > *n || (*s)[digits] != ':' || (*s)[digits + 1] != ' ')
                return false;

        const char *w = *s + digits + 2;
        size_t wl = *n - digits - 2;

        /* BusyBox ash's own phrases there ("NAME: line N: can't create X" for a redirection in a
         * script file, "NAME: cd: line N: can't cd to X"): X as it is, spaces and ": " included
         * (it named none: as nobody under Landlock, a cd into a directory the host refuses read
         * as denied) */
        static const char *const ash_phrases[] = { "can't create ", "can't open ", "can't cd to " };

        for (size_t k = 0; k < SBX_ELEMENTSOF(ash_phrases); k++) {
                size_t pl = strlen(ash_phrases[k]);

                if (wl > pl && memcmp(w, ash_phrases[k], pl) == 0) {
                        *ret = put(out, size, w + pl, wl - pl);
                        return true;
                }
        }
        /* bash's own message there, a verb phrase ("cannot create temp file for here-document",
         * "cannot make pipe for process substitution"), is no word it was given and names no path
         * (it was a name in the cwd) */
        if (wl > 0 && w[0] != '/' && !memmem(w, wl, ": ", 2) && verb_phrase(w, wl))
                return true;
        if (wl > 0 && (w[0] == '/' || !memmem(w, wl, ": ", 2))) {
                *ret = put(out, size, w, wl);
                return true;
        }
        *s = w;
        *n = wl;
        return false;
}

/* The unquoted name of "<fields>: <signature>" (n the end of the fields), from the fields separated
 * by ": " walked from the right. */
static size_t before_fields(const char *s, size_t n, char *out, size_t size) {
        /* A verb phrase whose object is not path-like ("Cannot make temp name", after perl's "Can't
         * do inplace edit on X") is kept only in case no field before it names a path-like object. */
        const char *fallback = NULL;
        size_t fallback_len = 0;
        bool purpose = false; /* the phrase's last word told what it was for ("for writing") */
        for (size_t end = n; end > 0;) {
                size_t start = field_start(s, end);
                bool first;

                first = start == 0;
                if (start < end) {
                        const char *f = s + start;
                        size_t fl = end - start, words = word_count(f, fl), w = fl;

                        while (w > 0 && f[w - 1] != ' ' && f[w - 1] != '\t')
                                w--;
                        /* the field before a phrase that told what it was for, quoted whole by
                         * the program: the name in it (shred's "'/x/a b': failed to open for
                         * writing" named none: as nobody, a file of root's with a blank in its
                         * name read as denied, the host's refusal) */
                        if (purpose && !fallback && !first) {
                                size_t k = quoted_field(f, fl, out, size);

                                if (k > 0)
                                        return k;
                        }
                        if (words == 1 && label_word(f, fl)) {
                                /* a severity label: a name can only be in a field before it */
                        } else if (words == 1 && exception_class(f, fl)) {
                                break; /* what was thrown, not a file */
                        } else if (words == 1) {
                                size_t k;

                                if ((k = call_field(f, fl, out, size)) > 0)
                                        return k;

                                /* dash's "cannot create /etc/a: b", a name with ": " printed as it
                                 * is: from the phrase's absolute word on (not "b", a relative
                                 * name the run never touched) */
                                if (end == n && !first && (k = absolute_across(s, start, n, out, size)) > 0)
                                        return k;
                                /* the field before a phrase that told what it was for names the
                                 * file (shred's "f: failed to open for writing"), but a line
                                 * number (dash's "sh: 1: cannot create temp file for
                                 * here-document") or the program's own first field ("m4:f.m4:1:
                                 * cannot create temporary file for diversion") names none */
                                if (purpose && !fallback) {
                                        size_t digits = 0;

                                        while (digits < fl && f[digits] >= '0' && f[digits] <= '9')
                                                digits++;
                                        if (!first && digits < fl)
                                                return put(out, size, f, fl);
                                        break;
                                }
                                /* a path-like name also before a verb phrase without one: shred's
                                 * "X: failed to open for writing" */
                                if (fallback ? !first && path_like(f, fl) : !first || path_like(f, fl))
                                        return put(out, size, f, fl);
                                break; /* a program name or line number before a verb phrase */
                        }
                        size_t made;

                        if (words == 3 && (made = link_error_new(f, fl, out, size)) > 0)
                                return made;
                        if (verb_phrase(f, fl) || (words == 2 && memchr(f + w, '/', fl - w))) {
                                size_t k;

                                /* a last word that opens a quote it does not close there
                                 * ("'X' (from 'Y')"): the name is the field's first quoted one,
                                 * not that word, quotes and parenthesis included */
                                if (opens_quote(f + w, fl - w) && (k = quoted_within(f, fl, out, size)) > 0)
                                        return k;
                                /* git's "unable to create file f x.txt": a name with a space
                                 * after the kind of thing it is, from there on (not "x.txt") */
                                if (verb_phrase(f, fl) && (k = after_kind(f, fl)) > 0)
                                        return put(out, size, f + k, name_end(f, k, fl) - k);
                                /* brotli's "failed to open output file [X]": the name within its
                                 * brackets (mine56: "[/x/f.br]" joined to the cwd was recorded) */
                                if (fl - w > 2 && f[w] == '[' && f[fl - 1] == ']' && word_before_is(f, w, "file") &&
                                    !memchr(f + w + 1, ']', fl - w - 2))
                                        return put(out, size, f + w + 1, fl - w - 2);
                                /* "cannot create X"; also perl's "mkdir /x: $!" */
                                if (path_like(f + w, fl - w))
                                        return put(out, size, f + w, fl - w);
                                /* truncate's "cannot open 'X' for writing" */
                                if ((k = quoted_within(f, fl, out, size)) > 0)
                                        return k;
                                /* dash's "cannot create /etc/a b", git's "cannot mkdir /x y": a name
                                 * with a space, printed as it is, from its first absolute word on, up
                                 * to an annotation (apt's "X - open (13") */
                                for (size_t i = 0; i < w; i++)
                                        if (f[i] == '/' && (i == 0 || f[i - 1] == ' ' || f[i - 1] == '\t')) {
                                                return put(out, size, f + i, name_end(f, i, fl) - i);
                                        }
                                /* a later field's object was no name ("Cannot make temp name"):
                                 * this one, placed by a preposition, is, path-like or not (perl's
                                 * "Can't do inplace edit on f: Cannot make temp name: $!" recorded
                                 * <cwd>/name) */
                                if (fallback && words > 2 && preposition_before(f, w) && !kind_word(f + w, fl - w))
                                        return put(out, size, f + w, fl - w);
                                /* "failed to open for writing": what for, no name (shred's "f:
                                 * failed to open for writing" recorded <cwd>/writing: as nobody
                                 * under Landlock, a workspace file of root's read as denied) */
                                if (!fallback && words > 2 && !kind_word(f + w, fl - w) && !article_within(f, w)) {
                                        if (purpose_before(f, w))
                                                purpose = true;
                                        else {
                                                fallback = f + w;
                                                fallback_len = fl - w;
                                        }
                                }
                        }
                        /* "Cannot open" and other phrases without an object: try the field before;
                         * a longer one may quote its name (ssh-keygen's "Saving key \"X\" failed",
                         * rsync's "mkstemp \"X\" failed") */
                        else if (words > 2) {
                                size_t k = file_in_parens(f, fl, out, size);

                                if (k > 0)
                                        return k;
                                k = quoted_within(f, fl, out, size);
                                if (k > 0 && (k == TOO_LONG || path_like(out, k) || key_file_phrase(f, fl)) &&
                                    !name_of_process(f, fl))
                                        return k;
                                out[0] = '\0';
                                break;
                        }
                }
                if (start < 2)
                        break;
                end = start - 2;
        }
        return fallback ? put(out, size, fallback, fallback_len) : 0;
}


/* Whether the last ": "-separated field of s[0..n), the sentence a full stop ends at s[n], is a
 * verb phrase. */
static bool sentence_phrase(const char *s, size_t n) {
        size_t start = field_start(s, n);

        return start < n && verb_phrase(s + start, n - start);
}

/* The path before "<path>: <signature>". */
static size_t before(const char *s, size_t n, char *out, size_t size) {
        size_t k;

        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        /* OpenSSL's apps: "Can't open \"X\" for writing, <strerror>": a verb phrase that quotes
         * its name, ended by a comma; nothing else is read before a comma */
        if (n > 0 && s[n - 1] == ',')
                return phrase_quoting(s, n - 1, out, size);
        /* a verb phrase ended by a full stop, ninja's "WriteFile(X): Unable to create file.
         * <strerror>": read as if a ':' ended it */
        if (n == 0 || !(s[n - 1] == ':' || (s[n - 1] == '.' && sentence_phrase(s, n - 1))))
                return 0;
        n--;
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;

        /* tar's "NAME: Cannot create symlink to 'TARGET'" and "NAME: Cannot hard link to 'TARGET'":
         * the name made is the field before (the target was recorded, a file never written) */
        size_t start = field_start(s, n);

        if (start >= 2 && link_target_field(s + start, n - start))
                return before(s, start - 1, out, size);
        if (before_quoted(s, n, out, size, &k) || before_bash_line(&s, &n, out, size, &k) ||
            before_dash_line(s, n, out, size, &k))
                return k;
        return before_fields(s, n, out, size);
}

/* A sentence whose subject is the name, the signature a noun of its predicate after an article,
 * no field between: curl's (--create-dirs) "/x resides on a read-only file system." The subject is
 * an absolute word starting the line. */
static size_t subject_before(const char *s, size_t n, char *out, size_t size) {
        size_t w = 0;

        if (n < 4 || s[0] != '/' || !(s[n - 1] == ' ' && (s[n - 2] == 'a' || s[n - 2] == 'A') && s[n - 3] == ' '))
                return 0;
        while (w < n && s[w] != ' ' && s[w] != '\t')
                w++;
        if (w + 3 > n || memchr(s, ':', n) || memchr(s, '\'', n) || memchr(s, '"', n) || memchr(s, '`', n))
                return 0;
        return put(out, size, s, w);
}

/* The length of the name's directory when the line names it as what "directories of" it were
 * made: git's "could not create leading directories of 'X/.git'" was refused a directory above X/.git,
 * which it never opened. n when it is not so named, or has no directory. */
static size_t directories_of(const char *line, size_t sig_start, const char *path, size_t n) {
        static const char phrase[] = "directories of ";
        const size_t k = sizeof(phrase) - 1;

        for (size_t i = 0; i + k <= sig_start; i++) {
                const char *a = line + i + k;
                size_t e = n;

                if (strncasecmp(line + i, phrase, k) != 0)
                        continue;
                if (a < line + sig_start && (*a == '\'' || *a == '"' || *a == '`'))
                        a++;
                if ((size_t) (line + sig_start - a) < n || memcmp(a, path, n) != 0)
                        continue;
                while (e > 1 && path[e - 1] == '/')
                        e--;
                while (e > 0 && path[e - 1] != '/')
                        e--;
                while (e > 1 && path[e - 1] == '/')
                        e--;
                return e > 0 ? e : n;
        }
        return n;
}

bool sbx_denial_line_sysctl_key(const char *line, size_t len, size_t sig_start, size_t sig_end, size_t *ret_at,
                                size_t *ret_len) {
        static const char prog[] = "sysctl: ", on_key[] = " on key ", setting[] = "setting key ";
        const size_t pl = sizeof(prog) - 1;
        size_t a, e;
        char q;

        if (!line || sig_start > sig_end || sig_end > len)
                return false;
        while (len > sig_end && (line[len - 1] == ' ' || line[len - 1] == '\t'))
                len--;
        if (len < pl || strncmp(line, prog, pl) != 0)
                return false;
        if (sig_start == pl && len - sig_end > sizeof(on_key) &&
            strncmp(line + sig_end, on_key, sizeof(on_key) - 1) == 0) {
                a = sig_end + sizeof(on_key) - 1;
                e = len;
        } else if (sig_start > pl + sizeof(setting) + 3 && strncmp(line + pl, setting, sizeof(setting) - 1) == 0 &&
                   line[sig_start - 2] == ':' && line[sig_start - 1] == ' ' && len == sig_end) {
                a = pl + sizeof(setting) - 1;
                e = sig_start - 2;
        } else
                return false;
        q = line[a];
        if ((q != '"' && q != '\'') || e - a < 3 || line[e - 1] != q)
                return false;
        a++, e--;
        for (size_t i = a; i < e; i++)
                if (line[i] == '/' || line[i] == '"' || line[i] == '\'' || (unsigned char) line[i] < 0x20)
                        return false;
        if (ret_at)
                *ret_at = a;
        if (ret_len)
                *ret_len = e - a;
        return true;
}

/* The file of /proc/sys a sysctl key names (sbx_denial_line_sysctl_key()): /proc/sys/ and the
 * key, '.' made '/' as sysctl makes it. 0 when the line is not so, or it does not fit. */
static size_t sysctl_key(const char *line, size_t len, size_t sig_start, size_t sig_end, char *ret_path, size_t size) {
        static const char root[] = "/proc/sys/";
        size_t a, kl, n = sizeof(root) - 1;

        if (!sbx_denial_line_sysctl_key(line, len, sig_start, sig_end, &a, &kl) || n + kl >= size)
                return 0;
        memcpy(ret_path, root, n);
        for (size_t i = a; i < a + kl; i++)
                ret_path[n++] = line[i] == '.' ? '/' : line[i];
        ret_path[n] = '\0';
        return n;
}

/* gawk's inplace extension: "inplace::begin: mkstemp(`X.gawk.N') failed (<strerror>)", paren the
 * '(' of the reason. X is the file edited as the command named it, quotes and ": " included: from
 * "mkstemp(`" to the "') failed " before the reason (review: as nobody, a file "it's" or "c: d"
 * in a directory of root's named none, a quote taken for two names, ": " for a field's end, and
 * read as denied). */
/* binutils' (BFD's) warning of the temporary file it makes beside a file it rewrites in place
 * (objcopy, strip): "objcopy: warning: could not create temporary file whilst copying 'X', (error:
 * <signature>)", X quoted whole (a quote in it kept): X. 0 for another line (it read "whilst
 * copying 'X',", a relative name of the cwd's). */
static size_t bfd_whilst_copying(const char *line, size_t sig_start, char *out, size_t size) {
        static const char open[] = "could not create temporary file whilst copying '", close[] = "', (error: ";
        const size_t ol = sizeof(open) - 1, cl = sizeof(close) - 1;
        const char *o;
        size_t start;

        if (sig_start < ol + cl + 1 || memcmp(line + sig_start - cl, close, cl) != 0 ||
            !(o = memmem(line, sig_start - cl, open, ol)))
                return 0;
        start = (size_t) (o - line) + ol;
        if (start >= sig_start - cl)
                return 0;
        return put(out, size, line + start, sig_start - cl - start);
}

static size_t gawk_mkstemp(const char *line, size_t paren, char *out, size_t size) {
        static const char call[] = "mkstemp(`", tail[] = "') failed ";
        size_t cl = sizeof(call) - 1, tl = sizeof(tail) - 1, start;
        const char *w;

        if (paren < tl || memcmp(line + paren - tl, tail, tl) != 0 || !(w = memmem(line, paren - tl, call, cl)))
                return 0;
        start = (size_t) (w - line) + cl;
        if (start >= paren - tl)
                return 0;
        return put(out, size, line + start, paren - tl - start);
}

/* PHP's warning of a stream it could not open, "PHP Warning:  fopen(X): Failed to open stream:
 * <strerror> in ..." (PHP 8; "failed" before it), the signature right after it: X is the call's
 * argument as the script gave it, blanks, commas and parentheses included, up to the last "):
 * Failed to open stream: " (review: "fopen(/x/a b)" named no path, nor did a relative "f" with
 * no '/' or '.', and as nobody a directory of root's, or root's file in the workspace under
 * Landlock, read as denied). The call is a name (a method's "Class::fn", a namespace's "\\")
 * after the label "Warning:". touch()'s own form names it too. */
/* Whether c may be in the name of a PHP call, a method's "Class::fn" or a namespace's "\\" (a
 * digit not first). */
static bool php_call_byte(char c, bool digit) {
        return sbx_ascii_alpha((unsigned char) c) || c == '_' || c == ':' || c == '\\' ||
               (digit && isdigit((unsigned char) c));
}

/* Whether line[i..e) is a PHP call's name, "()" after it, e its '('. */
static bool call_name_to(const char *line, size_t i, size_t e) {
        size_t f = i;

        while (i < e && php_call_byte(line[i], i > f))
                i++;
        return i > f && i == e;
}

static size_t php_stream_arg(const char *line, size_t sig_start, char *out, size_t size) {
        static const char tail[] = "): failed to open stream: ", label[] = "Warning:", touch[] = "touch(): Unable to create file ",
                          because[] = " because ";
        size_t tl = sizeof(tail) - 1, i, bl = sizeof(because) - 1;
        const char *w;

        /* touch()'s, "PHP Warning:  touch(): Unable to create file X because <strerror>": X
         * as given, up to the last " because " (review: as nobody, touch("/etc/x") named none
         * and read as denied) */
        if (sig_start > bl && memcmp(line + sig_start - bl, because, bl) == 0 &&
            (w = memmem(line, sig_start - bl, touch, sizeof(touch) - 1)) && memmem(line, (size_t) (w - line), label, sizeof(label) - 1)) {
                i = (size_t) (w - line) + sizeof(touch) - 1;
                return i < sig_start - bl ? put(out, size, line + i, sig_start - bl - i) : 0;
        }
        /* a call whose warning prints no argument, "PHP Warning:  mkdir(): <strerror>" (mkdir,
         * symlink, link, chmod: php_error_docref()'s "fn(): "), names none: "mkdir()" was read as
         * a name in the cwd (review: as nobody under Landlock, cd to a directory of root's and
         * mkdir() into /var/tmp, which the host lets nobody write, read as success, the
         * sandbox's refusal taken for the host's and not counted) */
        if (sig_start > 4 && memcmp(line + sig_start - 4, "(): ", 4) == 0 &&
            (w = memmem(line, sig_start - 4, label, sizeof(label) - 1))) {
                i = (size_t) (w - line) + sizeof(label) - 1;
                while (i < sig_start - 4 && line[i] == ' ')
                        i++;
                if (i < sig_start - 4 && call_name_to(line, i, sig_start - 4))
                        return TOO_LONG;
        }
        /* rename()'s, "PHP Warning:  rename(A,B): <strerror>" (php_error_docref2()): B, the name
         * made, split at the one ',' or, of several, at the one before an absolute name; else none
         * (it read A, and as nobody, rename() of its own file into /etc, the host's refusal, read
         * as denied; a relative pair was "rename(A,B)" in the cwd) */
        if (sig_start > 3 && memcmp(line + sig_start - 3, "): ", 3) == 0 &&
            (i = php_rename_args(line, sig_start - 3)) > 0) {
                size_t b = php_pair_split(line, i, sig_start - 3);

                if (b == 0)
                        return 0; /* a stream's one name: read below */
                return b == TOO_LONG ? TOO_LONG : put(out, size, line + b, sig_start - 3 - b);
        }
        if (sig_start < tl || strncasecmp(line + sig_start - tl, tail, tl) != 0 ||
            !(w = memmem(line, sig_start - tl, label, sizeof(label) - 1)))
                return 0;
        i = (size_t) (w - line) + sizeof(label) - 1;
        while (i < sig_start - tl && line[i] == ' ')
                i++;
        {
                size_t f = i;

                while (i < sig_start - tl && php_call_byte(line[i], i > f))
                        i++;
                if (i == f || i >= sig_start - tl || line[i] != '(' || i + 1 == sig_start - tl)
                        return 0;
        }
        i++;
        return put(out, size, line + i, sig_start - tl - i);
}

/* git-lfs's "error running CMD 'ARG'...: 'MESSAGE' 'exit status N'" quotes the stderr of the
 * command it ran: the signature in MESSAGE, which says what was denied ("error: could not lock
 * config file X: <errno text>"). Where MESSAGE starts (after the last ": '" before the signature)
 * and ends (its quote before " 'exit status", else the line's last quote), into *ret_at and
 * *ret_end. */
static bool nested_message(const char *line, size_t len, size_t sig_start, size_t sig_end, size_t *ret_at,
                           size_t *ret_end) {
        const char *run = memmem(line, sig_start, "error running ", 14), *sep = NULL, *status;

        if (!run)
                return false;
        for (const char *p = run; (p = memmem(p, sig_start - (size_t) (p - line), ": '", 3)) != NULL; p++)
                sep = p;
        if (!sep)
                return false;
        *ret_at = (size_t) (sep - line) + 3;
        status = memmem(line + sig_end, len - sig_end, "' 'exit status", 14);
        if (status)
                *ret_end = (size_t) (status - line);
        else if (len > sig_end && line[len - 1] == '\'')
                *ret_end = len - 1;
        else
                return false;
        return *ret_at < sig_start;
}

/* e2fsprogs' com_err lines, "chattr: <strerror> while setting flags on X" (also the version and
 * the project of -v, -p): X, the rest of the line as printed, blanks included (it was none: as
 * nobody under bubblewrap, root's file outside, whose flags the host refuses nobody, read as
 * denied); the phrase after the signature (line[sig_end..len)) or the signature's own end (EPERM's
 * "Operation not permitted while setting flags on": a relative X was none, mine55). */
static size_t e2fs_while_on(const char *line, size_t len, size_t sig_end, char *out, size_t size) {
        static const char *const phrases[] = { " while setting flags on ", " while setting version on ",
                                               " while setting project on " };
        const char *s = line + sig_end;
        size_t n = len - sig_end;

        for (size_t i = 0; i < SBX_ELEMENTSOF(phrases); i++) {
                size_t k = strlen(phrases[i]);

                if (n > k && memcmp(s, phrases[i], k) == 0)
                        return put(out, size, s + k, n - k);
                if (n > 1 && s[0] == ' ' && sig_end >= k - 1 && memcmp(s - (k - 1), phrases[i], k - 1) == 0)
                        return put(out, size, s + 1, n - 1);
        }
        return 0;
}

size_t sbx_denial_path_extract(const char *line, size_t len, size_t sig_start, size_t sig_end,
                               char *ret_path, size_t size) {
        size_t n, at, end;

        if (!ret_path || size == 0)
                return 0;
        ret_path[0] = '\0';
        if (!line || sig_start > sig_end || sig_end > len)
                return 0;
        /* the message git-lfs quotes names the file, not the command it ran (it was CMD, git's
         * own path, with its stdout merged into stderr) */
        if (nested_message(line, len, sig_start, sig_end, &at, &end))
                return sbx_denial_path_extract(line + at, end - at, sig_start - at, sig_end - at, ret_path, size);
        n = sysctl_key(line, len, sig_start, sig_end, ret_path, size);
        if (n > 0)
                return n;
        n = php_stream_arg(line, sig_start, ret_path, size);
        if (n == 0)
                n = e2fs_while_on(line, len, sig_end, ret_path, size);
        if (n == 0)
                n = ruby_errno_after(line + sig_end, len - sig_end, ret_path, size);
        if (n == 0)
                n = quoted_after(line + sig_end, len - sig_end, memmem(line, sig_start, "[Errno ", 7) != NULL, ret_path, size);
        if (n == 0)
                n = unquoted_after(line + sig_end, len - sig_end, ret_path, size);
        if (n == 0)
                n = call_after(line + sig_end, len - sig_end, ret_path, size);
        /* the signature in parentheses ending the line, after a verb phrase that quotes its name:
         * mawk's "awk: cannot open \"X\" for output (Permission denied)" */
        if (n == 0 && sig_start > 0 && line[sig_start - 1] == '(') {
                size_t e = sig_end;

                while (e < len && (line[e] == ' ' || line[e] == '\t'))
                        e++;
                if (e < len && line[e] == ')') {
                        while (++e < len && (line[e] == ' ' || line[e] == '\t'))
                                ;
                        if (e == len)
                                n = gawk_mkstemp(line, sig_start - 1, ret_path, size);
                        if (e == len && n == 0)
                                n = phrase_quoting(line, sig_start - 1, ret_path, size);
                        if (e == len && n == 0)
                                n = field_before_paren(line, sig_start - 1, ret_path, size);
                }
        }
        if (n == 0)
                n = bfd_whilst_copying(line, sig_start, ret_path, size);
        if (n == 0)
                n = before(line, sig_start, ret_path, size);
        if (n == 0)
                n = subject_before(line, sig_start, ret_path, size);
        if (n == 0 || n == TOO_LONG) {
                ret_path[0] = '\0';
                return 0;
        }
        n = directories_of(line, sig_start, ret_path, n);
        ret_path[n] = '\0';
        return n;
}

size_t sbx_denial_path_join(const char *cwd, const char *path, char *out, size_t size) {
        size_t len = 0;

        if (!out || size == 0)
                return 0;
        out[0] = '\0';
        if (!path || size < 2)
                return 0;
        if (path[0] != '/' && (!cwd || cwd[0] != '/'))
                return 0;
        if ((path[0] != '/' && !sbx_path_append_components(cwd, out, size, &len)) ||
            !sbx_path_append_components(path, out, size, &len)) {
                out[0] = '\0';
                return 0;
        }
        if (len == 0)
                out[len++] = '/';
        out[len] = '\0';
        return len;
}

/* Whether the unquoted word line[i..e) is a source location, the file of the code that printed
 * the line rather than a file it tells of: a line number after it, Perl's "at /x.pm line 3.",
 * PHP's "in /x.php on line 3", or in it, Ruby's "/x.rb:12:in `open'", "/src/h.c:1:21:" (review:
 * as nobody, `cd /own-dir && perl /usr/local/bin/w.pl` writing x printed "Cannot open x:
 * Permission denied at /usr/local/bin/w.pl line 1.": the script, none of the workspace's, was
 * taken for the path the sandbox refused, and as one the host refuses, the run for the host's
 * refusal). */
static bool source_location(const char *line, size_t len, size_t i, size_t e) {
        static const char *const before_number[] = { " line ", " on line " };

        for (size_t k = i; k + 1 < e; k++)
                if (line[k] == ':' && isdigit((unsigned char) line[k + 1])) {
                        size_t d = k + 1;

                        while (d < e && isdigit((unsigned char) line[d]))
                                d++;
                        if (d == e || line[d] == ':' || line[d] == ',')
                                return true;
                }
        for (size_t w = 0; w < SBX_ELEMENTSOF(before_number); w++) {
                size_t wl = strlen(before_number[w]);

                if (e + wl < len && memcmp(line + e, before_number[w], wl) == 0 &&
                    isdigit((unsigned char) line[e + wl]))
                        return true;
        }
        return false;
}


/* The closing quote of the quoted string whose opening quote quotes[q].open is at line[i], or
 * NULL. Not one GNU's quote() or Python's repr escaped ('/x/it\'s', ‘/x/ab\’’), nor, of a name
 * Node printed as it is ("'/x/it's' -> 'y'"), one followed by anything but a blank, punctuation
 * or the line's end, when a later one follows. */
static const char *closing_quote(const char *line, size_t len, size_t i, size_t q) {
        size_t ol = strlen(quotes[q].open), cl = strlen(quotes[q].close);
        const char *start = line + i + ol, *end = start, *later;
        bool gnu = gnu_close(quotes[q].close, cl);

        for (;;) {
                end = memmem(end, (size_t) (line + len - end), quotes[q].close, cl);
                if (!end || !(gnu && escaped(start, end)))
                        break;
                end += cl;
        }
        while (end && end + cl < line + len && !strchr(" \t,;:).", end[cl]) &&
               (later = memmem(end + cl, (size_t) (line + len - end - cl), quotes[q].close, cl)))
                end = later;
        return end;
}

/* Whether the first word of s[0..n) holds a '/': a quoted name, whose words are no names of their
 * own ("'/ws/say \"hi\"/etc'" names no /etc), unlike a quoted command line ("'cp /a /b'"). */
static bool path_first(const char *s, size_t n) {
        for (size_t i = 0; i < n && s[i] != ' ' && s[i] != '\t'; i++)
                if (s[i] == '/')
                        return true;
        return false;
}

struct quoted_span {
        size_t from, to; /* a quoted name's text in the line, without its opening quote */
};

/* Whether line[i] is an apostrophe within a word, two letters before it and one after ("can't",
 * "don't", "it's"): it opens no quoted name. BusyBox's "cp: can't preserve permissions of 'f'":
 * its text up to the name's closing quote was read as a name ("t preserve permissions of 'f"),
 * and the words of the change of mode, blanked as a name's, no longer told of what the sandbox
 * refuses in the workspace too (review: under Landlock in workspace-write, the set-ID bit
 * refused beneath the root read as the host's permissions, task_failure). */
static bool apostrophe_at(const char *line, size_t len, size_t i) {
        return line[i] == '\'' && i >= 2 && i + 1 < len && sbx_ascii_alpha((unsigned char) line[i - 2]) &&
               sbx_ascii_alpha((unsigned char) line[i - 1]) && sbx_ascii_alpha((unsigned char) line[i + 1]);
}

bool sbx_denial_line_names_each_at(const char *line, size_t len, sbx_denial_name_at_fn fn, void *userdata) {
        struct quoted_span spans[16], pair = { 0, 0 };
        size_t n_spans = 0, b, sep;

        /* PHP's "rename(A,B): " and Ruby's "(A, B)", unquoted: A and B, each whole (PHP's was one
         * word, "A,B", when A was absolute, none when relative; blanks in them split it), split as
         * the path is (php_pair_split(), ruby_pair_split()) */
        if (call_pair(line, len, &pair.from, &b, &pair.to, &sep)) {
                if ((b - sep > pair.from && !fn(userdata, line + pair.from, b - sep - pair.from, pair.from, b - sep)) ||
                    !fn(userdata, line + b, pair.to - b, b, pair.to))
                        return false;
        }
        for (size_t i = 0; i < len; i++) {
                size_t e;

                if (i >= pair.from && i < pair.to) {
                        i = pair.to - 1;
                        continue;
                }
                if (apostrophe_at(line, len, i))
                        continue;
                /* a name GNU quoted in pieces ('/x/a'\''"b', '/x/a'$'\n''b'): whole and decoded,
                 * not its pieces ("b' to '/y/a", a name never printed) */
                if ((line[i] == '\'' || line[i] == '$') && (e = pieces_end(line, len, i)) > i) {
                        char word[SBX_DENIAL_PATH_MAX];
                        size_t k = shell_word(line + i, e - i, word, sizeof(word));

                        if (k > 0 && k != TOO_LONG) {
                                if (!fn(userdata, word, k, i, e))
                                        return false;
                                if (n_spans < SBX_ELEMENTSOF(spans) && path_first(word, k))
                                        spans[n_spans++] = (struct quoted_span) { i + 1, e };
                                i = e - 1;
                                continue;
                        }
                }
                for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                        size_t ol = strlen(quotes[q].open), cl = strlen(quotes[q].close);
                        const char *start, *end;

                        if (!starts_with(line + i, len - i, quotes[q].open))
                                continue;
                        start = line + i + ol;
                        end = closing_quote(line, len, i, q);
                        if (!end)
                                continue; /* another quote of the same opening: `X` after `X' */
                        if (!ruby_method_at(line, i)) {
                                char name[SBX_DENIAL_PATH_MAX];
                                size_t n = (size_t) (end - start), k = 0;

                                /* escaped ('/x/it\'s'): decoded; else as printed, in the line (the
                                 * callers know a partner by its place there) */
                                if (memchr(start, '\\', n))
                                        k = put_quoted(name, sizeof(name), start, n, quotes[q].close, cl);
                                if (k > 0 && k != TOO_LONG && k != n
                                            ? !fn(userdata, name, k, (size_t) (start - line), (size_t) (end - line))
                                            : !fn(userdata, start, n, (size_t) (start - line), (size_t) (end - line)))
                                        return false;
                                if (n_spans < SBX_ELEMENTSOF(spans) && path_first(start, n))
                                        spans[n_spans++] = (struct quoted_span) { (size_t) (start - line),
                                                                                  (size_t) (end - line) };
                        }
                        i = (size_t) (end - line) + cl - 1;
                        break;
                }
        }
        for (size_t i = 0; i < len; i++) {
                size_t e = i;
                bool inside = false;

                if (i >= pair.from && i < pair.to) {
                        i = pair.to - 1;
                        continue;
                }
                if (line[i] != '/' || (i > 0 && line[i - 1] != ' ' && line[i - 1] != '\t' && !strchr("'`\"(=", line[i - 1]) &&
                                       (unsigned char) line[i - 1] < 0x80))
                        continue;
                /* a word within a quoted name is that name's, told whole above: its part
                 * ("/ws/say" of '/ws/say "hi"') or a word after a quote or blank of its own ("/etc"
                 * of '/ws/say "hi"/etc', of 'ro/q'\''"/etc') is no name */
                for (size_t k = 0; k < n_spans && !inside; k++)
                        inside = i >= spans[k].from && i < spans[k].to;
                if (inside) {
                        while (i + 1 < len && line[i + 1] != ' ' && line[i + 1] != '\t')
                                i++;
                        continue;
                }
                while (e < len && line[e] != ' ' && line[e] != '\t')
                        e++;
                /* the line's first field, a path before its ':', is the program that prints it
                 * (gcc's "/usr/bin/ld: cannot open output file X", a script's "/bin/sh: 1: ..."),
                 * a source location ("/src/h.c:1:21: fatal error: ..."), or, when it is the
                 * line's object ("/x.git: Read-only file system"), the path itself, which the
                 * callers judge on its own */
                if ((i == 0 && e > 1 && line[e - 1] == ':' && e < len) || source_location(line, len, i, e)) {
                        i = e;
                        continue;
                }
                while (e > i + 1 && strchr(":,;.)'\"`", line[e - 1]))
                        e--;
                while (e > i + 1 && (unsigned char) line[e - 1] >= 0x80 && !((unsigned char) line[e - 1] >= 0xc0))
                        e--; /* a closing quote of more than one byte (its continuation bytes, then its lead) */
                if (e > i + 1 && (unsigned char) line[e - 1] >= 0xc0)
                        e--;
                if (!fn(userdata, line + i, e - i, i, e))
                        return false;
                i = e;
        }
        return true;
}

struct names_plain {
        bool (*fn)(void *userdata, const char *name, size_t n);
        void *userdata;
};

static bool name_plain(void *userdata, const char *name, size_t n, size_t from, size_t to) {
        struct names_plain *p = userdata;

        (void) from;
        (void) to;
        return p->fn(p->userdata, name, n);
}

bool sbx_denial_line_names_each(const char *line, size_t len, bool (*fn)(void *userdata, const char *name, size_t n),
                                void *userdata) {
        struct names_plain p = { .fn = fn, .userdata = userdata };

        return sbx_denial_line_names_each_at(line, len, name_plain, &p);
}

/* A field a program or shell prints before the name it could not run: one word (the program,
 * dash's line number "1", zsh's "zsh:1"), bash's "line N", Python's "[Errno N]". */
static bool prefix_field(const char *f, size_t n) {
        size_t k;

        while (n > 0 && (f[0] == ' ' || f[0] == '\t'))
                f++, n--;
        while (n > 0 && (f[n - 1] == ' ' || f[n - 1] == '\t'))
                n--;
        if (n == 0)
                return false;
        if (!memchr(f, ' ', n) && !memchr(f, '\t', n))
                return true;
        if (starts_with(f, n, "line ")) {
                for (k = 5; k < n && isdigit((unsigned char) f[k]); k++)
                        ;
                return k > 5 && k == n;
        }
        if (starts_with(f, n, "[Errno ") && f[n - 1] == ']') {
                for (k = 7; k < n - 1 && isdigit((unsigned char) f[k]); k++)
                        ;
                return k > 7 && k == n - 1;
        }
        return false;
}

/* Whether s[0..n) is nothing, or ": "-separated prefix fields (a trailing ':' dropped). */
static bool prefix_fields(const char *s, size_t n) {
        size_t start = 0;

        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == ':'))
                n--;
        if (n == 0)
                return true;
        for (size_t i = 0;; i++)
                if (i == n || (i + 1 < n && s[i] == ':' && s[i + 1] == ' ')) {
                        if (!prefix_field(s + start, i - start))
                                return false;
                        if (i == n)
                                return true;
                        start = i + 2;
                        i++;
                }
}

static bool contains_ascii_ci(const char *s, size_t n, const char *word) {
        size_t k = strlen(word);

        for (size_t i = 0; i + k <= n; i++) {
                size_t j = 0;

                while (j < k && sbx_ascii_lower((unsigned char) s[i + j]) == (unsigned char) word[j])
                        j++;
                if (j == k)
                        return true;
        }
        return false;
}

/* "PROG: [N: |line N: ]X: <signature>", X (the path) alone in its field, as it is or quoted;
 * *ret_prefix: the length of what comes before X's field (its ": " included). */
static bool name_alone_before_at(const char *line, size_t sig_start, const char *path, size_t *ret_prefix) {
        size_t pl = strlen(path), n = sig_start;

        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
                n--;
        if (n == 0 || line[n - 1] != ':')
                return false;
        n--;
        if (ends_with(line, n, path)) {
                n -= pl;
        } else {
                size_t q;

                for (q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                        size_t ol = strlen(quotes[q].open), cl = strlen(quotes[q].close);

                        if (n >= ol + pl + cl && ends_with(line, n, quotes[q].close) &&
                            memcmp(line + n - cl - pl, path, pl) == 0 && starts_with(line + n - cl - pl - ol, ol, quotes[q].open)) {
                                n -= ol + pl + cl;
                                break;
                        }
                }
                if (q == SBX_ELEMENTSOF(quotes))
                        return false;
        }
        if (n > 0 && !(n >= 2 && line[n - 2] == ':' && line[n - 1] == ' '))
                return false;
        *ret_prefix = n;
        return prefix_fields(line, n);
}

static bool name_alone_before(const char *line, size_t sig_start, const char *path) {
        size_t prefix;

        return name_alone_before_at(line, sig_start, path, &prefix);
}

bool sbx_denial_line_names_alone(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path) {
        if (!line || !path || !path[0] || sig_start > sig_end || sig_end > len)
                return false;
        /* nothing after the signature but punctuation: no operation named there either */
        for (size_t i = sig_end; i < len; i++)
                if (sbx_ascii_alpha((unsigned char) line[i]))
                        return false;
        return name_alone_before(line, sig_start, path);
}

int sbx_denial_line_removes(const char *line, size_t len, size_t sig_start, size_t sig_end) {
        static const struct {
                const char *prog, *phrase;
                int call;
        } forms[] = {
                { "rmdir", "failed to remove ", SBX_REMOVES_DIR },
                { "rmdir", "failed to remove directory ", SBX_REMOVES_DIR },
                { "rmdir", "", SBX_REMOVES_DIR },
                { "unlink", "cannot unlink ", SBX_REMOVES_FILE },
                { "unlink", "can't remove file ", SBX_REMOVES_FILE },
                { "mv", "can't rename ", SBX_REMOVES_RENAME },
        };
        size_t k, name;
        const char *prog;

        /* "PROG: PHRASE'X': <signature>", nothing after it */
        if (!line || sig_start > sig_end || sig_end != len || sig_start < 3 || line[sig_start - 1] != ' ' ||
            line[sig_start - 2] != ':' || line[sig_start - 3] != '\'')
                return 0;
        k = strcspn(line, ":");
        if (k == 0 || k + 2 > sig_start || line[k + 1] != ' ' || memchr(line, ' ', k))
                return 0;
        prog = memrchr(line, '/', k);
        prog = prog ? prog + 1 : line;
        for (size_t i = 0; i < SBX_ELEMENTSOF(forms); i++) {
                size_t pl = strlen(forms[i].phrase);

                if ((size_t) (line + k - prog) != strlen(forms[i].prog) || memcmp(prog, forms[i].prog, strlen(forms[i].prog)) != 0)
                        continue;
                name = k + 2 + pl;
                /* the quoted name, at least one byte in it, ends right before ": " */
                if (name + 3 <= sig_start - 2 && memcmp(line + k + 2, forms[i].phrase, pl) == 0 && line[name] == '\'')
                        return forms[i].call;
        }
        return 0;
}

bool sbx_denial_line_shell_names_alone(const char *line, size_t len, size_t sig_start, size_t sig_end,
                                       const char *path) {
        static const char *const shells[] = { "sh", "bash", "dash", "ash", "ksh", "mksh", "hush" };
        size_t prefix, pl, k;
        const char *prog;

        if (!sbx_denial_line_names_alone(line, len, sig_start, sig_end, path) ||
            !name_alone_before_at(line, sig_start, path, &prefix) || prefix < 2)
                return false;
        pl = strlen(path);
        /* X printed as it is, not quoted: the shells quote none of theirs */
        if (prefix + pl + 1 > sig_start || memcmp(line + prefix, path, pl) != 0 || line[prefix + pl] != ':')
                return false;
        /* the program, its first field, and nothing but a line number after it */
        k = strcspn(line, ":");
        if (k >= prefix)
                return false;
        prog = memrchr(line, '/', k);
        prog = prog ? prog + 1 : line;
        if (k + 2 < prefix) {
                const char *f = line + k + 2, *end = line + prefix - 2;

                if ((size_t) (end - f) > 5 && memcmp(f, "line ", 5) == 0)
                        f += 5;
                if (f == end)
                        return false;
                for (; f < end; f++)
                        if (!isdigit((unsigned char) *f))
                                return false;
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(shells); i++)
                if (strlen(shells[i]) == (size_t) (line + k - prog) && memcmp(prog, shells[i], strlen(shells[i])) == 0)
                        return true;
        return false;
}

bool sbx_denial_line_shell_opens(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path) {
        static const char *const shells[] = { "sh", "dash", "ash" };
        size_t pl, k, f, phrase;
        const char *prog;
        bool numbered = false; /* dash's "N: ", ash's "line N: ": a script file's line names it */

        if (!line || !path || !path[0] || sig_start > sig_end || sig_end > len)
                return false;
        for (size_t i = sig_end; i < len; i++)
                if (sbx_ascii_alpha((unsigned char) line[i]))
                        return false;
        /* X as it is, right before ": <signature>" */
        pl = strlen(path);
        if (sig_start < pl + 2 || memcmp(line + sig_start - 2, ": ", 2) != 0 ||
            memcmp(line + sig_start - 2 - pl, path, pl) != 0)
                return false;
        phrase = sig_start - 2 - pl;
        /* the program, its first field, one word */
        k = strcspn(line, ": \t");
        if (k == 0 || k + 2 > phrase || line[k] != ':' || line[k + 1] != ' ')
                return false;
        prog = memrchr(line, '/', k);
        prog = prog ? prog + 1 : line;
        f = k + 2;
        if (phrase - f > 12 && memcmp(line + f, "line ", 5) != 0 && isdigit((unsigned char) line[f])) {
                /* dash's "N: cannot open " */
                while (f < phrase && isdigit((unsigned char) line[f]))
                        f++;
                if (phrase - f != 14 || memcmp(line + f, ": cannot open ", 14) != 0)
                        return false;
                numbered = true;
        } else {
                /* ash's "[line N: ]can't open " */
                if (phrase - f > 5 && memcmp(line + f, "line ", 5) == 0) {
                        size_t d = f + 5;

                        while (d < phrase && isdigit((unsigned char) line[d]))
                                d++;
                        if (d == f + 5 || phrase - d < 2 || memcmp(line + d, ": ", 2) != 0)
                                return false;
                        f = d + 2;
                        numbered = true;
                }
                if (phrase - f != 11 || memcmp(line + f, "can't open ", 11) != 0)
                        return false;
        }
        /* a script file's (`dash s.sh`: "s.sh: 1: cannot open X"), its line number told */
        if (numbered)
                return true;
        for (size_t i = 0; i < SBX_ELEMENTSOF(shells); i++)
                if (strlen(shells[i]) == (size_t) (line + k - prog) && memcmp(prog, shells[i], strlen(shells[i])) == 0)
                        return true;
        return false;
}

bool sbx_denial_line_may_exec(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path) {
        static const char *const words[] = { "exec", "run command", "spawn" };
        size_t pl = path ? strlen(path) : 0;
        const char *after;

        if (!line || sig_start > sig_end || sig_end > len || pl == 0)
                return true;
        /* execvp, "Can't exec", "unable to execute", "failed to run command 'X'" (timeout, nohup,
         * chroot, stdbuf), Node's "spawn X" */
        for (size_t i = 0; i < SBX_ELEMENTSOF(words); i++)
                if (contains_ascii_ci(line, len, words[i]))
                        return true;
        /* the name after the signature, nothing but punctuation between (zsh's "permission denied:
         * X", Python's "[Errno 13] Permission denied: 'X'"); a word between names the operation
         * (Node's ", open 'X'", "'SRC' -> 'DST'") */
        after = memmem(line + sig_end, len - sig_end, path, pl);
        if (after) {
                for (const char *q = line + sig_end; q < after; q++)
                        if (sbx_ascii_alpha((unsigned char) *q))
                                goto before_sig;
                return prefix_fields(line, sig_start);
        }
before_sig:
        /* the name before: "PROG: [N: |line N: ]X: <signature>", X alone in its field, as it is
         * or quoted (env's, find's 'X'); a phrase there names the operation ("cannot touch 'X'",
         * tar's "X: Cannot open", dash's "cannot create X") */
        return name_alone_before(line, sig_start, path);
}

/* Whether the word right before the name at s[n] (past the quotes, blanks and ':' between, a
 * curly quote's bytes too) is one (ASCII letters, caseless) that names running a program: "failed
 * to run command 'X'", "failed to execute X", "Can't exec \"X\"", "execvp: X", "spawn X". Not a
 * word further before, another name's: mv's "cannot move 'docs/exec.md' to 'X'" tells of no run
 * of X (review51b: as root in read-only mode, that mv over the user's own 0644 file read as the
 * host's refusal of its run, task_failure, under both backends). */
static bool run_word_before(const char *s, size_t n) {
        static const char *const words[] = { "exec", "execvp", "execv", "execve", "execlp", "execute", "spawn" };
        size_t k = n, i;

        while (k > 0 && ((s[k - 1] != '\0' && strchr(" \t:'\"`", s[k - 1])) || (unsigned char) s[k - 1] >= 0x80))
                k--;
        for (i = k; i > 0 && sbx_ascii_alpha((unsigned char) s[i - 1]); i--)
                ;
        for (size_t w = 0; k > i && w < SBX_ELEMENTSOF(words); w++)
                if (strlen(words[w]) == k - i && strncasecmp(s + i, words[w], k - i) == 0)
                        return true;
        return k - i == 7 && strncasecmp(s + i, "command", 7) == 0 && i >= 4 && strncasecmp(s + i - 4, "run ", 4) == 0 &&
               (i == 4 || !sbx_ascii_alpha((unsigned char) s[i - 5]));
}

bool sbx_denial_line_runs_searched(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path) {
        size_t pl = path ? strlen(path) : 0;

        if (pl == 0 || memchr(path, '/', pl) || path[0] == '~' || strcmp(path, ".") == 0 || strcmp(path, "..") == 0)
                return false;
        return sbx_denial_line_runs(line, len, sig_start, sig_end, path);
}

bool sbx_denial_line_runs(const char *line, size_t len, size_t sig_start, size_t sig_end, const char *path) {
        /* the programs that run the one they are given and print its name alone when they cannot */
        static const char *const searchers[] = { "env", "nice", "xargs" };
        size_t pl = path ? strlen(path) : 0, prefix, fields = 0, last = 0;
        const char *name = NULL, *prog, *slash;

        if (!line || sig_start > sig_end || sig_end > len || pl == 0)
                return false;
        /* the name as printed before the signature, its last occurrence: the word right before it
         * names the run ("failed to run command 'X'", "failed to execute X", "Can't exec \"X\"",
         * "spawn X", make's "execvp: X"); one inside the name does not ("executable") */
        for (const char *q = line; (q = memmem(q, (size_t) (line + sig_start - q), path, pl)); q++)
                name = q;
        if (!name)
                return false;
        if (run_word_before(line, (size_t) (name - line)))
                return true;
        /* the name alone in its field after the program: env's and nice's "'X'", xargs' "X"
         * (no other field), or after a POSIX shell's line number, dash's "sh: 1: X" (bash prints
         * a failed redirection as it does a failed exec, "bash: line 1: X", and is not taken) */
        if (!name_alone_before_at(line, sig_start, path, &prefix) || prefix < 3)
                return false;
        prefix -= 2;
        for (size_t i = 0; i + 1 < prefix; i++)
                if (line[i] == ':' && line[i + 1] == ' ')
                        fields++, last = i + 2;
        if (fields == 1) {
                size_t k = last;

                while (k < prefix && isdigit((unsigned char) line[k]))
                        k++;
                return k == prefix && k > last;
        }
        if (fields > 0)
                return false;
        slash = memrchr(line, '/', prefix);
        prog = slash ? slash + 1 : line;
        for (size_t i = 0; i < SBX_ELEMENTSOF(searchers); i++)
                if ((size_t) (line + prefix - prog) == strlen(searchers[i]) &&
                    memcmp(prog, searchers[i], strlen(searchers[i])) == 0)
                        return true;
        return false;
}

/* Whether s[i] starts or ends a word at the edge of an address: the line's end, or a byte that
 * cannot be part of a name (a '/' before 1.2.3.4:80 makes it part of a path). */
static bool address_edge(const char *s, size_t n, size_t i) {
        return i >= n || strchr(" \t([=,\"'", s[i]) != NULL;
}

/* Whether s[i] ends an address: the line's end, or a byte after it in a message ('}' closes
 * socat's "{AF=2 0.0.0.0:80}"). */
static bool address_end(const char *s, size_t n, size_t i) {
        return i >= n || strchr(" \t):,\"'];.}", s[i]) != NULL;
}

/* The port after the ':' at s[i]: 1..5 digits ending at an address's end; its end in *ret_end. */
static bool port_at(const char *s, size_t n, size_t i, size_t *ret_end) {
        size_t k = i + 1;

        if (i >= n || s[i] != ':')
                return false;
        while (k < n && k - i <= 6 && isdigit((unsigned char) s[k]))
                k++;
        if (k == i + 1 || k - i > 6 || !address_end(s, n, k))
                return false;
        *ret_end = k;
        return true;
}

/* Whether an internet socket address with its port starts at s[i] (after an edge): an IPv4
 * address "1.2.3.4:80" (nginx's "bind() to 0.0.0.0:80", Node's "listen EACCES: permission denied
 * 127.0.0.1:80", Go's "listen tcp 127.0.0.1:80: bind: ..."), a bracketed IPv6 one "[::1]:80", or
 * Node's unbracketed IPv6 ":::80", "::1:80" (an address with "::" in it, hex digits and ':'). */
static bool socket_address_at(const char *s, size_t n, size_t i) {
        size_t k = i, end, dots = 0, digits = 0, last_colon = n;

        if (k < n && s[k] == '[') {
                for (k++; k < n && (isxdigit((unsigned char) s[k]) || s[k] == ':' || s[k] == '.'); k++)
                        ;
                return k > i + 1 && k < n && s[k] == ']' && port_at(s, n, k + 1, &end);
        }
        /* IPv4: four groups of 1..3 digits */
        for (k = i; k < n; k++) {
                if (isdigit((unsigned char) s[k])) {
                        if (++digits > 3)
                                break;
                } else if (s[k] == '.' && digits > 0 && dots < 3) {
                        dots++;
                        digits = 0;
                } else
                        break;
        }
        if (dots == 3 && digits > 0 && port_at(s, n, k, &end))
                return true;
        /* IPv6 as Node prints it: hex digits and ':' with "::" in it, the port after the last ':';
         * a ':' after the port ends it (ncat's "bind to :::80: Permission denied") */
        for (k = i; k < n && (isxdigit((unsigned char) s[k]) || s[k] == ':' || s[k] == '.'); k++)
                ;
        if (k > i + 1 && s[k - 1] == ':' && s[k - 2] != ':')
                k--;
        for (size_t c = i; c < k; c++)
                if (s[c] == ':')
                        last_colon = c;
        return last_colon < n && last_colon > i && memmem(s + i, last_colon - i + 1, "::", 2) &&
               port_at(s, n, last_colon, &end) && end == k;
}

/* Python's socket address tuple "('127.0.0.1', 80)" at s[i] (asyncio's "error while attempting
 * to bind on address ('127.0.0.1', 80): permission denied"): a quoted host name or address, then
 * the port. */
static bool python_socket_address_at(const char *s, size_t n, size_t i) {
        size_t k = i + 2, d;

        if (i + 2 > n || s[i] != '(' || s[i + 1] != '\'')
                return false;
        while (k < n && (isalnum((unsigned char) s[k]) || strchr(".:%-", s[k])))
                k++;
        if (n - k < 3 || s[k] != '\'' || s[k + 1] != ',' || s[k + 2] != ' ')
                return false;
        for (d = k + 3; d < n && isdigit((unsigned char) s[d]); d++)
                ;
        return d > k + 3 && d < n && (s[d] == ')' || s[d] == ',');
}

/* Ruby's socket address at s[i]: a quoted host name or address, then " port " and the port
 * (TCPServer's "Permission denied - bind(2) for \"0.0.0.0\" port 80 (Errno::EACCES)"; a unix
 * socket's name is printed bare, "connect(2) for /x.sock"). */
static bool ruby_socket_address_at(const char *s, size_t n, size_t i) {
        size_t k = i + 1, d;

        if (i + 1 >= n || s[i] != '"')
                return false;
        while (k < n && (isalnum((unsigned char) s[k]) || strchr(".:%-", s[k])))
                k++;
        if (k == i + 1 || n - k < 7 || s[k] != '"' || strncmp(s + k + 1, " port ", 6) != 0)
                return false;
        for (d = k + 7; d < n && d - (k + 7) <= 5 && isdigit((unsigned char) s[d]); d++)
                ;
        return d > k + 7 && d - (k + 7) <= 5 && address_end(s, n, d);
}

/* PHP's stream socket address at s[i]: an internet transport's scheme before the address
 * ("stream_socket_server(): Unable to connect to tcp://0.0.0.0:80 (Permission denied)"; a unix
 * socket's is "unix://" and its path). */
static bool php_socket_address_at(const char *s, size_t n, size_t i) {
        static const char *const schemes[] = { "tcp://", "udp://", "ssl://", "tls://" };

        for (size_t k = 0; k < SBX_ELEMENTSOF(schemes); k++)
                if (n - i > 6 && strncmp(s + i, schemes[k], 6) == 0)
                        return socket_address_at(s, n, i + 6);
        return false;
}

/* sbx_denial_line_names_each()'s callback: a name without a directory in it. */
static bool no_directory(void *userdata, const char *name, size_t n) {
        (void) userdata;
        return !memchr(name, '/', n);
}

bool sbx_denial_line_tcl_socket(const char *line, size_t len, size_t sig_start, size_t sig_end) {
        static const char head[] = "couldn't open socket: ";

        if (!line || sig_end > len || sig_start != sizeof(head) - 1 || strncmp(line, head, sig_start) != 0)
                return false;
        while (len > sig_end && (line[len - 1] == ' ' || line[len - 1] == '\t'))
                len--;
        return len == sig_end;
}

bool sbx_denial_line_perl_inet_socket(const char *line, size_t len, size_t sig_start, size_t sig_end) {
        static const char *const classes[] = { "IO::Socket::INET: ", "IO::Socket::IP: " };
        size_t e = len;

        if (!line || sig_end > len || sig_start > sig_end)
                return false;
        while (e > sig_end && (line[e - 1] == ' ' || line[e - 1] == '\t'))
                e--;
        /* the signature ends the line, or Perl's die() adds where: " at -e line 1." */
        if (e != sig_end && (e - sig_end < 4 || strncmp(line + sig_end, " at ", 4) != 0 ||
                             !memmem(line + sig_end, e - sig_end, " line ", 6)))
                return false;
        for (size_t k = 0; k < SBX_ELEMENTSOF(classes); k++) {
                size_t cl = strlen(classes[k]);

                if (sig_start == cl && memcmp(line, classes[k], cl) == 0)
                        return true;
        }
        return false;
}

/* Ruby's uncaught Errno::EACCES of Process.setpriority, line[0..len) with the signature at
 * [sig_start, sig_end): the method quoted in its source location right before, " (Errno::EACCES)"
 * ending the line right after (sbx_denial_line_sets_priority()). */
static bool ruby_sets_priority(const char *line, size_t len, size_t sig_start, size_t sig_end) {
        static const char *const methods[] = { "`setpriority': ", "'Process.setpriority': " };
        static const char tail[] = " (Errno::EACCES)";
        const size_t tl = sizeof(tail) - 1;

        if (len - sig_end != tl || memcmp(line + sig_end, tail, tl) != 0)
                return false;
        for (size_t k = 0; k < SBX_ELEMENTSOF(methods); k++) {
                size_t ml = strlen(methods[k]);

                if (sig_start >= ml && memcmp(line + sig_start - ml, methods[k], ml) == 0 &&
                    ruby_method_at(line, sig_start - ml))
                        return true;
        }
        return false;
}

bool sbx_denial_line_sets_priority(const char *line, size_t len, size_t sig_start, size_t sig_end) {
        static const char head[] = "renice: failed to set priority for ";
        static const char *const kinds[] = { " (process ID): ", " (process group ID): ", " (user ID): " };
        size_t i = sizeof(head) - 1, d;

        if (!line || sig_end > len || sig_start > sig_end)
                return false;
        while (len > sig_end && (line[len - 1] == ' ' || line[len - 1] == '\t'))
                len--;
        if (ruby_sets_priority(line, len, sig_start, sig_end))
                return true;
        if (sig_start < i || strncmp(line, head, i) != 0)
                return false;
        for (d = i; d < sig_start && isdigit((unsigned char) line[d]); d++)
                ;
        if (d == i)
                return false;
        while (len > sig_end && (line[len - 1] == ' ' || line[len - 1] == '\t'))
                len--;
        for (size_t k = 0; k < SBX_ELEMENTSOF(kinds); k++)
                if (sig_start - d == strlen(kinds[k]) && memcmp(line + d, kinds[k], sig_start - d) == 0)
                        return len == sig_end;
        return false;
}

/* The digits at s[*i..n): true when there is one at least, *i past them. */
static bool digits_at(const char *s, size_t n, size_t *i) {
        size_t d = *i;

        while (d < n && isdigit((unsigned char) s[d]))
                d++;
        if (d == *i)
                return false;
        *i = d;
        return true;
}

bool sbx_denial_line_gdb_proc_mem(const char *line, size_t len, size_t sig_start, size_t sig_end) {
        static const char self[] = "warning: opening /proc/self/mem file failed: ",
                          lwp[] = "warning: opening /proc/PID/mem file for lwp ", failed[] = " failed: ";
        size_t i;

        if (!line || sig_start > sig_end || sig_end > len)
                return false;
        if (sig_start == sizeof(self) - 1 && memcmp(line, self, sig_start) == 0) {
                /* the whole line gdb's */
        } else if (sig_start > sizeof(lwp) - 1 && memcmp(line, lwp, sizeof(lwp) - 1) == 0) {
                /* "lwp PID.LWP failed: " */
                i = sizeof(lwp) - 1;
                if (!digits_at(line, sig_start, &i) || i >= sig_start || line[i++] != '.' ||
                    !digits_at(line, sig_start, &i) || sig_start - i != sizeof(failed) - 1 ||
                    memcmp(line + i, failed, sizeof(failed) - 1) != 0)
                        return false;
        } else
                return false;
        /* the errno's number in parentheses ends it: " (13)" */
        while (len > sig_end && (line[len - 1] == ' ' || line[len - 1] == '\t'))
                len--;
        i = sig_end;
        if (len - i < 4 || line[i] != ' ' || line[i + 1] != '(')
                return false;
        i += 2;
        return digits_at(line, len, &i) && i + 1 == len && line[i] == ')';
}

/* Whether a line is a shell's message: a word (the shell or the script) and a line number first,
 * bash's "NAME: line N: ", dash's "NAME: N: ", zsh's "NAME:N: ", or a shell by its name ("bash: X:
 * ..."). A shell prints the name it could not open as it is, quotes and spaces included. */
static bool shell_line(const char *s, size_t n) {
        static const char *const shells[] = { "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "hush" };
        size_t i = 0, w, d;

        while (i < n && s[i] != ':' && s[i] != ' ' && s[i] != '\t')
                i++;
        if (i == 0 || i >= n || s[i] != ':')
                return false;
        for (w = i; w > 0 && s[w - 1] != '/'; w--)
                ;
        for (size_t k = 0; k < SBX_ELEMENTSOF(shells); k++)
                if (i - w == strlen(shells[k]) && memcmp(s + w, shells[k], i - w) == 0 && i + 1 < n && s[i + 1] == ' ')
                        return true;
        i++;
        if (i < n && s[i] == ' ') {
                i++;
                if (n - i >= 5 && memcmp(s + i, "line ", 5) == 0)
                        i += 5;
        }
        for (d = i; d < n && isdigit((unsigned char) s[d]); d++)
                ;
        return d > i && d + 1 < n && s[d] == ':' && s[d + 1] == ' ';
}

bool sbx_denial_line_names_socket(const char *line, size_t len) {
        static const char *const calls[] = { "bind", "listen", "connect" };
        bool call = false, tick = false, curly_single = false, curly_double = false;

        if (!line)
                return false;
        /* a call on a socket named as a word (Node's syscall "listen", nginx's "bind()", Go's
         * "bind:", asyncio's "bind on address"); "binding", "connection" are other words */
        for (size_t i = 0; i < len && !call;) {
                size_t k = i;

                while (k < len && sbx_ascii_alpha((unsigned char) line[k]))
                        k++;
                for (size_t w = 0; k > i && w < SBX_ELEMENTSOF(calls); w++)
                        if (strlen(calls[w]) == k - i && strncasecmp(line + i, calls[w], k - i) == 0)
                                call = true;
                i = k > i ? k : i + 1;
        }
        /* a line naming a path is about a file, whatever else it holds ('/x/listen 1.2.3.4:80'); a
         * shell's is about a file (its redirection) or a command, never a socket's address (review:
         * "bash: line 1: bind \"a\" port 80: Permission denied", a name printed as it is, read as
         * no denial) */
        if (!call || !sbx_denial_line_names_each(line, len, no_directory, NULL) || shell_line(line, len))
                return false;
        for (size_t i = 0, singles = 0, doubles = 0; i < len; i++) {
                /* the quotes before i: an address inside a quoted name is part of a file's name
                 * ("cp: cannot create regular file 'listen 1.2.3.4:80'"); a quote closing a
                 * backquote is no quote of a name (Ruby's "in `initialize'"). A UTF-8 locale's
                 * quotes open and close with different characters (GNU's ‘X’ and “X”: review, an
                 * address in them read as no denial) */
                if (i >= 3 && (unsigned char) line[i - 3] == 0xe2 && (unsigned char) line[i - 2] == 0x80) {
                        unsigned char q = (unsigned char) line[i - 1];

                        if (q == 0x98 || q == 0x99)
                                curly_single = q == 0x98;
                        else if (q == 0x9c || q == 0x9d)
                                curly_double = q == 0x9c;
                }
                if (i > 0 && line[i - 1] == '"')
                        doubles++;
                else if (i > 0 && line[i - 1] == '`' && singles % 2 == 0)
                        tick = true;
                else if (i > 0 && line[i - 1] == '\'' && tick)
                        tick = false;
                else if (i > 0 && line[i - 1] == '\'')
                        singles++;
                if ((i > 0 && !address_edge(line, len, i - 1)) || singles % 2 != 0 || doubles % 2 != 0 ||
                    curly_single || curly_double)
                        continue;
                if (socket_address_at(line, len, i) || python_socket_address_at(line, len, i) ||
                    ruby_socket_address_at(line, len, i) || php_socket_address_at(line, len, i))
                        return true;
                /* Go's address without a host, after its network: "listen tcp :80: bind: ..." */
                if (line[i] == ':' && i >= 4) {
                        size_t end, w = i - 1, ws;

                        while (w > 0 && line[w - 1] != ' ')
                                w--;
                        ws = i - 1 - w;
                        if (line[i - 1] == ' ' && (ws == 3 || ws == 4) &&
                            (strncmp(line + w, "tcp", 3) == 0 || strncmp(line + w, "udp", 3) == 0) &&
                            (ws == 3 || line[w + 3] == '4' || line[w + 3] == '6') && port_at(line, len, i, &end))
                                return true;
                }
        }
        return false;
}
