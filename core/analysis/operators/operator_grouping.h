// How slices become operators: by name, or by type (the importer's slice.type, the category, or an
// args field such as "OP Type"). Shared by the statistics and the heatmap so both agree on rows.
#pragma once
#include "core/analysis/snapshot/store_access.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

enum class GroupBy { Name, Type };
enum class TypeSource {
    Auto,       // slice.type when the importer set one, otherwise the category
    TypeColumn, // slice.type only
    Category,   // slice.cat only
    ArgsField,  // a field of the slice's args (argsField)
};

struct GroupingOptions {
    GroupBy by = GroupBy::Name;
    TypeSource typeSource = TypeSource::Auto;
    std::string argsField = "OP Type";
    std::optional<TimeRange> range; // slices starting inside it; none: all
    // Only these slice ids (sorted), e.g. a step's by launch (core/analysis/launch/step_selection.h); null: all.
    std::shared_ptr<const std::vector<std::int64_t>> onlySliceIds;
    bool skipInstants = true;
};

inline constexpr const char* kNoTypeLabel = "(no type)";

struct OperatorGrouping {
    std::vector<std::string> labels;         // group index -> operator name or type
    std::vector<std::uint32_t> groupOfSlice; // parallel to SliceSet::slices; kNoGroup: left out
};

const char* groupByName(GroupBy by);
const char* typeSourceName(TypeSource source);

// db is needed only for TypeSource::ArgsField (args are read with SQLite's json_extract).
bool groupOperators(Database& db, const StoreSnapshot& snapshot, const GroupingOptions& options,
                    OperatorGrouping* out, Error* error);

} // namespace opscope
