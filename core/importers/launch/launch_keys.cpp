#include "core/importers/launch/launch_keys.h"

#include "core/model/byte_scan.h"

#include <limits>

namespace opscope {

namespace {

bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// What follows a quoted key's text ending before `p`: whether it is a key at all (a ':' follows; if
// not, the text was a value and the scan looks further) and, for a key, the integer after it
// (nullopt: not an integer, or out of int64 range).
struct ValueAfterKey {
    bool isKey = false;
    std::optional<std::int64_t> value;
};

ValueAfterKey valueAfterKey(std::string_view text, std::size_t p) {
    while (p < text.size() && space(text[p])) ++p;
    if (p >= text.size() || text[p] != ':') return {};
    ValueAfterKey found{true, std::nullopt};
    ++p;
    while (p < text.size() && space(text[p])) ++p;
    bool quoted = p < text.size() && text[p] == '"';
    if (quoted) ++p;
    bool negative = p < text.size() && text[p] == '-';
    if (negative) ++p;
    std::size_t digitsBegin = p;
    std::int64_t value = 0;
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    for (; p < text.size() && text[p] >= '0' && text[p] <= '9'; ++p) {
        const int digit = text[p] - '0';
        if (value > (kMax - digit) / 10) return found;
        value = value * 10 + digit;
    }
    if (p == digitsBegin) return found;
    // 12.0 is an integer written as a float; 12.5 is not an id.
    if (p < text.size() && text[p] == '.') {
        ++p;
        while (p < text.size() && text[p] == '0') ++p;
        if (p < text.size() && text[p] >= '1' && text[p] <= '9') return found;
    }
    if (quoted && (p >= text.size() || text[p] != '"')) return found;
    found.value = negative ? -value : value;
    return found;
}

} // namespace

// One pass for the three keys together, looking only where a quote is followed by a key's first
// letter ('c' or 'E', sixteen bytes a step): each key is decided by its first occurrence that a ':'
// follows.
LaunchKeys scanLaunchKeys(std::string_view argsJson) {
    LaunchKeys keys;
    if (argsJson.size() < 8) return keys;
    struct Wanted {
        std::string_view quotedKey;
        std::optional<std::int64_t> LaunchKeys::*field;
        bool decided = false;
    };
    Wanted wanted[] = {{"\"correlation\"", &LaunchKeys::correlation},
                       {"\"External id\"", &LaunchKeys::externalId},
                       {"\"connection_id\"", &LaunchKeys::connectionId}};
    int undecided = 3;
    const char* begin = argsJson.data();
    const char* end = begin + argsJson.size();
    for (const char* q = begin; undecided > 0 && (q = findQuoteBefore(q, end, 'c', 'E')) < end; ++q) {
        const std::string_view rest(q, static_cast<std::size_t>(end - q));
        for (Wanted& w : wanted) {
            if (w.decided || !rest.starts_with(w.quotedKey)) continue;
            const ValueAfterKey v = valueAfterKey(argsJson, static_cast<std::size_t>(q - begin) + w.quotedKey.size());
            if (!v.isKey) continue;
            keys.*w.field = v.value;
            w.decided = true;
            --undecided;
        }
    }
    return keys;
}

void recordLaunchKeys(TraceSink& writer, PendingSliceIndex slice, const SliceInput& input, std::string_view argsJson) {
    if (input.args == 0) return;
    const LaunchKeys keys = scanLaunchKeys(argsJson);
    if (keys.correlation)
        writer.addLaunchKey(slice, input.track, input.tsNs, input.category, LaunchKeyKind::Correlation, *keys.correlation);
    if (keys.connectionId)
        writer.addLaunchKey(slice, input.track, input.tsNs, input.category, LaunchKeyKind::ConnectionId, *keys.connectionId);
    if (keys.externalId)
        writer.addLaunchKey(slice, input.track, input.tsNs, input.category, LaunchKeyKind::ExternalId, *keys.externalId);
}

} // namespace opscope
