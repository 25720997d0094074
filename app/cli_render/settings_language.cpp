// The GUI's language setting for the CLI (cli_language.h), read from the same QSettings store as the GUI.
#include "app/cli/cli_language.h"
#include "app/render/app_settings.h"

#include <QSettings>

namespace opscope::cli {

std::string settingsLanguage() {
    // The GUI names its settings through QApplication (organisation and application "opscope"); the CLI
    // has no application object, so it names them itself.
    const QSettings settings(QStringLiteral("opscope"), QStringLiteral("opscope"));
    return settings.value(gui::settings::kLanguage).toString().toStdString();
}

} // namespace opscope::cli
