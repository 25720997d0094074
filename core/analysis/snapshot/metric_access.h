// Per-slice metrics (slice_metric) for the analyses: the key catalogue with name matching that
// tolerates unit suffixes and case, per-group sums in one pass, and one metric as a slice column.
#pragma once
#include "core/analysis/snapshot/store_access.h"
#include "core/model/id_index.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// "aic_mte2_time(us)" -> "aic_mte2_time"; "Hit Rate" -> "hit_rate": lower case, unit suffix dropped,
// spaces and dashes as underscores. Used to match the names rules and users give.
std::string normalizeMetricName(std::string_view name);

// Task ID, Stream ID, Model ID, Step Id, Context ID, Device_id ...: a label, never averaged or plotted.
bool isIdentifierMetric(std::string_view name);

struct MetricKeyInfo {
    std::int64_t id = 0;
    std::string name;
    std::string unit;
    std::string group;
    std::string normalized;
};

class MetricCatalog {
public:
    static bool load(Database& db, MetricCatalog* out, Error* error);
    const std::vector<MetricKeyInfo>& keys() const { return keys_; }
    // Exact name first, then the normalized form. Null when absent.
    const MetricKeyInfo* find(std::string_view name) const;
    void setKeys(std::vector<MetricKeyInfo> keys);

private:
    std::vector<MetricKeyInfo> keys_;
};

// Sums and counts of numeric metric values per (group, key). Slices whose group is kNoGroup are skipped.
inline constexpr std::uint32_t kNoGroup = 0xffffffffu;

struct MetricSums {
    std::vector<std::int64_t> keyIds; // the keys summed, in column order
    std::size_t groupCount = 0;
    std::vector<double> sum;            // [group * keyIds.size() + column]
    std::vector<std::uint32_t> count;
    double mean(std::size_t group, std::size_t column) const; // NaN when no value
    std::uint32_t countOf(std::size_t group, std::size_t column) const {
        return count[group * keyIds.size() + column];
    }
};

// keyIds empty: every key. One pass over slice_metric.
bool aggregateMetrics(Database& db, const SliceSet& slices, const std::vector<std::uint32_t>& groupOfSlice,
                      std::size_t groupCount, const std::vector<std::int64_t>& keyIds, MetricSums* out,
                      Error* error);

// One metric as a column parallel to slices.slices (NaN where a slice has no value).
bool loadMetricColumn(Database& db, const SliceSet& slices, std::int64_t keyId, std::vector<double>* out,
                      Error* error);

// Dense map from slice id to index in a SliceSet, for passes over tables keyed by slice id.
class SliceIdMap {
public:
    explicit SliceIdMap(const SliceSet& slices);
    std::int64_t indexOf(std::int64_t sliceId) const { return index_.get(sliceId); } // -1: not loaded
    static std::int64_t denseSpanLimit(std::size_t sliceCount) { return IdIndex<std::int32_t>::denseSpanLimit(sliceCount); }
    bool dense() const { return index_.dense(); }

private:
    IdIndex<std::int32_t> index_;
};

} // namespace opscope
