// TraceSession's typed queries for device time, memory, launches and the user's SQL: each reads through the
// connection lent to the calling thread, so the CLI commands and the views get the same rows.
#include "core/session/trace_session.h"
#include "core/analysis/breakdown/breakdown_analysis.h"

#include <algorithm>

namespace opscope {

bool TraceSession::breakdown(const BreakdownOptions& options, BreakdownReport* out, Error* error) {
    return query(error, [&](Database& db) { return computeBreakdown(db, options, out, error); });
}

bool TraceSession::memoryData(MemoryData* out, Error* error) {
    return query(error, [&](Database& db) { return readMemoryData(db, out, error); });
}

bool TraceSession::copyBandwidth(std::vector<CopyBandwidthTrack>* out, Error* error) {
    return query(error, [&](Database& db) { return readCopyBandwidth(db, out, error); });
}

std::shared_ptr<const HostCallData> TraceSession::hostCalls(Error* error) {
    std::lock_guard lock(cacheMutex_);
    if (hostCalls_) return hostCalls_;
    auto loaded = std::make_shared<HostCallData>();
    if (!query(error, [&](Database& db) { return readHostCalls(db, loaded.get(), error); })) return nullptr;
    hostCalls_ = loaded;
    return hostCalls_;
}

bool TraceSession::kernelSequences(const SequenceOptions& options, SequenceReport* out, Error* error) {
    std::shared_ptr<const LaunchData> data = launchData(error);
    std::shared_ptr<const HostCallData> host = data ? hostCalls(error) : nullptr;
    if (host) *out = findKernelSequences(*data, *host, options);
    return host != nullptr;
}

bool TraceSession::criticalPaths(const std::vector<std::int64_t>& steps, std::vector<CriticalPath>* out,
                                 Error* error) {
    std::shared_ptr<const LaunchData> data = launchData(error);
    std::shared_ptr<const HostCallData> host = data ? hostCalls(error) : nullptr;
    if (!host) return false;
    SyncEventData syncs;
    if (!query(error, [&](Database& db) { return readSyncEvents(db, &syncs, error); })) return false;
    *out = computeCriticalPaths(*data, *host, syncs, steps);
    return true;
}

bool TraceSession::profilerSteps(std::vector<std::int64_t>* out, Error* error) {
    std::shared_ptr<const HostCallData> host = hostCalls(error);
    if (!host) return false;
    out->clear();
    for (const HostSliceRecord& s : host->slices)
        if (const std::int64_t n = profilerStepNumber(host->text(s.nameId)); n >= 0) out->push_back(n);
    std::sort(out->begin(), out->end());
    out->erase(std::unique(out->begin(), out->end()), out->end());
    return true;
}

bool TraceSession::userQuery(std::string_view sql, const QueryLimits& limits, const TextRowCallback& onColumns,
                             const TextRowCallback& onRow, QueryResult* result, Error* error) {
    return query(error, [&](Database& db) {
        *result = runReadOnlyTextQuery(db, sql, limits, onColumns, onRow);
        return true;
    });
}

} // namespace opscope
