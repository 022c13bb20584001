#include "CMessageFormat.h"
#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/plurrule.h>

using namespace icu;

extern "C" int32_t cmf_format(const char *locale, const uint16_t *pattern, int32_t pattern_length,
                              const cmf_argument *arguments, int32_t count, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UnicodeString text(reinterpret_cast<const UChar *>(pattern), pattern_length);
    MessageFormat format(text, Locale::forLanguageTag(locale, status), status);
    if (U_FAILURE(status)) return -1;
    std::vector<UnicodeString> names;
    std::vector<Formattable> values;
    names.reserve(count);
    values.reserve(count);
    for (int32_t i = 0; i < count; i++) {
        const cmf_argument &argument = arguments[i];
        names.emplace_back(UnicodeString::fromUTF8(argument.name));
        switch (argument.kind) {
        case CMF_TEXT:
            values.emplace_back(UnicodeString(reinterpret_cast<const UChar *>(argument.text), argument.text_length));
            break;
        case CMF_NUMBER:
            values.emplace_back(argument.number);
            break;
        case CMF_DATE:
            values.emplace_back(argument.number, Formattable::kIsDate);
            break;
        }
    }
    UnicodeString result;
    format.format(names.data(), values.data(), count, result, status);
    if (U_FAILURE(status)) return -1;
    return result.extract(reinterpret_cast<UChar *>(out), capacity, status);
}

extern "C" int32_t cmf_skeleton(const uint16_t *pattern, int32_t pattern_length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    MessagePattern parsed(UnicodeString(reinterpret_cast<const UChar *>(pattern), pattern_length), nullptr, status);
    if (U_FAILURE(status)) return -1;
    std::set<std::string> lines;
    int32_t parts = parsed.countParts();
    for (int32_t i = 0; i < parts; i++) {
        const MessagePattern::Part &part = parsed.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        UMessagePatternArgType type = part.getArgType();
        std::string name;
        parsed.getSubstring(parsed.getPart(i + 1)).toUTF8String(name);
        std::string line = name;
        switch (type) {
        case UMSGPAT_ARG_TYPE_NONE: break;
        case UMSGPAT_ARG_TYPE_SIMPLE: {
            std::string kind;
            parsed.getSubstring(parsed.getPart(i + 2)).toUTF8String(kind);
            line += ":" + kind;
            break;
        }
        case UMSGPAT_ARG_TYPE_PLURAL: line += ":plural"; break;
        case UMSGPAT_ARG_TYPE_SELECTORDINAL: line += ":selectordinal"; break;
        case UMSGPAT_ARG_TYPE_CHOICE: line += ":choice"; break;
        case UMSGPAT_ARG_TYPE_SELECT: {
            // A select's keys are the code's values, so they must match English's; plural keys follow the language.
            std::vector<std::string> keys;
            int32_t limit = parsed.getLimitPartIndex(i);
            for (int32_t j = i + 2; j < limit; j++) {
                const MessagePattern::Part &selector = parsed.getPart(j);
                if (selector.getType() != UMSGPAT_PART_TYPE_ARG_SELECTOR) continue;
                std::string key;
                parsed.getSubstring(selector).toUTF8String(key);
                keys.push_back(key);
                j = parsed.getLimitPartIndex(j + 1);
            }
            std::sort(keys.begin(), keys.end());
            line += ":select=";
            for (size_t k = 0; k < keys.size(); k++) line += (k ? "|" : "") + keys[k];
            break;
        }
        }
        lines.insert(line);
    }
    std::string joined;
    for (const std::string &line : lines) joined += line + "\n";
    int32_t length = static_cast<int32_t>(joined.size());
    if (capacity > 0) {
        int32_t copied = std::min(length, capacity - 1);
        std::memcpy(out, joined.data(), copied);
        out[copied] = 0;
    }
    return length;
}

extern "C" int32_t cmf_plural_category(const char *locale, double number, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    PluralRules *rules = PluralRules::forLocale(Locale::forLanguageTag(locale, status), status);
    if (U_FAILURE(status) || rules == nullptr) { delete rules; return -1; }
    std::string category;
    rules->select(number).toUTF8String(category);
    delete rules;
    int32_t length = static_cast<int32_t>(category.size());
    if (capacity > 0) {
        int32_t copied = std::min(length, capacity - 1);
        std::memcpy(out, category.data(), copied);
        out[copied] = 0;
    }
    return length;
}
