// Reads fields out of the args table's JSON inside SQLite (json_extract is much faster than parsing each
// object here): one field per args row for operator grouping, and the flops/bytes pair per slice the
// roofline plots.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace opscope {

// For every args row with id in [loId, hiId] whose top-level field is present and not empty:
// onValue(args id, the field's value as text).
bool readArgsField(Database& db, const std::string& field, std::int64_t loId, std::int64_t hiId,
                   const std::function<void(std::int64_t argsId, const std::string& value)>& onValue, Error* error);

// For every slice whose args hold one of flopsFields and one of bytesFields (the first present of each, as
// numbers): onPair(name string id, ts, dur, flops, bytes). Rows whose args text does not contain needle
// (lower case) are skipped before any JSON is parsed.
struct ArgsPairRow {
    std::uint32_t nameId = 0;
    TimeNs tsNs = 0, durNs = 0;
    double first = 0, second = 0;
};
bool readSliceArgsPairs(Database& db, const std::vector<std::string>& firstFields,
                        const std::vector<std::string>& secondFields, const std::string& needle,
                        const std::function<void(const ArgsPairRow&)>& onPair, Error* error);

// The JSON text of args rows by id, one prepared statement reused (an import reading back the args it wrote).
class ArgsJsonLookup {
public:
    explicit ArgsJsonLookup(Database& db);
    std::string json(std::int64_t argsId); // "" when there is no such row
private:
    Statement statement_;
};

} // namespace opscope
