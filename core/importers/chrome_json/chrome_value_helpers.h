// Small readers shared by the Chrome phase handlers: decoded names, args as a JSON object, and
// numbers from JSON values the way Perfetto accepts them (numbers, or strings strtod reads whole).
#pragma once
#include "core/importers/chrome_json/chrome_event.h"
#include "core/model/json_depth.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace opscope {

inline std::string_view viewOrDecode(const RawValue& value, std::string& scratch) {
    if (value.kind == RawValue::Kind::String && !value.escaped) return value.text;
    scratch = stringOf(value);
    return scratch;
}

// An args object as nlohmann JSON; anything else (absent, not an object, unreadable) is empty.
// Args nested beyond kMaxArgsDepth are not parsed (nlohmann recurses).
inline nlohmann::json parseArgsObject(std::string_view argsJson) {
    if (argsJson.empty() || jsonNestingExceeds(argsJson, kMaxArgsDepth)) return nlohmann::json::object();
    nlohmann::json parsed = nlohmann::json::parse(argsJson, nullptr, false);
    return parsed.is_object() ? parsed : nlohmann::json::object();
}

// ".75", "246.", "050", "+10.5" are numbers; "1.5e", ".", "+", "-", "abc", true are not (Perfetto's
// test_json_counter_args).
// Non-finite values ("nan", "inf", 1e309) are refused: no counter or sort index can hold them.
inline std::optional<double> counterNumberOf(const nlohmann::json& v) {
    if (v.is_number()) return std::isfinite(v.get<double>()) ? std::optional<double>(v.get<double>()) : std::nullopt;
    if (!v.is_string()) return std::nullopt;
    const std::string& s = v.get_ref<const std::string&>();
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    const double d = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || *end != '\0' || !std::isfinite(d)) return std::nullopt;
    return d;
}

} // namespace opscope
