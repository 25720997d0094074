// The memory tables of a DB export into the store's memory tables (bytes and ns as the export
// writes them): torch_npu MEMORY_RECORD and OP_MEMORY, msprof NPU_OP_MEM (allocate / release rows
// paired per operator, address and device, as torch_npu pairs them), NPU_MEM and NPU_MODULE_MEM.
#include "core/importers/ascend/msprof_db_importer.h"


#include <cctype>
#include <map>
#include <tuple>

namespace opscope::ascend::db_detail {

namespace {

struct MemoryPass {
    DbPass& pass;
    TraceSink& out; // memory rows go to the sink

    std::int64_t device(const Statement& st, int column) {
        auto ordinal = MsprofDb::intColumn(st, column);
        int d = pass.ctx.deviceOr(ordinal ? static_cast<int>(*ordinal) : -1);
        return pass.ctx.deviceFor ? pass.ctx.deviceFor(d) : 0;
    }
    // "col" when the table has it, else NULL: exports drift between versions.
    std::string column(const std::string& table, const std::string& name) {
        return pass.db.hasColumn(table, name) ? "\"" + name + "\"" : std::string("NULL");
    }
    std::string columns(const std::string& table, std::initializer_list<const char*> names) {
        std::string sql;
        for (const char* n : names) sql += (sql.empty() ? "" : ", ") + column(table, n);
        return sql;
    }
};

std::string nonEmptyText(const Statement& st, int column) {
    if (st.isNull(column)) return {};
    std::string text = st.text(column);
    return text == "0" ? std::string() : text;
}

void importMemoryRecord(MemoryPass& m) {
    Statement st = m.pass.db.db().prepare(
        "SELECT " +
        m.columns("MEMORY_RECORD", {"component", "timestamp", "totalAllocated", "totalReserved", "totalActive", "deviceId"}) +
        " FROM MEMORY_RECORD");
    while (st.step()) {
        auto ts = MsprofDb::intColumn(st, 1);
        if (!ts) continue;
        m.out.addMemoryRow(MemoryRecordRow{m.device(st, 5), m.pass.db.stringColumn(st, 0), *ts, MsprofDb::intColumn(st, 2),
                                  MsprofDb::intColumn(st, 3), MsprofDb::intColumn(st, 4), "MEMORY_RECORD"});
        ++m.pass.result.counterSamples;
    }
}

void importOpMemory(MemoryPass& m) {
    Statement st = m.pass.db.db().prepare(
        "SELECT " +
        m.columns("OP_MEMORY", {"name", "size", "allocationTime", "releaseTime", "activeReleaseTime",
                                "allocationTotalAllocated", "allocationTotalReserved", "allocationTotalActive",
                                "releaseTotalAllocated", "releaseTotalReserved", "releaseTotalActive", "streamPtr",
                                "deviceId"}) +
        " FROM OP_MEMORY");
    while (st.step()) {
        auto size = MsprofDb::intColumn(st, 1);
        if (!size) continue;
        MemoryAllocationRow a;
        a.deviceId = m.device(st, 12);
        a.operatorName = m.pass.db.stringColumn(st, 0);
        a.sizeBytes = *size;
        a.allocTsNs = MsprofDb::intColumn(st, 2);
        a.releaseTsNs = MsprofDb::intColumn(st, 3);
        a.activeReleaseTsNs = MsprofDb::intColumn(st, 4);
        a.allocTotalAllocatedBytes = MsprofDb::intColumn(st, 5);
        a.allocTotalReservedBytes = MsprofDb::intColumn(st, 6);
        a.allocTotalActiveBytes = MsprofDb::intColumn(st, 7);
        a.releaseTotalAllocatedBytes = MsprofDb::intColumn(st, 8);
        a.releaseTotalReservedBytes = MsprofDb::intColumn(st, 9);
        a.releaseTotalActiveBytes = MsprofDb::intColumn(st, 10);
        a.streamPtr = nonEmptyText(st, 11);
        a.source = "OP_MEMORY";
        m.out.addMemoryRow(a);
        ++m.pass.result.counterSamples;
    }
}

// NPU_OP_MEM.type and NPU_MEM.type: ENUM_MEMORY ids (msprof: 0 app, 1 device, 5 allocate, 6 release),
// else STRING_IDS ids (torch_npu).
std::map<std::int64_t, std::string> memoryTypeNames(MsprofDb& db) {
    std::map<std::int64_t, std::string> names;
    if (db.hasTable("ENUM_MEMORY")) {
        Statement st = db.db().prepare("SELECT id, name FROM ENUM_MEMORY");
        while (st.step()) names[st.int64(0)] = st.text(1);
    }
    return names;
}

// GE's allocations: allocator totals (component "GE") when MEMORY_RECORD does not already hold
// them, and allocate/release pairs when OP_MEMORY does not.
void importNpuOpMem(MemoryPass& m, bool records, bool allocations) {
    MsprofDb& db = m.pass.db;
    auto typeNames = memoryTypeNames(db);
    Statement st = db.db().prepare(
        "SELECT " +
        m.columns("NPU_OP_MEM", {"operatorName", "addr", "type", "size", "timestampNs", "totalAllocate", "totalReserve",
                                 "deviceId"}) +
        " FROM NPU_OP_MEM ORDER BY timestampNs");
    std::map<std::tuple<std::string, std::string, std::int64_t>, MemoryAllocationRow> open;
    while (st.step()) {
        auto ts = MsprofDb::intColumn(st, 4);
        auto size = MsprofDb::intColumn(st, 3);
        if (!ts || !size) continue;
        std::int64_t device = m.device(st, 7);
        auto allocated = MsprofDb::intColumn(st, 5), reserved = MsprofDb::intColumn(st, 6);
        if (records) m.out.addMemoryRow(MemoryRecordRow{device, "GE", *ts, allocated, reserved, std::nullopt, "NPU_OP_MEM"});
        ++m.pass.result.counterSamples;
        if (!allocations) continue;
        std::string type;
        if (auto id = MsprofDb::intColumn(st, 2)) {
            auto it = typeNames.find(*id);
            type = it != typeNames.end() ? it->second : db.stringOf(*id);
        }
        std::string name = db.stringColumn(st, 0), addr = st.isNull(1) ? std::string() : st.text(1);
        auto key = std::make_tuple(name, addr, device);
        if (type == "allocate") {
            MemoryAllocationRow a;
            a.deviceId = device;
            a.operatorName = name;
            a.sizeBytes = *size;
            a.allocTsNs = *ts;
            a.allocTotalAllocatedBytes = allocated;
            a.allocTotalReservedBytes = reserved;
            a.addr = addr;
            a.component = "GE";
            a.source = "NPU_OP_MEM";
            if (auto it = open.find(key); it != open.end()) m.out.addMemoryRow(it->second); // its release is missing
            open[key] = std::move(a);
        } else if (type == "release") {
            auto it = open.find(key);
            if (it == open.end()) continue;
            it->second.releaseTsNs = *ts;
            it->second.releaseTotalAllocatedBytes = allocated;
            it->second.releaseTotalReservedBytes = reserved;
            m.out.addMemoryRow(it->second);
            open.erase(it);
        }
    }
    for (auto& [key, block] : open) m.out.addMemoryRow(block);
}

void importNpuMem(MemoryPass& m) {
    MsprofDb& db = m.pass.db;
    auto typeNames = memoryTypeNames(db); // ENUM_MEMORY: 0 app, 1 device
    Statement st = db.db().prepare("SELECT " + m.columns("NPU_MEM", {"type", "ddr", "hbm", "timestampNs", "deviceId"}) +
                                   " FROM NPU_MEM");
    while (st.step()) {
        auto ts = MsprofDb::intColumn(st, 3);
        if (!ts) continue;
        std::string type;
        if (auto id = MsprofDb::intColumn(st, 0)) {
            auto it = typeNames.find(*id);
            type = it != typeNames.end() ? it->second : db.stringOf(*id);
        }
        for (auto& c : type) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        for (int col : {1, 2}) {
            auto bytes = MsprofDb::intColumn(st, col);
            if (!bytes) continue;
            std::string kind = col == 1 ? "DDR" : "HBM";
            m.out.addMemoryRow(MemoryModuleRow{m.device(st, 4), type.empty() ? kind : type + "/" + kind, *ts, *bytes, "NPU_MEM"});
        }
    }
}

void importNpuModuleMem(MemoryPass& m) {
    MsprofDb& db = m.pass.db;
    std::map<std::int64_t, std::string> modules;
    if (db.hasTable("ENUM_MODULE")) {
        Statement names = db.db().prepare("SELECT id, name FROM ENUM_MODULE");
        while (names.step()) modules[names.int64(0)] = names.text(1);
    }
    Statement st = db.db().prepare(
        "SELECT " + m.columns("NPU_MODULE_MEM", {"moduleId", "timestampNs", "totalReserved", "deviceId"}) +
        " FROM NPU_MODULE_MEM");
    while (st.step()) {
        auto ts = MsprofDb::intColumn(st, 1), reserved = MsprofDb::intColumn(st, 2);
        if (!ts || !reserved) continue;
        auto module = MsprofDb::intColumn(st, 0);
        auto it = module ? modules.find(*module) : modules.end();
        std::string name = it != modules.end() ? it->second : module ? "Module " + std::to_string(*module) : "";
        m.out.addMemoryRow(MemoryModuleRow{m.device(st, 3), name, *ts, *reserved, "NPU_MODULE_MEM"});
    }
}

} // namespace

void importMemory(DbPass& pass) {
    MemoryPass m{pass, pass.ctx.writer};
    MsprofDb& db = pass.db;
    bool records = db.hasTable("MEMORY_RECORD"), allocations = db.hasTable("OP_MEMORY");
    if (records) importMemoryRecord(m);
    if (allocations) importOpMemory(m);
    if (db.hasTable("NPU_OP_MEM") && (!records || !allocations)) importNpuOpMem(m, !records, !allocations);
    if (db.hasTable("NPU_MEM")) importNpuMem(m);
    if (db.hasTable("NPU_MODULE_MEM")) importNpuModuleMem(m);
}

} // namespace opscope::ascend::db_detail
