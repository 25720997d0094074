#include "core/store/meta_reader.h"

#include "core/store/sqlite_db.h"

#include <charconv>

namespace opscope {

std::string readMetaText(Database& db, const std::string& key, const std::string& fallback) {
    Statement st = db.prepare("SELECT value FROM meta WHERE key = ?");
    st.bind(1, key);
    return st.step() ? st.text(0) : fallback;
}

std::vector<std::pair<std::string, std::string>> readMetaWithPrefix(Database& db, const std::string& prefix) {
    std::vector<std::pair<std::string, std::string>> rows;
    Statement st = db.prepare("SELECT key, value FROM meta WHERE substr(key, 1, length(?1)) = ?1 ORDER BY key");
    st.bind(1, prefix);
    while (st.step()) rows.emplace_back(st.text(0).substr(prefix.size()), st.text(1));
    return rows;
}

namespace {
bool parseInt64(const std::string& text, TimeNs* out) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, *out);
    return ec == std::errc() && ptr == end && !text.empty();
}
} // namespace

TimeRange readTraceSpan(Database& db) {
    TimeRange span;
    if (!parseInt64(readMetaText(db, "trace_start_ns", "0"), &span.startNs) ||
        !parseInt64(readMetaText(db, "trace_end_ns", "0"), &span.endNs))
        return {};
    return span;
}

} // namespace opscope
