// Ascend AI Core frequency under an operator: the AI Core Freq counter's samples in effect while it ran,
// and whether the frequency was below the device's highest sample then (a drop msprof-analyze's
// frequency check counts). Shown in the operator's Details; the frequency rule reads the same samples.
#pragma once
#include "core/analysis/snapshot/counter_access.h"

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace opscope {

// The AI Core Freq counter of a torch_npu / msprof timeline ("AI Core Freq" track, or its process in
// text exports).
bool isAicoreFrequencyTrack(std::string_view trackName, std::string_view processName);

// The samples an execution [startNs, endNs) ran under: the one in effect at startNs (the last at or
// before it), then those strictly inside. Appended to out.
void frequencySamplesDuring(const CounterSeries& series, TimeNs startNs, TimeNs endNs, std::vector<double>* out);

struct FrequencyDuring {
    double lowestMhz = 0;   // lowest sample in effect during the execution
    double highestMhz = 0;  // the device's highest sample over the whole trace
    std::size_t samples = 0;
    // Below the device's highest sample at some point while the operator ran.
    bool dropped() const { return lowestMhz < highestMhz; }
};

// None when no sample is in effect during the execution (it ran before the first one) or the series is
// empty.
std::optional<FrequencyDuring> frequencyDuring(const CounterSeries& series, TimeNs startNs, TimeNs endNs);

// The highest sample of a series; 0 when empty.
double highestSample(const CounterSeries& series);

class TrackCatalog;

// The AI Core frequency under an execution on trackId, a device track: the AI Core Freq track of the same
// device (the only one when the trace has one and the slice's device has none). None for a host track,
// without such a track, or with no sample in effect. false only when the store fails.
bool aicoreFrequencyUnder(Database& db, const TrackCatalog& catalog, std::int64_t trackId, TimeNs startNs, TimeNs endNs,
                          std::optional<FrequencyDuring>* out, Error* error);

} // namespace opscope
