#include "core/importers/ascend/rank_identity.h"

#include "core/model/small_file.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace opscope::ascend {

namespace fs = std::filesystem;

namespace {

// Metadata files are a few kB; anything larger is not the file we look for.
constexpr std::uintmax_t kMaxMetadataBytes = 4u << 20;

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }
bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool allDigits(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

int smallInt(std::string_view digits) {
    if (!allDigits(digits) || digits.size() > 9) return -1;
    int value = 0;
    for (char c : digits) value = value * 10 + (c - '0');
    return value;
}

nlohmann::json readJsonObject(const fs::path& path) {
    std::error_code ec;
    if (fs::file_size(path, ec) > kMaxMetadataBytes || ec) return {};
    std::string text;
    Error error;
    if (!readSmallFile(path.string(), &text, &error)) return {};
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    return doc.is_object() ? doc : nlohmann::json{};
}

// rank_id as the profilers write it: an integer, or a string of digits; -1 and absent mean unknown.
int rankField(const nlohmann::json& doc) {
    auto it = doc.find("rank_id");
    if (it == doc.end()) it = doc.find("rankId");
    if (it == doc.end()) return -1;
    if (it->is_number_integer()) {
        auto v = it->get<std::int64_t>();
        return v >= 0 && v < (1 << 30) ? static_cast<int>(v) : -1;
    }
    if (it->is_string()) return smallInt(it->get<std::string>());
    return -1;
}

void readMsprofInfo(const fs::path& dir, UnitIdentity* identity) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        std::string name = entry.path().filename().string();
        if (!startsWith(name, "info.json")) continue;
        nlohmann::json doc = readJsonObject(entry.path());
        if (identity->rank < 0) identity->rank = rankField(doc);
        if (identity->host.empty()) {
            auto host = doc.find("hostname");
            if (host != doc.end() && host->is_string()) identity->host = host->get<std::string>();
        }
    }
}

} // namespace

std::string hostFromAscendPtName(const std::string& folderName) {
    if (!endsWith(folderName, "_ascend_pt")) return {};
    std::string stem = folderName.substr(0, folderName.size() - 10);
    // {worker}_{pid}_{timestamp}: the last two parts are numbers.
    std::size_t ts = stem.rfind('_');
    if (ts == std::string::npos || !allDigits(std::string_view(stem).substr(ts + 1))) return {};
    std::size_t pid = stem.rfind('_', ts - 1);
    if (pid == std::string::npos || pid == 0 || !allDigits(std::string_view(stem).substr(pid + 1, ts - pid - 1)))
        return {};
    return stem.substr(0, pid);
}

UnitIdentity readUnitIdentity(const std::string& unitRoot) {
    UnitIdentity identity;
    std::error_code ec;
    fs::path root(unitRoot);
    for (const auto& entry : fs::directory_iterator(root, ec)) {
        std::string name = entry.path().filename().string();
        if (!startsWith(name, "profiler_info") || !endsWith(name, ".json")) continue;
        identity.rank = rankField(readJsonObject(entry.path()));
        // profiler_info_<rank>.json: the name says the rank when the file does not.
        if (identity.rank < 0 && startsWith(name, "profiler_info_"))
            identity.rank = smallInt(std::string_view(name).substr(14, name.size() - 14 - 5));
        if (identity.rank >= 0) break;
    }
    readMsprofInfo(root, &identity);
    // PROF_x keeps info.json.<device> in its device_<n> folders.
    for (const auto& entry : fs::directory_iterator(root, ec))
        if (entry.is_directory(ec) && startsWith(entry.path().filename().string(), "device_"))
            readMsprofInfo(entry.path(), &identity);
    if (identity.host.empty()) identity.host = hostFromAscendPtName(root.filename().string());
    return identity;
}

} // namespace opscope::ascend
