#include "core/importers/ascend/environment_metadata.h"

#include "core/model/small_file.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace opscope::ascend {

int importEnvironmentMetadata(TraceSink& writer, const std::string& unitRoot) {
    const std::string path = (std::filesystem::path(unitRoot) / "profiler_metadata.json").string();
    std::error_code ec;
    // A metadata file is a few KiB; anything past 4 MiB is not one (and is not read into memory).
    constexpr std::uintmax_t kMaxBytes = 4u << 20;
    if (!std::filesystem::is_regular_file(path, ec) || std::filesystem::file_size(path, ec) > kMaxBytes || ec) return 0;
    std::string text;
    Error error;
    if (!readSmallFile(path, &text, &error)) return 0;
    nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
    if (!root.is_object()) return 0;
    auto env = root.find("ENV_VARIABLES");
    if (env == root.end() || !env->is_object()) return 0;
    int kept = 0;
    for (auto it = env->begin(); it != env->end(); ++it) {
        // An earlier unit's value is kept (the first rank of a job names the environment).
        if (writer.setMetaIfAbsent(kEnvMetaPrefix + it.key(), it->is_string() ? it->get<std::string>() : it->dump()))
            ++kept;
    }
    return kept;
}

} // namespace opscope::ascend
