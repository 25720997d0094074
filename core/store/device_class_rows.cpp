#include "core/store/device_class_rows.h"

namespace opscope {

void forEachDeviceSlice(Database& db, const std::function<void(const DeviceSliceFactsRow&)>& onRow) {
    Statement scan = db.prepare(
        "SELECT s.id, s.ts, s.dur, t.device_id, s.track_id, p.id, p.name, s.name_id, coalesce(s.cat_id, 0), "
        "  d.kind = 'npu', CASE WHEN d.kind = 'npu' THEN json_extract(a.json, '$.\"Task Type\"') END, "
        "  coalesce(th.name, '') LIKE '%Communication' "
        "FROM slice s JOIN track t ON t.id = s.track_id JOIN device d ON d.id = t.device_id "
        "JOIN process p ON p.id = t.process_id LEFT JOIN thread th ON th.id = t.thread_id "
        "LEFT JOIN args a ON a.id = s.arg_id "
        "WHERE t.kind IN ('thread', 'async') AND (s.flags & 8) = 0 ORDER BY s.id");
    DeviceSliceFactsRow row;
    while (scan.step()) {
        row.sliceId = scan.int64(0);
        row.tsNs = scan.int64(1);
        row.durNs = scan.int64(2);
        row.deviceId = scan.int64(3);
        row.trackId = scan.int64(4);
        row.processId = scan.int64(5);
        row.processName = scan.isNull(6) ? std::string() : scan.text(6);
        row.nameId = scan.int64(7);
        row.catId = scan.int64(8);
        row.ascend = scan.int64(9) != 0;
        row.taskType = scan.isNull(10) ? std::string() : scan.text(10);
        row.communicationLane = scan.int64(11) != 0;
        onRow(row);
    }
}

DeviceSliceClassWriter::DeviceSliceClassWriter(Database& db)
    : statement_(db.prepare("INSERT INTO device_slice_class(slice_id, device_id, class, rule) VALUES (?, ?, ?, ?)")) {}

void DeviceSliceClassWriter::add(std::int64_t sliceId, std::int64_t deviceId, const char* className,
                                 const char* rule) {
    statement_.bind(1, sliceId).bind(2, deviceId).bind(3, className).bind(4, rule);
    statement_.run();
}

} // namespace opscope
