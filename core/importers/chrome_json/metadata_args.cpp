#include "core/importers/chrome_json/metadata_args.h"

#include "core/importers/chrome_json/json_scan.h"

#include <charconv>

namespace opscope {

namespace {

// Plain ASCII without escapes or control characters: where the tokenizer's validation and a JSON
// library's agree byte for byte.
bool plainAscii(std::string_view text) {
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x80 || c == '\\') return false;
    }
    return true;
}

// Digits with an optional minus, short enough that a double holds them exactly (the library reads
// the sort index as a double before it becomes an integer).
bool plainInteger(std::string_view text, std::int64_t* out) {
    const std::size_t digits = text.size() - (text.empty() || text[0] != '-' ? 0 : 1);
    if (digits == 0 || digits > 15) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

bool readSimpleArg(std::string_view argsObject, std::string_view key, SimpleArgValue* out) {
    *out = SimpleArgValue{};
    if (argsObject.size() < 2 || argsObject.front() != '{' || !plainAscii(argsObject)) return false;
    const char* p = argsObject.data() + 1;
    const char* end = argsObject.data() + argsObject.size() - 1; // the closing '}'
    json::ScanError error;
    for (;;) {
        p = json::skipWhitespace(p, end);
        if (p >= end) return true;
        std::string_view name;
        if (*p != '"' || !json::readString(p, end, &name, nullptr, &error, nullptr)) return false;
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != ':') return false;
        p = json::skipWhitespace(p + 1, end);
        if (p >= end) return false;
        const char* valueStart = p;
        SimpleArgValue value;
        if (*p == '"') {
            if (!json::readString(p, end, &value.text, nullptr, &error, nullptr)) return false;
            value.kind = SimpleArgValue::Kind::String;
        } else {
            if (!json::skipValue(p, end, &error, nullptr)) return false;
            const std::string_view raw(valueStart, static_cast<std::size_t>(p - valueStart));
            value.kind = plainInteger(raw, &value.integer) ? SimpleArgValue::Kind::Integer : SimpleArgValue::Kind::Other;
        }
        if (name == key) *out = value;
        p = json::skipWhitespace(p, end);
        if (p < end && *p == ',') {
            ++p;
            continue;
        }
        return p == end;
    }
}

} // namespace opscope
