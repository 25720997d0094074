// Reads the host side that launch attribution walks: every slice of the host thread tracks with its
// parent, name and category ids, and the targets of fwdbwd flows (the backward ops of autograd).
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

// 48 bytes: a 10 GB trace has tens of millions of host slices.
struct HostSliceRecord {
    std::int64_t id = 0, parentId = 0; // parentId 0: top level
    TimeNs tsNs = 0, durNs = 0;
    std::uint32_t nameId = 0, catId = 0;
    std::uint32_t threadIndex = 0; // into HostCallData::threadIds (HostCallData::threadOf)
    std::uint16_t depth = 0;       // nesting depth on its track (0: top level), at most 65535 as in the snapshot
    bool backwardTarget = false;   // the end of a fwdbwd flow (Kineto: forward op -> its backward op)
};

struct HostCallData {
    std::vector<HostSliceRecord> slices;           // sorted by id
    std::vector<std::string> strings;              // index = string id
    std::vector<std::int64_t> threadIds{0};        // the store's thread ids, by HostSliceRecord::threadIndex; [0] none
    const HostSliceRecord* find(std::int64_t id) const; // binary search; null when not a host slice
    std::string_view text(std::uint32_t id) const { return id < strings.size() ? std::string_view(strings[id]) : std::string_view(); }
    // The store's thread id of a host slice, 0 for none.
    std::int64_t threadOf(const HostSliceRecord& s) const { return s.threadIndex < threadIds.size() ? threadIds[s.threadIndex] : 0; }
};

// Gives each thread id its place in a HostCallData's threadIds as the slices are read.
class HostThreadTable {
public:
    explicit HostThreadTable(std::vector<std::int64_t>* threadIds);
    std::uint32_t indexOf(std::int64_t threadId);

private:
    std::vector<std::int64_t>* threadIds_;
    std::unordered_map<std::int64_t, std::uint32_t> indexById_;
    std::int64_t lastId_ = 0;   // slices come a track at a time: most lookups repeat the last thread
    std::uint32_t lastIndex_ = 0;
};

// A store's depth as the record holds it (negative as 0, deeper than 65535 as 65535).
std::uint16_t hostDepth(std::int64_t storedDepth);

bool readHostCalls(Database& db, HostCallData* out, Error* error);

} // namespace opscope
