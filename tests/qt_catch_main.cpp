// Catch2 main for widget tests: one offscreen QApplication for the whole run.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QDir>
#include <QSettings>
#include <cstdlib>
#include <unistd.h>

int main(int argc, char** argv) {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("opscope-tests"));
    QApplication::setApplicationName(QStringLiteral("opscope-tests"));
    // ctest runs test cases in parallel processes: each gets its own settings folder, so one test's
    // QSettings writes cannot leak into another's.
    const QString settingsDir = QDir::tempPath() + QStringLiteral("/opscope-test-settings-") + QString::number(::getpid());
    QDir(settingsDir).removeRecursively();
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir);
    const int result = Catch::Session().run(argc, argv);
    QDir(settingsDir).removeRecursively();
    return result;
}
