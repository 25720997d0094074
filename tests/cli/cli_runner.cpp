#include "cli_runner.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace opscope::test {
namespace {

std::string readWhole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

std::string bundledSample() { return std::string(OPSCOPE_SOURCE_DIR) + "/resources/samples/sample_trace.json"; }

std::string cliTempDir() {
    static std::atomic<int> counter{0};
    auto dir = std::filesystem::temp_directory_path() /
               ("opscope-cli-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

CliResult runCli(const std::vector<std::string>& args, const std::vector<std::string>& env) {
    std::string dir = cliTempDir();
    std::string outPath = dir + "/stdout", errPath = dir + "/stderr";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);

    std::vector<std::string> argStore;
    argStore.push_back(OPSCOPE_CLI_PATH);
    argStore.insert(argStore.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argStore) argv.push_back(a.data());
    argv.push_back(nullptr);

    // The child sees no GUI settings (an empty config folder) and a neutral locale, so its language is
    // English whatever the developer chose; a test's env entries replace these and inherited ones by name.
    const std::vector<std::string> defaults = {"QT_QPA_PLATFORM=offscreen", "XDG_CONFIG_HOME=" + dir + "/config",
                                               "LC_ALL=C.UTF-8"};
    auto nameOf = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
    auto setBy = [&](const std::vector<std::string>& entries, const std::string& entry) {
        return std::any_of(entries.begin(), entries.end(), [&](const std::string& e) { return nameOf(e) == nameOf(entry); });
    };
    std::vector<std::string> envStore;
    for (char** e = environ; *e; ++e)
        if (!setBy(defaults, *e) && !setBy(env, *e)) envStore.emplace_back(*e);
    for (const std::string& d : defaults)
        if (!setBy(env, d)) envStore.push_back(d);
    envStore.insert(envStore.end(), env.begin(), env.end());
    std::vector<char*> envp;
    for (auto& e : envStore) envp.push_back(e.data());
    envp.push_back(nullptr);

    CliResult result;
    pid_t pid = 0;
    if (posix_spawn(&pid, argStore[0].c_str(), &actions, nullptr, argv.data(), envp.data()) == 0) {
        int status = 0;
        ::waitpid(pid, &status, 0);
        if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
    }
    posix_spawn_file_actions_destroy(&actions);
    result.out = readWhole(outPath);
    result.err = readWhole(errPath);
    std::filesystem::remove_all(dir);
    return result;
}

} // namespace opscope::test
