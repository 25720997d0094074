// Reads the per-slice metrics (metric_key, slice_metric): the keys, and the numeric values of every key or of
// one key, handed row by row to the caller that aggregates them (core/analysis/metric_access).
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace opscope {

class Database;

struct MetricKeyRow {
    std::int64_t id = 0;
    std::string name, unit, group; // unit and group "" when absent
};

bool readMetricKeys(Database& db, std::vector<MetricKeyRow>* out, Error* error);
bool readMetricKeyIds(Database& db, std::vector<std::int64_t>* out, Error* error); // in id order
// Every numeric value of every key: onValue(slice id, key id, value).
bool readAllMetricValues(Database& db,
                         const std::function<void(std::int64_t sliceId, std::int64_t keyId, double value)>& onValue,
                         Error* error);
// The numeric values of one key: onValue(slice id, value).
bool readMetricValues(Database& db, std::int64_t keyId,
                      const std::function<void(std::int64_t sliceId, double value)>& onValue, Error* error);

} // namespace opscope
