// opscope [TRACE|FOLDER|STORE]...: the GUI. Several paths open together as one store (multi-rank traces).
#include "app/render/builtin_views.h"
#include "app/gui/graph_dock.h"
#include "app/gui/main_window.h"
#include "app/gui/main_window_decor.h"
#include "core/model/heap_tuning.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QPointer>

#include <cstdio>
#include <exception>

namespace {

// An exception thrown inside an event handler would end the program: it is shown instead, and the
// window (with the trace that was open) stays.
class GuardedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        try {
            return QApplication::notify(receiver, event);
        } catch (const std::exception& e) {
            report(QString::fromLocal8Bit(e.what()));
        } catch (...) {
            report(QString());
        }
        return false;
    }

private:
    void report(const QString& what) {
        std::fprintf(stderr, "opscope: internal error: %s\n", what.toLocal8Bit().constData());
        if (reporting_) return; // an error while the box is up must not open another
        reporting_ = true;
        QMessageBox::critical(activeWindow(), QApplication::translate("main", "Internal error"),
                              QApplication::translate("main", "An operation failed: %1\nThe open trace is unchanged.").arg(what));
        reporting_ = false;
    }
    bool reporting_ = false;
};

} // namespace

int runGui(int argc, char** argv) {
    GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("opscope"));
    QApplication::setApplicationName(QStringLiteral("opscope"));
    QApplication::setApplicationVersion(QStringLiteral(OPSCOPE_VERSION));
    opscope::gui::applyStartupSettings(); // language (system locale or Settings), theme, app icon
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Viewer for AI accelerator profiling traces"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QApplication::translate("main", "Trace files, Ascend profiling folders or opscope stores."),
                                 QStringLiteral("[TRACE|FOLDER|STORE...]"));
    QCommandLineOption grab(QStringLiteral("grab"),
                            QApplication::translate("main", "Save a picture of the window to FILE once the trace is open, then quit."),
                            QStringLiteral("FILE"));
    parser.addOption(grab);
    QCommandLineOption graph(QStringLiteral("graph"),
                             QApplication::translate("main", "Computation graph to show beside the trace (opscope graph JSON, "
                                                             "PyTorch Execution Trace or CANN offline-model JSON)."),
                             QStringLiteral("GRAPH"));
    parser.addOption(graph);
    parser.process(app);
    opscope::gui::registerBuiltinViews();
    // On the heap and deleted on close: a language switch in Settings replaces it with a new window.
    auto* window = new opscope::gui::MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    if (parser.isSet(grab)) {
        // For documentation and bug reports: the whole window as it looks after opening.
        QObject::connect(window, &opscope::gui::MainWindow::traceLoaded, window, [&parser, &grab, window](bool ok) {
            const bool saved = ok && window->grab().save(parser.value(grab));
            QApplication::exit(saved ? 0 : 1);
        });
    }
    if (parser.isSet(graph)) window->graphDock()->setGraphPath(parser.value(graph));
    if (!parser.positionalArguments().isEmpty()) window->openPaths(parser.positionalArguments());
    const int code = app.exec();
    // Windows still open when the loop ends (an exit from --grab) are deleted here, not leaked.
    QList<QPointer<QWidget>> windows;
    for (QWidget* w : QApplication::topLevelWidgets()) windows << w;
    for (const QPointer<QWidget>& w : windows)
        if (auto* main = qobject_cast<opscope::gui::MainWindow*>(w.data())) delete main;
    return code;
}

// Whatever still escapes (before the event loop, or from it) becomes a message and exit code 3.
int main(int argc, char** argv) {
    opscope::tuneHeapForLargeTraces(); // first, before Qt starts threads: see heap_tuning.h
    try {
        return runGui(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "opscope: internal failure: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "opscope: internal failure: unknown exception\n");
    }
    return 3;
}
