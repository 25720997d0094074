#include "core/importers/launch/launch_keys.h"

#include <limits>

namespace opscope {

namespace {

bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The integer after `"key"` : in text, or nullopt (absent, not an integer, out of int64 range).
std::optional<std::int64_t> integerAfterKey(std::string_view text, std::string_view quotedKey) {
    std::size_t at = text.find(quotedKey);
    while (at != std::string_view::npos) {
        std::size_t p = at + quotedKey.size();
        while (p < text.size() && space(text[p])) ++p;
        if (p < text.size() && text[p] == ':') {
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
                if (value > (kMax - digit) / 10) return std::nullopt;
                value = value * 10 + digit;
            }
            if (p == digitsBegin) return std::nullopt;
            // 12.0 is an integer written as a float; 12.5 is not an id.
            if (p < text.size() && text[p] == '.') {
                ++p;
                while (p < text.size() && text[p] == '0') ++p;
                if (p < text.size() && text[p] >= '1' && text[p] <= '9') return std::nullopt;
            }
            if (quoted && (p >= text.size() || text[p] != '"')) return std::nullopt;
            return negative ? -value : value;
        }
        at = text.find(quotedKey, at + 1); // the key's text was a value: look further
    }
    return std::nullopt;
}

} // namespace

LaunchKeys scanLaunchKeys(std::string_view argsJson) {
    LaunchKeys keys;
    if (argsJson.size() < 8) return keys;
    keys.correlation = integerAfterKey(argsJson, "\"correlation\"");
    keys.externalId = integerAfterKey(argsJson, "\"External id\"");
    keys.connectionId = integerAfterKey(argsJson, "\"connection_id\"");
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
