#include "core/importers/ascend/raw_float_json.h"

#include "core/importers/ascend/csv_values.h"

#include <fstream>
#include <sstream>

namespace opscope::ascend {

namespace {

using Json = nlohmann::json;

// Builds the DOM with every floating-point number kept as its text.
class RawFloatSax : public nlohmann::detail::json_sax_dom_parser<Json> {
public:
    using nlohmann::detail::json_sax_dom_parser<Json>::json_sax_dom_parser;
    bool number_float(Json::number_float_t /*value*/, const Json::string_t& raw) {
        Json::string_t text = raw;
        return string(text);
    }
};

} // namespace

bool parseRawFloatJsonFile(const std::string& path, std::string_view expected, Json* root, Error* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = Error{ErrorCode::ReadFailed, path, -1, -1, -1, "a readable file", {}};
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::string body = text.str();
    *root = Json();
    RawFloatSax sax(*root, false);
    bool ok = Json::sax_parse(body, &sax, nlohmann::detail::input_format_t::json, false);
    if (!ok || sax.is_errored() || !root->is_object()) {
        std::size_t last = body.find_last_not_of(" \t\r\n");
        bool cut = last != std::string::npos && body[last] != '}';
        *error = Error{cut ? ErrorCode::Truncated : ErrorCode::JsonSyntax, path, -1, -1, -1, std::string(expected), {}};
        return false;
    }
    return true;
}

std::string numberText(const Json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number()) return v.dump();
    return {};
}

std::optional<double> numberOf(const Json& v) {
    std::string text = numberText(v);
    return text.empty() ? std::nullopt : parseNumber(text);
}

} // namespace opscope::ascend
