#include "core/importers/memory_timeline/memory_timeline_parser.h"

#include <array>
#include <optional>

namespace opscope {

namespace {

constexpr std::size_t kMaxNumberChars = 20; // "-9223372036854775808"
__extension__ typedef unsigned __int128 U128;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool isNumberChar(char c) { return (c >= '0' && c <= '9') || c == '-'; }

std::optional<std::int64_t> parseInt64(std::string_view text) {
    bool negative = !text.empty() && text[0] == '-';
    if (negative) text.remove_prefix(1);
    if (text.empty() || text.size() > 19) return std::nullopt;
    U128 value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<unsigned>(c - '0');
    }
    if (value > static_cast<U128>(INT64_MAX)) return std::nullopt;
    auto v = static_cast<std::int64_t>(value);
    return negative ? -v : v;
}

} // namespace

const char* memoryTimelineCategoryName(int category) {
    static constexpr std::array<const char*, kMemoryTimelineCategoryCount> kNames = {
        "PARAMETER", "OPTIMIZER_STATE", "INPUT", "TEMPORARY", "ACTIVATION", "GRADIENT", "AUTOGRAD_DETAIL", "UNKNOWN"};
    return category >= 0 && category < kMemoryTimelineCategoryCount ? kNames[static_cast<std::size_t>(category)]
                                                                     : "UNKNOWN";
}

bool MemoryTimelineParser::fail(const char* expected) {
    error_ = Error{ErrorCode::JsonSyntax, file_, position_, -1, -1, expected, {}};
    return false;
}

bool MemoryTimelineParser::endNumber() {
    auto v = parseInt64(number_);
    number_.clear();
    if (!v) return fail("an integer that fits in 64 bits");
    if (valueCount_ >= 4) return fail("four values per tuple: [timestamp, action, bytes, category]");
    values_[valueCount_++] = *v;
    state_ = State::CommaOrTupleEnd;
    return true;
}

bool MemoryTimelineParser::endTuple() {
    if (valueCount_ != 4) return fail("four values per tuple: [timestamp, action, bytes, category]");
    if (values_[1] < static_cast<int>(MemoryTimelineAction::Preexisting) ||
        values_[1] > static_cast<int>(MemoryTimelineAction::Destroy))
        return fail("an action between 1 (PREEXISTING) and 4 (DESTROY)");
    MemoryTimelineEvent e;
    e.tsNs = values_[0];
    e.action = static_cast<int>(values_[1]);
    e.deltaBytes = values_[2];
    e.category = values_[3] >= 0 && values_[3] < kMemoryTimelineCategoryCount ? static_cast<int>(values_[3])
                                                                              : kMemoryTimelineCategoryCount - 1;
    events_.push_back(e);
    ++eventCount_;
    valueCount_ = 0;
    state_ = State::CommaOrEnd;
    return true;
}

bool MemoryTimelineParser::step(char c) {
    if (state_ == State::InNumber) {
        if (isNumberChar(c)) {
            if (number_.size() >= kMaxNumberChars) return fail("an integer that fits in 64 bits");
            number_.push_back(c);
            return true;
        }
        if (!endNumber()) return false; // then c is read as what follows the number
    }
    if (isSpace(c)) return true;
    switch (state_) {
    case State::Start:
        if (c != '[') return fail("'[' opening the array of [timestamp, action, bytes, category] tuples");
        state_ = State::FirstTupleOrEnd;
        return true;
    case State::FirstTupleOrEnd:
    case State::TupleStart:
        if (c == ']' && state_ == State::FirstTupleOrEnd) {
            state_ = State::AfterEnd;
            return true;
        }
        if (c != '[') return fail("'[' opening a tuple");
        valueCount_ = 0;
        state_ = State::ValueStart;
        return true;
    case State::ValueStart:
        if (!isNumberChar(c)) return fail("an integer");
        number_.assign(1, c);
        state_ = State::InNumber;
        return true;
    case State::CommaOrTupleEnd:
        if (c == ',') {
            state_ = State::ValueStart;
            return true;
        }
        if (c == ']') return endTuple();
        return fail("',' or ']' inside a tuple");
    case State::CommaOrEnd:
        if (c == ',') state_ = State::TupleStart;
        else if (c == ']') state_ = State::AfterEnd;
        else return fail("',' or ']' after a tuple");
        return true;
    case State::AfterEnd: return fail("nothing after the closing ']'");
    case State::InNumber: break;
    }
    return true;
}

bool MemoryTimelineParser::feed(std::string_view bytes) {
    if (error_) return false;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        position_ = offset_ + static_cast<std::int64_t>(i);
        if (!step(bytes[i])) return false;
    }
    offset_ += static_cast<std::int64_t>(bytes.size());
    return true;
}

bool MemoryTimelineParser::finish() {
    if (error_) return false;
    position_ = offset_;
    if (state_ == State::InNumber) return fail("the rest of the tuple");
    if (state_ != State::AfterEnd) return fail(state_ == State::Start ? "a JSON array" : "the closing ']'");
    return true;
}

bool looksLikeMemoryTimelineRaw(std::string_view head) {
    MemoryTimelineParser parser;
    // Enough of the head to hold the first tuple; the rest may be cut anywhere.
    std::size_t firstTupleEnd = head.find(']');
    if (firstTupleEnd == std::string_view::npos) return false;
    return parser.feed(head.substr(0, firstTupleEnd + 1)) && parser.eventCount() == 1;
}

} // namespace opscope
