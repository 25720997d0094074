#include "core/importers/chrome_json/trace_tokenizer.h"

#include "core/importers/chrome_json/json_scan.h"

#include <cstring>

namespace opscope {

namespace {
constexpr std::size_t kChunkBytes = 1 << 20;
constexpr std::size_t kTopLevelValueLimit = 8 << 20; // larger top-level values are skipped, not kept
} // namespace

TraceTokenizer::TraceTokenizer(ByteSource& source, TokenizerCallbacks callbacks)
    : source_(source), cb_(std::move(callbacks)) {
    buf_.resize(kChunkBytes * 2);
}

TraceTokenizer::Fill TraceTokenizer::fill() {
    if (eof_) return Fill::End;
    if (pos_ > 0) {
        std::memmove(buf_.data(), buf_.data() + pos_, filled_ - pos_);
        base_ += static_cast<std::int64_t>(pos_);
        filled_ -= pos_;
        pos_ = 0;
    }
    if (buf_.size() - filled_ < kChunkBytes) buf_.resize(buf_.size() * 2);
    std::ptrdiff_t n = source_.read(buf_.data() + filled_, buf_.size() - filled_);
    if (n < 0) {
        failed_ = true;
        readError_ = source_.error();
        return Fill::Failed;
    }
    if (n == 0) {
        eof_ = true;
        return Fill::End;
    }
    filled_ += static_cast<std::size_t>(n);
    if (cb_.onChunk && !cb_.onChunk(source_.fileOffset())) {
        failed_ = true;
        readError_ = Error{ErrorCode::Cancelled, source_.path(), -1, -1, -1, {}, {}};
        return Fill::Failed;
    }
    return Fill::Ok;
}

bool TraceTokenizer::ensure(std::size_t bytes) {
    while (filled_ - pos_ < bytes) {
        if (fill() != Fill::Ok) return false;
    }
    return true;
}

bool TraceTokenizer::skipWs() {
    for (;;) {
        while (pos_ < filled_ && json::isWhitespace(buf_[pos_])) ++pos_;
        if (pos_ < filled_) return true;
        if (fill() != Fill::Ok) return false;
    }
}

bool TraceTokenizer::fail(ErrorCode code, std::int64_t offset, std::string expected, Error* error) {
    if (failed_) {
        *error = readError_;
        return false;
    }
    error->code = code;
    error->file = source_.path();
    error->byteOffset = offset;
    error->expected = std::move(expected);
    if (code != ErrorCode::Cancelled && offset >= 0) locateLineColumn(source_.path(), offset, &error->line, &error->column);
    return false;
}

bool TraceTokenizer::run(Error* error) {
    if (!ensure(3) && filled_ - pos_ == 0) {
        if (failed_) return fail(ErrorCode::ReadFailed, -1, {}, error);
        return fail(ErrorCode::EmptyFile, 0, "a trace, the decompressed stream is empty", error);
    }
    if (filled_ - pos_ >= 3 && std::memcmp(buf_.data() + pos_, "\xEF\xBB\xBF", 3) == 0) pos_ += 3;
    if (!skipWs()) return fail(ErrorCode::NotJson, bytesConsumed(), "'[' or '{' (the file holds only whitespace)", error);
    char first = buf_[pos_];
    if (first == '[') {
        ++pos_;
        return readArray(false, error);
    }
    if (first == '{') {
        ++pos_;
        return readTopObject(error);
    }
    return fail(ErrorCode::NotJson, bytesConsumed(), "'[' or '{' at the start of a JSON trace", error);
}

bool TraceTokenizer::readArray(bool objectForm, Error* error) {
    bool expectEvent = true; // after '[' or ','
    bool sawComma = false;
    std::int64_t lastCommaOffset = -1;
    for (;;) {
        if (!skipWs()) {
            if (failed_) return fail(ErrorCode::ReadFailed, -1, {}, error);
            if (sawComma) cb_.onWarning("trailing_comma", lastCommaOffset, ",");
            // In the object form the caller reports the missing "]}" once.
            if (!objectForm) cb_.onWarning("unterminated_array", bytesConsumed(), "]");
            return true;
        }
        char c = buf_[pos_];
        if (c == ']') {
            if (sawComma && expectEvent) cb_.onWarning("trailing_comma", lastCommaOffset, ",");
            ++pos_;
            return true;
        }
        if (c == ',') {
            if (expectEvent) return fail(ErrorCode::JsonSyntax, bytesConsumed(), "an event object or ']'", error);
            lastCommaOffset = bytesConsumed();
            ++pos_;
            expectEvent = true;
            sawComma = true;
            continue;
        }
        if (!expectEvent) return fail(ErrorCode::JsonSyntax, bytesConsumed(), "',' or ']' between events", error);
        if (c != '{')
            return fail(ErrorCode::WrongType, bytesConsumed(), "an event object '{...}' in the event array", error);
        const char* valueEnd = nullptr;
        for (;;) {
            const EventParse parsed = cb_.onEvent(buf_.data() + pos_, buf_.data() + filled_, bytesConsumed(), &valueEnd);
            if (parsed == EventParse::Done) break;
            if (parsed == EventParse::Stop) return false;
            std::int64_t start = bytesConsumed();
            if (fill() != Fill::Ok) {
                if (failed_) return fail(ErrorCode::ReadFailed, -1, {}, error);
                return fail(ErrorCode::Truncated, start, "the end of this event object: the file stops inside it",
                            error);
            }
        }
        pos_ = static_cast<std::size_t>(valueEnd - buf_.data());
        expectEvent = false;
        sawComma = false;
    }
}

bool TraceTokenizer::readCompleteString(std::string* out, Error* error) {
    // pos_ at the opening quote; keys are short, so read until the closing quote is buffered.
    for (;;) {
        const char* p = buf_.data() + pos_;
        std::string_view raw;
        bool escaped = false;
        json::ScanError scanError;
        if (json::readString(p, buf_.data() + filled_, &raw, &escaped, &scanError, nullptr)) {
            *out = escaped ? json::unescape(raw) : std::string(raw);
            pos_ = static_cast<std::size_t>(p - buf_.data());
            return true;
        }
        if (scanError.at != buf_.data() + filled_)
            return fail(ErrorCode::JsonSyntax, base_ + (scanError.at - buf_.data()), scanError.expected, error);
        std::int64_t start = bytesConsumed();
        if (fill() != Fill::Ok) return fail(ErrorCode::Truncated, start, "the end of a string", error);
    }
}

bool TraceTokenizer::readTopObject(Error* error) {
    bool first = true;
    bool sawEvents = false;
    bool looksLikeGraph = false; // "nodes" (PyTorch Execution Trace) or "graph" (CANN offline model)
    auto noEvents = [&](std::int64_t offset) {
        return fail(ErrorCode::UnknownFormat, offset,
                    looksLikeGraph ? "a Chrome trace, but this is a computation graph: open it as a graph (--graph)"
                                   : "a Chrome trace object with a \"traceEvents\" array",
                    error);
    };
    for (;;) {
        if (!skipWs()) {
            if (failed_) return fail(ErrorCode::ReadFailed, -1, {}, error);
            if (sawEvents) {
                cb_.onWarning("unterminated_object", bytesConsumed(), "}");
                return true;
            }
            if (looksLikeGraph) return noEvents(0);
            return fail(ErrorCode::Truncated, bytesConsumed(), "a \"traceEvents\" array: the file stops first", error);
        }
        char c = buf_[pos_];
        if (c == '}') {
            ++pos_;
            if (!sawEvents) return noEvents(0);
            return true;
        }
        if (!first) {
            if (c != ',') return fail(ErrorCode::JsonSyntax, bytesConsumed(), "',' or '}' after a top-level value", error);
            ++pos_;
            if (!skipWs()) continue;
            c = buf_[pos_];
            if (c == '}') { // trailing comma in the top object
                cb_.onWarning("trailing_comma", bytesConsumed(), ",");
                continue;
            }
        }
        first = false;
        if (c != '"') return fail(ErrorCode::JsonSyntax, bytesConsumed(), "a quoted top-level key", error);
        std::string key;
        if (!readCompleteString(&key, error)) return false;
        if (!skipWs() || buf_[pos_] != ':')
            return fail(failed_ ? ErrorCode::ReadFailed : ErrorCode::JsonSyntax, bytesConsumed(), "':' after a key", error);
        ++pos_;
        if (!skipWs()) return fail(ErrorCode::Truncated, bytesConsumed(), "a value after the key", error);
        if (key == "traceEvents") {
            if (buf_[pos_] != '[')
                return fail(ErrorCode::WrongType, bytesConsumed(), "\"traceEvents\" to be an array", error);
            ++pos_;
            if (!readArray(true, error)) return false;
            sawEvents = true;
            continue;
        }
        if (key == "nodes" || key == "graph" || key == "workload_graph") looksLikeGraph = true;
        if (!readTopValue(key, error)) return false;
    }
}

bool TraceTokenizer::readTopValue(std::string_view key, Error* error) {
    char c = buf_[pos_];
    std::int64_t start = bytesConsumed();
    std::size_t length = 0;
    if (c == '{' || c == '[') {
        const char* valueEnd = nullptr;
        while (json::findContainerEnd(buf_.data() + pos_, buf_.data() + filled_, &valueEnd) !=
               json::FindStatus::Found) {
            if (fill() != Fill::Ok) return fail(ErrorCode::Truncated, start, "the end of a top-level value", error);
        }
        length = static_cast<std::size_t>(valueEnd - (buf_.data() + pos_));
    } else {
        for (;;) {
            const char* p = buf_.data() + pos_;
            const char* end = buf_.data() + filled_;
            json::ScanError scanError;
            if (json::skipValue(p, end, &scanError, nullptr) && (p < end || eof_)) {
                length = static_cast<std::size_t>(p - (buf_.data() + pos_));
                break;
            }
            if (scanError.at != end && !(p == end))
                return fail(ErrorCode::JsonSyntax, base_ + (scanError.at - buf_.data()), scanError.expected, error);
            if (fill() != Fill::Ok) {
                if (failed_) return fail(ErrorCode::ReadFailed, -1, {}, error);
                return fail(ErrorCode::Truncated, start, "the end of a top-level value", error);
            }
        }
    }
    std::string_view raw(buf_.data() + pos_, length);
    bool truncated = length > kTopLevelValueLimit;
    if (cb_.onTopLevelKey) cb_.onTopLevelKey(key, truncated ? std::string_view() : raw, truncated);
    pos_ += length;
    return true;
}

void locateLineColumn(const std::string& path, std::int64_t byteOffset, std::int64_t* line, std::int64_t* column) {
    Error ignored;
    auto source = ByteSource::open(path, &ignored);
    if (!source) return;
    std::vector<char> chunk(1 << 16);
    std::int64_t offset = 0, currentLine = 1, lineStart = 0;
    while (offset < byteOffset) {
        std::ptrdiff_t n = source->read(chunk.data(), chunk.size());
        if (n <= 0) break;
        for (std::ptrdiff_t i = 0; i < n && offset < byteOffset; ++i, ++offset) {
            if (chunk[static_cast<std::size_t>(i)] == '\n') {
                ++currentLine;
                lineStart = offset + 1;
            }
        }
    }
    *line = currentLine;
    *column = byteOffset - lineStart + 1;
}

} // namespace opscope
