#include "core/report/report_format.h"

#include "core/model/time_format.h"

#include <cmath>
#include <cstdio>

namespace opscope::report {

std::string htmlEscape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out.push_back(c);
        }
    }
    return out;
}

std::string base64Encode(std::string_view bytes) {
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
        out += {alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], alphabet[v & 63]};
    }
    if (i + 1 == bytes.size()) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        out += {alphabet[v >> 18], alphabet[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == bytes.size()) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += {alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], '='};
    }
    return out;
}

std::string durationLabel(double ns) {
    if (std::isnan(ns)) return "\xE2\x80\x93";
    // Means arrive as doubles; the text is the one human format of core/model/time_format.
    return humanDurationText(static_cast<TimeNs>(std::llround(ns)));
}

std::string percentLabel(double share, int decimals) {
    if (std::isnan(share)) return "\xE2\x80\x93";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f%%", decimals, share * 100.0);
    return buf;
}

std::string countLabel(std::int64_t value) {
    std::string digits = std::to_string(value < 0 ? -value : value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out.push_back(',');
        out.push_back(digits[i]);
    }
    return value < 0 ? "-" + out : out;
}

std::string numberLabel(double value) {
    if (std::isnan(value)) return "\xE2\x80\x93";
    char buf[48];
    const double a = std::fabs(value);
    if (a != 0 && (a >= 1e9 || a < 1e-3)) std::snprintf(buf, sizeof buf, "%.3g", value);
    else if (a >= 1000 && value == std::floor(value)) return countLabel(static_cast<std::int64_t>(value));
    else if (a >= 100) std::snprintf(buf, sizeof buf, "%.1f", value);
    else std::snprintf(buf, sizeof buf, "%.3f", value);
    return buf;
}

} // namespace opscope::report
