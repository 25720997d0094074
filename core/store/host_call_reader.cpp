#include "core/store/host_call_reader.h"

#include "core/store/stored_count_reserve.h"

#include <algorithm>
#include <limits>

namespace opscope {

const HostSliceRecord* HostCallData::find(std::int64_t id) const {
    auto it = std::lower_bound(slices.begin(), slices.end(), id,
                               [](const HostSliceRecord& s, std::int64_t value) { return s.id < value; });
    return it != slices.end() && it->id == id ? &*it : nullptr;
}

HostThreadTable::HostThreadTable(std::vector<std::int64_t>* threadIds) : threadIds_(threadIds) {
    threadIds_->assign(1, 0);
    indexById_.emplace(0, 0);
}

std::uint32_t HostThreadTable::indexOf(std::int64_t threadId) {
    if (threadId == lastId_) return lastIndex_;
    auto [it, added] = indexById_.try_emplace(threadId, static_cast<std::uint32_t>(threadIds_->size()));
    if (added) threadIds_->push_back(threadId);
    lastId_ = threadId;
    lastIndex_ = it->second;
    return lastIndex_;
}

std::uint16_t hostDepth(std::int64_t storedDepth) {
    return static_cast<std::uint16_t>(std::clamp<std::int64_t>(storedDepth, 0, std::numeric_limits<std::uint16_t>::max()));
}

bool readHostCalls(Database& db, HostCallData* out, Error* error) {
    *out = HostCallData{};
    try {
        reserveForStoredCount(
            db, "SELECT total(slice_count) FROM track WHERE device_id IS NULL AND kind = 'thread' AND thread_id IS NOT NULL",
            &out->slices);
        Statement st = db.prepare(R"SQL(
SELECT s.id, coalesce(s.parent_id, 0), s.ts, s.dur, s.name_id, coalesce(s.cat_id, 0), t.thread_id, s.depth
FROM slice s JOIN track t ON t.id = s.track_id
WHERE t.device_id IS NULL AND t.kind = 'thread' AND t.thread_id IS NOT NULL)SQL");
        HostThreadTable threads(&out->threadIds);
        while (st.step()) {
            HostSliceRecord r;
            r.id = st.int64(0);
            r.parentId = st.int64(1);
            r.tsNs = st.int64(2);
            r.durNs = st.int64(3);
            r.nameId = static_cast<std::uint32_t>(st.int64(4));
            r.catId = static_cast<std::uint32_t>(st.int64(5));
            r.threadIndex = threads.indexOf(st.int64(6));
            r.depth = hostDepth(st.int64(7));
            out->slices.push_back(r);
        }
        // Sorted here rather than by SQLite: the join visits tracks in index order.
        std::sort(out->slices.begin(), out->slices.end(),
                  [](const HostSliceRecord& a, const HostSliceRecord& b) { return a.id < b.id; });
        Statement flows = db.prepare("SELECT slice_in FROM flow WHERE cat = 'fwdbwd'");
        while (flows.step()) {
            const std::int64_t target = flows.int64(0);
            auto it = std::lower_bound(out->slices.begin(), out->slices.end(), target,
                                       [](const HostSliceRecord& s, std::int64_t value) { return s.id < value; });
            if (it != out->slices.end() && it->id == target) it->backwardTarget = true;
        }
        // Ids are 1..count as StoreWriter assigns them; a larger id is a damaged store, not a size to allocate.
        const std::int64_t count = db.scalarInt("SELECT count(*) FROM string");
        out->strings.resize(static_cast<std::size_t>(count) + 1);
        Statement strings = db.prepare("SELECT id, value FROM string");
        while (strings.step()) {
            const std::int64_t id = strings.int64(0);
            if (id < 0 || id > count) {
                if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "string ids from 1 to the row count",
                                         "string id " + std::to_string(id)};
                return false;
            }
            out->strings[static_cast<std::size_t>(id)] = strings.text(1);
        }
    } catch (const std::exception& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
