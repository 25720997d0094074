// What joining a graph's nodes to slices (core/analysis/graph_join) reads: the candidate operator slices, the
// record-function and External ids in their args, and afterwards the operator slices no node claimed.
// Plain rows; SQLite errors are thrown as SqliteError.
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct JoinCandidateRow {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0;
    std::int64_t argId = 0; // 0: none
    std::int64_t nameId = 0;
    bool onComputeTrack = false;
};
// Non-instant slices of thread and async tracks (of trackIds only, when not empty), by start then id.
void forEachJoinCandidate(Database& db, const std::vector<std::int64_t>& trackIds,
                          const std::function<void(const JoinCandidateRow&)>& onRow);

// The "Record function id" and "External id" of an args row, one prepared statement reused.
class JoinIdLookup {
public:
    explicit JoinIdLookup(Database& db);
    // False when there is no such args row; absent ids stay nullopt.
    bool lookup(std::int64_t argId, std::optional<std::int64_t>* recordFunctionId,
                std::optional<std::int64_t>* externalId);
private:
    Statement statement_;
};

// The operator slices a graph covers (tracks and categories of its joined slices) that no node of it joined.
std::int64_t countUnjoinedSlices(Database& db, std::int64_t graphId);
struct UnjoinedNameRow {
    std::string name;
    std::int64_t count = 0;
    TimeNs totalNs = 0;
};
// Most frequent first, then longest; at most limit names.
std::vector<UnjoinedNameRow> readUnjoinedNames(Database& db, std::int64_t graphId, int limit);

} // namespace opscope
