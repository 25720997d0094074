#include "core/history/run_time.h"

#include <cctype>
#include <cstdio>
#include <ctime>

namespace opscope::history {

namespace {

constexpr std::int64_t kNsPerSecond = 1'000'000'000;
// Beyond this many seconds a time in ns no longer fits int64 (year 2262).
constexpr std::int64_t kMaxSeconds = INT64_MAX / kNsPerSecond - 1;

bool digits(const std::string& s, std::size_t from, std::size_t count, int* out) {
    if (from + count > s.size()) return false;
    int v = 0;
    for (std::size_t i = from; i < from + count; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

// Days from 1970-01-01 to the civil date (proleptic Gregorian), without the C library's time zone.
std::int64_t daysFromCivil(int y, int m, int d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

} // namespace

std::optional<std::int64_t> parseRunTime(const std::string& text) {
    if (text.empty()) return std::nullopt;
    bool allDigits = true;
    for (char c : text) allDigits = allDigits && std::isdigit(static_cast<unsigned char>(c));
    if (allDigits) {
        if (text.size() > 12) return std::nullopt;
        const std::int64_t seconds = std::stoll(text);
        if (seconds > kMaxSeconds) return std::nullopt;
        return seconds * kNsPerSecond;
    }
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (!digits(text, 0, 4, &y) || text.size() < 10 || text[4] != '-' || !digits(text, 5, 2, &mo) || text[7] != '-' ||
        !digits(text, 8, 2, &d))
        return std::nullopt;
    if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31) return std::nullopt;
    std::int64_t fractionNs = 0;
    std::size_t pos = 10;
    if (pos < text.size()) {
        if ((text[pos] != 'T' && text[pos] != ' ') || !digits(text, pos + 1, 2, &h) || text.size() < pos + 9 ||
            text[pos + 3] != ':' || !digits(text, pos + 4, 2, &mi) || text[pos + 6] != ':' || !digits(text, pos + 7, 2, &s))
            return std::nullopt;
        if (h > 23 || mi > 59 || s > 60) return std::nullopt;
        pos += 9;
        if (pos < text.size() && text[pos] == '.') {
            std::int64_t scale = kNsPerSecond / 10;
            for (++pos; pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])); ++pos) {
                fractionNs += (text[pos] - '0') * scale;
                scale /= 10;
            }
        }
        if (pos < text.size() && text[pos] == 'Z') ++pos;
        if (pos != text.size()) return std::nullopt;
    }
    const std::int64_t seconds = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
    if (seconds > kMaxSeconds) return std::nullopt;
    return seconds * kNsPerSecond + fractionNs;
}

std::string formatRunTime(std::int64_t ns) {
    const std::time_t seconds = static_cast<std::time_t>(ns / kNsPerSecond);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

} // namespace opscope::history
