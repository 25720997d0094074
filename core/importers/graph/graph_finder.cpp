// Finding the graph file that belongs to a trace: same folder, same stem, a graph suffix.
#include "core/importers/graph/graph_import.h"

#include <algorithm>
#include <filesystem>

namespace opscope {

namespace fs = std::filesystem;

namespace {

bool endsWith(const std::string& text, const std::string& tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

const char* const kGraphSuffixes[] = {".graph.json", "_graph.json", ".om.json", "_et.json", ".et.json"};

bool isGraphName(const std::string& name) {
    std::string plain = endsWith(name, ".gz") ? name.substr(0, name.size() - 3) : name;
    for (const char* suffix : kGraphSuffixes)
        if (endsWith(plain, suffix)) return true;
    return false;
}

// "run_trace.json.gz" -> "run"; "rank0.pt.trace.json" -> "rank0"; "trace.json" -> "trace".
std::string traceStem(std::string name) {
    if (endsWith(name, ".gz")) name.resize(name.size() - 3);
    if (endsWith(name, ".json")) name.resize(name.size() - 5);
    for (const char* tail : {".pt.trace", "_trace_view", "_trace", ".trace"})
        if (endsWith(name, tail) && name.size() > std::char_traits<char>::length(tail)) {
            name.resize(name.size() - std::char_traits<char>::length(tail));
            break;
        }
    return name;
}

} // namespace

std::string findGraphBeside(const std::string& tracePath) {
    std::error_code ec;
    fs::path trace(tracePath);
    if (fs::is_directory(trace, ec)) {
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(trace, ec))
            if (entry.is_regular_file(ec) && isGraphName(entry.path().filename().string()))
                found.push_back(entry.path().string());
        std::sort(found.begin(), found.end());
        return found.empty() ? std::string() : found.front();
    }
    const std::string stem = traceStem(trace.filename().string());
    const fs::path dir = trace.has_parent_path() ? trace.parent_path() : fs::path(".");
    for (const char* suffix : kGraphSuffixes)
        for (const char* gz : {"", ".gz"}) {
            fs::path candidate = dir / (stem + suffix + gz);
            if (candidate != trace && fs::is_regular_file(candidate, ec)) return candidate.string();
        }
    return {};
}

} // namespace opscope
