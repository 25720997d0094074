#include "core/analysis/frequency/aicore_frequency.h"

#include "core/analysis/snapshot/track_selection.h"

#include <algorithm>

namespace opscope {

bool isAicoreFrequencyTrack(std::string_view trackName, std::string_view processName) {
    constexpr std::string_view prefix = "AI Core Freq";
    return trackName.substr(0, prefix.size()) == prefix || processName.substr(0, prefix.size()) == prefix;
}

void frequencySamplesDuring(const CounterSeries& series, TimeNs startNs, TimeNs endNs, std::vector<double>* out) {
    auto first = std::upper_bound(series.tsNs.begin(), series.tsNs.end(), startNs);
    if (first != series.tsNs.begin())
        out->push_back(series.values[static_cast<std::size_t>(first - series.tsNs.begin()) - 1]);
    for (auto it = first; it != series.tsNs.end() && *it < endNs; ++it)
        out->push_back(series.values[static_cast<std::size_t>(it - series.tsNs.begin())]);
}

double highestSample(const CounterSeries& series) {
    return series.values.empty() ? 0.0 : *std::max_element(series.values.begin(), series.values.end());
}

std::optional<FrequencyDuring> frequencyDuring(const CounterSeries& series, TimeNs startNs, TimeNs endNs) {
    std::vector<double> samples;
    frequencySamplesDuring(series, startNs, endNs, &samples);
    if (samples.empty()) return std::nullopt;
    FrequencyDuring out;
    out.lowestMhz = *std::min_element(samples.begin(), samples.end());
    out.highestMhz = highestSample(series);
    out.samples = samples.size();
    return out;
}

bool aicoreFrequencyUnder(Database& db, const TrackCatalog& catalog, std::int64_t trackId, TimeNs startNs, TimeNs endNs,
                          std::optional<FrequencyDuring>* out, Error* error) {
    out->reset();
    const TrackRecord* slice = catalog.find(trackId);
    if (!slice || slice->deviceId == 0) return true; // host work runs at no AI Core frequency
    const TrackRecord* sameDevice = nullptr;
    const TrackRecord* any = nullptr;
    std::size_t count = 0;
    for (const TrackRecord& t : catalog.tracks()) {
        if (t.kind != "counter" || !isAicoreFrequencyTrack(t.name, t.processName)) continue;
        ++count;
        any = &t;
        if (t.deviceId != 0 && t.deviceId == slice->deviceId) sameDevice = &t;
    }
    const TrackRecord* chosen = sameDevice ? sameDevice : count == 1 ? any : nullptr;
    if (!chosen) return true;
    CounterSeries series;
    if (!loadCounterSeries(db, chosen->id, &series, error)) return false;
    *out = frequencyDuring(series, startNs, endNs);
    return true;
}

} // namespace opscope
