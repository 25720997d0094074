#include "app/cli/cli_language.h"

#include <cstdio>
#include <cstdlib>

namespace opscope::cli {

std::string localeLanguage() {
    // The first variable set decides, as for gettext: LC_ALL over LC_MESSAGES over LANG.
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(name);
        if (!value || !*value) continue;
        return std::string(value).rfind("zh", 0) == 0 ? "zh_CN" : "en";
    }
    return "en";
}

bool languageOption(ArgParser& parser, std::string* language, const char* command) {
    if (parser.option("--lang", language)) {
        if (*language == "en" || *language == "zh_CN") return true;
        std::fprintf(stderr, "opscope-cli %s: --lang wants en or zh_CN, not '%s'\n", command, language->c_str());
        return false;
    }
    *language = settingsLanguage();
    if (*language != "en" && *language != "zh_CN") *language = localeLanguage();
    return true;
}

} // namespace opscope::cli
