// Helpers for the Ascend importer tests: import a path into a finished store and query it.
#pragma once
#include "core/importers/ascend/ascend_importer.h"
#include "core/model/cluster.h"
#include "test_support.h"

#include <string>

namespace opscope::test {

// One collective operator of one rank (group "g", step "step1") moving sizeMB over one link type in
// transitNs, for the communication rules' stores.
inline CommOpRank commOpOnLink(int rank, const std::string& opName, TimeNs startNs, TimeNs elapseNs,
                               const std::string& linkType, double sizeMB, TimeNs transitNs) {
    CommOpRank op;
    op.group = "g";
    op.step = "step1";
    op.kind = "collective";
    op.opName = opName;
    op.rank = rank;
    op.startNs = startNs;
    op.elapseNs = elapseNs;
    LinkBandwidth link;
    link.linkType = linkType;
    link.transitSizeMB = sizeMB;
    link.transitNs = transitNs;
    link.bandwidthGBps = transitNs > 0 ? sizeMB / (static_cast<double>(transitNs) / 1e6) : 0;
    op.links.push_back(link);
    return op;
}

struct AscendOutcome {
    bool ok = false;
    Error error;
    AscendImportReport report;
    ImportSummary summary;
    std::string storePath;
};

// importAscend(path) into "<dir>/ascend.sqlite", finished when the import succeeded.
inline AscendOutcome importAscendPath(const TempDir& dir, const std::string& path) {
    AscendOutcome out;
    out.storePath = dir.file("ascend.sqlite");
    auto writer = StoreWriter::create(out.storePath, &out.error);
    if (!writer) return out;
    ImportProgress progress;
    out.ok = importAscend(path, *writer, progress, &out.report, &out.error);
    if (out.ok) out.ok = writer->finish(&out.summary, &out.error);
    return out;
}

inline std::int64_t countOf(Database& db, const std::string& sql) { return db.scalarInt(sql, -1); }

// One task of an msprof-style "Ascend Hardware" process (pid 1024) as a Chrome X event with its Task
// Type, followed by a comma: events of a JSON array built by concatenation (times in µs).
inline std::string ascendHardwareTask(const std::string& name, long ts, long dur, const std::string& type, int tid) {
    return R"({"ph":"X","pid":1024,"tid":)" + std::to_string(tid) + R"(,"name":")" + name + R"(","ts":)" +
           std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":{"Task Type":")" + type + R"("}},)";
}

} // namespace opscope::test
