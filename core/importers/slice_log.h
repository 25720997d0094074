// The slices an import emitted, kept for the joins that follow it (core/importers/emitted_record.h):
// one fixed-size record per slice and the args text of the few that carry what a join reads. They
// stay in memory up to a budget; past it they move to two scratch files (unlinked when made, so a
// killed import leaves nothing), so that a timeline of tens of millions of slices costs disk, not
// memory. Read back in emission order, or one slice by its pending index.
#pragma once
#include "core/model/ids.h"
#include "core/model/spill_file.h"
#include "core/model/time.h"
#include "core/model/trace_sink.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct EmittedSlice {
    TimeNs tsNs = 0, durNs = 0;
    TrackId track = 0;
    std::uint32_t name = 0; // index into the record's names
    std::string args;       // the args JSON as the store keeps it ("" when not kept)
};

class SliceLog {
public:
    // scratchPrefix: where the scratch files go ("<prefix>.emitted-<n>" and "<prefix>.emitted-<n>-args").
    SliceLog(std::string scratchPrefix, std::size_t budgetBytes)
        : scratchPrefix_(std::move(scratchPrefix)), budgetBytes_(budgetBytes) {}
    SliceLog() = default;
    SliceLog(SliceLog&&) = default;
    SliceLog& operator=(SliceLog&&) = default;

    // Slices are appended with consecutive pending indexes from the first one on.
    void append(PendingSliceIndex index, TimeNs tsNs, TimeNs durNs, TrackId track, std::uint32_t name,
                std::string_view args);
    PendingSliceIndex first() const { return first_; }
    std::size_t size() const { return count_; }
    bool contains(PendingSliceIndex index) const { return index >= first_ && index - first_ < count_; }
    bool spilled() const { return records_ != nullptr; }

    // The slice at a pending index; false when the log does not hold it.
    bool read(PendingSliceIndex index, EmittedSlice* out) const;
    // Every slice in emission order.
    void forEach(const std::function<void(PendingSliceIndex, const EmittedSlice&)>& visit) const;

private:
    struct Record {
        TimeNs tsNs, durNs;
        std::int64_t argsOffset; // into the args stream (file bytes first, then memory)
        std::int64_t track;
        std::uint32_t name, argsLength;
    };
    void spill();
    void toSlice(const Record& r, const char* args, EmittedSlice* out) const;

    std::string scratchPrefix_;
    std::size_t budgetBytes_ = 0;
    PendingSliceIndex first_ = 0;
    std::size_t count_ = 0;
    std::vector<Record> memory_;  // the records after the spilled ones
    std::string memoryArgs_;      // their args text
    std::int64_t spilledRecords_ = 0, spilledArgsBytes_ = 0;
    std::unique_ptr<SpillFile> records_, args_;
};

// The budget of a log of emitted slices: 64 MiB, or OPSCOPE_SPILL_BUDGET_MB when set (tests and
// benchmarks force the spill with 0).
std::size_t emittedSliceBudgetBytes();

} // namespace opscope
