#include "core/importers/job_inputs.h"

#include "core/importers/ascend/ascend_importer.h"
#include "core/importers/cluster/cluster_output_importer.h"

#include <algorithm>
#include <filesystem>

namespace opscope {

namespace fs = std::filesystem;

namespace {

bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool looksLikeTraceFile(const fs::path& path) {
    std::string name = path.filename().string();
    return endsWith(name, ".json") || endsWith(name, ".json.gz");
}

// Trace files directly in the folder or one level down (rank-0/trace.json), the layouts jobs write.
std::vector<std::string> traceFilesIn(const fs::path& dir) {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.is_regular_file(ec) && looksLikeTraceFile(entry.path())) files.push_back(entry.path().string());
        else if (entry.is_directory(ec) && entry.path().filename() != "cluster_analysis_output")
            for (const auto& inner : fs::directory_iterator(entry.path(), ec))
                if (inner.is_regular_file(ec) && looksLikeTraceFile(inner.path())) files.push_back(inner.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

std::vector<std::string> expandJobInputs(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const std::string& path : paths) {
        std::error_code ec;
        if (!fs::is_directory(path, ec) || isClusterAnalysisOutput(path)) {
            out.push_back(path);
            continue;
        }
        // A job folder with msprof-analyze's output beside the rank folders: both, as two inputs.
        const fs::path clusterOutput = fs::path(path) / "cluster_analysis_output";
        const bool hasClusterOutput = fs::is_directory(clusterOutput, ec);
        if (isAscendInput(path)) {
            out.push_back(path);
            if (hasClusterOutput) out.push_back(clusterOutput.string());
            continue;
        }
        std::vector<std::string> files = traceFilesIn(path);
        if (files.empty()) out.push_back(path); // the importer then says what it could not use
        else out.insert(out.end(), files.begin(), files.end());
        if (hasClusterOutput && !files.empty()) out.push_back(clusterOutput.string());
    }
    return out;
}

} // namespace opscope
