// The language of the sentences the CLI prints (diagnosis titles and suggestions, the HTML report):
// --lang when given, else the language chosen in the GUI's Settings, else the locale (LC_ALL, LC_MESSAGES,
// LANG). Tables, CSV and JSON keep their English column names in every language.
#pragma once
#include "app/cli/command_registry.h"

#include <string>

namespace opscope::cli {

// The GUI's Settings choice ("en", "zh_CN"; "" when none or the build has no GUI). Defined by the render
// part of the CLI (app/cli_render) or by its stand-in (app/cli_no_render).
std::string settingsLanguage();
// "zh_CN" when the locale variables name any Chinese locale, else "en".
std::string localeLanguage();
// Takes --lang from parser, or the default above, into *language; false (after a message) when --lang
// names a language opscope has no texts for.
bool languageOption(ArgParser& parser, std::string* language, const char* command);

} // namespace opscope::cli
