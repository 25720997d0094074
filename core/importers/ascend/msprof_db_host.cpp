// Host side of a DB export: CANN_API, PYTORCH_API and MSTX_EVENTS ranges on "Thread <tid>" tracks,
// and the host-to-device flows that connectionId (and torch_npu's CONNECTION_IDS) state.
#include "core/importers/ascend/msprof_db_importer.h"
#include "core/model/time_bounds.h"

#include <nlohmann/json.hpp>

#include <map>

namespace opscope::ascend::db_detail {

namespace {

constexpr std::int64_t kNoIdValue = 4294967295;

TrackId hostThreadTrack(DbPass& pass, std::string_view processName, std::int64_t globalTid) {
    ProcessId process = hostProcess(pass.ctx, processName);
    std::int64_t tid = globalTid & 0xffffffffLL; // globalTid = pid << 32 | tid
    return namedThreadTrack(pass.ctx, process, std::to_string(tid), "Thread " + std::to_string(tid));
}

std::map<std::int64_t, std::string> apiTypeNames(MsprofDb& db) {
    std::map<std::int64_t, std::string> names;
    if (!db.hasTable("ENUM_API_TYPE")) return names;
    Statement st = db.db().prepare("SELECT id, name FROM ENUM_API_TYPE");
    while (st.step()) names[st.int64(0)] = st.text(1);
    return names;
}

void linkFlows(DbPass& pass, const std::map<std::int64_t, PendingSliceIndex>& hostByConnection, std::string_view cat) {
    for (const auto& [connection, host] : hostByConnection) {
        auto it = pass.deviceByConnection.find(connection);
        if (it == pass.deviceByConnection.end()) continue;
        for (PendingSliceIndex device : it->second) {
            pass.ctx.writer.addFlow(host, device, cat, cat);
            // A CANN API call is the launch of the tasks that share its connectionId.
            if (cat == "HostToDevice") pass.ctx.writer.addLaunchLink(device, host, connection, "connection_id");
            ++pass.result.flows;
        }
    }
}

void importCannApi(DbPass& pass) {
    MsprofDb& db = pass.db;
    auto types = apiTypeNames(db);
    std::string connection = db.hasColumn("CANN_API", "connectionId") ? "connectionId" : "NULL";
    Statement st = db.db().prepare("SELECT startNs, endNs, type, globalTid, name, " + connection + " FROM CANN_API");
    std::map<std::int64_t, std::pair<TimeNs, PendingSliceIndex>> latest; // connection -> innermost launch
    while (st.step()) {
        SliceInput in;
        in.track = hostThreadTrack(pass, "CANN", st.int64(3));
        in.tsNs = st.int64(0);
        in.durNs = durationBetween(st.int64(0), st.int64(1));
        std::string name = db.stringColumn(st, 4);
        in.name = name;
        std::string level = st.isNull(2) ? std::string() : (types.count(st.int64(2)) ? types[st.int64(2)] : std::to_string(st.int64(2)));
        in.category = level;
        nlohmann::json args = {{"level", level}};
        auto conn = MsprofDb::intColumn(st, 5);
        if (conn && *conn != kNoIdValue) args["connection_id"] = *conn;
        in.args = pass.ctx.writer.addArgs(args.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        PendingSliceIndex slice = pass.ctx.writer.addSlice(in);
        if (conn && *conn != kNoIdValue) {
            auto [it, inserted] = latest.try_emplace(*conn, in.tsNs, slice);
            if (!inserted && in.tsNs >= it->second.first) it->second = {in.tsNs, slice};
        }
        ++pass.result.hostRanges;
    }
    std::map<std::int64_t, PendingSliceIndex> hosts;
    for (const auto& [conn, entry] : latest) hosts[conn] = entry.second;
    linkFlows(pass, hosts, "HostToDevice");
}

void importPytorchApi(DbPass& pass) {
    MsprofDb& db = pass.db;
    std::multimap<std::int64_t, std::int64_t> connections; // PYTORCH_API.connectionId -> TASK.connectionId
    if (db.hasTable("CONNECTION_IDS")) {
        Statement c = db.db().prepare("SELECT id, connectionId FROM CONNECTION_IDS");
        while (c.step()) connections.emplace(c.int64(0), c.int64(1));
    }
    std::string connection = db.hasColumn("PYTORCH_API", "connectionId") ? "connectionId" : "NULL";
    Statement st = db.db().prepare("SELECT startNs, endNs, globalTid, name, " + connection + " FROM PYTORCH_API");
    std::map<std::int64_t, PendingSliceIndex> hosts;
    while (st.step()) {
        auto start = MsprofDb::intColumn(st, 0), end = MsprofDb::intColumn(st, 1);
        if (!start || !end) continue;
        SliceInput in;
        in.track = hostThreadTrack(pass, "Python", st.int64(2));
        in.tsNs = *start;
        in.durNs = durationBetween(*start, *end);
        std::string name = db.stringColumn(st, 3);
        in.name = name;
        in.category = "cpu_op";
        PendingSliceIndex slice = pass.ctx.writer.addSlice(in);
        if (auto conn = MsprofDb::intColumn(st, 4)) {
            auto range = connections.equal_range(*conn);
            for (auto it = range.first; it != range.second; ++it) hosts[it->second] = slice;
        }
        ++pass.result.hostRanges;
    }
    linkFlows(pass, hosts, "async_npu");
}

void importMstx(DbPass& pass) {
    MsprofDb& db = pass.db;
    Statement st = db.db().prepare("SELECT startNs, endNs, eventType, message, globalTid FROM MSTX_EVENTS");
    while (st.step()) {
        SliceInput in;
        in.track = hostThreadTrack(pass, "MsTx", st.isNull(4) ? 0 : st.int64(4));
        in.tsNs = st.int64(0);
        in.durNs = st.isNull(1) ? 0 : durationBetween(st.int64(0), st.int64(1));
        std::string message = db.stringColumn(st, 3);
        in.name = message.empty() ? std::string_view("mstx") : std::string_view(message);
        in.category = "MsTx";
        pass.ctx.writer.addSlice(in);
        ++pass.result.hostRanges;
    }
}

} // namespace

void importHost(DbPass& pass) {
    if (pass.db.hasTable("CANN_API")) importCannApi(pass);
    if (pass.db.hasTable("PYTORCH_API")) importPytorchApi(pass);
    if (pass.db.hasTable("MSTX_EVENTS")) importMstx(pass);
}

} // namespace opscope::ascend::db_detail
