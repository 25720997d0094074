// The ascend_statistic and ascend_operator_detail tables: the statistics files a unit imports where they
// are its only source (docs/schema.md). The only SQL over these tables.
#pragma once
#include "core/model/ascend_statistics.h"
#include "core/store/sqlite_db.h"

#include <string_view>
#include <vector>

namespace opscope {

// source: the file the rows come from, kept in each row.
void writeAscendStatistics(Database& db, std::string_view source, const std::vector<AscendStatisticRow>& rows);
void writeAscendOperatorDetails(Database& db, std::string_view source, const std::vector<AscendOperatorDetailRow>& rows);

// Rows of one kind ("op_statistic", "api_statistic"; all when kind is empty) in file order. A store written
// before these tables existed reads as empty.
std::vector<AscendStatisticRow> readAscendStatistics(Database& db, std::string_view kind);
std::vector<AscendOperatorDetailRow> readAscendOperatorDetails(Database& db);

} // namespace opscope
