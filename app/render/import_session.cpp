#include "app/render/import_session.h"

#include "core/importers/cut_policy.h"
#include "core/store/finish_stages.h"
#include "widgets/common/error_text.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>
#include <vector>

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

bool ImportSession::start(const QStringList& paths, bool keepEventsBeforeCut) {
    if (isRunning()) return false;
    cancel_ = false;
    result_ = LoadedTrace{};
    watcher_.setFuture(QtConcurrent::run(&ImportSession::run, paths, keepEventsBeforeCut, &cancel_, this));
    return true;
}

void ImportSession::cancel() { cancel_ = true; }

bool ImportSession::isRunning() const { return watcher_.isRunning(); }

void ImportSession::waitForFinished() { watcher_.waitForFinished(); }

LoadedTrace ImportSession::run(QStringList paths, bool keepEventsBeforeCut, std::atomic<bool>* cancel, ImportSession* self) {
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
    // Per input: every change of stage crosses, byte progress at most ~10 times a second per input. The
    // board calls this one report at a time, so the vector needs no lock.
    std::vector<std::chrono::steady_clock::time_point> lastOfInput;
    progress.onInputProgress = [self, &lastOfInput](const InputProgress& input) {
        if (input.count < 2) return;
        if (lastOfInput.size() < input.count) lastOfInput.assign(input.count, {});
        const auto now = std::chrono::steady_clock::now();
        const bool moving = input.stage == InputProgress::Stage::Parsing && input.bytesRead > 0;
        if (moving && now - lastOfInput[input.index] < std::chrono::milliseconds(100)) return;
        lastOfInput[input.index] = now;
        const int index = static_cast<int>(input.index), count = static_cast<int>(input.count);
        const QString path = QString::fromStdString(input.path);
        const int stage = static_cast<int>(input.stage);
        const qint64 read = input.bytesRead, total = input.bytesTotal, events = input.events;
        QMetaObject::invokeMethod(
            self, [=] { emit self->inputProgress(index, count, path, stage, read, total, events); },
            Qt::QueuedConnection);
    };
    // Every stage crosses (a handful per import); the first one also tells the bar the reading is over.
    auto toGui = [self](int stage) {
        QMetaObject::invokeMethod(self, [self, stage] { emit self->finishStage(stage); }, Qt::QueuedConnection);
    };
    FinishStageListener stages([toGui](FinishStage stage) { toGui(static_cast<int>(stage)); });
    KeepEventsBeforeCut cutPolicy(keepEventsBeforeCut);
    OpenOptions options;
    // A store cut short is never reused for a whole-file open, nor the other way round: read the file again.
    options.forceReimport = keepEventsBeforeCut;
    out.session = TraceSession::open(files, options, progress, &out.open, &out.error);
    if (!out.session) {
        if (cancel->load() && out.error.code != ErrorCode::Cancelled) out.error.code = ErrorCode::Cancelled;
        return out;
    }
    if (cancel->load()) {
        out.error.code = ErrorCode::Cancelled;
        return out;
    }
    toGui(kLoadingTimeline);
    out.timeline = out.session->timeline(&out.error);
    StoreSummary summary;
    Error ignored; // a store without its summary still opens; the banner just stays hidden
    if (out.timeline && out.session->summary(&summary, &ignored)) out.warnings = std::move(summary.warnings);
    return out;
}

QString inputProgressLine(const QString& path, int stage, qint64 bytesRead, qint64 bytesTotal, qint64 events) {
    const QString name = QFileInfo(path).fileName();
    QLocale locale;
    switch (static_cast<InputProgress::Stage>(stage)) {
    case InputProgress::Stage::Queued: return ImportSession::tr("%1: waiting").arg(name);
    case InputProgress::Stage::Parsing:
        if (bytesTotal > 0)
            return ImportSession::tr("%1: reading %2 %, %3 events")
                .arg(name)
                .arg(std::min<qint64>(100, bytesRead * 100 / bytesTotal))
                .arg(locale.toString(events));
        return ImportSession::tr("%1: reading, %2 events").arg(name, locale.toString(events));
    case InputProgress::Stage::Writing: return ImportSession::tr("%1: writing its store").arg(name);
    case InputProgress::Stage::Parsed: return ImportSession::tr("%1: read, waiting for the merge").arg(name);
    case InputProgress::Stage::Merging: return ImportSession::tr("%1: merging").arg(name);
    case InputProgress::Stage::Done: return ImportSession::tr("%1: done").arg(name);
    case InputProgress::Stage::Failed: return ImportSession::tr("%1: failed").arg(name);
    case InputProgress::Stage::Cancelled: return ImportSession::tr("%1: cancelled").arg(name);
    }
    return name;
}

QString finishStageText(int stage) {
    if (stage == kLoadingTimeline) return ImportSession::tr("Loading the timeline…");
    switch (static_cast<FinishStage>(stage)) {
    case FinishStage::NestingSlices: return ImportSession::tr("Nesting slices…");
    case FinishStage::WritingRows: return ImportSession::tr("Writing rows…");
    case FinishStage::BuildingIndices: return ImportSession::tr("Building indices…");
    case FinishStage::DerivingMemory: return ImportSession::tr("Deriving memory rows…");
    case FinishStage::LinkingLaunches: return ImportSession::tr("Linking launches to kernels…");
    case FinishStage::Committing: return ImportSession::tr("Writing the store to disk…");
    case FinishStage::PackingTimeline: return ImportSession::tr("Packing the timeline for a fast reopen…");
    }
    return {};
}

// Kept for the callers of ImportSession; the sentences live in widgets/common/error_text.cpp.
QString errorMessage(const Error& error) { return errorText(error); }

} // namespace opscope::gui
