// Small, allocation-free JSON scanning over a contiguous buffer: find where an object ends (for
// the streaming tokenizer), validate and skip a value, read strings and numbers as raw text.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace opscope::json {

struct ScanError {
    const char* at = nullptr;      // where the problem was found
    const char* expected = "";     // what the scanner wanted there
    bool wrongType = false;        // valid JSON, but a field has a type the format does not allow
};

inline bool isWhitespace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
inline const char* skipWhitespace(const char* p, const char* end) {
    while (p < end && isWhitespace(*p)) ++p;
    return p;
}

enum class FindStatus { Found, Incomplete };
// p points at '{' or '['. On Found, *valueEnd is one past the matching close bracket. Strings and
// escapes are respected; the grammar inside is not checked here (skipValue does that).
FindStatus findContainerEnd(const char* p, const char* end, const char** valueEnd);

// Validates one JSON value starting at p (after whitespace) and moves p past it.
// controlCharsInStrings counts raw control characters, which real producers write and we tolerate.
// A comma just before a closing '}' or ']' is tolerated too (Perfetto accepts it; hand-written and
// script-written traces have it) and counted in trailingCommas; without that counter it is an error.
bool skipValue(const char*& p, const char* end, ScanError* error, int* controlCharsInStrings,
               int* trailingCommas = nullptr);

// The same JSON text with every tolerated trailing comma removed, so that strict readers
// (nlohmann, SQLite's json_extract) read it.
std::string withoutTrailingCommas(std::string_view json);

// p at the opening quote. raw receives the text between the quotes (escapes not decoded).
bool readString(const char*& p, const char* end, std::string_view* raw, bool* hasEscapes, ScanError* error,
                int* controlChars);
// p at the first character of a number. raw receives its text.
bool readNumber(const char*& p, const char* end, std::string_view* raw, ScanError* error);

// Decodes JSON escapes (\n, \", \uXXXX with surrogate pairs) into UTF-8.
std::string unescape(std::string_view raw);

} // namespace opscope::json
