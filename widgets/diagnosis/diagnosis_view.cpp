#include "widgets/diagnosis/diagnosis_view.h"

#include "core/analysis/roofline/device_profile.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/fusion_patterns.h"
#include "widgets/common/analysis_runner.h"
#include "widgets/common/error_text.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/diagnosis/findings_panel.h"
#include "widgets/diagnosis/phase_compare_plot.h"
#include "widgets/diagnosis/roofline_plot.h"
#include "widgets/diagnosis/findings_model.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace opscope {

struct DiagnosisView::Result {
    DiagnosisReport report;
    Error error;
};

namespace {

using Result = DiagnosisView::Result;

// Runs on the pool: the session's diagnosis (the device profile is detected there when none is chosen).
Result runJob(TraceSession& session, const DiagnosisOptions& options) {
    Result r;
    session.diagnosis(options, &r.report, &r.error);
    return r;
}

} // namespace

DiagnosisView::DiagnosisView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), runner_(new AnalysisRunner(0, [this] { recompute(); }, this)), rules_(defaultRulesConfig()), tabs_(new QTabWidget(this)),
      findings_(new FindingsPanel(zoom, this)), roofline_(new RooflinePlot(this)), phases_(new PhaseComparePlot(this)) {
    tabs_->addTab(findings_, tr("Findings"));
    tabs_->addTab(roofline_, tr("Roofline"));
    tabs_->addTab(phases_, tr("Phases"));
    tabs_->setDocumentMode(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildToolbar());
    layout->addWidget(tabs_, 1);
    findings_->setMessage(tr("No trace loaded."));
    roofline_->setData({}, tr("No trace loaded."));
    connect(findings_, &FindingsPanel::slicesHighlighted, this, &DiagnosisView::slicesHighlighted);
    connect(findings_, &FindingsPanel::sliceActivated, this, &DiagnosisView::sliceActivated);
    connect(roofline_, &RooflinePlot::operatorClicked, this, &DiagnosisView::operatorClicked);
    connect(phases_, &PhaseComparePlot::phaseClicked, this, [this](int index) {
        const PhaseRow& p = phases_->phases()[static_cast<std::size_t>(index)];
        zoomToInterval(*zoom_, p.startNs, p.endNs, 0.05);
    });
}

DiagnosisView::~DiagnosisView() = default;

QWidget* DiagnosisView::buildToolbar() {
    auto* bar = new QWidget(this);
    device_ = new QComboBox(bar);
    device_->addItem(tr("Detect from the trace"), QString());
    for (const DeviceProfile& p : builtinDeviceProfiles())
        device_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
    device_->setToolTip(tr("Device profile for the roofline and bandwidth rules (nominal peaks)"));
    rulesButton_ = new QToolButton(bar);
    rulesButton_->setText(tr("Rules file…"));
    rulesButton_->setToolTip(tr("Merge your own thresholds over the shipped rules (JSON, by rule id)"));
    fusionButton_ = new QToolButton(bar);
    fusionButton_->setText(tr("Fusion patterns…"));
    fusionButton_->setToolTip(tr("Graph fusion patterns (msprof-analyze's op_fusion_pass.yaml) to search in the "
                                 "trace's GE graph"));
    rerun_ = new QToolButton(bar);
    rerun_->setText(tr("Run again"));
    info_ = new QLabel(bar);
    info_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long texts must not widen the dock
    auto* indicator = runner_->makeIndicator(bar);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Device:"), bar));
    row->addWidget(device_);
    row->addWidget(rulesButton_);
    row->addWidget(fusionButton_);
    row->addWidget(rerun_);
    row->addSpacing(8);
    row->addWidget(info_, 1);
    row->addWidget(indicator);
    connect(device_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(rulesButton_, &QToolButton::clicked, this, &DiagnosisView::loadRulesWithDialog);
    connect(fusionButton_, &QToolButton::clicked, this, &DiagnosisView::loadFusionPatternsWithDialog);
    connect(rerun_, &QToolButton::clicked, this, &DiagnosisView::recompute);
    connect(indicator, &JobIndicator::cancelled, this, [this] { info_->setText(tr("Cancelled.")); });
    return bar;
}

void DiagnosisView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    timeline_ = document ? document->timeline() : nullptr;
    report_ = DiagnosisReport{};
    if (timeline_ && zoom_->traceRange().startNs != timeline_->traceRange().startNs)
        zoom_->setTraceRange(timeline_->traceRange()); // standalone (no timeline view reset it)
    recompute();
}

void DiagnosisView::setPage(Page page) { tabs_->setCurrentIndex(static_cast<int>(page)); }

bool DiagnosisView::setDevice(const QString& id) {
    const int index = device_->findData(id);
    if (index < 0) return false;
    device_->setCurrentIndex(index);
    return true;
}

bool DiagnosisView::setRulesFile(const QString& path, QString* errorMessage) {
    RulesConfig rules;
    Error error;
    if (!loadRulesFile(path.toStdString(), &rules, &error)) {
        if (errorMessage) *errorMessage = errorText(error);
        return false;
    }
    rules_ = std::move(rules);
    rulesPath_ = path;
    recompute();
    return true;
}

void DiagnosisView::loadRulesWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Diagnosis rules"), QString(), tr("JSON files (*.json)"));
    if (path.isEmpty()) return;
    QString message;
    if (!setRulesFile(path, &message)) QMessageBox::warning(this, tr("Cannot use the rules file"), message);
}

bool DiagnosisView::setFusionPatternsFile(const QString& path, QString* errorMessage) {
    auto patterns = std::make_shared<FusionPatternSet>();
    Error error;
    if (!loadFusionPatternFile(path.toStdString(), patterns.get(), &error)) {
        if (errorMessage) *errorMessage = errorText(error);
        return false;
    }
    fusionPatterns_ = std::move(patterns);
    fusionPath_ = path;
    recompute();
    return true;
}

void DiagnosisView::loadFusionPatternsWithDialog() {
    const QString path = filePicker_ ? filePicker_()
                                     : QFileDialog::getOpenFileName(this, tr("Graph fusion patterns"), QString(),
                                                                    tr("YAML files (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty()) return;
    QString message;
    if (!setFusionPatternsFile(path, &message)) QMessageBox::warning(this, tr("Cannot use the fusion pattern file"), message);
}

DiagnosisOptions DiagnosisView::currentOptions() const {
    DiagnosisOptions options;
    options.rules = rules_;
    options.fusionPatterns = fusionPatterns_;
    const std::string id = device_->currentData().toString().toStdString();
    if (!id.empty()) {
        const std::vector<DeviceProfile> profiles = builtinDeviceProfiles();
        if (const DeviceProfile* p = findDeviceProfile(profiles, id)) options.device = *p;
    }
    return options;
}

void DiagnosisView::recompute() {
    if (!runner_->hasDocument()) return;
    const DiagnosisOptions options = currentOptions();
    info_->setText(tr("Running the rules…"));
    findings_->setMessage(tr("Running the rules…"));
    runner_->run<Result>([options](TraceSession& session) { return runJob(session, options); },
                         [this](Result r) { take(std::move(r)); });
}

void DiagnosisView::take(Result r) {
    if (r.error) {
        const QString text = r.error.code == ErrorCode::Cancelled ? tr("Cancelled.") : errorText(r.error);
        info_->setText(r.error.code == ErrorCode::Cancelled ? text : tr("The diagnosis failed: %1").arg(text));
        findings_->setMessage(text);
        emit computed();
        return;
    }
    report_ = std::move(r.report);
    findings_->setFindings(report_.findings, report_.deviceTimeNs, timeline_);
    QString needs;
    for (const Finding& f : report_.findings)
        if (f.ruleId == "compute_density" && f.status == FindingStatus::MissingInput) needs = localized(f.needs);
    QStringList collect; // Ascend PMU data: which profiler setting brings the FLOPs or bytes
    for (const RooflineNeed& need : report_.roofline.needs)
        collect << (need.what == "flops" ? tr("FLOPs: collect %1") : tr("Bytes: collect %1"))
                       .arg(QString::fromStdString(need.collect));
    if (!collect.isEmpty() && report_.roofline.points.empty()) needs = collect.join(QLatin1Char('\n'));
    roofline_->setData(report_.roofline, needs.isEmpty() ? tr("No operator reports FLOPs and bytes")
                                                         : tr("No roofline data: %1").arg(needs));
    phases_->setPhases(report_.phases);
    QString text = report_.roofline.hasProfile
                       ? tr("Device profile: %1").arg(QString::fromStdString(report_.roofline.profile.name))
                       : tr("No device profile detected");
    if (!rulesPath_.isEmpty()) text += tr(" · rules: %1").arg(QFileInfo(rulesPath_).fileName());
    if (!fusionPath_.isEmpty()) text += tr(" · fusion patterns: %1").arg(QFileInfo(fusionPath_).fileName());
    if (!report_.unknownRules.empty()) text += tr(" · %n unknown rule(s) ignored", nullptr, static_cast<int>(report_.unknownRules.size()));
    if (report_.fellBackToAll) text += tr(" · no compute track marked: all tracks analysed");
    info_->setText(text);
    emit computed();
}

void DiagnosisView::operatorClicked(const QString& name) {
    if (!timeline_) return;
    // The roofline knows operators by name: every execution with that name is evidence.
    const std::string wanted = name.toStdString();
    std::vector<std::int64_t> ids;
    for (const TimelineSlice& s : timeline_->slices())
        if (timeline_->string(s.nameId) == wanted) ids.push_back(s.id);
    auto highlight = makeSliceHighlight(*timeline_, ids);
    if (highlight->matches.empty()) return;
    emit slicesHighlighted(highlight, 0);
    emit sliceActivated(highlight->matches.front().sliceId);
}

bool DiagnosisView::waitForLoaded(int timeoutMs) {
    return runner_->waitForLoaded(timeoutMs);
}

} // namespace opscope
