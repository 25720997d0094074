// One Chrome trace event as raw views into the tokenizer's buffer: only the fields opscope uses
// are picked out; everything stays text until a phase handler asks for a typed value.
#pragma once
#include "core/importers/chrome_json/json_scan.h"
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace opscope {

struct RawValue {
    enum class Kind { Absent, String, Number, Object, Array, True, False, Null };
    Kind kind = Kind::Absent;
    std::string_view text; // strings: between the quotes; others: the value's own text
    bool escaped = false;
    bool trailingComma = false; // an object/array value with a tolerated ",}" or ",]" inside

    bool present() const { return kind != Kind::Absent && kind != Kind::Null; }
    bool isTrue() const { return kind == Kind::True; }
};

struct ChromeEvent {
    std::string_view phase;
    RawValue name, cat, ts, dur, tts, tdur, pid, tid, id, id2, scope, instantScope, bindPoint, bindId, args;
    RawValue flowIn, flowOut, cname;
    std::int64_t byteOffset = 0; // of the event's '{' in the decompressed stream
    int fieldCount = 0;
    int trailingCommas = 0; // tolerated ",}" / ",]" in the event and its values
};

// Parses the object that starts at begin (its first byte is '{') and ends at or before end; on
// success *eventEnd is just past its '}'. Running out of bytes is an error at end: the caller
// may then read more and parse again.
bool parseChromeEvent(const char* begin, const char* end, ChromeEvent* event, json::ScanError* error,
                      int* controlChars, const char** eventEnd = nullptr);

// Typed readers; they return nullopt when the value has the wrong type or bad text.
std::string stringOf(const RawValue& value);               // strings decoded; numbers as their text
std::optional<TimeNs> microsOf(const RawValue& value);     // number or numeric string, µs -> ns
// Canonical process/thread key: integral numbers and numeric strings agree ("25738" == 25738 == 25738.0).
std::string canonicalIdKey(const RawValue& value);

} // namespace opscope
