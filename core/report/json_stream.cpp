#include "core/report/json_stream.h"

namespace opscope {
namespace {

void pad(std::FILE* out, std::size_t spaces) {
    for (std::size_t i = 0; i < spaces; ++i) std::fputc(' ', out);
}

void writeKey(std::FILE* out, const std::string& key) {
    const std::string quoted = nlohmann::ordered_json(key).dump(); // escaped as dump escapes a member's key
    std::fwrite(quoted.data(), 1, quoted.size(), out);
    std::fputs(": ", out);
}

} // namespace

// dump(2) lays a value out from column 0; nested, every line after its first moves right. A dumped string
// never holds a raw newline (it is escaped), so each one is a line break of the layout.
void writeJsonAt(std::FILE* out, const nlohmann::ordered_json& value, std::size_t indent) {
    const std::string text = value.dump(2);
    std::size_t from = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
        std::fwrite(text.data() + from, 1, nl + 1 - from, out);
        pad(out, indent);
        from = nl + 1;
    }
    std::fwrite(text.data() + from, 1, text.size() - from, out);
}

void writeJsonArray(std::FILE* out, std::size_t count, std::size_t indent, const JsonElementWriter& element) {
    if (count == 0) {
        std::fputs("[]", out);
        return;
    }
    std::fputs("[\n", out);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) std::fputs(",\n", out);
        pad(out, indent + 2);
        element(out, i, indent + 2);
    }
    std::fputc('\n', out);
    pad(out, indent);
    std::fputc(']', out);
}

void writeJsonObjectEndingInArray(std::FILE* out, const nlohmann::ordered_json& head, const std::string& key,
                                  std::size_t count, std::size_t indent, const JsonElementWriter& element) {
    std::fputs("{\n", out);
    if (head.is_object())
        for (const auto& [name, value] : head.items()) {
            pad(out, indent + 2);
            writeKey(out, name);
            writeJsonAt(out, value, indent + 2);
            std::fputs(",\n", out);
        }
    pad(out, indent + 2);
    writeKey(out, key);
    writeJsonArray(out, count, indent + 2, element);
    std::fputc('\n', out);
    pad(out, indent);
    std::fputc('}', out);
}

void printJsonWithLeadingArray(std::FILE* out, const std::string& key, std::size_t count, const JsonElementWriter& element,
                               const nlohmann::ordered_json& rest) {
    std::fputs("{\n  ", out);
    writeKey(out, key);
    writeJsonArray(out, count, 2, element);
    if (rest.is_object())
        for (const auto& [name, value] : rest.items()) {
            std::fputs(",\n  ", out);
            writeKey(out, name);
            writeJsonAt(out, value, 2);
        }
    std::fputs("\n}\n", out);
}

void printJsonWithLeadingArray(std::FILE* out, const std::string& key, std::size_t count,
                               const std::function<nlohmann::ordered_json(std::size_t)>& item,
                               const nlohmann::ordered_json& rest) {
    printJsonWithLeadingArray(
        out, key, count, [&](std::FILE* o, std::size_t i, std::size_t indent) { writeJsonAt(o, item(i), indent); }, rest);
}

} // namespace opscope
