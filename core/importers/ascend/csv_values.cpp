#include "core/importers/ascend/csv_values.h"

#include "core/importers/chrome_json/decimal_time.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace opscope::ascend {

namespace {
bool isTrimmed(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
} // namespace

std::string_view cleanCell(std::string_view cell) {
    while (!cell.empty() && isTrimmed(cell.front())) cell.remove_prefix(1);
    while (!cell.empty() && isTrimmed(cell.back())) cell.remove_suffix(1);
    if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"') {
        cell.remove_prefix(1);
        cell.remove_suffix(1);
    }
    return cell;
}

bool isMissing(std::string_view cleaned) {
    return cleaned.empty() || cleaned == "N/A" || cleaned == "n/a" || cleaned == "NA" || cleaned == "None" ||
           cleaned == "null" || cleaned == "NULL";
}

std::optional<double> parseNumber(std::string_view cleaned) {
    if (cleaned.empty()) return std::nullopt;
    if (cleaned.front() == '+') cleaned.remove_prefix(1);
    double value = 0;
    auto [end, ec] = std::from_chars(cleaned.data(), cleaned.data() + cleaned.size(), value);
    if (ec != std::errc() || end != cleaned.data() + cleaned.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<long long> parseInteger(std::string_view cleaned) {
    if (cleaned.empty()) return std::nullopt;
    long long value = 0;
    auto [end, ec] = std::from_chars(cleaned.data(), cleaned.data() + cleaned.size(), value);
    if (ec != std::errc() || end != cleaned.data() + cleaned.size()) return std::nullopt;
    return value;
}

std::optional<TimeNs> parseMicros(std::string_view cleaned) {
    if (isMissing(cleaned)) return std::nullopt;
    return parseMicrosToNs(cleaned);
}

ColumnName splitColumnName(std::string_view header) {
    header = cleanCell(header);
    ColumnName out;
    if (header.size() > 2 && header.back() == ')') {
        std::size_t open = header.rfind('(');
        if (open != std::string_view::npos && open > 0) {
            std::string_view unit = header.substr(open + 1, header.size() - open - 2);
            std::string_view key = header.substr(0, open);
            while (!key.empty() && key.back() == ' ') key.remove_suffix(1);
            // Only unit-like parentheses: "Communication(Not Overlapped)" is part of the name.
            bool unitLike = !unit.empty() && unit.size() <= 8 && unit.find(' ') == std::string_view::npos;
            if (unitLike && !key.empty()) {
                out.key = std::string(key);
                out.unit = std::string(unit);
                return out;
            }
        }
    }
    out.key = std::string(header);
    return out;
}

std::string lowerAscii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::optional<int> deviceOrdinalOfCell(std::string_view v) {
    if (isMissing(v)) return std::nullopt;
    if (auto n = parseInteger(v)) return static_cast<int>(*n);
    std::string lowered = lowerAscii(v);
    if (lowered == "host" || lowered.rfind("cpu", 0) == 0) return kHostDevice;
    std::size_t colon = v.find(':');
    if (lowered.rfind("npu", 0) == 0 && colon != std::string_view::npos)
        if (auto n = parseInteger(v.substr(colon + 1))) return static_cast<int>(*n);
    return std::nullopt;
}

} // namespace opscope::ascend
