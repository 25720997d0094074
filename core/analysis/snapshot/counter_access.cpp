#include "core/analysis/snapshot/counter_access.h"

#include "core/analysis/snapshot/store_access.h"
#include "core/store/counter_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace opscope {

bool loadCounterSeries(Database& db, std::int64_t trackId, CounterSeries* out, Error* error) {
    out->trackId = trackId;
    out->tsNs.clear();
    out->values.clear();
    return guardStore(db, error, [&] {
        readCounterSamples(db, trackId, &out->tsNs, &out->values);
        return true;
    });
}

namespace {

// Calls f(value, lengthNs) for each held sample inside the range.
template <typename F>
void forEachHeld(const CounterSeries& s, const std::optional<TimeRange>& range, F f) {
    for (std::size_t i = 0; i + 1 < s.tsNs.size(); ++i) {
        TimeNs a = s.tsNs[i], b = s.tsNs[i + 1];
        if (range) {
            a = std::max(a, range->startNs);
            b = std::min(b, range->endNs);
        }
        if (b > a) f(s.values[i], b - a);
    }
}

} // namespace

double timeWeightedMean(const CounterSeries& series, const std::optional<TimeRange>& range) {
    double sum = 0, length = 0;
    forEachHeld(series, range, [&](double v, TimeNs ns) {
        sum += v * static_cast<double>(ns);
        length += static_cast<double>(ns);
    });
    return length > 0 ? sum / length : std::numeric_limits<double>::quiet_NaN();
}

TimeNs timeBelow(const CounterSeries& series, double value, const std::optional<TimeRange>& range) {
    TimeNs total = 0;
    forEachHeld(series, range, [&](double v, TimeNs ns) {
        if (v < value) total += ns;
    });
    return total;
}

double bandwidthToGBps(std::string_view unitOrName) {
    std::string s(unitOrName);
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s.find("tb/s") != std::string::npos) return 1e3;
    if (s.find("gb/s") != std::string::npos) return 1.0;
    if (s.find("mb/s") != std::string::npos) return 1e-3;
    if (s.find("kb/s") != std::string::npos) return 1e-6;
    if (s.find("b/s") != std::string::npos) return 1e-9;
    return 0.0;
}

} // namespace opscope
