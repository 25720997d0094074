#include "core/importers/chrome_json/json_scan.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/model/byte_scan.h"

namespace opscope::json {

FindStatus findContainerEnd(const char* p, const char* end, const char** valueEnd) {
    int depth = 0;
    while (p < end) {
        char c = *p;
        if (c == '"') {
            ++p;
            for (;;) {
                const char* q = static_cast<const char*>(std::memchr(p, '"', static_cast<std::size_t>(end - p)));
                if (!q) return FindStatus::Incomplete;
                // Count the backslashes just before the quote: an odd number escapes it.
                const char* b = q;
                while (b > p && b[-1] == '\\') --b;
                p = q + 1;
                if (((q - b) & 1) == 0) break;
            }
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) {
                *valueEnd = p + 1;
                return FindStatus::Found;
            }
        }
        ++p;
    }
    return FindStatus::Incomplete;
}

bool readString(const char*& p, const char* end, std::string_view* raw, bool* hasEscapes, ScanError* error,
                int* controlChars) {
    const char* start = ++p; // past the opening quote
    bool escapes = false;
    while ((p = findJsonStringStop(p, end)) < end) {
        char c = *p;
        if (c == '"') {
            if (raw) *raw = std::string_view(start, static_cast<std::size_t>(p - start));
            if (hasEscapes) *hasEscapes = escapes;
            ++p;
            return true;
        }
        if (c == '\\') {
            escapes = true;
            if (p + 1 >= end) break;
            char e = p[1];
            if (e == 'u') {
                if (p + 6 > end) break;
                for (int i = 2; i < 6; ++i) {
                    char h = p[i];
                    bool hex = (h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F');
                    if (!hex) {
                        *error = {p, "four hex digits after \\u"};
                        return false;
                    }
                }
                p += 6;
                continue;
            }
            if (!std::strchr("\"\\/bfnrt", e) || e == 0) {
                *error = {p, "a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"};
                return false;
            }
            p += 2;
            continue;
        }
        if (controlChars) ++*controlChars; // a control byte: kept, counted
        ++p;
    }
    *error = {end, "the closing quote of a string"};
    return false;
}

bool readNumber(const char*& p, const char* end, std::string_view* raw, ScanError* error) {
    const char* start = p;
    if (p < end && *p == '-') ++p;
    const char* digits = p;
    while (p < end && *p >= '0' && *p <= '9') ++p;
    if (p == digits) {
        *error = {p == end ? end : start, "a number"}; // at end: cut off by the end of the bytes at hand
        return false;
    }
    if (p < end && *p == '.') {
        ++p;
        const char* frac = p;
        while (p < end && *p >= '0' && *p <= '9') ++p;
        if (p == frac) {
            *error = {p, "digits after the decimal point"};
            return false;
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p < end && (*p == '+' || *p == '-')) ++p;
        const char* exp = p;
        while (p < end && *p >= '0' && *p <= '9') ++p;
        if (p == exp) {
            *error = {p, "digits in the exponent"};
            return false;
        }
    }
    if (raw) *raw = std::string_view(start, static_cast<std::size_t>(p - start));
    return true;
}

namespace {
bool literal(const char*& p, const char* end, const char* word, ScanError* error) {
    std::size_t n = std::strlen(word);
    const auto left = static_cast<std::size_t>(end - p);
    if (left < n && std::memcmp(p, word, left) == 0) { // cut off by the end of the bytes at hand
        *error = {end, "a JSON value (object, array, string, number, true, false or null)"};
        return false;
    }
    if (left < n || std::memcmp(p, word, n) != 0) {
        *error = {p, "a JSON value (object, array, string, number, true, false or null)"};
        return false;
    }
    p += n;
    return true;
}
} // namespace

namespace {
// The brackets open around the scanner: inline for the shallow nesting of real args, on the heap
// beyond, so that skipping a value allocates nothing in the common case.
class ContainerStack {
public:
    void push_back(char c) {
        if (size_ < kInline) inline_[size_] = c;
        else deep_.push_back(c);
        ++size_;
    }
    void pop_back() {
        --size_;
        if (size_ >= kInline) deep_.pop_back();
    }
    char back() const { return size_ <= kInline ? inline_[size_ - 1] : deep_.back(); }
    bool empty() const { return size_ == 0; }

private:
    static constexpr std::size_t kInline = 32;
    char inline_[kInline] = {};
    std::vector<char> deep_;
    std::size_t size_ = 0;
};
} // namespace

bool skipValue(const char*& p, const char* end, ScanError* error, int* controlChars, int* trailingCommas) {
    // Iterative, with an explicit stack of open containers, so deep nesting cannot overflow.
    ContainerStack stack;
    for (;;) {
        p = skipWhitespace(p, end);
        if (p >= end) {
            *error = {end, "a JSON value"};
            return false;
        }
        char c = *p;
        bool valueDone = false;
        if (c == '{') {
            ++p;
            p = skipWhitespace(p, end);
            if (p < end && *p == '}') {
                ++p;
                valueDone = true;
            } else {
                stack.push_back('{');
                if (p >= end || *p != '"') {
                    *error = {p, "a quoted key or '}'"};
                    return false;
                }
                if (!readString(p, end, nullptr, nullptr, error, controlChars)) return false;
                p = skipWhitespace(p, end);
                if (p >= end || *p != ':') {
                    *error = {p, "':' after a key"};
                    return false;
                }
                ++p;
                continue;
            }
        } else if (c == '[') {
            ++p;
            p = skipWhitespace(p, end);
            if (p < end && *p == ']') {
                ++p;
                valueDone = true;
            } else {
                stack.push_back('[');
                continue;
            }
        } else if (c == '"') {
            if (!readString(p, end, nullptr, nullptr, error, controlChars)) return false;
            valueDone = true;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            if (!readNumber(p, end, nullptr, error)) return false;
            valueDone = true;
        } else if (c == 't') {
            if (!literal(p, end, "true", error)) return false;
            valueDone = true;
        } else if (c == 'f') {
            if (!literal(p, end, "false", error)) return false;
            valueDone = true;
        } else if (c == 'n') {
            if (!literal(p, end, "null", error)) return false;
            valueDone = true;
        } else {
            *error = {p, "a JSON value (object, array, string, number, true, false or null)"};
            return false;
        }
        // After a value: close containers or move to the next element.
        while (valueDone) {
            if (stack.empty()) return true;
            p = skipWhitespace(p, end);
            if (p >= end) {
                *error = {end, stack.back() == '{' ? "',' or '}'" : "',' or ']'"};
                return false;
            }
            char open = stack.back();
            if (*p == ',') {
                ++p;
                if (trailingCommas) {
                    const char* next = skipWhitespace(p, end);
                    if (next < end && *next == (open == '{' ? '}' : ']')) {
                        ++*trailingCommas;
                        p = next; // the loop closes the container
                        continue;
                    }
                }
                if (open == '{') {
                    p = skipWhitespace(p, end);
                    if (p >= end || *p != '"') {
                        *error = {p, "a quoted key"};
                        return false;
                    }
                    if (!readString(p, end, nullptr, nullptr, error, controlChars)) return false;
                    p = skipWhitespace(p, end);
                    if (p >= end || *p != ':') {
                        *error = {p, "':' after a key"};
                        return false;
                    }
                    ++p;
                }
                valueDone = false;
            } else if ((open == '{' && *p == '}') || (open == '[' && *p == ']')) {
                ++p;
                stack.pop_back();
            } else {
                *error = {p, open == '{' ? "',' or '}'" : "',' or ']'"};
                return false;
            }
        }
    }
}

std::string withoutTrailingCommas(std::string_view json) {
    std::string out;
    out.reserve(json.size());
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        char c = json[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < json.size()) out.push_back(json[++i]);
            else if (c == '"') inString = false;
            continue;
        }
        if (c == '"') inString = true;
        if (c == ',') {
            std::size_t j = i + 1;
            while (j < json.size() && isWhitespace(json[j])) ++j;
            if (j < json.size() && (json[j] == '}' || json[j] == ']')) continue;
        }
        out.push_back(c);
    }
    return out;
}

namespace {
void appendUtf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xc0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xe0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
        out.push_back(static_cast<char>(0xf0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
}

std::uint32_t hex4(const char* p) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= static_cast<std::uint32_t>(c - '0');
        else if (c >= 'a' && c <= 'f') v |= static_cast<std::uint32_t>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= static_cast<std::uint32_t>(c - 'A' + 10);
    }
    return v;
}
} // namespace

std::string unescape(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        char c = raw[i];
        if (c != '\\' || i + 1 >= raw.size()) {
            out.push_back(c);
            continue;
        }
        char e = raw[++i];
        switch (e) {
        case 'n': out.push_back('\n'); break;
        case 't': out.push_back('\t'); break;
        case 'r': out.push_back('\r'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'u': {
            if (i + 4 >= raw.size()) {
                out.push_back('u');
                break;
            }
            std::uint32_t cp = hex4(raw.data() + i + 1);
            i += 4;
            if (cp >= 0xd800 && cp < 0xdc00 && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
                std::uint32_t low = hex4(raw.data() + i + 3);
                if (low >= 0xdc00 && low < 0xe000) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                    i += 6;
                }
            }
            appendUtf8(out, cp);
            break;
        }
        default: out.push_back(e); break;
        }
    }
    return out;
}

} // namespace opscope::json
