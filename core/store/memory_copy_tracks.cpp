#include "core/store/memory_copy_tracks.h"

#include "core/analysis/memory/copy_bandwidth.h"

#include <string>

namespace opscope {

namespace {

// The string ids of copy names and categories; empty when the trace has no copies (nothing is scanned).
std::string copyNameIds(Database& db) {
    std::string ids;
    Statement st = db.prepare("SELECT id FROM string WHERE lower(value) LIKE '%memcpy%' OR value = 'gpu_memcpy'");
    while (st.step()) ids += (ids.empty() ? "" : ",") + std::to_string(st.int64(0));
    return ids;
}

std::int64_t bandwidthProcess(Database& db, std::int64_t deviceId) {
    std::string pid = "derived:memory-bandwidth:" + std::to_string(deviceId);
    std::int64_t existing = db.scalarInt("SELECT id FROM process WHERE pid = '" + pid + "'", 0);
    if (existing) return existing;
    Statement st = db.prepare("INSERT INTO process(pid, name, labels, device_id) VALUES(?, 'Memory bandwidth (derived)', ?, ?)");
    st.bind(1, pid).bind(2, "");
    if (deviceId) st.bind(3, deviceId);
    else st.bindNull(3);
    st.run();
    return db.lastInsertRowId();
}

} // namespace

std::int64_t addCopyBandwidthTracks(Database& db) {
    std::string ids = copyNameIds(db);
    if (ids.empty()) return 0;
    std::vector<CopyTransfer> copies;
    {
        Statement st = db.prepare(
            "SELECT coalesce(t.device_id, p.device_id, 0), s.ts, s.dur, n.value, "
            "coalesce(json_extract(a.json, '$.bytes'), json_extract(a.json, '$.\"size(B)\"'), json_extract(a.json, '$.size')), "
            "coalesce(json_extract(a.json, '$.operation'), json_extract(a.json, '$.\"Memcpy Kind\"'), '') "
            "FROM slice s JOIN track t ON t.id = s.track_id JOIN process p ON p.id = t.process_id "
            "JOIN string n ON n.id = s.name_id JOIN args a ON a.id = s.arg_id "
            "WHERE s.dur > 0 AND (s.name_id IN (" + ids + ") OR s.cat_id IN (" + ids + "))");
        while (st.step()) {
            if (st.isNull(4)) continue;
            CopyTransfer c;
            c.deviceId = st.int64(0);
            c.tsNs = st.int64(1);
            c.durNs = st.int64(2);
            c.bytes = st.int64(4);
            c.direction = copyDirectionOf(st.textView(3), st.textView(5));
            copies.push_back(std::move(c));
        }
    }
    Statement track = db.prepare("INSERT INTO track(process_id, kind, name, unit, device_id, counter_count, min_ts, max_end, sort_index) "
                                 "VALUES(?, 'counter', ?, 'B/s', ?, ?, ?, ?, 0)");
    Statement counter = db.prepare("INSERT INTO counter(track_id, ts, value) VALUES(?, ?, ?)");
    for (const CopyBandwidthSeries& s : copyBandwidth(copies)) {
        if (s.bytesPerSecond.empty()) continue;
        track.bind(1, bandwidthProcess(db, s.deviceId)).bind(2, s.direction + " bandwidth");
        if (s.deviceId) track.bind(3, s.deviceId);
        else track.bindNull(3);
        track.bind(4, static_cast<std::int64_t>(s.bytesPerSecond.size()))
            .bind(5, s.bytesPerSecond.front().first)
            .bind(6, s.bytesPerSecond.back().first);
        track.run();
        std::int64_t trackId = db.lastInsertRowId();
        for (const auto& [ts, rate] : s.bytesPerSecond) {
            counter.bind(1, trackId).bind(2, ts).bind(3, rate);
            counter.run();
        }
    }
    return static_cast<std::int64_t>(copies.size());
}

} // namespace opscope
