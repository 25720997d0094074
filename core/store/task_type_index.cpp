#include "core/store/task_type_index.h"

#include <algorithm>

namespace opscope {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

std::size_t skipSpace(std::string_view json, std::size_t at) {
    while (at < json.size() && isSpace(json[at])) ++at;
    return at;
}

// at: an opening quote. Returns the index of the closing quote (npos when cut); *escaped when the
// string holds a backslash.
std::size_t stringEnd(std::string_view json, std::size_t at, bool* escaped) {
    *escaped = false;
    for (std::size_t i = at + 1; i < json.size(); ++i) {
        if (json[i] == '\\') {
            *escaped = true;
            ++i;
        } else if (json[i] == '"') {
            return i;
        }
    }
    return std::string_view::npos;
}

} // namespace

TaskTypeScan scanTaskType(std::string_view json, std::string_view* value) {
    constexpr std::string_view kKey = "Task Type";
    // Without the key's text and without escapes, no top-level key can be it.
    if (json.find(kKey) == std::string_view::npos && json.find('\\') == std::string_view::npos)
        return TaskTypeScan::Absent;
    std::size_t at = skipSpace(json, 0);
    if (at >= json.size() || json[at] != '{') return TaskTypeScan::Unsure;
    int depth = 0, found = 0;
    bool expectKey = false;
    for (std::size_t i = at; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '"') {
            bool escaped = false;
            const std::size_t end = stringEnd(json, i, &escaped);
            if (end == std::string_view::npos) return TaskTypeScan::Unsure;
            // A key with escapes could spell "Task Type" another way (\u0020): SQLite decides those.
            if (depth == 1 && expectKey && escaped) return TaskTypeScan::Unsure;
            if (depth == 1 && expectKey && json.substr(i + 1, end - i - 1) == kKey) {
                if (++found > 1) return TaskTypeScan::Unsure;
                std::size_t v = skipSpace(json, end + 1);
                if (v >= json.size() || json[v] != ':') return TaskTypeScan::Unsure;
                v = skipSpace(json, v + 1);
                if (v >= json.size() || json[v] != '"') return TaskTypeScan::Unsure;
                bool valueEscaped = false;
                const std::size_t valueEnd = stringEnd(json, v, &valueEscaped);
                if (valueEnd == std::string_view::npos || valueEscaped) return TaskTypeScan::Unsure;
                *value = json.substr(v + 1, valueEnd - v - 1);
                i = valueEnd;
                expectKey = false;
                continue;
            }
            expectKey = false;
            i = end;
        } else if (c == '{') {
            ++depth;
            expectKey = depth == 1;
        } else if (c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == ',' && depth == 1) {
            expectKey = true;
        }
    }
    return found == 1 ? TaskTypeScan::Found : TaskTypeScan::Absent;
}

void TaskTypeIndex::note(ArgId args, std::string_view json) {
    std::string_view value;
    const TaskTypeScan scan = scanTaskType(json, &value);
    if (scan == TaskTypeScan::Absent) return;
    std::uint32_t code = kAskSqlite;
    if (scan == TaskTypeScan::Found) {
        auto it = nameIndex_.find(std::string(value));
        if (it == nameIndex_.end()) {
            names_.emplace_back(value);
            it = nameIndex_.emplace(names_.back(), static_cast<std::uint32_t>(names_.size())).first;
        }
        code = it->second;
    }
    byArgs_.emplace_back(static_cast<std::uint32_t>(args), code);
}

std::string_view TaskTypeIndex::taskType(ArgId args, Database& db) {
    auto it = std::lower_bound(byArgs_.begin(), byArgs_.end(), std::make_pair(static_cast<std::uint32_t>(args), 0u));
    if (it == byArgs_.end() || it->first != args) return {};
    if (it->second != kAskSqlite) return names_[it->second - 1];
    if (!ask_.handle()) ask_ = db.prepare("SELECT json_extract(json, '$.\"Task Type\"') FROM args WHERE id = ?");
    ask_.bind(1, static_cast<std::int64_t>(args));
    asked_ = ask_.step() && !ask_.isNull(0) ? ask_.text(0) : std::string();
    ask_.reset();
    return asked_;
}

} // namespace opscope
