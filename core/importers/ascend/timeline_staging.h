// The join candidates of a large timeline (core/importers/ascend/ascend_timeline.h) kept in a
// private scratch SQLite database instead of memory: one row per device task and per named device
// slice, indexed once all are in, and looked up per side-file row by key and start-time window.
// SQLite deletes the database file when it is opened (a killed import leaves nothing) and holds at
// most its page cache in memory.
#pragma once
#include "core/model/time.h"
#include "core/model/trace_sink.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace opscope::ascend {

// A timeline slice a side-file row may join: its start, pending index and track.
struct TimelineCandidate {
    TimeNs tsNs = 0;
    PendingSliceIndex slice = 0;
    TrackId track = 0;
};

class StagedCandidates {
public:
    enum class NameKind { Hardware = 0, Communication = 1 };
    StagedCandidates();
    void addTask(int device, long long stream, long long task, const TimelineCandidate& c);
    void addName(NameKind kind, int device, std::uint32_t name, const TimelineCandidate& c);
    // Builds the indexes; no more rows after this.
    void seal();

    // The candidates of a key starting within [lowNs, highNs], in (start, pending index) order: the
    // order of the in-memory lists (stable-sorted by start in emission order).
    std::vector<TimelineCandidate> tasks(int device, long long stream, long long task, TimeNs lowNs, TimeNs highNs);
    std::vector<TimelineCandidate> names(NameKind kind, int device, std::uint32_t name, TimeNs lowNs, TimeNs highNs);
    // The n-th (0-based) candidate of a task key in that order.
    std::optional<TimelineCandidate> taskOccurrence(int device, long long stream, long long task, std::size_t n);

private:
    static std::vector<TimelineCandidate> collect(Statement& st);
    Database db_;
    Statement insertTask_, insertName_, findTask_, findName_, taskAt_;
};

} // namespace opscope::ascend
