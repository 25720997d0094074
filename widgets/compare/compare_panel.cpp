#include "widgets/compare/compare_panel.h"

#include "core/session/cancel_scope.h"
#include "core/session/trace_session.h"
#include "widgets/common/analysis_runner.h"
#include "widgets/common/async_job.h"
#include "widgets/common/csv_export.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/time_format.h"
#include "widgets/compare/aligned_timelines.h"
#include "widgets/compare/host_operator_diff_tab.h"
#include "widgets/compare/comparison_models.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

QSortFilterProxyModel* makeProxy(QAbstractItemModel* source, int sortRole, QObject* parent) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QTableView* makeTable(QSortFilterProxyModel* proxy, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setModel(proxy);
    // Until the user sorts, rows keep the comparison's order (largest change first).
    table->horizontalHeader()->setSortIndicator(-1, Qt::DescendingOrder);
    table->setSortingEnabled(true);
    table->setAlternatingRowColors(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setVisible(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), verdict_(new QLabel(this)), thresholdBox_(new QDoubleSpinBox(this)),
      tabs_(new QTabWidget(this)), operatorModel_(new OperatorDiffModel(this)), summaryModel_(new ComparisonSummaryModel(this)),
      operatorProxy_(makeProxy(operatorModel_, OperatorDiffModel::SortRole, this)),
      summaryProxy_(makeProxy(summaryModel_, ComparisonSummaryModel::SortRole, this)), timelines_(new AlignedTimelines(this)),
      hostOperators_(new HostOperatorDiffTab(this)) {
    baseStep_ = new QComboBox(this);
    newStep_ = new QComboBox(this);
    stepLabel_ = new QLabel(tr("Steps:"), this);
    stepJob_ = new AsyncJob(this);
    baseStep_->setObjectName(QStringLiteral("compareBaseStep"));
    newStep_->setObjectName(QStringLiteral("compareNewStep"));
    baseStep_->setToolTip(tr("The base trace's ProfilerStep: the work it launched, as compare --step N:M"));
    newStep_->setToolTip(tr("The new trace's ProfilerStep: the work it launched, as compare --step N:M"));
    operatorProxy_->setFilterKeyColumn(OperatorDiffModel::NameColumn);
    thresholdBox_->setRange(0, 1000);
    thresholdBox_->setDecimals(1);
    thresholdBox_->setSuffix(QStringLiteral("%"));
    thresholdBox_->setValue(5.0);
    thresholdBox_->setToolTip(tr("A time regresses when it grows by more than this"));
    // One line whatever the names: the whole list is in the tooltip and the table below.
    verdict_->setWordWrap(false);
    verdict_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    verdict_->setTextFormat(Qt::RichText);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* top = new QHBoxLayout;
    top->addWidget(title_, 1);
    top->addWidget(stepLabel_);
    top->addWidget(baseStep_);
    top->addWidget(newStep_);
    top->addWidget(new QLabel(tr("Threshold:"), this));
    top->addWidget(thresholdBox_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(verdict_);
    layout->addWidget(tabs_, 1);
    tabs_->addTab(buildDifferencesPage(), tr("Differences"));
    tabs_->addTab(timelines_, tr("Timelines"));
    tabs_->addTab(hostOperators_, tr("Host operators")); // HTA's trace diff, host side
    timelines_->setMinimumHeight(360); // two lanes of each trace at least
    connect(thresholdBox_, &QDoubleSpinBox::valueChanged, this, [this] { recompute(); });
    for (QComboBox* box : {baseStep_, newStep_})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { loadSteps(); });
    fillStepBoxes();
}

void ComparePanel::fillStepBoxes() {
    const bool available = inputs_.baseSession && inputs_.newSession && (!inputs_.baseSteps.empty() || !inputs_.newSteps.empty());
    for (auto [box, steps] : {std::pair{baseStep_, &inputs_.baseSteps}, std::pair{newStep_, &inputs_.newSteps}}) {
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(box == baseStep_ ? tr("Base: whole trace") : tr("New: whole trace"), QVariant::fromValue<qint64>(-1));
        for (std::int64_t n : *steps)
            box->addItem((box == baseStep_ ? tr("Base: step %1") : tr("New: step %1")).arg(n), QVariant::fromValue<qint64>(n));
        box->setVisible(available);
    }
    stepLabel_->setVisible(available);
}

void ComparePanel::setSteps(std::int64_t baseStep, std::int64_t newStep) {
    {
        const QSignalBlocker blockBase(baseStep_), blockNew(newStep_);
        baseStep_->setCurrentIndex(std::max(0, baseStep_->findData(QVariant::fromValue<qint64>(baseStep))));
        newStep_->setCurrentIndex(std::max(0, newStep_->findData(QVariant::fromValue<qint64>(newStep))));
    }
    loadSteps();
}

bool ComparePanel::waitForSteps(int timeoutMs) { return waitForAsyncJobs(timeoutMs); }

// The same core call as `compare --step N:M`: TraceSession::baseline with BaselineOptions::step, per side.
void ComparePanel::loadSteps() {
    std::shared_ptr<TraceSession> base = inputs_.baseSession, current = inputs_.newSession;
    if (!base || !current) return;
    const std::int64_t baseStep = baseStep_->currentData().toLongLong(), newStep = newStep_->currentData().toLongLong();
    // Only a side whose step changed is computed again: the other keeps the aggregates it has.
    const bool baseChanged = inputs_.base.step != baseStep, newChanged = inputs_.current.step != newStep;
    if (!baseChanged && !newChanged) return;
    struct StepAggregates {
        BaselineAggregates base, current;
        Error error;
        bool ok = false;
    };
    using Ptr = std::shared_ptr<StepAggregates>;
    stepJob_->start<Ptr>(
        [base, current, baseStep, newStep, baseChanged, newChanged](AsyncJob::CancelFlag cancel) {
            CancelScope scope(cancel.get());
            auto r = std::make_shared<StepAggregates>();
            BaselineOptions baseOptions, newOptions;
            baseOptions.step = baseStep;
            newOptions.step = newStep;
            r->ok = (!baseChanged || base->baseline(baseOptions, &r->base, &r->error)) &&
                    (!newChanged || current->baseline(newOptions, &r->current, &r->error));
            return r;
        },
        [this, baseChanged, newChanged](Ptr r) {
            if (!r->ok) {
                verdict_->setText(AnalysisRunner::failureText(tr("Could not compare the chosen steps: %1"), r->error).toHtmlEscaped());
                return;
            }
            if (baseChanged) inputs_.base = std::move(r->base);
            if (newChanged) inputs_.current = std::move(r->current);
            recompute();
        });
}

QWidget* ComparePanel::buildDifferencesPage() {
    auto* page = new QWidget(this);
    summaryTable_ = makeTable(summaryProxy_, page);
    operatorTable_ = makeTable(operatorProxy_, page);
    summaryTable_->setObjectName(QStringLiteral("compareSummaryTable"));
    operatorTable_->setObjectName(QStringLiteral("compareOperatorTable"));
    filter_ = new QLineEdit(page);
    filter_->setPlaceholderText(tr("Filter operators"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, this, &ComparePanel::setOperatorFilter);
    auto* exportSummary = new QPushButton(tr("Export Summary CSV…"), page);
    auto* exportOperators = new QPushButton(tr("Export Operators CSV…"), page);
    connect(exportSummary, &QPushButton::clicked, this, [this] { exportDialog(false); });
    connect(exportOperators, &QPushButton::clicked, this, [this] { exportDialog(true); });
    auto* bar = new QHBoxLayout;
    bar->addWidget(filter_, 1);
    bar->addWidget(exportSummary);
    bar->addWidget(exportOperators);
    operatorTable_->setTextElideMode(Qt::ElideMiddle); // template-heavy kernel names differ at both ends
    operatorTable_->setWordWrap(false);
    operatorTable_->setSelectionMode(QAbstractItemView::SingleSelection);
    details_ = new QTextBrowser(page);
    details_->setObjectName(QStringLiteral("compareOperatorDetails"));
    details_->setPlaceholderText(tr("Select an operator to see its full name and figures."));
    connect(operatorTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showOperatorDetails(current); });
    auto* tableAndDetails = new QSplitter(Qt::Horizontal, page);
    tableAndDetails->addWidget(operatorTable_);
    tableAndDetails->addWidget(details_);
    tableAndDetails->setStretchFactor(0, 4);
    tableAndDetails->setStretchFactor(1, 1);
    auto* operators = new QWidget(page);
    auto* opsLayout = new QVBoxLayout(operators);
    opsLayout->setContentsMargins(0, 0, 0, 0);
    opsLayout->addLayout(bar);
    opsLayout->addWidget(tableAndDetails, 1);
    // The summary is a few rows: the operator table takes the space.
    auto* splitter = new QSplitter(Qt::Vertical, page);
    splitter->addWidget(summaryTable_);
    splitter->addWidget(operators);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    return page;
}

void ComparePanel::setInputs(CompareInputs inputs) {
    inputs_ = std::move(inputs);
    title_->setText(tr("<b>Base</b> %1 &nbsp; <b>New</b> %2").arg(inputs_.baseLabel.toHtmlEscaped(), inputs_.newLabel.toHtmlEscaped()));
    timelines_->setData(inputs_.baseTimeline, inputs_.newTimeline, inputs_.baseLabel, inputs_.newLabel);
    fillStepBoxes();
    recompute();
}

void ComparePanel::setThreshold(double share) { thresholdBox_->setValue(share * 100.0); }

double ComparePanel::threshold() const { return thresholdBox_->value() / 100.0; }

void ComparePanel::setOperatorFilter(const QString& text) {
    if (filter_ && filter_->text() != text) filter_->setText(text);
    operatorProxy_->setFilterFixedString(text);
}

void ComparePanel::recompute() {
    CompareOptions options;
    options.threshold = threshold();
    options.gateFindings = inputs_.base.hasFindings && inputs_.current.hasFindings;
    result_ = compareBaselines(inputs_.base, inputs_.current, options);
    operatorModel_->resetData(result_.operators);
    hostOperators_->setDiff(result_.hostOperators);
    summaryModel_->resetData(result_);
    for (QTableView* table : {summaryTable_, operatorTable_}) {
        table->resizeColumnsToContents();
        table->setColumnWidth(1, std::min(table->columnWidth(1), 360)); // names: wide, not unbounded
    }
    operatorTable_->setColumnWidth(OperatorDiffModel::NameColumn,
                                   std::min(operatorTable_->columnWidth(OperatorDiffModel::NameColumn), 420));
    const QString percent = QString::number(options.threshold * 100.0, 'f', 1);
    if (result_.regressed()) {
        QStringList lines;
        for (const Regression& r : result_.regressions) lines << regressionSentence(r);
        // The regression that adds the most time, its subject shortened in the middle; all of them in the tooltip.
        Regression first = *std::max_element(result_.regressions.begin(), result_.regressions.end(),
                                             [](const Regression& a, const Regression& b) {
                                                 auto added = [](const Regression& r) { return r.unit == "ns" ? r.current - r.base : 0.0; };
                                                 return added(a) < added(b);
                                             });
        first.subject = elideMiddle(QString::fromStdString(first.subject), 70).toStdString();
        QString text = tr("<span style='color:#c62828'><b>%n regression(s) beyond %1%:</b></span> ", nullptr,
                          static_cast<int>(result_.regressions.size())).arg(percent) +
                       regressionSentence(first).toHtmlEscaped();
        if (lines.size() > 1) text += tr(" and %n more (hover for all)", nullptr, static_cast<int>(lines.size() - 1));
        verdict_->setText(text);
        verdict_->setToolTip(lines.join(QLatin1Char('\n')));
    } else {
        verdict_->setText(tr("<span style='color:#2e7d32'><b>No regression beyond %1%.</b></span>").arg(percent));
        verdict_->setToolTip(QString());
    }
    showOperatorDetails(operatorTable_->currentIndex());
    emit resultChanged(result_.regressed());
}

void ComparePanel::addSection(const QString& title, QWidget* section) { tabs_->addTab(section, title); }

QString ComparePanel::elideMiddle(const QString& text, int maxChars) {
    if (text.size() <= maxChars || maxChars < 3) return text;
    const int keep = maxChars - 1;
    return text.left((keep + 1) / 2) + QChar(0x2026) + text.right(keep / 2);
}

void ComparePanel::showOperatorDetails(const QModelIndex& proxyIndex) {
    if (!proxyIndex.isValid()) {
        details_->clear();
        return;
    }
    const int row = operatorProxy_->mapToSource(proxyIndex).row();
    if (row < 0 || row >= static_cast<int>(result_.operators.size())) {
        details_->clear();
        return;
    }
    const OperatorDiff& d = result_.operators[static_cast<std::size_t>(row)];
    QString html = QStringLiteral("<p><b>%1</b></p><table cellspacing='4'>").arg(QString::fromStdString(d.name).toHtmlEscaped());
    auto line = [&html](const QString& label, const QString& base, const QString& current) {
        html += QStringLiteral("<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td></tr>").arg(label, base, current);
    };
    line(QString(), tr("Base"), tr("New"));
    line(tr("Executions"), QString::number(d.baseCount), QString::number(d.newCount));
    line(tr("Total"), formatDuration(d.baseTotalNs), formatDuration(d.newTotalNs));
    line(tr("Mean"), formatDuration(static_cast<TimeNs>(std::llround(d.baseMeanNs))),
         formatDuration(static_cast<TimeNs>(std::llround(d.newMeanNs))));
    html += QStringLiteral("</table><p>%1</p>").arg(tr("Change of the total: %1").arg(formatDuration(d.deltaTotalNs())));
    if (d.regressed()) html += QStringLiteral("<p style='color:#c62828'>%1</p>").arg(tr("Regressed beyond the threshold"));
    details_->setHtml(html);
}

bool ComparePanel::exportOperatorsCsv(const QString& path, QString* errorMessage) const {
    return exportViewToCsv(*operatorTable_, path, errorMessage);
}

bool ComparePanel::exportSummaryCsv(const QString& path, QString* errorMessage) const {
    return exportViewToCsv(*summaryTable_, path, errorMessage);
}

void ComparePanel::exportDialog(bool operators) {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export CSV"),
                                                      operators ? QStringLiteral("comparison_operators.csv")
                                                                : QStringLiteral("comparison_summary.csv"),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString message;
    if (!(operators ? exportOperatorsCsv(path, &message) : exportSummaryCsv(path, &message)))
        QMessageBox::warning(this, tr("Export failed"), message);
}

} // namespace opscope
