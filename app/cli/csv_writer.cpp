#include "app/cli/csv_writer.h"

namespace opscope::cli {

std::string csvField(std::string_view text) {
    bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos;
    if (!quote) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
    }
    out.push_back('"');
    return out;
}

void writeCsvRow(std::FILE* out, const std::vector<std::string>& fields) {
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) line.push_back(',');
        line += csvField(fields[i]);
    }
    line += "\r\n";
    std::fwrite(line.data(), 1, line.size(), out);
}

} // namespace opscope::cli
