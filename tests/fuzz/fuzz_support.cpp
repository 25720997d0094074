#include "fuzz_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace opscope::fuzz {

namespace fs = std::filesystem;

const std::string& scratchDir() {
    // Never destroyed: the exit handler below reads it after static destructors have run (a static
    // std::string here was freed before the handler, a use after free that ASan reported at the end of
    // every fuzzing run that writes files, session 6).
    static const std::string* const dir = [] {
        std::error_code ec;
        // OPSCOPE_FUZZ_SCRATCH_BASE: where the folder goes (the cleanup test's own folder).
        const char* chosen = std::getenv("OPSCOPE_FUZZ_SCRATCH_BASE");
        fs::path base = chosen && *chosen                      ? fs::path(chosen)
                        : fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm")
                                                           : fs::temp_directory_path();
        fs::path d = base / ("opscope-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(d, ec);
        // Gone when the process ends (a replay, a fuzzing run's normal end or a finding): one folder per
        // process would otherwise pile up in /dev/shm, which is memory.
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(scratchDir(), ignored);
        });
        return new std::string(d.string());
    }();
    return *dir;
}

std::string writeInput(const std::uint8_t* data, std::size_t size, const std::string& relativePath) {
    fs::path path = fs::path(scratchDir()) / relativePath;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path.string();
}

void clearScratch() {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(scratchDir(), ec)) fs::remove_all(entry.path(), ec);
}

} // namespace opscope::fuzz
