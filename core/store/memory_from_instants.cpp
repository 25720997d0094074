#include "core/store/memory_from_instants.h"

#include "core/store/memory_writer.h"
#include "core/store/nullable_columns.h"

#include <map>
#include <string>
#include <utility>

namespace opscope {

namespace {

constexpr int kCpuDeviceType = 0; // c10::DeviceType::CPU; anything else is an accelerator

} // namespace

std::int64_t deriveMemoryFromInstants(Database& db, const std::function<std::int64_t(int)>& gpuDevice) {
    std::int64_t nameId = db.scalarInt("SELECT id FROM string WHERE value = '[memory]'", 0);
    if (nameId == 0) return 0;
    Statement st = db.prepare(
        "SELECT s.ts, s.parent_id, pn.value, "
        "json_extract(a.json, '$.\"Device Type\"'), json_extract(a.json, '$.\"Device Id\"'), "
        "json_extract(a.json, '$.Bytes'), json_extract(a.json, '$.\"Total Allocated\"'), "
        "json_extract(a.json, '$.\"Total Reserved\"'), CAST(json_extract(a.json, '$.Addr') AS TEXT) "
        "FROM slice s JOIN args a ON a.id = s.arg_id "
        "LEFT JOIN slice p ON p.id = s.parent_id LEFT JOIN string pn ON pn.id = p.name_id "
        "WHERE s.name_id = ? ORDER BY s.ts, s.id");
    st.bind(1, nameId);
    MemoryRowWriter out(db);
    std::map<std::pair<std::int64_t, std::string>, MemoryAllocationRow> open; // (device, addr) -> block
    std::int64_t instants = 0;
    while (st.step()) {
        ++instants;
        auto bytes = optionalInt64(st, 5);
        if (!bytes) continue;
        bool cpu = !st.isNull(3) && st.int64(3) == kCpuDeviceType;
        std::int64_t device = cpu ? 0 : gpuDevice(st.isNull(4) ? 0 : static_cast<int>(st.int64(4)));
        std::string component = cpu ? "CPU allocator" : "allocator";
        TimeNs ts = st.int64(0);
        auto allocated = optionalInt64(st, 6), reserved = optionalInt64(st, 7);
        out.add(MemoryRecordRow{device, component, ts, allocated, reserved, std::nullopt, "kineto"});
        std::string addr = st.isNull(8) ? std::string() : st.text(8);
        auto key = std::make_pair(device, addr);
        if (*bytes > 0) {
            MemoryAllocationRow a;
            a.deviceId = device;
            a.operatorName = st.isNull(2) ? "(no operator)" : st.text(2);
            a.sizeBytes = *bytes;
            a.allocTsNs = ts;
            a.allocTotalAllocatedBytes = allocated;
            a.allocTotalReservedBytes = reserved;
            a.addr = addr;
            a.component = component;
            a.source = "kineto";
            a.sliceId = st.isNull(1) ? 0 : st.int64(1);
            // A second alloc at an address whose free was not recorded: the first block stays unreleased.
            if (auto it = open.find(key); it != open.end()) out.add(it->second);
            open[key] = std::move(a);
        } else if (*bytes < 0) {
            auto it = open.find(key);
            if (it == open.end()) continue; // freed a block allocated before the trace began
            it->second.releaseTsNs = ts;
            it->second.releaseTotalAllocatedBytes = allocated;
            it->second.releaseTotalReservedBytes = reserved;
            out.add(it->second);
            open.erase(it);
        }
    }
    for (auto& [key, block] : open) out.add(block);
    out.flush();
    return instants;
}

} // namespace opscope
