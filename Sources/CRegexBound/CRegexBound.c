#include "CRegexBound.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <unicode/uregex.h>

struct crb_regex {
    URegularExpression *pattern;
    /* A URegularExpression holds match state, so a match needs one of its own. The last one used waits
       here for the next match instead of a clone (and its allocations) per match; a match that finds it
       taken by another thread clones. */
    _Atomic(URegularExpression *) spare;
};

crb_regex *crb_compile(const uint16_t *pattern, int32_t length, int32_t *error_offset) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse_error;
    URegularExpression *compiled = uregex_open((const UChar *)pattern, length, 0, &parse_error, &status);
    if (U_FAILURE(status) || compiled == NULL) {
        if (error_offset) *error_offset = parse_error.offset;
        if (compiled) uregex_close(compiled);
        return NULL;
    }
    crb_regex *regex = malloc(sizeof(crb_regex));
    if (regex == NULL) {
        uregex_close(compiled);
        if (error_offset) *error_offset = -1;
        return NULL;
    }
    regex->pattern = compiled;
    atomic_init(&regex->spare, NULL);
    return regex;
}

crb_result crb_matches_whole(crb_regex *regex, const uint16_t *text, int32_t length, int32_t time_limit) {
    UErrorCode status = U_ZERO_ERROR;
    URegularExpression *matcher = atomic_exchange(&regex->spare, NULL);
    if (matcher == NULL) {
        matcher = uregex_clone(regex->pattern, &status);
        if (U_FAILURE(status)) return CRB_FAILED;
    }
    uregex_setText(matcher, (const UChar *)text, length, &status);
    uregex_setTimeLimit(matcher, time_limit, &status);
    UBool matched = uregex_matches(matcher, 0, &status);
    /* Not left pointing at the caller's text; and kept only after a clean match. */
    UErrorCode reset = U_ZERO_ERROR;
    static const UChar empty[1] = {0};
    uregex_setText(matcher, empty, 0, &reset);
    URegularExpression *none = NULL;
    if (U_FAILURE(status) || U_FAILURE(reset) || !atomic_compare_exchange_strong(&regex->spare, &none, matcher)) {
        uregex_close(matcher);
    }
    if (status == U_REGEX_TIME_OUT || status == U_REGEX_STACK_OVERFLOW) return CRB_GAVE_UP;
    if (U_FAILURE(status)) return CRB_FAILED;
    return matched ? CRB_MATCH : CRB_NO_MATCH;
}

void crb_free(crb_regex *regex) {
    if (regex == NULL) return;
    URegularExpression *spare = atomic_exchange(&regex->spare, NULL);
    if (spare) uregex_close(spare);
    uregex_close(regex->pattern);
    free(regex);
}
