// Rows of the Ascend statistics files (op_statistic.csv, api_statistic.csv, operator_details.csv) as the
// store keeps them where they are a unit's only source of that data (docs/ascend.md says when).
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>

namespace opscope {

// One row of op_statistic.csv (kind "op_statistic": category = Core Type, name = OP Type) or of
// api_statistic.csv (kind "api_statistic": category = Level, name = API Name). Times as the file states
// them, µs text read exactly into ns.
struct AscendStatisticRow {
    std::string kind;
    std::int64_t deviceId = -1; // the store's device row; -1: none (host rows, no Device_id column)
    std::string category;
    std::string name;
    std::int64_t count = 0;
    std::optional<TimeNs> totalNs, minNs, avgNs, maxNs;
    std::optional<double> ratioPercent; // op_statistic's Ratio(%)
    std::optional<double> variance;     // api_statistic's Variance, as written
};

// One row of operator_details.csv: a torch operator with its host and device durations.
struct AscendOperatorDetailRow {
    std::int64_t deviceId = -1;
    std::string name;
    std::string inputShapes;
    std::string callStack;
    std::optional<TimeNs> hostSelfNs, hostTotalNs, deviceSelfNs, deviceTotalNs, deviceSelfAicoreNs, deviceTotalAicoreNs;
};

} // namespace opscope
