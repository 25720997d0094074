#include "core/analysis/cluster/cluster_merge.h"

#include "core/analysis/cluster/cluster_from_store.h"
#include "core/store/cluster_tables.h"
#include "core/store/rank_tasks_reader.h"
#include "core/store/store_writer.h"
#include "core/store/trace_store.h"

#include <map>

namespace opscope {

namespace {

ClusterStepRow rowOf(const RankStepFigures& f) {
    ClusterStepRow r;
    r.step = f.step;
    r.type = "rank";
    r.rank = f.rank;
    r.index = std::to_string(f.rank);
    r.computingNs = f.computeNs;
    r.communicationNs = f.communicationNs;
    r.communicationNotOverlappedNs = f.communicationNotOverlappedNs;
    r.overlappedNs = f.communicationNs - f.communicationNotOverlappedNs;
    r.communicationNotOverlappedExcludeReceiveNs = f.communicationNotOverlappedNs;
    r.freeNs = f.freeNs;
    r.stageNs = f.stageNs;
    return r;
}

struct RankStoreContent {
    std::vector<ClusterStepRow> steps;
    std::vector<CommOpRank> ops;
    std::vector<CommMatrixLink> links;
    std::vector<CommGroup> groups;
    std::vector<RankDeviceRow> devices;
};

bool readRankStore(const std::string& path, RankStoreContent* out, Error* error) {
    if (!isOpscopeStore(path)) {
        *error = Error{ErrorCode::UnknownFormat, path, -1, -1, -1, "an opscope store (opscope-cli import RANK -o rank.sqlite)", {}};
        return false;
    }
    try {
        Database db(path, Database::Mode::ReadOnly);
        ClusterSummary summary;
        if (!summarizeClusterStore(db, ClusterSourceChoice::Auto, &summary, error)) return false;
        for (const RankStepFigures& f : summary.figures) out->steps.push_back(rowOf(f));
        out->ops = readCommOps(db);
        out->links = readCommLinks(db);
        out->groups = readCommGroups(db);
        out->devices = readRankIdentityRows(db).devices;
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "a readable opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace

bool mergeRankStores(const std::vector<std::string>& rankStores, const std::string& jobStorePath,
                     ClusterMergeReport* report, Error* error) {
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(jobStorePath, error);
    if (!writer) return false;
    std::map<int, std::string> ownerOfRank;
    try {
        for (const std::string& path : rankStores) {
            RankStoreContent content;
            if (!readRankStore(path, &content, error)) return false;
            for (const ClusterStepRow& r : content.steps) {
                auto [it, added] = ownerOfRank.emplace(r.rank, path);
                if (!added && it->second != path) {
                    report->duplicateRanks.push_back("rank " + std::to_string(r.rank) + ": " + it->second + ", " + path);
                    writer->addWarning("cluster_duplicate_rank", path, -1, -1, "rank " + std::to_string(r.rank));
                }
            }
            Database& db = writer->database();
            writeClusterSteps(db, "rank store", content.steps);
            writeCommOps(db, "rank store", content.ops);
            writeCommLinks(db, "rank store", content.links);
            writeCommGroups(db, content.groups);
            for (const RankDeviceRow& d : content.devices)
                if (d.rank >= 0) writer->device(DeviceIdentity{d.label.find("GPU") != std::string::npos ? "gpu" : "npu", d.ordinal, d.rank, {}});
            writer->addSourceFile(path, "rank_store", "used", {}, static_cast<std::int64_t>(content.steps.size()));
            report->stepRows += static_cast<std::int64_t>(content.steps.size());
            report->commOps += static_cast<std::int64_t>(content.ops.size());
            report->commLinks += static_cast<std::int64_t>(content.links.size());
        }
        std::string inputs;
        for (const std::string& p : rankStores) inputs += (inputs.empty() ? "" : "\n") + p;
        writer->setMeta("rank_stores", inputs);
        writer->setMeta("source_path", rankStores.empty() ? std::string() : rankStores.front());
    } catch (const std::runtime_error& e) {
        *error = Error{ErrorCode::StoreFailed, jobStorePath, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    report->ranks = static_cast<int>(ownerOfRank.size());
    ImportSummary summary;
    return writer->finish(&summary, error);
}

} // namespace opscope
