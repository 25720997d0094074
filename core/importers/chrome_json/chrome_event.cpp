#include "core/importers/chrome_json/chrome_event.h"

#include "core/importers/chrome_json/decimal_time.h"

#include <algorithm>
#include <cstring>

namespace opscope {

namespace {

RawValue* fieldSlot(ChromeEvent* ev, std::string_view key) {
    switch (key.size()) {
    case 1:
        if (key[0] == 's') return &ev->instantScope;
        break;
    case 2:
        if (key == "ts") return &ev->ts;
        if (key == "id") return &ev->id;
        if (key == "bp") return &ev->bindPoint;
        break;
    case 3:
        if (key == "dur") return &ev->dur;
        if (key == "pid") return &ev->pid;
        if (key == "tid") return &ev->tid;
        if (key == "cat") return &ev->cat;
        if (key == "tts") return &ev->tts;
        if (key == "id2") return &ev->id2;
        break;
    case 4:
        if (key == "name") return &ev->name;
        if (key == "args") return &ev->args;
        if (key == "tdur") return &ev->tdur;
        break;
    case 5:
        if (key == "scope") return &ev->scope;
        if (key == "cname") return &ev->cname;
        break;
    case 7:
        if (key == "bind_id") return &ev->bindId;
        if (key == "flow_in") return &ev->flowIn;
        break;
    case 8:
        if (key == "flow_out") return &ev->flowOut;
        break;
    }
    return nullptr;
}

bool readValue(const char*& p, const char* end, RawValue* out, json::ScanError* error, int* controlChars,
               int* trailingCommas) {
    const char* start = p;
    char c = *p;
    if (c == '"') {
        std::string_view raw;
        bool escaped = false;
        if (!json::readString(p, end, &raw, &escaped, error, controlChars)) return false;
        if (out) *out = {RawValue::Kind::String, raw, escaped};
        return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        std::string_view raw;
        if (!json::readNumber(p, end, &raw, error)) return false;
        if (out) *out = {RawValue::Kind::Number, raw, false};
        return true;
    }
    const int commasBefore = *trailingCommas;
    if (!json::skipValue(p, end, error, controlChars, trailingCommas)) return false;
    if (out) {
        RawValue::Kind kind = c == '{' ? RawValue::Kind::Object
                              : c == '[' ? RawValue::Kind::Array
                              : c == 't' ? RawValue::Kind::True
                              : c == 'f' ? RawValue::Kind::False
                                         : RawValue::Kind::Null;
        *out = {kind, std::string_view(start, static_cast<std::size_t>(p - start)), false,
                *trailingCommas != commasBefore};
    }
    return true;
}

} // namespace

bool parseChromeEvent(const char* begin, const char* end, ChromeEvent* ev, json::ScanError* error,
                      int* controlChars, const char** eventEnd) {
    const char* p = begin + 1; // past '{'
    p = json::skipWhitespace(p, end);
    if (p < end && *p == '}') {
        if (eventEnd) *eventEnd = p + 1;
        return true;
    }
    for (;;) {
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != '"') {
            *error = {p, "a quoted key"};
            return false;
        }
        std::string_view key;
        bool keyEscaped = false;
        if (!json::readString(p, end, &key, &keyEscaped, error, controlChars)) return false;
        p = json::skipWhitespace(p, end);
        if (p >= end || *p != ':') {
            *error = {p, "':' after a key"};
            return false;
        }
        p = json::skipWhitespace(p + 1, end);
        if (p >= end) {
            *error = {p, "a value"};
            return false;
        }
        ++ev->fieldCount;
        if (key == "ph") {
            RawValue ph;
            if (!readValue(p, end, &ph, error, controlChars, &ev->trailingCommas)) return false;
            if (ph.kind != RawValue::Kind::String) {
                *error = {p, "\"ph\" to be a string such as \"X\"", true};
                return false;
            }
            ev->phase = ph.text;
        } else {
            RawValue* slot = keyEscaped ? nullptr : fieldSlot(ev, key);
            if (!readValue(p, end, slot, error, controlChars, &ev->trailingCommas)) return false;
        }
        p = json::skipWhitespace(p, end);
        if (p < end && *p == ',') {
            ++p;
            const char* next = json::skipWhitespace(p, end);
            if (next < end && *next == '}') { // {"ph":"X",} : tolerated like Perfetto, counted
                ++ev->trailingCommas;
                if (eventEnd) *eventEnd = next + 1;
                return true;
            }
            continue;
        }
        if (p < end && *p == '}') {
            if (eventEnd) *eventEnd = p + 1;
            return true;
        }
        *error = {p, "',' or '}' in an event"};
        return false;
    }
}

std::string stringOf(const RawValue& value) {
    if (value.kind == RawValue::Kind::String && value.escaped) return json::unescape(value.text);
    if (value.kind == RawValue::Kind::Absent || value.kind == RawValue::Kind::Null) return {};
    return std::string(value.text);
}

std::optional<TimeNs> microsOf(const RawValue& value) {
    if (value.kind != RawValue::Kind::Number && value.kind != RawValue::Kind::String) return std::nullopt;
    return parseMicrosToNs(value.text);
}

std::string canonicalIdKey(const RawValue& value) {
    if (value.kind == RawValue::Kind::Number || value.kind == RawValue::Kind::String) {
        std::string_view t = value.text;
        // The common spelling, plain digits without a leading zero, is its own key at any length (what
        // the parses below give, or the text itself past what they hold), without parsing it twice.
        if (!t.empty() && (t[0] != '0' || t.size() == 1) &&
            std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::string(t);
        // Integral numbers in any spelling (25738, "25738", 25738.0) share one key.
        std::optional<TimeNs> asInt = parseDecimalScaled(t, 0);
        if (asInt) {
            std::optional<TimeNs> scaled = parseDecimalScaled(t, 3);
            if (scaled && *scaled == *asInt * 1000) {
                bool numericOnly = !t.empty();
                for (char c : t)
                    if (!((c >= '0' && c <= '9') || c == '-' || c == '.' || c == '+')) numericOnly = false;
                if (numericOnly) return std::to_string(*asInt);
            }
        }
        return value.kind == RawValue::Kind::String ? stringOf(value) : std::string(t);
    }
    if (value.kind == RawValue::Kind::Absent || value.kind == RawValue::Kind::Null) return {};
    return std::string(value.text);
}

} // namespace opscope
