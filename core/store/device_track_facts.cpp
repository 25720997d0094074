#include "core/store/device_track_facts.h"

namespace opscope {

namespace {

// The joins and conditions of forEachDeviceSlice (device_class_rows.cpp), per track.
constexpr const char* kFactsSql =
    "SELECT t.id, t.device_id, p.id, p.name, d.kind = 'npu', coalesce(th.name, '') LIKE '%Communication' "
    "FROM track t JOIN device d ON d.id = t.device_id JOIN process p ON p.id = t.process_id "
    "LEFT JOIN thread th ON th.id = t.thread_id WHERE t.kind IN ('thread', 'async')";

} // namespace

void DeviceTrackFactsTable::load(Statement& st) {
    while (st.step()) {
        const std::int64_t track = st.int64(0);
        DeviceTrackFacts facts;
        facts.deviceId = st.int64(1);
        facts.processId = st.int64(2);
        facts.processName = st.isNull(3) ? std::string() : st.text(3);
        facts.ascend = st.int64(4) != 0;
        facts.communicationLane = st.int64(5) != 0;
        facts_.push_back(std::move(facts));
        const auto entry = static_cast<std::uint32_t>(facts_.size());
        // Track ids are the writer's own and dense, but the index is sized by what was read, not by an id.
        const std::size_t bound = facts_.size() * kDenseSlotsPerTrack + kDenseFloor;
        if (track >= 0 && static_cast<std::uint64_t>(track) < bound) {
            const auto at = static_cast<std::size_t>(track);
            if (at >= index_.size()) index_.resize(at + 1, 0);
            index_[at] = entry;
        } else {
            sparse_.slot(track, 0) = entry;
        }
    }
}

void DeviceTrackFactsTable::loadAll(Database& db) {
    Statement st = db.prepare(kFactsSql);
    load(st);
}

void DeviceTrackFactsTable::loadTrack(Database& db, TrackId track) {
    Statement st = db.prepare(std::string(kFactsSql) + " AND t.id = ?");
    st.bind(1, static_cast<std::int64_t>(track));
    load(st);
}

} // namespace opscope
