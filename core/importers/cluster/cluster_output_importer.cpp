#include "core/importers/cluster/cluster_output_importer.h"

#include "core/importers/cluster/cluster_db.h"
#include "core/importers/cluster/cluster_step_csv.h"
#include "core/importers/cluster/communication_json.h"

#include <algorithm>
#include <filesystem>

namespace opscope {

namespace fs = std::filesystem;

namespace {

enum class ClusterFile { StepCsv, Communication, Matrix, Groups, Database, Other };

ClusterFile kindOf(const std::string& name) {
    if (name == "cluster_step_trace_time.csv") return ClusterFile::StepCsv;
    if (name == "cluster_communication_matrix.json") return ClusterFile::Matrix;
    if (name.rfind("cluster_communication", 0) == 0 && name.ends_with(".json")) return ClusterFile::Communication;
    if (name == "communication_group.json") return ClusterFile::Groups;
    if (name == "cluster_analysis.db") return ClusterFile::Database;
    return ClusterFile::Other;
}

const char* roleOf(ClusterFile kind) {
    switch (kind) {
    case ClusterFile::StepCsv: return "cluster_step_trace_time";
    case ClusterFile::Communication: return "cluster_communication";
    case ClusterFile::Matrix: return "cluster_communication_matrix";
    case ClusterFile::Groups: return "communication_group";
    case ClusterFile::Database: return "cluster_analysis_db";
    case ClusterFile::Other: break;
    }
    return "cluster";
}

std::vector<fs::path> filesOf(const std::string& path) {
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(path, ec)) return {fs::path(path)};
    for (const auto& entry : fs::directory_iterator(path, ec))
        if (entry.is_regular_file(ec)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

class ClusterImport {
public:
    ClusterImport(TraceSink& writer, ClusterImportReport& report, bool hasStepCsv)
        : writer_(writer), report_(report), hasStepCsv_(hasStepCsv) {}

    void importFile(const fs::path& file) {
        const std::string path = file.string();
        const ClusterFile kind = kindOf(file.filename().string());
        if (kind == ClusterFile::Other) {
            writer_.addSourceFile(path, "cluster", "skipped", "not a file opscope reads", 0);
            report_.skippedFiles.push_back(path + ": not a file opscope reads");
            return;
        }
        if (kind == ClusterFile::Database && hasStepCsv_) {
            writer_.addSourceFile(path, roleOf(kind), "skipped", "cluster_step_trace_time.csv holds the same steps", 0);
            report_.skippedFiles.push_back(path + ": cluster_step_trace_time.csv holds the same steps");
            return;
        }
        Error error;
        std::int64_t rows = 0;
        bool ok = read(kind, path, &rows, &error);
        if (ok) {
            writer_.addSourceFile(path, roleOf(kind), "used", {}, rows);
            report_.usedFiles.push_back(path);
            return;
        }
        writer_.addSourceFile(path, roleOf(kind), "failed", describe(error), 0);
        writer_.addWarning("cluster_file_unreadable", path, error.byteOffset, error.line, error.expected);
        report_.fileErrors.push_back(error);
    }

private:
    bool read(ClusterFile kind, const std::string& path, std::int64_t* rows, Error* error) {
        switch (kind) {
        case ClusterFile::StepCsv:
        case ClusterFile::Database: {
            std::vector<ClusterStepRow> steps;
            bool ok = kind == ClusterFile::StepCsv ? cluster::readClusterStepCsv(path, &steps, error)
                                                   : cluster::readClusterAnalysisDb(path, &steps, error);
            if (!ok) return false;
            writer_.addClusterSteps(fs::path(path).filename().string(), steps);
            report_.stepRows += static_cast<std::int64_t>(steps.size());
            *rows = static_cast<std::int64_t>(steps.size());
            return true;
        }
        case ClusterFile::Communication: {
            std::vector<CommOpRank> ops;
            if (!cluster::readClusterCommunicationJson(path, &ops, error)) return false;
            writer_.addCommOps(fs::path(path).filename().string(), ops);
            report_.commOps += static_cast<std::int64_t>(ops.size());
            *rows = static_cast<std::int64_t>(ops.size());
            return true;
        }
        case ClusterFile::Matrix: {
            std::vector<CommMatrixLink> links;
            if (!cluster::readClusterCommunicationMatrix(path, &links, error)) return false;
            writer_.addCommLinks(fs::path(path).filename().string(), links);
            report_.commLinks += static_cast<std::int64_t>(links.size());
            *rows = static_cast<std::int64_t>(links.size());
            return true;
        }
        case ClusterFile::Groups: {
            std::vector<CommGroup> groups;
            if (!cluster::readCommunicationGroups(path, &groups, error)) return false;
            writer_.addCommGroups(groups);
            report_.commGroups += static_cast<std::int64_t>(groups.size());
            *rows = static_cast<std::int64_t>(groups.size());
            return true;
        }
        case ClusterFile::Other: break;
        }
        return false;
    }

    TraceSink& writer_;
    ClusterImportReport& report_;
    bool hasStepCsv_;
};

} // namespace

bool isClusterAnalysisOutput(const std::string& path) {
    std::error_code ec;
    fs::path p(path);
    while (p.has_filename() == false && p.has_parent_path() && p != p.parent_path()) p = p.parent_path();
    if (!fs::is_directory(p, ec)) return fs::is_regular_file(p, ec) && kindOf(p.filename().string()) != ClusterFile::Other;
    if (p.filename() == "cluster_analysis_output") return true;
    for (const fs::path& f : filesOf(p.string()))
        if (kindOf(f.filename().string()) != ClusterFile::Other) return true;
    return false;
}

bool importClusterOutput(const std::string& path, TraceSink& writer, const ImportProgress& progress,
                         ClusterImportReport* report, Error* error) {
    ClusterImportReport local;
    ClusterImportReport& rep = report ? *report : local;
    std::vector<fs::path> files = filesOf(path);
    bool hasStepCsv = std::any_of(files.begin(), files.end(), [](const fs::path& f) {
        return kindOf(f.filename().string()) == ClusterFile::StepCsv;
    });
    ClusterImport import(writer, rep, hasStepCsv);
    for (const fs::path& f : files) {
        if (progress.cancelled()) {
            *error = Error{ErrorCode::Cancelled, path, -1, -1, -1, {}, {}};
            return false;
        }
        import.importFile(f);
    }
    writer.addStat("cluster.step_rows", rep.stepRows);
    writer.addStat("cluster.comm_ops", rep.commOps);
    writer.addStat("cluster.comm_links", rep.commLinks);
    if (!rep.usedFiles.empty()) return true;
    if (!rep.fileErrors.empty()) *error = rep.fileErrors.front();
    else
        *error = Error{ErrorCode::UnknownFormat, path, -1, -1, -1,
                       "a cluster_analysis_output folder (cluster_step_trace_time.csv, cluster_communication.json, "
                       "communication_group.json, cluster_analysis.db)", {}};
    return false;
}

} // namespace opscope
