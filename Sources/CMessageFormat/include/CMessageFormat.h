#ifndef CMESSAGEFORMAT_H
#define CMESSAGEFORMAT_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One named argument's value: text (UTF-16), a number, or a moment (ICU's UDate: milliseconds since 1970).
typedef enum { CMF_TEXT = 0, CMF_NUMBER = 1, CMF_DATE = 2 } cmf_kind;

typedef struct {
    const char *name;
    cmf_kind kind;
    double number;
    const uint16_t *text;
    int32_t text_length;
} cmf_argument;

/// Formats the ICU MessageFormat `pattern` (UTF-16) for `locale` (a BCP 47 tag) with named arguments into `out`.
/// Returns the UTF-16 length of the result (which may exceed `capacity`: call again with room), or -1 when the
/// pattern does not parse or an argument does not fit it.
int32_t cmf_format(const char *locale, const uint16_t *pattern, int32_t pattern_length,
                   const cmf_argument *arguments, int32_t count, uint16_t *out, int32_t capacity);

/// The pattern's arguments as sorted, de-duplicated lines ("name", "name:plural", "name:select=a|b|other",
/// "name:number"), nested ones included, written to `out` as UTF-8 with a terminating NUL. Returns the length
/// needed (without the NUL), or -1 when the pattern does not parse.
int32_t cmf_skeleton(const uint16_t *pattern, int32_t pattern_length, char *out, int32_t capacity);

/// The plural category ("one", "few", "many", "other", ...) `locale`'s rules give `number`, as UTF-8 with a NUL.
int32_t cmf_plural_category(const char *locale, double number, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
