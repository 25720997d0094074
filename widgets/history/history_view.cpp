#include "widgets/history/history_view.h"

#include "core/history/run_time.h"
#include "widgets/history/history_plot.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <mutex>
#include <set>

namespace opscope {

namespace {

// A HistoryStore holds one SQLite connection: the worker that computes a trend is its only user at a time.
std::mutex& storeMutex() {
    static std::mutex m;
    return m;
}

} // namespace

HistoryView::HistoryView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Metric:"), this));
    metricBox_ = new QComboBox(this);
    metricBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(metricBox_);
    bar->addWidget(new QLabel(tr("Of:"), this));
    scopeBox_ = new QComboBox(this);
    scopeBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    scopeBox_->setMaximumWidth(480);
    bar->addWidget(scopeBox_, 1);
    layout->addLayout(bar);
    plot_ = new HistoryPlot(this);
    plot_->setMinimumHeight(200);
    layout->addWidget(plot_, 1);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);

    connect(metricBox_, &QComboBox::currentIndexChanged, this, [this] {
        fillScopes();
        startTrend();
    });
    connect(scopeBox_, &QComboBox::currentIndexChanged, this, [this] { startTrend(); });
    connect(&watcher_, &QFutureWatcher<std::optional<history::Trend>>::finished, this, &HistoryView::trendReady);
    connect(plot_, &HistoryPlot::pointClicked, this, [this](int index) {
        const history::RunInfo& run = plot_->trend().points[static_cast<std::size_t>(index)].run;
        emit openTraceRequested(QString::fromStdString(run.tracePath));
    });
    connect(plot_, &HistoryPlot::pairChosen, this, [this](int a, int b) {
        const auto& points = plot_->trend().points;
        // The earlier run is the base.
        const auto& first = points[static_cast<std::size_t>(std::min(a, b))].run;
        const auto& second = points[static_cast<std::size_t>(std::max(a, b))].run;
        emit compareRequested(QString::fromStdString(first.tracePath), QString::fromStdString(second.tracePath));
    });
}

HistoryView::~HistoryView() { watcher_.waitForFinished(); }

bool HistoryView::openHistory(const QString& path, QString* errorMessage) {
    Error error;
    std::optional<history::HistoryStore> store = history::HistoryStore::open(path.toStdString(), false, &error);
    if (!store) {
        if (errorMessage) *errorMessage = QString::fromStdString(describe(error));
        return false;
    }
    watcher_.waitForFinished();
    store_ = std::make_shared<history::HistoryStore>(std::move(*store));
    keys_ = store_->metricKeys(&error);
    std::set<std::string> names;
    for (const auto& key : keys_) names.insert(key.first);
    const QSignalBlocker block(metricBox_);
    metricBox_->clear();
    for (const std::string& name : names) metricBox_->addItem(QString::fromStdString(name));
    const int busy = metricBox_->findText(QStringLiteral("busy_ns"));
    metricBox_->setCurrentIndex(busy >= 0 ? busy : 0);
    fillScopes();
    startTrend();
    return true;
}

void HistoryView::fillScopes() {
    const std::string metric = metricBox_->currentText().toStdString();
    const QSignalBlocker block(scopeBox_);
    scopeBox_->clear();
    for (const auto& [name, scope] : keys_) {
        if (name != metric) continue;
        scopeBox_->addItem(scope.empty() ? tr("the whole trace") : QString::fromStdString(scope),
                           QString::fromStdString(scope));
    }
    scopeBox_->setEnabled(scopeBox_->count() > 1);
}

void HistoryView::showMetric(const QString& metric, const QString& scope) {
    const int m = metricBox_->findText(metric);
    if (m < 0) return;
    {
        const QSignalBlocker block(metricBox_);
        metricBox_->setCurrentIndex(m);
    }
    fillScopes();
    const int s = scopeBox_->findData(scope);
    {
        const QSignalBlocker block(scopeBox_);
        if (s >= 0) scopeBox_->setCurrentIndex(s);
    }
    startTrend();
}

void HistoryView::startTrend() {
    if (!store_ || metricBox_->count() == 0) return;
    const std::string metric = metricBox_->currentText().toStdString();
    const std::string scope = scopeBox_->currentData().toString().toStdString();
    if (watcher_.isRunning()) {
        pending_ = true; // the newest choice is computed when the running one ends
        return;
    }
    pending_ = false;
    summary_->setText(tr("computing…"));
    std::shared_ptr<history::HistoryStore> store = store_;
    watcher_.setFuture(QtConcurrent::run([store, metric, scope]() -> std::optional<history::Trend> {
        std::lock_guard<std::mutex> lock(storeMutex());
        history::Trend trend;
        Error error;
        if (!history::computeTrend(*store, metric, scope, history::ThresholdsConfig{}, &trend, &error))
            return std::nullopt;
        return trend;
    }));
}

void HistoryView::trendReady() {
    if (pending_) {
        startTrend();
        return;
    }
    const std::optional<history::Trend> trend = watcher_.result();
    if (!trend) {
        summary_->setText(tr("The history could not be read."));
        return;
    }
    plot_->setTrend(*trend);
    describeChanges();
    emit trendShown();
}

void HistoryView::describeChanges() {
    const history::Trend& t = plot_->trend();
    QStringList lines;
    lines << tr("%n run(s). Click a run to open its trace; Ctrl+click two runs to compare them.", nullptr,
                static_cast<int>(t.points.size()));
    if (t.changes.empty()) lines << tr("No step or drift beyond the noise band.");
    for (const history::TrendChange& c : t.changes) {
        lines << tr("%1 from run %2 (%3, %4): %5% against a noise band of ±%6%%7")
                     .arg(c.change.kind == history::ChangeKind::Step ? tr("Step") : tr("Drift"))
                     .arg(c.firstRun.id)
                     .arg(QString::fromStdString(c.firstRun.label))
                     .arg(QString::fromStdString(history::formatRunTime(c.firstRun.runTimeNs)))
                     .arg(c.change.relative() * 100.0, 0, 'f', 1)
                     .arg(c.change.before != 0 ? c.change.halfBand / std::abs(c.change.before) * 100.0 : 0.0, 0, 'f', 1)
                     .arg(c.change.confirmed ? QString() : tr(" (not yet confirmed)"));
    }
    summary_->setText(lines.join(QLatin1Char('\n')));
}

bool HistoryView::waitForLoaded(int timeoutMs) {
    if (!store_) return false;
    QElapsedTimer timer;
    timer.start();
    while ((watcher_.isRunning() || pending_) && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QCoreApplication::processEvents(); // delivers the finished signal: the trend is drawn
    return !watcher_.isRunning();
}

} // namespace opscope
