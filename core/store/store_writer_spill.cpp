// Bounded memory for large imports: once the pending slices and flow end points pass the budget,
// they move to scratch files as runs sorted in nesting order, which finish() merges.
#include "core/model/import_timing.h"
#include "core/store/pending_cursors.h"
#include "core/store/store_writer.h"

#include <cstdio>
#include <unordered_map>

namespace opscope {

void StoreWriter::maybeSpill() {
    if (keepInMemory_) return;
    const std::size_t bytes = slices_.memoryBytes() + endpoints_.memoryBytes() + flowNames_.memoryBytes();
    if (bytes > spillBudgetBytes_) spillPending();
}

void StoreWriter::spillPending() {
    if (importTimingEnabled())
        std::fprintf(stderr, "spill: %zu slices, %zu end points   %s\n", slices_.size(), endpoints_.size(),
                     importMemoryReport().c_str());
    if (!spilled()) {
        sliceSpill_ = std::make_unique<SpillFile>(tempPath_ + ".slices");
        endpointSpill_ = std::make_unique<SpillFile>(tempPath_ + ".flows");
    }
    writeSliceRun();
    writeEndpointRun();
    sliceBase_ += slices_.size();
    endpointBase_ += endpoints_.size();
    slices_.clear();
    endpoints_.clear();
    flowNames_.clear();
}

// One run per spill, in nesting order.
void StoreWriter::writeSliceRun() {
    sliceSpill_->beginRun();
    for (std::uint32_t i : sliceNestingOrder(slices_))
        appendSliceRecord(*sliceSpill_, slices_[i], static_cast<std::uint32_t>(sliceBase_ + i));
    sliceSpill_->endRun();
}

void StoreWriter::writeEndpointRun() {
    endpointSpill_->beginRun();
    for (std::uint32_t i : endpointNestingOrder(endpoints_)) {
        const PendingEndpoint& e = endpoints_[i];
        appendEndpointRecord(*endpointSpill_, e, static_cast<std::uint32_t>(endpointBase_ + i), flowNames_.at(e.name));
    }
    endpointSpill_->endRun();
}

void StoreWriter::forEachTrackCategoryCount(const std::function<void(TrackId, StringId, std::int64_t)>& visit) {
    std::unordered_map<std::uint64_t, std::int64_t> counts;
    for (const PendingSlice& s : slices_) ++counts[(std::uint64_t{s.track} << 32) | s.category];
    for (std::size_t run = 0; spilled() && run < sliceSpill_->runCount(); ++run) {
        SpillFile::Reader reader(*sliceSpill_, run);
        NestSliceItem item;
        while (readSliceRecord(reader, &item)) ++counts[(std::uint64_t{item.slice.track} << 32) | item.slice.category];
    }
    for (const auto& [key, count] : counts)
        visit(static_cast<TrackId>(key >> 32), static_cast<StringId>(key & 0xffffffffu), count);
}

} // namespace opscope
