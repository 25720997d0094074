// The statistics files of an Ascend unit (op_statistic.csv, api_statistic.csv, operator_details.csv):
// recognised by their header, and imported into ascend_statistic / ascend_operator_detail only where the
// unit holds no other source of the same data (no device tasks, no CANN API ranges, no host operators).
// Elsewhere they are the check, not the source, and are listed as skipped with that reason.
#pragma once
#include "core/importers/ascend/ascend_unit.h"

#include <string>
#include <vector>

namespace opscope::ascend {

// "op_statistic", "api_statistic", "operator_details" from a header; "" for any other header.
std::string statisticsKindOfHeader(const std::vector<std::string>& header);

// Why the unit does not need the file ("" when it does: the file is the only source of its data).
std::string statisticsSkipReason(const UnitContext& ctx, const std::string& kind);

// Reads the file's rows into its table; rows counts them. False with error set when the header is not the
// kind's; a file cut short keeps the rows before the cut (true, error set).
bool importStatisticsCsv(UnitContext& ctx, const std::string& path, const std::string& kind, std::int64_t* rows,
                         Error* error);

} // namespace opscope::ascend
