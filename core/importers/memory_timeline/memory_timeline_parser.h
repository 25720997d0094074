// A streaming parser for PyTorch's export_memory_timeline raw JSON ("*.raw.json"): an array of
// [timestamp_ns, action, bytes, category] integer tuples. Fixed nesting (two levels), no DOM and
// no recursion; bytes may arrive in chunks of any size (a number split across chunks is kept).
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// torch.profiler._memory_profiler: Action values and the category order of _CATEGORY_TO_COLORS.
enum class MemoryTimelineAction : int { Preexisting = 1, Create = 2, IncrementVersion = 3, Destroy = 4 };
inline constexpr int kMemoryTimelineCategoryCount = 8; // PARAMETER ... AUTOGRAD_DETAIL, then unknown (None)
const char* memoryTimelineCategoryName(int category);  // "PARAMETER", ..., "UNKNOWN"

struct MemoryTimelineEvent {
    TimeNs tsNs = 0;           // -1 for tensors that existed before profiling began
    int action = 0;            // MemoryTimelineAction
    std::int64_t deltaBytes = 0; // signed: DESTROY and the old version of INCREMENT_VERSION are negative
    int category = 0;          // 0 .. kMemoryTimelineCategoryCount - 1
};

class MemoryTimelineParser {
public:
    explicit MemoryTimelineParser(std::string file = {}) : file_(std::move(file)) {}
    // Parses the next bytes; returns false at the first error (error() says where and what).
    bool feed(std::string_view bytes);
    // Checks that the document is complete.
    bool finish();
    // Events parsed since the last call (the caller drains them between chunks).
    std::vector<MemoryTimelineEvent>& events() { return events_; }
    const Error& error() const { return error_; }
    std::int64_t eventCount() const { return eventCount_; }

private:
    enum class State { Start, FirstTupleOrEnd, TupleStart, ValueStart, InNumber, CommaOrTupleEnd, CommaOrEnd, AfterEnd };
    bool step(char c);
    bool fail(const char* expected);
    bool endNumber();
    bool endTuple();

    std::string file_;
    State state_ = State::Start;
    std::string number_;   // digits of the number being read (may span chunks)
    std::int64_t values_[4] = {};
    int valueCount_ = 0;
    std::int64_t offset_ = 0; // bytes consumed before the current chunk
    std::int64_t position_ = 0;
    std::int64_t eventCount_ = 0;
    std::vector<MemoryTimelineEvent> events_;
    Error error_;
};

// True when the first bytes of the file look like a raw memory timeline: '[' '[' and four integers.
bool looksLikeMemoryTimelineRaw(std::string_view head);

} // namespace opscope
