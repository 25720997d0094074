// One store made of several finished stores: every row of each part appended with its ids shifted past
// the rows already there, interned strings, metric keys and devices shared. This is how the ranks of a
// job, imported in parallel each into its own temporary store, become the one store a sequential
// import would have written (core/session/parallel_import.h).
#pragma once
#include "core/model/error.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_writer.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

// A rank's host that only the whole job tells (two inputs claiming one rank stay apart by file name):
// the part's devices of that rank without a host take this one.
struct MergeHostFix {
    int rank = -1;
    std::string host; // empty: no fix
};

// Columns that hold a row id of another table (or of their own): what append() shifts or maps. A
// column of the schema named like a reference ("*_id", "slice_*", "*_node") that is in neither list
// is a schema change the merge does not know yet (tests/core/store_merge_test.cpp checks it).
struct MergeReference {
    const char* table;
    const char* column;
    const char* target; // the table referred to; "string", "device", "metric_key" are mapped, not shifted
};
const std::vector<MergeReference>& mergeReferences();

class StoreMerger {
public:
    // Opens "<finalPath>.tmp-<pid>" with the schema; the final file is untouched until finish().
    static std::unique_ptr<StoreMerger> create(const std::string& finalPath, Error* error);
    ~StoreMerger(); // without finish(): the temporary file is removed

    StoreMerger(const StoreMerger&) = delete;
    StoreMerger& operator=(const StoreMerger&) = delete;

    // Appends every row of a finished store (one transaction). Parts are appended in input order, so
    // ids follow the order a sequential import gives.
    bool append(const std::string& partPath, const MergeHostFix& hostFix, Error* error);
    void setMeta(const std::string& key, const std::string& value);
    // While *flag is true, a running append or finish stops (SQLITE_INTERRUPT).
    void setInterruptFlag(const std::atomic<bool>* flag) { db_.setInterruptFlag(flag); }
    Database& database() { return db_; }

    // Indices, time range, versions, ANALYZE, rename. On failure the temporary file is removed.
    bool finish(ImportSummary* summary, Error* error);

private:
    StoreMerger() = default;
    void mapStrings();
    void mapMetricKeys();
    void mapDevices(const MergeHostFix& hostFix);
    void mergeWarnings();
    // A warning of no file: added to the row of its code, or a new row.
    void addWarning(const std::string& code, const std::string& sample, std::int64_t count);
    void mergeTimeRange();
    void copyTable(const std::string& table, const std::map<std::string, std::int64_t>& offsets);

    Database db_;
    std::string finalPath_, tempPath_;
    bool finished_ = false;
    std::unordered_map<std::string, std::int64_t> strings_, metricKeys_, devices_, warnings_;
    std::int64_t nextString_ = 1, nextMetricKey_ = 1;
    TimeNs startNs_ = 0, endNs_ = 0;
    bool hasRange_ = false;
};

} // namespace opscope
