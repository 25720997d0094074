#include "core/store/memory_reader.h"
#include "core/store/nullable_columns.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <set>
#include <string>

namespace opscope {

namespace {

std::int64_t bytesOr(const Statement& st, int column) { return st.isNull(column) ? kNoBytes : st.int64(column); }

TimeNs metaTime(Database& db, const char* key) {
    std::string text = db.scalarText(std::string("SELECT value FROM meta WHERE key = '") + key + "'", "0");
    try {
        return std::stoll(text);
    } catch (const std::exception&) {
        return 0;
    }
}

// The series a row belongs to, by (device, component): rows come in table order, usually runs of one
// series, so the last one found is tried first. Series are few (components x devices), so the rest is a scan.
template <typename Series>
Series* seriesFor(std::vector<Series>* all, std::size_t* last, std::int64_t device, std::string_view component,
                  std::set<std::int64_t>* devices) {
    if (*last < all->size() && (*all)[*last].deviceId == device && (*all)[*last].component == component)
        return &(*all)[*last];
    for (std::size_t i = 0; i < all->size(); ++i)
        if ((*all)[i].deviceId == device && (*all)[i].component == component) return &(*all)[*last = i];
    all->push_back(Series{device, std::string(component), {}});
    devices->insert(device);
    *last = all->size() - 1;
    return &all->back();
}

template <typename Container, typename Key>
void sortIfNeeded(Container* c, Key key) {
    auto less = [&key](const auto& a, const auto& b) { return key(a) < key(b); };
    if (!std::is_sorted(c->begin(), c->end(), less)) std::stable_sort(c->begin(), c->end(), less);
}

// Read in table order (a sequential scan: an ORDER BY over a million rows costs a sort in SQLite),
// then each series put in time order when it is not already.
void readSeries(Database& db, MemoryData* out, std::set<std::int64_t>* devices) {
    Statement st = db.prepare("SELECT device_id, component, ts, allocated_bytes, reserved_bytes, active_bytes "
                              "FROM memory_record");
    std::size_t last = 0;
    while (st.step()) {
        MemorySeries* s = seriesFor(&out->series, &last, st.isNull(0) ? 0 : st.int64(0), st.textView(1), devices);
        s->samples.push_back(MemorySample{st.int64(2), bytesOr(st, 3), bytesOr(st, 4), bytesOr(st, 5)});
    }
    for (MemorySeries& s : out->series) sortIfNeeded(&s.samples, [](const MemorySample& m) { return m.tsNs; });
    std::sort(out->series.begin(), out->series.end(), [](const MemorySeries& a, const MemorySeries& b) {
        return a.deviceId != b.deviceId ? a.deviceId < b.deviceId : a.component < b.component;
    });
}

void readModules(Database& db, MemoryData* out, std::set<std::int64_t>* devices) {
    Statement st = db.prepare("SELECT device_id, component, ts, reserved_bytes FROM memory_module");
    std::size_t last = 0;
    while (st.step()) {
        MemoryModuleSeries* s = seriesFor(&out->modules, &last, st.isNull(0) ? 0 : st.int64(0), st.textView(1), devices);
        s->reservedBytes.emplace_back(st.int64(2), st.int64(3));
    }
    for (MemoryModuleSeries& s : out->modules) sortIfNeeded(&s.reservedBytes, [](const auto& p) { return p.first; });
    std::sort(out->modules.begin(), out->modules.end(), [](const MemoryModuleSeries& a, const MemoryModuleSeries& b) {
        return a.deviceId != b.deviceId ? a.deviceId < b.deviceId : a.component < b.component;
    });
}

void readBlocks(Database& db, std::vector<MemoryBlock>* out, std::set<std::int64_t>* devices) {
    Statement st = db.prepare(
        "SELECT id, coalesce(device_id, 0), operator, size_bytes, alloc_ts, release_ts, "
        "alloc_total_allocated_bytes, alloc_total_reserved_bytes, release_total_allocated_bytes, "
        "release_total_reserved_bytes, coalesce(component, ''), coalesce(stream_ptr, ''), coalesce(slice_id, 0) "
        "FROM memory_allocation");
    while (st.step()) {
        MemoryBlock b;
        b.id = st.int64(0);
        b.deviceId = st.int64(1);
        b.operatorName = st.text(2);
        b.sizeBytes = st.int64(3);
        b.allocTsNs = optionalInt64(st, 4);
        b.releaseTsNs = optionalInt64(st, 5);
        b.allocTotalAllocatedBytes = optionalInt64(st, 6);
        b.allocTotalReservedBytes = optionalInt64(st, 7);
        b.releaseTotalAllocatedBytes = optionalInt64(st, 8);
        b.releaseTotalReservedBytes = optionalInt64(st, 9);
        b.component = st.text(10);
        b.streamPtr = st.text(11);
        b.sliceId = st.int64(12);
        devices->insert(b.deviceId);
        out->push_back(std::move(b));
    }
    // Allocation-time order, blocks without one (allocated before the trace) first, then by id.
    auto key = [](const MemoryBlock& b) { return std::make_tuple(b.allocTsNs.has_value(), b.allocTsNs.value_or(0), b.id); };
    sortIfNeeded(out, key);
}

} // namespace

bool readMemoryData(Database& db, MemoryData* out, Error* error) {
    *out = MemoryData{};
    try {
        out->traceRange = {metaTime(db, "trace_start_ns"), metaTime(db, "trace_end_ns")};
        if (!db.tableExists("memory_record")) return true; // a store from before the memory tables
        std::set<std::int64_t> devices;
        readSeries(db, out, &devices);
        readModules(db, out, &devices);
        readBlocks(db, &out->blocks, &devices);
        Statement st = db.prepare("SELECT id, name, kind FROM device ORDER BY id");
        std::map<std::int64_t, MemoryDevice> known;
        while (st.step()) known[st.int64(0)] = MemoryDevice{st.int64(0), st.text(1), st.text(2)};
        for (std::int64_t id : devices) {
            auto it = known.find(id);
            out->devices.push_back(it != known.end() ? it->second : MemoryDevice{id, id == 0 ? "host" : "device " + std::to_string(id), ""});
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "the memory tables", e.what()};
        return false;
    }
    return true;
}

bool readMemoryBlocks(Database& db, std::vector<MemoryBlock>* out, Error* error) {
    out->clear();
    try {
        if (!db.tableExists("memory_allocation")) return true;
        std::set<std::int64_t> devices;
        readBlocks(db, out, &devices);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "the memory tables", e.what()};
        return false;
    }
    return true;
}

bool readCopyBandwidth(Database& db, std::vector<CopyBandwidthTrack>* out, Error* error) {
    out->clear();
    try {
        Statement st = db.prepare(
            "SELECT t.id, coalesce(t.device_id, 0), t.name, c.ts, c.value FROM track t "
            "JOIN process p ON p.id = t.process_id JOIN counter c ON c.track_id = t.id "
            "WHERE p.name = 'Memory bandwidth (derived)' AND t.kind = 'counter' ORDER BY t.id, c.ts");
        std::int64_t current = -1;
        while (st.step()) {
            if (st.int64(0) != current) {
                current = st.int64(0);
                out->push_back({st.int64(1), st.text(2), {}});
            }
            out->back().bytesPerSecond.emplace_back(st.int64(3), st.real(4));
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "the counter tables", e.what()};
        return false;
    }
    return true;
}

bool readStepStarts(Database& db, const std::vector<std::string>& namePatterns, std::vector<TimeNs>* out, Error* error) {
    out->clear();
    try {
        std::string where = "t.kind = 'step'";
        for (std::size_t i = 0; i < namePatterns.size(); ++i) where += " OR instr(lower(n.value), ?" + std::to_string(i + 1) + ") > 0";
        Statement st = db.prepare("SELECT DISTINCT s.ts FROM slice s JOIN track t ON t.id = s.track_id "
                                  "JOIN string n ON n.id = s.name_id WHERE " + where + " ORDER BY s.ts");
        for (std::size_t i = 0; i < namePatterns.size(); ++i) {
            std::string lowered = namePatterns[i];
            for (char& c : lowered) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
            st.bind(static_cast<int>(i + 1), lowered);
        }
        while (st.step()) out->push_back(st.int64(0));
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "slices and tracks", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
