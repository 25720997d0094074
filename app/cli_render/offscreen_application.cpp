#include "app/cli_render/offscreen_application.h"

#include <QByteArray>
#include <QString>

#include <cstdlib>

namespace opscope::cli {

namespace {

QtMessageHandler previousHandler = nullptr;

// Notes the offscreen platform writes about itself, not about the trace or the command: a batch run
// (report, screenshot) keeps stderr for what the user must read.
bool isPlatformNoise(const QString& message) {
    return message.contains(QLatin1String("propagateSizeHints")) ||
           message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")) ||
           message.startsWith(QLatin1String("QStandardPaths: runtime directory"));
}

void filterPlatformNoise(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type != QtFatalMsg && type != QtCriticalMsg && isPlatformNoise(message)) return;
    if (previousHandler) previousHandler(type, context, message);
}

} // namespace

std::unique_ptr<QApplication> ensureApplication() {
    if (QApplication::instance()) return nullptr;
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    previousHandler = qInstallMessageHandler(filterPlatformNoise);
    static int argc = 1;
    static char name[] = "opscope-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace opscope::cli
