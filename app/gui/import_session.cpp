#include "app/gui/import_session.h"

#include "widgets/common/error_text.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace opscope::gui {

ImportSession::ImportSession(QObject* parent) : QObject(parent) {
    connect(&watcher_, &QFutureWatcher<LoadedTrace>::finished, this, [this] {
        result_ = watcher_.result();
        emit finished(!result_.error);
    });
}

ImportSession::~ImportSession() {
    cancel();
    waitForFinished();
}

bool ImportSession::start(const QStringList& paths) {
    if (isRunning()) return false;
    cancel_ = false;
    result_ = LoadedTrace{};
    watcher_.setFuture(QtConcurrent::run(&ImportSession::run, paths, &cancel_, this));
    return true;
}

void ImportSession::cancel() { cancel_ = true; }

bool ImportSession::isRunning() const { return watcher_.isRunning(); }

void ImportSession::waitForFinished() { watcher_.waitForFinished(); }

LoadedTrace ImportSession::run(QStringList paths, std::atomic<bool>* cancel, ImportSession* self) {
    LoadedTrace out;
    out.sources = paths;
    std::vector<std::string> files;
    for (const QString& p : paths) files.push_back(p.toStdString());
    ImportProgress progress;
    progress.cancelFlag = cancel;
    auto last = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    progress.onProgress = [self, &last](std::int64_t bytes, std::int64_t total, std::int64_t events) {
        // At most ~20 updates a second cross to the GUI thread.
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::milliseconds(50)) return;
        last = now;
        QMetaObject::invokeMethod(self, [self, bytes, total, events] { emit self->progress(bytes, total, events); },
                                  Qt::QueuedConnection);
    };
    out.session = TraceSession::open(files, OpenOptions{}, progress, &out.open, &out.error);
    if (!out.session) {
        if (cancel->load() && out.error.code != ErrorCode::Cancelled) out.error.code = ErrorCode::Cancelled;
        return out;
    }
    if (cancel->load()) {
        out.error.code = ErrorCode::Cancelled;
        return out;
    }
    out.timeline = out.session->timeline(&out.error);
    return out;
}

// Kept for the callers of ImportSession; the sentences live in widgets/common/error_text.cpp.
QString errorMessage(const Error& error) { return errorText(error); }

} // namespace opscope::gui
