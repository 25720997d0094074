// The transfer tasks of the communication planes ("Plane <n>" lanes of an Ascend communication group):
// transport, link and size per task, from the JSON's args ("transport type", "link type", "size(Byte)")
// or the DB import's metrics of the same names ("size" in bytes). Read for the advisor's byte-alignment rule.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

class Database;

struct CommTransferRow {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0, durNs = 0;
    std::string transport; // "SDMA", "RDMA", "LOCAL"; empty when the task does not say
    std::string link;      // "HCCS", "ON_CHIP", "PCIE", "ROCE" ...
    std::optional<double> sizeBytes;
};

// Every slice on a "Plane <n>" thread, in start order.
bool readCommTransfers(Database& db, std::vector<CommTransferRow>* out, Error* error);

} // namespace opscope
