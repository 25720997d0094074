// Bounded memory for large imports: once the pending slices and flow end points pass the budget,
// they move to scratch tables in SQLite's TEMP schema (a file), and finish() reads them back sorted.
#include "core/store/pending_cursors.h"
#include "core/store/store_writer.h"

#include <cstdio>
#include <cstdlib>
#include <sqlite3.h>
#include <sys/resource.h>
#include <unordered_map>

namespace opscope {

void StoreWriter::maybeSpill() {
    if (keepInMemory_) return;
    const std::size_t bytes = slices_.memoryBytes() + endpoints_.memoryBytes() + flowNames_.memoryBytes();
    if (bytes > spillBudgetBytes_) spillPending();
}

void StoreWriter::spillPending() {
    if (std::getenv("OPSCOPE_IMPORT_TIMING")) {
        struct rusage usage {};
        ::getrusage(RUSAGE_SELF, &usage);
        std::fprintf(stderr, "spill: %zu slices, %zu end points, peak RSS %ld MB, SQLite %lld MB\n", slices_.size(),
                     endpoints_.size(), usage.ru_maxrss / 1024, static_cast<long long>(sqlite3_memory_used() >> 20));
    }
    if (!spilled_) {
        db_.exec(stagingTablesSql());
        db_.exec("PRAGMA temp.cache_size=-4096; PRAGMA temp.cache_spill=ON;");
        spilled_ = true;
    }
    writeSliceRun();
    writeEndpointRun();
    sliceBase_ += slices_.size();
    endpointBase_ += endpoints_.size();
    slices_.clear();
    endpoints_.clear();
    flowNames_.clear();
}

// One run per spill, in nesting order: rows [first, end) of the scratch table.
void StoreWriter::writeSliceRun() {
    const std::vector<std::uint32_t> order = sliceNestingOrder(slices_);
    const StageRun run = appendRun(sliceRuns_, order.size());
    BatchInsert insert(db_, "temp.stage_slice", "rid, idx, track, ts, dur, name, cat, type, args, flags", 10);
    std::int64_t row = run.firstRow;
    for (std::uint32_t i : order) {
        const PendingSlice& s = slices_[i];
        insert.value(row++).value(static_cast<std::int64_t>(sliceBase_ + i)).value(static_cast<std::int64_t>(s.track));
        insert.value(s.tsNs).value(s.durNs).value(static_cast<std::int64_t>(s.name));
        insert.value(static_cast<std::int64_t>(s.category)).value(static_cast<std::int64_t>(s.type));
        insert.value(static_cast<std::int64_t>(s.args)).value(static_cast<std::int64_t>(s.flags));
        insert.endRow();
    }
    insert.flush();
}

void StoreWriter::writeEndpointRun() {
    const std::vector<std::uint32_t> order = endpointNestingOrder(endpoints_);
    const StageRun run = appendRun(endpointRuns_, order.size());
    BatchInsert insert(db_, "temp.stage_endpoint", "rid, idx, track, ts, key, phase, binding, cat, name", 9);
    std::int64_t row = run.firstRow;
    for (std::uint32_t i : order) {
        const PendingEndpoint& e = endpoints_[i];
        insert.value(row++).value(static_cast<std::int64_t>(endpointBase_ + i)).value(static_cast<std::int64_t>(e.track));
        insert.value(e.tsNs).value(static_cast<std::int64_t>(e.keyHash));
        insert.value(static_cast<std::int64_t>(e.phase)).value(static_cast<std::int64_t>(e.binding));
        insert.value(static_cast<std::int64_t>(e.cat)).value(flowNames_.at(e.name));
        insert.endRow();
    }
    insert.flush();
}

void StoreWriter::forEachTrackCategoryCount(const std::function<void(TrackId, StringId, std::int64_t)>& visit) {
    std::unordered_map<std::uint64_t, std::int64_t> counts;
    for (const PendingSlice& s : slices_) ++counts[(std::uint64_t{s.track} << 32) | s.category];
    if (spilled_) {
        Statement st = db_.prepare("SELECT track, cat, count(*) FROM temp.stage_slice GROUP BY track, cat");
        while (st.step())
            counts[(static_cast<std::uint64_t>(st.int64(0)) << 32) | static_cast<std::uint32_t>(st.int64(1))] +=
                st.int64(2);
    }
    for (const auto& [key, count] : counts)
        visit(static_cast<TrackId>(key >> 32), static_cast<StringId>(key & 0xffffffffu), count);
}

} // namespace opscope
