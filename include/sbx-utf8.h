/* sbx-utf8.h: UTF-8 validation shared by the JSON writer, the classifier and the audit record. */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Length (1-4) of the valid UTF-8 sequence at s, or 0 when the bytes there are not valid UTF-8
 * (overlong forms, surrogates and code points above U+10FFFF included). `left` >= 1 bytes. */
static inline size_t sbx_utf8_valid_len(const unsigned char *s, size_t left) {
        unsigned char c = s[0];
        size_t n;
        uint32_t cp;

        if (c < 0x80)
                return 1;
        if (c >= 0xc2 && c <= 0xdf)
                n = 2, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef)
                n = 3, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4)
                n = 4, cp = c & 0x07;
        else
                return 0;
        if (left < n)
                return 0;
        for (size_t i = 1; i < n; i++) {
                if ((s[i] & 0xc0) != 0x80)
                        return 0;
                cp = (cp << 6) | (s[i] & 0x3f);
        }
        if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp <= 0xdfff))
                return 0;
        return n;
}

/* Whether the valid n-byte sequence at u is a bidirectional control: U+061C, U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069. A terminal that honours them shows the rest of the line in
 * another order (a denial line, a path, an argv that reads other than it is). */
static inline int sbx_utf8_is_bidi(const unsigned char *u, size_t n) {
        if (n == 2)
                return u[0] == 0xd8 && u[1] == 0x9c;
        if (n != 3 || u[0] != 0xe2)
                return 0;
        return (u[1] == 0x80 && (u[2] == 0x8e || u[2] == 0x8f || (u[2] >= 0xaa && u[2] <= 0xae))) ||
               (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9);
}

/* The first len bytes of s as text no terminal acts on, into out (len + 1 bytes at least; out may
 * be s itself: the text never grows): every C0 control, DEL, C1 control (U+0080..U+009F: CSI,
 * U+009B, drives terminals as ESC [ does), bidirectional control and byte that is not valid UTF-8
 * becomes '?'. Returns the length written before the NUL it adds. Allocates nothing (a vfork child
 * calls it). */
static inline size_t sbx_utf8_inert(char *out, const char *s, size_t len) {
        const unsigned char *u = (const unsigned char *) s;
        size_t o = 0;

        for (size_t i = 0; i < len;) {
                size_t n = sbx_utf8_valid_len(u + i, len - i);
                if (n == 0 || (n == 1 && (u[i] < 0x20 || u[i] == 0x7f)) ||
                    (n == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0) || sbx_utf8_is_bidi(u + i, n)) {
                        out[o++] = '?';
                        i += n ? n : 1;
                        continue;
                }
                for (size_t k = 0; k < n; k++) /* (forward: out <= s + i, in place too) */
                        out[o + k] = s[i + k];
                o += n;
                i += n;
        }
        out[o] = '\0';
        return o;
}
