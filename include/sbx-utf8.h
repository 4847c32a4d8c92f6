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
