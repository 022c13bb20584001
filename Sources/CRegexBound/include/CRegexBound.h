#ifndef CREGEXBOUND_H
#define CREGEXBOUND_H
#include <stdint.h>

/// A compiled ICU regular expression; opaque so no ICU type reaches Swift.
typedef struct crb_regex crb_regex;

/// Result of a bounded whole-input match.
typedef enum {
    CRB_NO_MATCH = 0,
    CRB_MATCH = 1,
    /// The engine ran out of its step budget or stack: the input could not be checked.
    CRB_GAVE_UP = 2,
    CRB_FAILED = 3,
} crb_result;

/// Compiles a UTF-16 pattern. Returns NULL when it does not compile; `error_offset` then holds the
/// UTF-16 offset of the fault (or -1).
crb_regex *crb_compile(const uint16_t *pattern, int32_t length, int32_t *error_offset);

/// Matches the whole UTF-16 `text` against `regex`, giving up after `time_limit` engine steps
/// (ICU's unit, roughly milliseconds). Safe to call from several threads on one regex: each match takes
/// the regex's spare matcher or clones one.
crb_result crb_matches_whole(crb_regex *regex, const uint16_t *text, int32_t length, int32_t time_limit);

void crb_free(crb_regex *regex);
#endif
