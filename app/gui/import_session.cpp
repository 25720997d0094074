#include "app/gui/import_session.h"

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
    if (!openTrace(files, OpenOptions{}, progress, &out.open, &out.error)) {
        if (cancel->load() && out.error.code != ErrorCode::Cancelled) out.error.code = ErrorCode::Cancelled;
        return out;
    }
    if (cancel->load()) {
        out.error.code = ErrorCode::Cancelled;
        return out;
    }
    out.timeline = TimelineData::load(out.open.storePath, &out.error);
    return out;
}

QString errorMessage(const Error& error) {
    const QString file = QString::fromStdString(error.file);
    QString text;
    switch (error.code) {
    case ErrorCode::None: return {};
    case ErrorCode::FileNotFound: text = QCoreApplication::translate("ImportSession", "File not found: %1").arg(file); break;
    case ErrorCode::NotAFile: text = QCoreApplication::translate("ImportSession", "Not a regular file: %1").arg(file); break;
    case ErrorCode::EmptyFile: text = QCoreApplication::translate("ImportSession", "The file is empty: %1").arg(file); break;
    case ErrorCode::ReadFailed: text = QCoreApplication::translate("ImportSession", "Cannot read %1").arg(file); break;
    case ErrorCode::BadGzip: text = QCoreApplication::translate("ImportSession", "Damaged gzip data in %1").arg(file); break;
    case ErrorCode::NotJson: text = QCoreApplication::translate("ImportSession", "%1 is not a JSON trace").arg(file); break;
    case ErrorCode::JsonSyntax: text = QCoreApplication::translate("ImportSession", "JSON syntax error in %1").arg(file); break;
    case ErrorCode::Truncated: text = QCoreApplication::translate("ImportSession", "%1 ends too early (truncated?)").arg(file); break;
    case ErrorCode::WrongType: text = QCoreApplication::translate("ImportSession", "Unexpected value type in %1").arg(file); break;
    case ErrorCode::UnknownFormat: text = QCoreApplication::translate("ImportSession", "opscope does not know the format of %1").arg(file); break;
    case ErrorCode::BadCsv: text = QCoreApplication::translate("ImportSession", "Malformed CSV in %1").arg(file); break;
    case ErrorCode::BadDatabase: text = QCoreApplication::translate("ImportSession", "Cannot read the database %1").arg(file); break;
    case ErrorCode::StoreFailed: text = QCoreApplication::translate("ImportSession", "Cannot write the store %1").arg(file); break;
    case ErrorCode::Cancelled: return QCoreApplication::translate("ImportSession", "Import cancelled.");
    }
    if (error.line >= 0) text += QCoreApplication::translate("ImportSession", "\nLine %1, column %2").arg(error.line).arg(error.column);
    else if (error.byteOffset >= 0) text += QCoreApplication::translate("ImportSession", "\nAt byte %1").arg(error.byteOffset);
    if (!error.expected.empty())
        text += QCoreApplication::translate("ImportSession", "\nExpected: %1").arg(QString::fromStdString(error.expected));
    if (!error.detail.empty()) text += QLatin1Char('\n') + QString::fromStdString(error.detail);
    return text;
}

} // namespace opscope::gui
