// Reads the host side that launch attribution walks: every slice of the host thread tracks with its
// parent, name and category ids, and the targets of fwdbwd flows (the backward ops of autograd).
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

struct HostSliceRecord {
    std::int64_t id = 0, parentId = 0; // parentId 0: top level
    TimeNs tsNs = 0, durNs = 0;
    std::uint32_t nameId = 0, catId = 0;
    std::int64_t threadId = 0;
    std::int32_t depth = 0;      // nesting depth on its track (0: top level)
    bool backwardTarget = false; // the end of a fwdbwd flow (Kineto: forward op -> its backward op)
};

struct HostCallData {
    std::vector<HostSliceRecord> slices;           // sorted by id
    std::vector<std::string> strings;              // index = string id
    const HostSliceRecord* find(std::int64_t id) const; // binary search; null when not a host slice
    std::string_view text(std::uint32_t id) const { return id < strings.size() ? std::string_view(strings[id]) : std::string_view(); }
};

bool readHostCalls(Database& db, HostCallData* out, Error* error);

} // namespace opscope
