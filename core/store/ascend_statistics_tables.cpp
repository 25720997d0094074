#include "core/store/ascend_statistics_tables.h"

#include "core/store/nullable_columns.h"

namespace opscope {

namespace {

void bindDevice(Statement& st, int index, std::int64_t deviceId) {
    if (deviceId >= 0) st.bind(index, deviceId);
    else st.bindNull(index);
}

} // namespace

void writeAscendStatistics(Database& db, std::string_view source, const std::vector<AscendStatisticRow>& rows) {
    Statement st = db.prepare("INSERT INTO ascend_statistic(source, kind, device_id, category, name, count, total_ns, "
                              "min_ns, avg_ns, max_ns, ratio, variance) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const AscendStatisticRow& r : rows) {
        st.bind(1, source).bind(2, r.kind);
        bindDevice(st, 3, r.deviceId);
        st.bind(4, r.category).bind(5, r.name).bind(6, r.count);
        bindOptional(st, 7, r.totalNs);
        bindOptional(st, 8, r.minNs);
        bindOptional(st, 9, r.avgNs);
        bindOptional(st, 10, r.maxNs);
        bindOptional(st, 11, r.ratioPercent);
        bindOptional(st, 12, r.variance);
        st.run();
    }
}

void writeAscendOperatorDetails(Database& db, std::string_view source, const std::vector<AscendOperatorDetailRow>& rows) {
    Statement st = db.prepare(
        "INSERT INTO ascend_operator_detail(source, device_id, name, input_shapes, call_stack, host_self_ns, "
        "host_total_ns, device_self_ns, device_total_ns, device_self_aicore_ns, device_total_aicore_ns) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const AscendOperatorDetailRow& r : rows) {
        st.bind(1, source);
        bindDevice(st, 2, r.deviceId);
        st.bind(3, r.name).bind(4, r.inputShapes).bind(5, r.callStack);
        bindOptional(st, 6, r.hostSelfNs);
        bindOptional(st, 7, r.hostTotalNs);
        bindOptional(st, 8, r.deviceSelfNs);
        bindOptional(st, 9, r.deviceTotalNs);
        bindOptional(st, 10, r.deviceSelfAicoreNs);
        bindOptional(st, 11, r.deviceTotalAicoreNs);
        st.run();
    }
}

std::vector<AscendStatisticRow> readAscendStatistics(Database& db, std::string_view kind) {
    std::vector<AscendStatisticRow> rows;
    if (!db.tableExists("ascend_statistic")) return rows;
    Statement st = db.prepare("SELECT kind, coalesce(device_id, -1), coalesce(category, ''), name, coalesce(count, 0), "
                              "total_ns, min_ns, avg_ns, max_ns, ratio, variance FROM ascend_statistic "
                              "WHERE ?1 = '' OR kind = ?1 ORDER BY id");
    st.bind(1, kind);
    while (st.step()) {
        AscendStatisticRow r;
        r.kind = st.text(0);
        r.deviceId = st.int64(1);
        r.category = st.text(2);
        r.name = st.text(3);
        r.count = st.int64(4);
        r.totalNs = optionalInt64(st, 5);
        r.minNs = optionalInt64(st, 6);
        r.avgNs = optionalInt64(st, 7);
        r.maxNs = optionalInt64(st, 8);
        if (!st.isNull(9)) r.ratioPercent = st.real(9);
        if (!st.isNull(10)) r.variance = st.real(10);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<AscendOperatorDetailRow> readAscendOperatorDetails(Database& db) {
    std::vector<AscendOperatorDetailRow> rows;
    if (!db.tableExists("ascend_operator_detail")) return rows;
    Statement st = db.prepare("SELECT coalesce(device_id, -1), name, coalesce(input_shapes, ''), coalesce(call_stack, ''), "
                              "host_self_ns, host_total_ns, device_self_ns, device_total_ns, device_self_aicore_ns, "
                              "device_total_aicore_ns FROM ascend_operator_detail ORDER BY id");
    while (st.step()) {
        AscendOperatorDetailRow r;
        r.deviceId = st.int64(0);
        r.name = st.text(1);
        r.inputShapes = st.text(2);
        r.callStack = st.text(3);
        r.hostSelfNs = optionalInt64(st, 4);
        r.hostTotalNs = optionalInt64(st, 5);
        r.deviceSelfNs = optionalInt64(st, 6);
        r.deviceTotalNs = optionalInt64(st, 7);
        r.deviceSelfAicoreNs = optionalInt64(st, 8);
        r.deviceTotalAicoreNs = optionalInt64(st, 9);
        rows.push_back(std::move(r));
    }
    return rows;
}

} // namespace opscope
