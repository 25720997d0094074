#include "core/report/json_stream.h"

namespace opscope {
namespace {

// dump(2) of a value nested `by` spaces deep: every line after its first moves right. A dumped string
// never holds a raw newline (it is escaped), so each one is a line break of the layout.
void writeIndented(std::FILE* out, const std::string& text, std::size_t by) {
    const std::string pad(by, ' ');
    std::size_t from = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
        std::fwrite(text.data() + from, 1, nl + 1 - from, out);
        std::fputs(pad.c_str(), out);
        from = nl + 1;
    }
    std::fwrite(text.data() + from, 1, text.size() - from, out);
}

} // namespace

void printJsonWithLeadingArray(std::FILE* out, const std::string& key, std::size_t count,
                               const std::function<nlohmann::ordered_json(std::size_t)>& item,
                               const nlohmann::ordered_json& rest) {
    std::fputs("{\n  ", out);
    std::fputs(nlohmann::ordered_json(key).dump().c_str(), out);
    std::fputs(": ", out);
    if (count == 0) {
        std::fputs("[]", out);
    } else {
        std::fputs("[\n", out);
        for (std::size_t i = 0; i < count; ++i) {
            if (i > 0) std::fputs(",\n", out);
            std::fputs("    ", out);
            writeIndented(out, item(i).dump(2), 4);
        }
        std::fputs("\n  ]", out);
    }
    if (rest.is_object() && !rest.empty()) {
        // rest's own dump(2) is "{\n  member,\n  ...\n}": its members sit where the document's would.
        const std::string text = rest.dump(2);
        std::fputs(",\n", out);
        std::fwrite(text.data() + 2, 1, text.size() - 2, out);
        std::fputs("\n", out);
    } else {
        std::fputs("\n}\n", out);
    }
}

} // namespace opscope
