#include "widgets/diagnosis/findings_panel.h"

#include "widgets/common/slice_highlight.h"
#include "widgets/common/time_format.h"
#include "widgets/common/zoom_control.h"
#include "widgets/diagnosis/findings_model.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope {

namespace {
// Fired (0) and missing input (2) by default; passed (1) on request.
const QString kHidePassed = QStringLiteral("^(0|2)$");
} // namespace

FindingsPanel::FindingsPanel(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), model_(new FindingsModel(this)), proxy_(new QSortFilterProxyModel(this)),
      table_(new QTableView(this)), details_(new QTextBrowser(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FindingsModel::SortRole);
    proxy_->setFilterRole(FindingsModel::StatusRole);
    proxy_->setFilterKeyColumn(FindingsModel::SeverityColumn);
    proxy_->setFilterRegularExpression(kHidePassed);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->horizontalHeader()->setSectionResizeMode(FindingsModel::MeasuredColumn, QHeaderView::Stretch);
    details_->setOpenLinks(false);
    details_->setReadOnly(true);

    buildLayout();
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &FindingsPanel::findingSelected);
    connect(showPassed_, &QCheckBox::toggled, this, &FindingsPanel::setShowPassed);
    connect(prev_, &QToolButton::clicked, this, [this] { stepRange(false); });
    connect(next_, &QToolButton::clicked, this, [this] { stepRange(true); });
    connect(details_, &QTextBrowser::anchorClicked, this, &FindingsPanel::linkClicked);
    updateDetails();
    updateStepper();
}

void FindingsPanel::buildLayout() {
    showPassed_ = new QCheckBox(tr("Show passed rules"), this);
    summary_ = new QLabel(this);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    prev_ = new QToolButton(this);
    prev_->setText(tr("◀"));
    prev_->setToolTip(tr("Previous evidence range"));
    next_ = new QToolButton(this);
    next_->setText(tr("▶"));
    next_->setToolTip(tr("Next evidence range"));
    rangeLabel_ = new QLabel(this);

    auto* left = new QWidget(this);
    auto* leftHead = new QHBoxLayout;
    leftHead->addWidget(summary_, 1);
    leftHead->addWidget(showPassed_);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(leftHead);
    leftLayout->addWidget(table_, 1);
    auto* right = new QWidget(this);
    auto* stepper = new QHBoxLayout;
    stepper->addWidget(new QLabel(tr("Evidence:"), right));
    stepper->addWidget(prev_);
    stepper->addWidget(rangeLabel_, 1);
    stepper->addWidget(next_);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(stepper);
    rightLayout->addWidget(details_, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

}

void FindingsPanel::setShowPassed(bool show) {
    if (showPassed_->isChecked() != show) showPassed_->setChecked(show);
    proxy_->setFilterRegularExpression(show ? QString() : kHidePassed);
}

void FindingsPanel::setMessage(const QString& text) {
    message_ = text;
    updateDetails();
}

void FindingsPanel::setFindings(std::vector<Finding> findings, TimeNs deviceTimeNs,
                                std::shared_ptr<const TimelineData> timeline) {
    timeline_ = std::move(timeline);
    deviceTimeNs_ = deviceTimeNs;
    selected_ = -1;
    range_ = -1;
    int fired = 0, missing = 0;
    for (const Finding& f : findings) {
        fired += f.status == FindingStatus::Fired;
        missing += f.status == FindingStatus::MissingInput;
    }
    summary_->setText(tr("%1 findings, %2 rules not evaluated (inputs missing), over %3 of device time")
                          .arg(fired).arg(missing).arg(formatDuration(deviceTimeNs)));
    model_->resetData(std::move(findings));
    table_->sortByColumn(-1, Qt::AscendingOrder); // the engine's order: time at stake
    proxy_->sort(-1);
    table_->resizeColumnsToContents();
    table_->setColumnWidth(FindingsModel::TitleColumn, std::min(table_->columnWidth(FindingsModel::TitleColumn), 360));
    message_ = model_->rowCount() == 0 ? tr("No rule ran.") : tr("Select a finding to see its evidence.");
    // The top finding is described at once; the timeline moves only when the user picks one.
    if (model_->rowCount() > 0 && model_->finding(0).status == FindingStatus::Fired) {
        quiet_ = true;
        selectFinding(0);
        quiet_ = false;
    }
    updateDetails();
    updateStepper();
}

void FindingsPanel::selectFinding(int modelRow) {
    const QModelIndex index = proxy_->mapFromSource(model_->index(modelRow, 0));
    if (!index.isValid()) return;
    table_->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
}

void FindingsPanel::findingSelected() {
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    selected_ = rows.isEmpty() ? -1 : proxy_->mapToSource(rows.first()).row();
    range_ = -1;
    updateDetails();
    updateStepper();
    if (selected_ < 0 || quiet_) return;
    const Finding& f = model_->finding(selected_);
    std::vector<std::int64_t> ids;
    for (const EvidenceOperator& op : f.operators) ids.insert(ids.end(), op.sliceIds.begin(), op.sliceIds.end());
    if (timeline_ && !ids.empty()) emit slicesHighlighted(makeSliceHighlight(*timeline_, ids), -1);
    if (!f.ranges.empty()) goToRange(0);
    else if (!f.operators.empty()) showOperator(0);
}

void FindingsPanel::stepRange(bool forward) {
    if (selected_ < 0) return;
    const int n = static_cast<int>(model_->finding(selected_).ranges.size());
    if (n == 0) return;
    goToRange(range_ < 0 ? (forward ? 0 : n - 1) : (range_ + (forward ? 1 : n - 1)) % n);
}

void FindingsPanel::goToRange(int index) {
    const Finding& f = model_->finding(selected_);
    if (index < 0 || index >= static_cast<int>(f.ranges.size())) return;
    range_ = index;
    const EvidenceRange& r = f.ranges[static_cast<std::size_t>(index)];
    zoomToInterval(*zoom_, r.startNs, std::max(r.endNs, r.startNs + 1), 0.1);
    zoom_->setSelection({r.startNs, std::max(r.endNs, r.startNs + 1)});
    updateStepper();
}

void FindingsPanel::showOperator(int operatorIndex) {
    if (selected_ < 0) return;
    const Finding& f = model_->finding(selected_);
    if (operatorIndex < 0 || operatorIndex >= static_cast<int>(f.operators.size())) return;
    const EvidenceOperator& op = f.operators[static_cast<std::size_t>(operatorIndex)];
    if (!timeline_ || op.sliceIds.empty()) return;
    auto highlight = makeSliceHighlight(*timeline_, op.sliceIds);
    if (highlight->matches.empty()) return;
    const SliceMatch& first = highlight->matches.front();
    centreOnSlice(*zoom_, first.tsNs, first.durNs);
    emit slicesHighlighted(highlight, 0);
    emit sliceActivated(first.sliceId);
}

void FindingsPanel::linkClicked(const QUrl& url) {
    const QString target = url.toString();
    if (target.startsWith(QLatin1String("range:"))) goToRange(target.mid(6).toInt());
    else if (target.startsWith(QLatin1String("op:"))) showOperator(target.mid(3).toInt());
}

void FindingsPanel::updateStepper() {
    const int n = selected_ >= 0 ? static_cast<int>(model_->finding(selected_).ranges.size()) : 0;
    prev_->setEnabled(n > 0);
    next_->setEnabled(n > 0);
    if (n == 0) {
        rangeLabel_->setText(selected_ >= 0 ? tr("no time ranges") : QString());
        return;
    }
    if (range_ < 0) {
        rangeLabel_->setText(tr("%n range(s)", nullptr, n));
        return;
    }
    const EvidenceRange& r = model_->finding(selected_).ranges[static_cast<std::size_t>(range_)];
    rangeLabel_->setText(tr("Range %1 of %2: %3 (%4)")
                             .arg(range_ + 1)
                             .arg(n)
                             .arg(QString::fromStdString(r.label), formatDuration(r.endNs - r.startNs)));
}

void FindingsPanel::updateDetails() {
    if (selected_ < 0) {
        details_->setHtml(QStringLiteral("<p style='color:gray'>%1</p>").arg(message_.toHtmlEscaped()));
        return;
    }
    details_->setHtml(detailsHtml(model_->finding(selected_)));
}

QString FindingsPanel::detailsHtml(const Finding& f) const {
    const TimeNs origin = timeline_ ? timeline_->traceRange().startNs : zoom_->traceRange().startNs;
    QString html = QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(localized(f.title).toHtmlEscaped());
    const QString colour = severityColour(f).name();
    if (f.status == FindingStatus::MissingInput) {
        html += tr("<p><b style='color:%1'>Not evaluated</b>: %2.</p>").arg(colour, localized(f.needs).toHtmlEscaped());
        if (!f.detail.empty()) html += QStringLiteral("<p>%1</p>").arg(QString::fromStdString(f.detail).toHtmlEscaped());
        return html;
    }
    if (f.status == FindingStatus::Fired)
        html += tr("<p><b style='color:%1'>%2</b> · %3 at stake (%4% of %5 device time)</p>")
                    .arg(colour, severityLabel(f), formatDuration(f.timeAtStakeNs))
                    .arg(f.timeShare * 100.0, 0, 'f', 1)
                    .arg(formatDuration(deviceTimeNs_));
    else html += tr("<p><b style='color:%1'>Passed</b></p>").arg(colour);
    html += tr("<p><b>Measured</b> %1 — fires when %2 %3</p>")
                .arg(localizedFindingValue(f.measured, f.unit), QString::fromStdString(f.comparison).toHtmlEscaped(),
                     localizedFindingValue(f.threshold, f.unit));
    if (!f.detail.empty()) html += QStringLiteral("<p>%1</p>").arg(QString::fromStdString(f.detail).toHtmlEscaped());
    if (f.status == FindingStatus::Fired)
        html += tr("<p><b>Suggestion</b> %1</p>").arg(localized(f.suggestion).toHtmlEscaped());
    if (!f.ranges.empty()) {
        html += tr("<p><b>Time ranges</b></p><ul style='margin-top:0'>");
        for (std::size_t i = 0; i < f.ranges.size(); ++i) {
            const EvidenceRange& r = f.ranges[i];
            html += QStringLiteral("<li><a href='range:%1'>%2</a> — %3 · %4</li>") // duration · start
                        .arg(i)
                        .arg(QString::fromStdString(r.label).toHtmlEscaped(), formatDuration(r.endNs - r.startNs),
                             formatTimeOffset(r.startNs - origin, 1000));
        }
        html += QStringLiteral("</ul>");
    }
    if (!f.operators.empty()) {
        html += tr("<p><b>Operators</b></p><ul style='margin-top:0'>");
        for (std::size_t i = 0; i < f.operators.size(); ++i) {
            const EvidenceOperator& op = f.operators[i];
            const QString name = QString::fromStdString(op.name).toHtmlEscaped();
            const QString link = op.sliceIds.empty() ? name : QStringLiteral("<a href='op:%1'>%2</a>").arg(i).arg(name);
            html += tr("<li>%1 — %2, %3 in %n execution(s)</li>", nullptr, static_cast<int>(op.count))
                        .arg(link, localizedFindingValue(op.value, f.unit), formatDuration(op.totalNs));
        }
        html += QStringLiteral("</ul>");
    }
    return html;
}

} // namespace opscope
