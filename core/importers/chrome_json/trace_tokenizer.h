// The streaming half of the Chrome importer: walks the top level of a trace (bare array or
// {"traceEvents": [...], ...}) chunk by chunk and hands each event object, whole, to a callback.
// Objects split across chunks are carried over; the tolerated repairs (trailing comma, missing
// closing brackets, trailing {}) are reported as warnings with their byte offsets.
#pragma once
#include "core/importers/chrome_json/byte_source.h"
#include "core/model/error.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

enum class EventParse { Done, NeedMore, Stop };

struct TokenizerCallbacks {
    // Parses the event object at begin from the bytes buffered up to end, in place: Done with
    // *eventEnd set, NeedMore when the buffer ends inside it (the tokenizer reads on and calls again
    // from the same begin), or Stop (the callback then has set the error). One pass over the bytes.
    std::function<EventParse(const char* begin, const char* end, std::int64_t byteOffset, const char** eventEnd)> onEvent;
    // Top-level keys other than traceEvents, with the raw JSON text of their value (values larger than
    // the limit arrive empty with truncated = true).
    std::function<void(std::string_view key, std::string_view rawValue, bool truncated)> onTopLevelKey;
    std::function<void(std::string_view code, std::int64_t byteOffset, std::string_view sample)> onWarning;
    std::function<bool(std::int64_t bytesRead)> onChunk; // progress; return false to cancel
};

class TraceTokenizer {
public:
    TraceTokenizer(ByteSource& source, TokenizerCallbacks callbacks);
    // Returns false with error set on a fatal problem or a cancel (ErrorCode::Cancelled).
    bool run(Error* error);
    std::int64_t bytesConsumed() const { return base_ + static_cast<std::int64_t>(pos_); }

private:
    enum class Fill { Ok, End, Failed };
    Fill fill();
    bool ensure(std::size_t bytes); // at least bytes available after pos_ (false at end of input)
    bool skipWs();                  // false at end of input
    bool fail(ErrorCode code, std::int64_t offset, std::string expected, Error* error);
    bool readArray(bool objectForm, Error* error);
    bool readTopObject(Error* error);
    bool readTopValue(std::string_view key, Error* error);
    bool readCompleteString(std::string* out, Error* error);

    ByteSource& source_;
    TokenizerCallbacks cb_;
    std::vector<char> buf_;
    std::size_t pos_ = 0, filled_ = 0;
    std::int64_t base_ = 0; // stream offset of buf_[0]
    bool eof_ = false;
    bool failed_ = false;
    Error readError_;
};

// Line and column (1-based) of a byte offset, found by reading the file again (error path only).
void locateLineColumn(const std::string& path, std::int64_t byteOffset, std::int64_t* line, std::int64_t* column);

} // namespace opscope
