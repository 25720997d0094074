#include "core/importers/ascend/timeline_staging.h"

namespace opscope::ascend {

StagedCandidates::StagedCandidates() : db_(Database::privateScratch()) {
    // A scratch database: no journal, no sync, a bounded page cache (32 MiB) and SQLite's sorts on disk.
    db_.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-32768; PRAGMA temp_store=FILE;");
    db_.exec("CREATE TABLE candidate_task(device INTEGER, stream INTEGER, task INTEGER, ts INTEGER, slice INTEGER, track INTEGER);"
             "CREATE TABLE candidate_name(kind INTEGER, device INTEGER, name INTEGER, ts INTEGER, slice INTEGER, track INTEGER);");
    db_.exec("BEGIN");
    insertTask_ = db_.prepare("INSERT INTO candidate_task VALUES(?, ?, ?, ?, ?, ?)");
    insertName_ = db_.prepare("INSERT INTO candidate_name VALUES(?, ?, ?, ?, ?, ?)");
}

void StagedCandidates::addTask(int device, long long stream, long long task, const TimelineCandidate& c) {
    insertTask_.bind(1, device).bind(2, static_cast<std::int64_t>(stream)).bind(3, static_cast<std::int64_t>(task));
    insertTask_.bind(4, c.tsNs).bind(5, static_cast<std::int64_t>(c.slice)).bind(6, c.track);
    insertTask_.run();
}

void StagedCandidates::addName(NameKind kind, int device, std::uint32_t name, const TimelineCandidate& c) {
    insertName_.bind(1, static_cast<int>(kind)).bind(2, device).bind(3, static_cast<std::int64_t>(name));
    insertName_.bind(4, c.tsNs).bind(5, static_cast<std::int64_t>(c.slice)).bind(6, c.track);
    insertName_.run();
}

void StagedCandidates::seal() {
    insertTask_ = Statement();
    insertName_ = Statement();
    // Covering indexes: a lookup reads one index range and never the table.
    db_.exec("CREATE INDEX task_key ON candidate_task(device, stream, task, ts, slice, track);"
             "CREATE INDEX name_key ON candidate_name(kind, device, name, ts, slice, track);");
    db_.exec("COMMIT");
    findTask_ = db_.prepare("SELECT ts, slice, track FROM candidate_task WHERE device = ? AND stream = ? AND task = ? "
                            "AND ts BETWEEN ? AND ? ORDER BY ts, slice");
    findName_ = db_.prepare("SELECT ts, slice, track FROM candidate_name WHERE kind = ? AND device = ? AND name = ? "
                            "AND ts BETWEEN ? AND ? ORDER BY ts, slice");
    taskAt_ = db_.prepare("SELECT ts, slice, track FROM candidate_task WHERE device = ? AND stream = ? AND task = ? "
                          "ORDER BY ts, slice LIMIT 1 OFFSET ?");
}

std::vector<TimelineCandidate> StagedCandidates::collect(Statement& st) {
    std::vector<TimelineCandidate> out;
    while (st.step())
        out.push_back({st.int64(0), static_cast<PendingSliceIndex>(st.int64(1)), st.int64(2)});
    st.reset();
    return out;
}

std::vector<TimelineCandidate> StagedCandidates::tasks(int device, long long stream, long long task, TimeNs lowNs,
                                                       TimeNs highNs) {
    findTask_.bind(1, device).bind(2, static_cast<std::int64_t>(stream)).bind(3, static_cast<std::int64_t>(task));
    findTask_.bind(4, lowNs).bind(5, highNs);
    return collect(findTask_);
}

std::vector<TimelineCandidate> StagedCandidates::names(NameKind kind, int device, std::uint32_t name, TimeNs lowNs,
                                                       TimeNs highNs) {
    findName_.bind(1, static_cast<int>(kind)).bind(2, device).bind(3, static_cast<std::int64_t>(name));
    findName_.bind(4, lowNs).bind(5, highNs);
    return collect(findName_);
}

std::optional<TimelineCandidate> StagedCandidates::taskOccurrence(int device, long long stream, long long task,
                                                                  std::size_t n) {
    taskAt_.bind(1, device).bind(2, static_cast<std::int64_t>(stream)).bind(3, static_cast<std::int64_t>(task));
    taskAt_.bind(4, static_cast<std::int64_t>(n));
    std::vector<TimelineCandidate> found = collect(taskAt_);
    if (found.empty()) return std::nullopt;
    return found.front();
}

} // namespace opscope::ascend
