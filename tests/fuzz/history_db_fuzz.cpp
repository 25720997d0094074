// libFuzzer harness: the bytes as a run history database (`--db H`), opened and read as `history list`,
// `metrics`, `trend` and `check` (and the report's trends) read it, then written to as `check --add` does.
// A damaged or crafted history must give an Error value, never a crash; every text read back must be
// valid UTF-8, since each of those commands can print it as JSON.
#include "fuzz_support.h"

#include "core/history/run_history.h"
#include "core/history/run_time.h"
#include "core/model/utf8.h"

#include <cstdlib>

namespace {

using namespace opscope;
using namespace opscope::history;

void requireUtf8(const std::string& text) {
    if (!isValidUtf8(text)) std::abort();
}

void requireUtf8(const RunInfo& run) {
    for (const std::string* text : {&run.label, &run.commit, &run.host, &run.tracePath, &run.contentHash})
        requireUtf8(*text);
    requireUtf8(formatRunTime(run.runTimeNs));
}

// The newest run's metrics, as the candidate of a check (what a trace would contribute).
CollectedRun candidateFrom(HistoryStore& store, const std::vector<RunInfo>& runs) {
    CollectedRun candidate;
    if (runs.empty()) return candidate;
    candidate.info = runs.back();
    Error error;
    for (const auto& [key, values] : store.metricsOfRuns({runs.back()}, &error))
        for (const HistoryStore::MetricValue& v : values) candidate.metrics.push_back({key.first, key.second, v.value, v.unit});
    return candidate;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = fuzz::writeInput(data, size, "history.sqlite");
    Error error;
    if (std::optional<HistoryStore> store = HistoryStore::open(path, false, &error)) {
        const std::vector<RunInfo> runs = store->runs(&error);
        for (const RunInfo& run : runs) requireUtf8(run);
        // A trend per metric, as `history trend` draws one; the first few keys are enough to reach every path.
        const std::vector<std::pair<std::string, std::string>> keys = store->metricKeys(&error);
        const ThresholdsConfig config;
        for (std::size_t i = 0; i < keys.size() && i < 8; ++i) {
            requireUtf8(keys[i].first);
            requireUtf8(keys[i].second);
            Trend trend;
            if (!computeTrend(*store, keys[i].first, keys[i].second, config, &trend, &error)) continue;
            requireUtf8(trend.unit);
            for (const TrendChange& c : trend.changes) {
                requireUtf8(c.firstRun);
                requireUtf8(c.lastRun);
            }
        }
        reportTrends(*store, {"k"}, config, &error);
        const CollectedRun candidate = candidateFrom(*store, runs);
        CheckReport report;
        if (checkRun(*store, candidate, config, &report, &error)) {
            for (const HistoryRegression& r : report.regressions) requireUtf8(r.firstRun);
        }
        // `check --add` and `add` write into the file they were given.
        if (!candidate.metrics.empty()) store->addRun(candidate.info, candidate.metrics, &error);
        if (!runs.empty()) store->setKnownChange(runs.front().id, true, &error);
    }
    fuzz::clearScratch();
    return 0;
}
