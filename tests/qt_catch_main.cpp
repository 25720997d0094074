// Catch2 main for widget tests: one offscreen QApplication for the whole run.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <cstdlib>

int main(int argc, char** argv) {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("opscope-tests"));
    QApplication::setApplicationName(QStringLiteral("opscope-tests"));
    return Catch::Session().run(argc, argv);
}
