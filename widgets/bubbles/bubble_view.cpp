#include "widgets/bubbles/bubble_view.h"

#include "core/analysis/bubbles/bubble_details.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "widgets/bubbles/bubble_histogram.h"
#include "widgets/bubbles/bubble_scatter.h"
#include "widgets/bubbles/bubble_summary_model.h"
#include "widgets/common/analysis_runner.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/lane_names.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/bubbles/bubble_table_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QDeadlineTimer>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <set>

namespace opscope {

struct BubbleView::Result {
    BubbleReport report;
    BubbleOptions options;
    std::shared_ptr<const StoreSnapshot> snapshot;
    std::shared_ptr<const HostActivity> host;
    IdleReport idle; // HTA's idle causes per stream, whole trace
    Error error;
};

struct BubbleView::DetailResult {
    std::vector<BubbleDetail> rows;
    QString title;
};

namespace {

using Result = BubbleView::Result;
using DetailResult = BubbleView::DetailResult;

const char* kMinBubbleKey = "analysis/bubbleMinUs";
constexpr int kMaxListedBubbles = 500;

// Runs on the pool: the session's bubbles, with the snapshot and host activity kept for the details.
Result computeJob(TraceSession& session, BubbleOptions options) {
    Result r;
    TrackSelection all;
    all.scope = TrackScope::All; // the session's bubbles read the whole snapshot, host tracks included
    r.snapshot = session.snapshot(all, &r.error);
    if (!r.snapshot || !session.bubbles(options, &r.report, &r.error, &r.host)) return r;
    if (!session.idleBreakdown(IdleOptions{}, &r.idle, &r.error)) return r;
    r.options = std::move(options);
    return r;
}

// HTA's idle causes keyed by the track that shows them in the summary (each stream's first track).
std::map<std::int64_t, StreamIdle> idleByTrack(const IdleReport& idle) {
    std::map<std::int64_t, StreamIdle> out;
    for (const StreamIdle& s : idle.streams)
        if (s.trackId) out.emplace(s.trackId, s);
    return out;
}

// The table rows of some bubbles: neighbours and host work, as for the largest ones.
std::vector<BubbleDetail> detailsOf(const StoreSnapshot& snap, const HostActivity& host, BubbleOptions options,
                                    const std::vector<std::int64_t>& computeTracks, std::vector<Bubble> bubbles,
                                    std::vector<std::string> waitNames) {
    BubbleReport scratch;
    scratch.waitNames = std::move(waitNames); // the bubbles' wait names point into the report's table
    options.largestCount = static_cast<int>(std::min<std::size_t>(bubbles.size(), kMaxListedBubbles));
    (options.largestFromDevices ? scratch.deviceBubbles : scratch.trackBubbles) = std::move(bubbles);
    fillBubbleDetails(snap, host, options, computeTracks, &scratch);
    return std::move(scratch.largest);
}

} // namespace

BubbleView::BubbleView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), runner_(new AnalysisRunner(250, [this] { recompute(); }, this)),
      detailJob_(new AsyncJob(this)), summary_(new BubbleSummaryModel(this)), table_(new BubbleTableModel(this)),
      tableProxy_(new QSortFilterProxyModel(this)) {
    tableProxy_->setSourceModel(table_);
    tableProxy_->setSortRole(BubbleTableModel::SortRole);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildToolbar());
    layout->addWidget(buildBody(), 1);
}

BubbleView::~BubbleView() = default;

QWidget* BubbleView::buildToolbar() {
    auto* bar = new QWidget(this);
    mode_ = new QComboBox(bar);
    mode_->addItem(tr("Per device (union of tracks)"), false);
    mode_->addItem(tr("Per track"), true);
    mode_->setToolTip(tr("Device: a gap counts only when no counted track of the device runs anything"));
    minBubble_ = new QDoubleSpinBox(bar);
    minBubble_->setRange(0, 10'000'000);
    minBubble_->setDecimals(1);
    minBubble_->setSuffix(tr(" µs"));
    minBubble_->setToolTip(tr("Shorter gaps count as idle time but not as bubbles"));
    minBubble_->setValue(QSettings().value(QLatin1String(kMinBubbleKey), 0.0).toDouble());
    // The statistics view's wording (and translation): the same option.
    visibleOnly_ = new QCheckBox(QCoreApplication::translate("opscope::OperatorStatsView", "Visible range only"), bar);
    info_ = new QLabel(tr("No trace loaded."), bar);
    info_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long texts must not widen the dock
    auto* indicator = runner_->makeIndicator(bar);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Bubbles:"), bar));
    row->addWidget(mode_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Minimum bubble:"), bar));
    row->addWidget(minBubble_);
    row->addWidget(visibleOnly_);
    row->addSpacing(8);
    row->addWidget(info_, 1);
    row->addWidget(indicator);
    connect(mode_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(minBubble_, &QDoubleSpinBox::valueChanged, this, [this](double us) {
        QSettings().setValue(QLatin1String(kMinBubbleKey), us);
        scheduleRecompute();
    });
    connect(visibleOnly_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(zoom_, &ZoomControl::visibleRangeChanged, this, [this] {
        if (visibleOnly_->isChecked()) scheduleRecompute();
    });
    connect(indicator, &JobIndicator::cancelled, this, [this] { info_->setText(tr("Cancelled.")); });
    return bar;
}

namespace {
QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle); // operator names before / after differ at both ends
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    return view;
}

QWidget* titled(const QString& title, QWidget* content, QWidget* parent, QWidget* extra = nullptr) {
    auto* box = new QWidget(parent);
    auto* label = new QLabel(title, box);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    label->setObjectName(QStringLiteral("title"));
    auto* head = new QHBoxLayout;
    head->addWidget(label, 1);
    if (extra) head->addWidget(extra);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(head);
    layout->addWidget(content, 1);
    return box;
}
} // namespace

QWidget* BubbleView::buildBody() {
    tracks_ = new QListWidget(this);
    tracks_->setToolTip(tr("Checked tracks count as device work (compute, communication, memory): their gaps are bubbles; the others are host work"));
    summaryView_ = makeTable(summary_, this);
    summaryView_->horizontalHeader()->setSectionResizeMode(BubbleSummaryModel::WhereColumn, QHeaderView::Stretch);
    tableView_ = makeTable(tableProxy_, this);
    tableView_->setSortingEnabled(true);
    tableView_->horizontalHeader()->setSectionResizeMode(BubbleTableModel::HostColumn, QHeaderView::Stretch);
    histogram_ = new BubbleHistogram(this);
    scatter_ = new BubbleScatter(this);
    histogram_->setMinimumHeight(180);
    scatter_->setMinimumHeight(180);
    showLargest_ = new QToolButton(this);
    showLargest_->setText(tr("Show largest"));
    showLargest_->setVisible(false);

    auto* plots = new QSplitter(Qt::Horizontal, this);
    plots->addWidget(titled(tr("Bubble durations"), histogram_, plots));
    plots->addWidget(titled(tr("Bubbles over time"), scatter_, plots));
    plots->setStretchFactor(0, 2);
    plots->setStretchFactor(1, 3);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(titled(tr("Busy and idle time"), summaryView_, right));
    right->addWidget(plots);
    QWidget* tableBox = titled(tr("Largest bubbles"), tableView_, right, showLargest_);
    tableTitle_ = tableBox->findChild<QLabel*>(QStringLiteral("title"));
    right->addWidget(tableBox);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 2);
    auto* body = new QSplitter(Qt::Horizontal, this);
    body->addWidget(titled(tr("Counted tracks"), tracks_, body));
    body->addWidget(right);
    body->setStretchFactor(0, 0);
    body->setStretchFactor(1, 1);
    body->setSizes({230, 1000});

    connect(tracks_, &QListWidget::itemChanged, this, &BubbleView::scheduleRecompute);
    // Selection, not the current index: focusing the table must not move the timeline.
    connect(tableView_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = tableView_->selectionModel()->selectedRows();
        if (rows.isEmpty()) return;
        const int row = tableProxy_->mapToSource(rows.first()).row();
        if (row >= 0 && row < table_->rowCount()) showBubble(table_->bubble(row).bubble);
    });
    connect(scatter_, &BubbleScatter::bubbleClicked, this, [this](int series, int index) {
        showBubble(scatter_->series()[static_cast<std::size_t>(series)].bubbles[static_cast<std::size_t>(index)]);
    });
    connect(histogram_, &BubbleHistogram::binClicked, this, &BubbleView::listBin);
    connect(showLargest_, &QToolButton::clicked, this, &BubbleView::showLargest);
    return body;
}

void BubbleView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    detailJob_->cancel();
    timeline_ = document ? document->timeline() : nullptr;
    snapshot_.reset();
    host_.reset();
    report_ = BubbleReport{};
    tracksFilled_ = false;
    tracks_->clear();
    if (timeline_ && zoom_->traceRange().startNs != timeline_->traceRange().startNs)
        zoom_->setTraceRange(timeline_->traceRange()); // standalone (no timeline view reset it)
    recompute();
}

void BubbleView::setMinBubbleNs(TimeNs minNs) {
    QSignalBlocker block(minBubble_); // only the user's own edits become the default
    minBubble_->setValue(static_cast<double>(minNs) / 1000.0);
    scheduleRecompute();
}

TimeNs BubbleView::minBubbleNs() const { return static_cast<TimeNs>(std::llround(minBubble_->value() * 1000.0)); }

void BubbleView::setPerTrack(bool perTrack) { mode_->setCurrentIndex(perTrack ? 1 : 0); }

void BubbleView::setVisibleRangeOnly(bool on) { visibleOnly_->setChecked(on); }

std::vector<std::int64_t> BubbleView::countedTracks() const {
    std::vector<std::int64_t> ids;
    for (int i = 0; i < tracks_->count(); ++i)
        if (tracks_->item(i)->checkState() == Qt::Checked) ids.push_back(tracks_->item(i)->data(Qt::UserRole).toLongLong());
    std::sort(ids.begin(), ids.end());
    return ids;
}

void BubbleView::setCountedTracks(const std::vector<std::int64_t>& trackIds) {
    QSignalBlocker block(tracks_);
    for (int i = 0; i < tracks_->count(); ++i) {
        const qint64 id = tracks_->item(i)->data(Qt::UserRole).toLongLong();
        const bool on = std::find(trackIds.begin(), trackIds.end(), id) != trackIds.end();
        tracks_->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    recompute();
}

void BubbleView::scheduleRecompute() {
    runner_->schedule();
}

void BubbleView::recompute() {
    if (!runner_->hasDocument()) return;
    BubbleOptions options;
    const RulesConfig rules = defaultRulesConfig(); // the same host patterns as the diagnosis
    options.patterns = rules.patterns;
    options.causeCoverage = rules.causeCoverage;
    options.minBubbleNs = minBubbleNs();
    options.largestFromDevices = !mode_->currentData().toBool();
    options.largestCount = 50;
    if (visibleOnly_->isChecked()) options.range = zoom_->visibleRange();
    if (tracksFilled_) {
        options.tracks.scope = TrackScope::Explicit;
        options.tracks.explicitTracks = countedTracks();
        options.tracks.fallBackToAll = false;
    }
    info_->setText(tr("Computing…"));
    histogram_->showComputing();
    scatter_->showComputing();
    runner_->run<Result>([options](TraceSession& session) { return computeJob(session, options); },
                         [this](Result r) { take(std::move(r)); });
}

void BubbleView::fillTrackList() {
    QSignalBlocker block(tracks_);
    tracks_->clear();
    const std::set<std::int64_t> counted(report_.computeTracks.begin(), report_.computeTracks.end());
    std::vector<std::int64_t> ids = snapshot_->catalog.sliceTracks();
    std::stable_sort(ids.begin(), ids.end(), [&](std::int64_t a, std::int64_t b) { return counted.count(a) > counted.count(b); });
    // Each item made whole before the list holds it: a held item's every set call tells the view (a trace
    // of 48,000 host tracks spent most of this list's time in those notices).
    for (std::int64_t id : ids) {
        auto* item = new QListWidgetItem(trackLabel(id));
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(counted.count(id) ? Qt::Checked : Qt::Unchecked);
        item->setData(Qt::UserRole, static_cast<qlonglong>(id));
        item->setToolTip(item->text());
        tracks_->addItem(item);
    }
    tracksFilled_ = true;
}

QString BubbleView::labelOf(const Bubble& b) const {
    if (!snapshot_) return {};
    return b.trackId != 0 ? trackLabel(b.trackId) : QString::fromStdString(snapshot_->catalog.deviceLabel(b.deviceKey));
}

// The lane's name as the timeline and Details write it ("Ascend Hardware / NPU 0 · Stream 2"), not the store's.
QString BubbleView::trackLabel(std::int64_t trackId) const {
    const QString stored = snapshot_ ? QString::fromStdString(snapshot_->catalog.label(trackId)) : QString();
    return timeline_ ? qualifiedLaneTitle(*timeline_, trackId, stored) : stored;
}

void BubbleView::take(Result r) {
    if (r.error) {
        info_->setText(AnalysisRunner::failureText(tr("Could not compute the bubbles: %1"), r.error));
        emit computed();
        return;
    }
    snapshot_ = r.snapshot;
    host_ = r.host;
    report_ = std::move(r.report);
    options_ = std::move(r.options);
    for (BubbleSummary& s : report_.tracks) s.label = trackLabel(s.trackId).toStdString();
    if (!tracksFilled_) fillTrackList();
    summary_->resetData(report_, idleByTrack(r.idle));
    summaryView_->resizeColumnsToContents();
    const bool perTrack = !options_.largestFromDevices;
    const std::vector<Bubble>& bubbles = perTrack ? report_.trackBubbles : report_.deviceBubbles;
    histogram_->setData(perTrack ? report_.trackHistogram : report_.deviceHistogram, bubbles, options_.binsPerDecade);
    std::vector<BubbleSeries> series;
    for (const Bubble& b : bubbles) {
        if (series.empty() || series.back().bubbles.front().trackId != b.trackId ||
            series.back().bubbles.front().deviceKey != b.deviceKey)
            series.push_back({labelOf(b), {}});
        series.back().bubbles.push_back(b);
    }
    const TimeNs origin = timeline_ ? timeline_->traceRange().startNs : snapshot_->traceRange.startNs;
    scatter_->setSeries(std::move(series), origin);
    showLargest();
    QLocale locale;
    QString text = report_.computeTracks.empty()
                       ? tr("No counted track: check at least one on the left.")
                       : tr("%1 bubbles, %2 idle in bubbles, on %n counted track(s)", nullptr,
                            static_cast<int>(report_.computeTracks.size()))
                             .arg(locale.toString(static_cast<qlonglong>(bubbles.size())))
                             .arg(formatDuration([&] {
                                 TimeNs total = 0;
                                 for (const Bubble& b : bubbles) total += b.durNs;
                                 return total;
                             }()));
    if (!report_.hasHostTracks) text += tr(" (no host tracks: causes unknown)");
    if (report_.fellBackToAll) text += tr(" (no compute track marked: all tracks counted)");
    info_->setText(text);
    emit computed();
}

void BubbleView::fillTable(std::vector<BubbleDetail> rows) {
    QStringList labels;
    for (const BubbleDetail& d : rows) labels << labelOf(d.bubble);
    const TimeNs origin = timeline_ ? timeline_->traceRange().startNs : (snapshot_ ? snapshot_->traceRange.startNs : 0);
    QSignalBlocker block(tableView_->selectionModel()); // a new list does not move the timeline
    table_->resetData(std::move(rows), std::move(labels), origin);
    tableView_->resizeColumnsToContents();
    for (int c : {BubbleTableModel::BeforeColumn, BubbleTableModel::AfterColumn, BubbleTableModel::WhereColumn})
        tableView_->setColumnWidth(c, std::min(tableView_->columnWidth(c), 260));
}

void BubbleView::showLargest() {
    detailJob_->cancel();
    showLargest_->setVisible(false);
    tableTitle_->setText(options_.largestFromDevices ? tr("Largest bubbles (per device)") : tr("Largest bubbles (per track)"));
    fillTable(report_.largest);
    tableView_->sortByColumn(BubbleTableModel::DurationColumn, Qt::DescendingOrder);
}

void BubbleView::listBin(int bin) {
    const std::vector<HistogramBin>& bins = histogram_->bins();
    if (!snapshot_ || !host_ || bin < 0 || bin >= static_cast<int>(bins.size())) return;
    const HistogramBin b = bins[static_cast<std::size_t>(bin)];
    const bool perTrack = !options_.largestFromDevices;
    std::vector<Bubble> inBin;
    for (const Bubble& x : perTrack ? report_.trackBubbles : report_.deviceBubbles)
        if (x.durNs >= b.lowNs && (b.highNs < 0 || x.durNs < b.highNs)) inBin.push_back(x);
    const QString range = b.lowNs <= 0 ? tr("below %1").arg(formatDuration(b.highNs))
                          : b.highNs < 0 ? tr("of %1 and longer").arg(formatDuration(b.lowNs))
                                         : tr("of %1 – %2").arg(formatDuration(b.lowNs), formatDuration(b.highNs));
    const QString title = inBin.size() > kMaxListedBubbles
                              ? tr("Bubbles %1 (the %2 longest of %3)").arg(range).arg(kMaxListedBubbles).arg(inBin.size())
                              : tr("Bubbles %1 (%2)").arg(range).arg(inBin.size());
    tableTitle_->setText(tr("%1 — computing…").arg(title));
    showLargest_->setVisible(true);
    auto snap = snapshot_;
    auto host = host_;
    const BubbleOptions options = options_;
    const std::vector<std::int64_t> compute = report_.computeTracks;
    detailJob_->start<DetailResult>(
        [snap, host, options, compute, inBin = std::move(inBin), names = report_.waitNames, title](AsyncJob::CancelFlag) mutable {
            return DetailResult{detailsOf(*snap, *host, options, compute, std::move(inBin), std::move(names)), title};
        },
        [this](DetailResult r) { takeDetails(std::move(r)); });
}

void BubbleView::takeDetails(DetailResult r) {
    tableTitle_->setText(r.title);
    fillTable(std::move(r.rows));
    tableView_->sortByColumn(BubbleTableModel::StartColumn, Qt::AscendingOrder);
}

void BubbleView::showBubble(const Bubble& bubble) {
    zoomToInterval(*zoom_, bubble.startNs, bubble.endNs());
    zoom_->setSelection({bubble.startNs, bubble.endNs()});
    emit bubbleShown(bubble.startNs, bubble.endNs(), bubble.trackId);
}

bool BubbleView::waitForLoaded(int timeoutMs) {
    return runner_->waitForLoaded(timeoutMs);
}

} // namespace opscope
