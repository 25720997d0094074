// The language of the CLI's sentences: --lang, else the GUI's language setting, else the locale.
#include "cli_runner.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace opscope::test;
namespace fs = std::filesystem;

namespace {

// The sample's diagnosis with every rule listed, so that rule titles are printed whatever fires.
CliResult diagnoseAll(const std::string& store, const std::vector<std::string>& extraArgs,
                      const std::vector<std::string>& env = {}) {
    std::vector<std::string> args = {"diagnose", store, "--all"};
    args.insert(args.end(), extraArgs.begin(), extraArgs.end());
    return runCli(args, env);
}

bool hasChinese(const std::string& text) {
    // Any CJK ideograph U+4E00–U+9FFF starts with a UTF-8 lead byte 0xE4–0xE9.
    for (unsigned char c : text)
        if (c >= 0xE4 && c <= 0xE9) return true;
    return false;
}

} // namespace

TEST_CASE("cli: diagnose prints its sentences in the --lang language", "[cli][cli_language]") {
    const std::string dir = cliTempDir();
    const std::string store = dir + "/lang.opscope.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);

    const CliResult english = diagnoseAll(store, {"--lang", "en"});
    REQUIRE(english.exitCode == 0);
    CHECK(english.out.find("Compute starvation") != std::string::npos);
    CHECK_FALSE(hasChinese(english.out));

    const CliResult chinese = diagnoseAll(store, {"--lang", "zh_CN"});
    REQUIRE(chinese.exitCode == 0);
    CHECK(chinese.out.find("计算资源空闲") != std::string::npos);
    CHECK(chinese.out.find("Compute starvation") == std::string::npos);

    const CliResult bad = diagnoseAll(store, {"--lang", "fr"});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.find("--lang wants en or zh_CN, not 'fr'") != std::string::npos);

    SECTION("without --lang: the locale decides, LC_ALL over LANG") {
        CHECK(diagnoseAll(store, {}).out == english.out); // the runner's neutral C.UTF-8 locale
        CHECK(diagnoseAll(store, {}, {"LC_ALL=", "LANG=zh_CN.UTF-8"}).out == chinese.out);
        CHECK(diagnoseAll(store, {}, {"LC_ALL=en_US.UTF-8", "LANG=zh_CN.UTF-8"}).out == english.out);
        CHECK(diagnoseAll(store, {}, {"LC_ALL=zh_TW.UTF-8"}).out == chinese.out);
    }
    if (OPSCOPE_CLI_RENDERS) SECTION("without --lang: the GUI's language setting goes before the locale") {
        const std::string config = dir + "/config";
        fs::create_directories(config + "/opscope");
        std::ofstream(config + "/opscope/opscope.conf") << "[ui]\nlanguage=zh_CN\n";
        CHECK(diagnoseAll(store, {}, {"XDG_CONFIG_HOME=" + config, "LC_ALL=C.UTF-8"}).out == chinese.out);
        CHECK(diagnoseAll(store, {"--lang", "en"}, {"XDG_CONFIG_HOME=" + config}).out == english.out);
        std::ofstream(config + "/opscope/opscope.conf") << "[ui]\nlanguage=\n"; // "System default"
        CHECK(diagnoseAll(store, {}, {"XDG_CONFIG_HOME=" + config, "LC_ALL=", "LANG=zh_CN.UTF-8"}).out == chinese.out);
    }
}

TEST_CASE("cli: report writes its headings in the --lang language", "[cli][cli_language]") {
    if (!OPSCOPE_CLI_RENDERS) return;
    const std::string dir = cliTempDir();
    const std::string store = dir + "/report.opscope.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);
    auto html = [](const std::string& path) {
        std::ifstream in(path);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    REQUIRE(runCli({"report", store, "--lang", "zh_CN", "-o", dir + "/zh.html"}).exitCode == 0);
    REQUIRE(runCli({"report", store, "--lang", "en", "-o", dir + "/en.html"}).exitCode == 0);
    CHECK(html(dir + "/zh.html").find("气泡") != std::string::npos);
    CHECK(html(dir + "/en.html").find("气泡") == std::string::npos);
    CHECK(html(dir + "/en.html").find("Bubbles") != std::string::npos);
    CHECK(runCli({"report", store, "--lang", "de", "-o", dir + "/de.html"}).exitCode == 2);
}
