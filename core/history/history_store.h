// The run history: one SQLite file (`--db H`) holding a row per profiled run and the run's metrics, so
// that a series can be read back without re-reading any trace. Its tables are documented in
// docs/history.md; this file is the only code that writes or reads them.
#pragma once
#include "core/history/run_metrics.h"
#include "core/model/error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opscope {
class Database;
}

namespace opscope::history {

inline constexpr const char* kHistoryFormat = "opscope-history";
inline constexpr int kHistorySchemaVersion = 1;

struct RunInfo {
    std::int64_t id = 0;
    std::string label;
    std::int64_t runTimeNs = 0;   // when the run was profiled (--time), ns since the Unix epoch
    std::string commit;           // commit or version, as the user gave it
    std::string host;
    std::string tracePath;        // absolute path of the trace or store it came from
    std::string contentHash;      // the store's content hash: the same trace added twice has the same hash
    std::int64_t addedAtNs = 0;
    bool knownChange = false;     // a new baseline starts here: earlier runs are no reference for it
    std::int64_t metricCount = 0;
};

struct SeriesRow {
    RunInfo run;
    double value = 0;
    std::string unit;
};

class HistoryStore {
public:
    // Opens an existing history, or creates it when create is true and the file does not exist. A file
    // that is not an opscope history (another database, another format version) is refused.
    static std::optional<HistoryStore> open(const std::string& path, bool create, Error* error);

    // Adds one run and its metrics in one transaction; returns the new run's id.
    std::optional<std::int64_t> addRun(const RunInfo& run, const std::vector<RunMetric>& metrics, Error* error);
    bool setKnownChange(std::int64_t runId, bool known, Error* error);

    // Runs ordered by run time, then id (the order of every series).
    std::vector<RunInfo> runs(Error* error);
    std::optional<RunInfo> runWithHash(const std::string& contentHash, Error* error);
    // The series of one metric and scope over every run that has it, in run order.
    std::vector<SeriesRow> series(const std::string& metric, const std::string& scope, Error* error);
    // The last count runs in run order, and every metric value they hold, keyed by (metric, scope): what a
    // check of a new run reads, whatever the length of the history.
    std::vector<RunInfo> latestRuns(std::size_t count, Error* error);
    struct MetricValue {
        std::size_t runIndex = 0; // into the runs it was asked for
        double value = 0;
        std::string unit;
    };
    std::map<std::pair<std::string, std::string>, std::vector<MetricValue>> metricsOfRuns(
        const std::vector<RunInfo>& runs, Error* error);
    // Every (metric, scope) pair the history holds.
    std::vector<std::pair<std::string, std::string>> metricKeys(Error* error);

    const std::string& path() const { return path_; }

    HistoryStore(HistoryStore&&) noexcept;
    HistoryStore& operator=(HistoryStore&&) noexcept;
    ~HistoryStore();

private:
    HistoryStore(std::unique_ptr<Database> db, std::string path);
    bool fail(Error* error, const std::string& what, const std::exception& e) const;

    // Behind a pointer so that the views that read a history never include the SQLite wrapper.
    std::unique_ptr<Database> db_;
    std::string path_;
};

} // namespace opscope::history
