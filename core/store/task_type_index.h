// The Ascend "Task Type" of each args row, noted as the row is written, so that the device-class pass
// needs no json_extract over the args table. Only rows whose text holds "Task Type" (or a top-level
// key with escapes, which could spell it) are noted: 8 bytes each.
#pragma once
#include "core/model/ids.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opscope {

enum class TaskTypeScan { Absent, Found, Unsure };
// What json_extract(json, '$."Task Type"') gives for an args object, told without a JSON reader when
// that is certain: Found (a plain string, in *value), Absent (no such top-level key: NULL), or Unsure
// (a top-level key with escapes, a repeated key, a value that is not a plain string, not an object).
TaskTypeScan scanTaskType(std::string_view json, std::string_view* value);

class TaskTypeIndex {
public:
    // Args ids arrive in increasing order.
    void note(ArgId args, std::string_view json);
    // The task type of an args row as SQLite's json_extract would give it ("" for NULL); unsure rows
    // are asked of the args table (written by then).
    std::string_view taskType(ArgId args, Database& db);
    // Before the connection closes.
    void releaseStatement() { ask_ = Statement(); }

private:
    static constexpr std::uint32_t kAskSqlite = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> byArgs_; // (args id, name index + 1 or kAskSqlite)
    std::vector<std::string> names_;
    std::unordered_map<std::string, std::uint32_t> nameIndex_;
    std::string asked_;
    Statement ask_; // json_extract of one args row, prepared at the first unsure row
};

} // namespace opscope
