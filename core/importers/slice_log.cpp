#include "core/importers/slice_log.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

namespace opscope {

std::size_t emittedSliceBudgetBytes() {
    if (const char* budget = std::getenv("OPSCOPE_SPILL_BUDGET_MB"))
        return static_cast<std::size_t>(std::strtoull(budget, nullptr, 10)) << 20;
    return std::size_t{64} << 20;
}

void SliceLog::append(PendingSliceIndex index, TimeNs tsNs, TimeNs durNs, TrackId track, std::uint32_t name,
                      std::string_view args) {
    if (count_ == 0) first_ = index;
    Record r{tsNs, durNs, spilledArgsBytes_ + static_cast<std::int64_t>(memoryArgs_.size()), track, name,
             static_cast<std::uint32_t>(args.size())};
    memory_.push_back(r);
    memoryArgs_.append(args);
    ++count_;
    if (memory_.size() * sizeof(Record) + memoryArgs_.size() > budgetBytes_) spill();
}

void SliceLog::spill() {
    if (!records_) {
        // Several logs may spill at once beside one prefix (units imported in parallel into recordings
        // that share the temp folder): each takes names of its own.
        static std::atomic<std::uint64_t> logs{0};
        const std::string name = scratchPrefix_ + ".emitted-" + std::to_string(logs.fetch_add(1));
        records_ = std::make_unique<SpillFile>(name);
        args_ = std::make_unique<SpillFile>(name + "-args");
        records_->beginRun();
        args_->beginRun();
    }
    records_->append(memory_.data(), memory_.size() * sizeof(Record));
    args_->append(memoryArgs_.data(), memoryArgs_.size());
    spilledRecords_ += static_cast<std::int64_t>(memory_.size());
    spilledArgsBytes_ += static_cast<std::int64_t>(memoryArgs_.size());
    memory_.clear();
    memoryArgs_.clear();
}

void SliceLog::toSlice(const Record& r, const char* args, EmittedSlice* out) const {
    out->tsNs = r.tsNs;
    out->durNs = r.durNs;
    out->track = r.track;
    out->name = r.name;
    out->args.assign(args, r.argsLength);
}

bool SliceLog::read(PendingSliceIndex index, EmittedSlice* out) const {
    if (!contains(index)) return false;
    const auto at = static_cast<std::int64_t>(index - first_);
    Record r;
    if (at < spilledRecords_) records_->readAt(at * static_cast<std::int64_t>(sizeof(Record)), &r, sizeof r);
    else r = memory_[static_cast<std::size_t>(at - spilledRecords_)];
    if (r.argsOffset < spilledArgsBytes_) {
        std::string text(r.argsLength, '\0');
        if (r.argsLength) args_->readAt(r.argsOffset, text.data(), r.argsLength);
        toSlice(r, text.data(), out);
    } else {
        toSlice(r, memoryArgs_.data() + (r.argsOffset - spilledArgsBytes_), out);
    }
    return true;
}

void SliceLog::forEach(const std::function<void(PendingSliceIndex, const EmittedSlice&)>& visit) const {
    EmittedSlice slice;
    if (spilledRecords_ > 0) {
        // The spilled part through read buffers of a few MiB: both streams advance in step.
        constexpr std::int64_t kBatch = 1 << 16;
        std::vector<Record> batch;
        std::string text;
        for (std::int64_t i = 0; i < spilledRecords_; i += kBatch) {
            const std::int64_t n = std::min(kBatch, spilledRecords_ - i);
            batch.resize(static_cast<std::size_t>(n));
            records_->readAt(i * static_cast<std::int64_t>(sizeof(Record)), batch.data(), batch.size() * sizeof(Record));
            const std::int64_t argsBegin = batch.front().argsOffset;
            const std::int64_t argsEnd = batch.back().argsOffset + batch.back().argsLength;
            text.resize(static_cast<std::size_t>(argsEnd - argsBegin));
            if (!text.empty()) args_->readAt(argsBegin, text.data(), text.size());
            for (std::int64_t k = 0; k < n; ++k) {
                const Record& r = batch[static_cast<std::size_t>(k)];
                toSlice(r, text.data() + (r.argsOffset - argsBegin), &slice);
                visit(first_ + static_cast<PendingSliceIndex>(i + k), slice);
            }
        }
    }
    for (std::size_t k = 0; k < memory_.size(); ++k) {
        const Record& r = memory_[k];
        toSlice(r, memoryArgs_.data() + (r.argsOffset - spilledArgsBytes_), &slice);
        visit(first_ + static_cast<PendingSliceIndex>(spilledRecords_ + static_cast<std::int64_t>(k)), slice);
    }
}

} // namespace opscope
