// The diagnosis view: runs the rules over the store off the GUI thread (device profile and rules file
// chosen by the user) and shows the findings panel, the roofline and the phase comparison as pages.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <string>

class QComboBox;
class QLabel;
class QTabWidget;
class QToolButton;

namespace opscope {

class AnalysisRunner;
class FindingsPanel;
class PhaseComparePlot;
class RooflinePlot;
class TraceDocument;
class ZoomControl;

class DiagnosisView : public QWidget {
    Q_OBJECT
public:
    enum class Page { Findings, Roofline, Phases };
    struct Result; // a finished run (defined with the worker)

    explicit DiagnosisView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~DiagnosisView() override;

    // The trace to diagnose (null: none).
    void setDocument(TraceDocument* document);
    void recompute();
    // Runs a pending recomputation now and waits for the results (screenshots and tests); false on timeout.
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);
    void setPage(Page page);
    // A built-in profile id ("ascend-910b"), or empty to detect one from the trace.
    Q_INVOKABLE bool setDevice(const QString& id);
    // Merges a rules file over the shipped rules; false (and the reason) when it cannot be read.
    bool setRulesFile(const QString& path, QString* errorMessage);
    // Reads a graph fusion pattern file (op_fusion_pass.yaml layout) for the rule ascend_graph_fusion
    // and runs the rules again; false (and the reason: file, line, what was expected) when it cannot.
    bool setFusionPatternsFile(const QString& path, QString* errorMessage);
    // Tests: answers the "Fusion patterns…" button instead of the file dialog (empty: cancelled).
    void setFilePickerForTests(std::function<QString()> picker) { filePicker_ = std::move(picker); }
    // The pattern file chosen with "Fusion patterns…" (null: none).
    const std::shared_ptr<const FusionPatternSet>& fusionPatterns() const { return fusionPatterns_; }
    // The rules file, device profile and fusion patterns the view runs with; the report export uses them.
    DiagnosisOptions currentOptions() const;
    QToolButton* fusionPatternsButton() const { return fusionButton_; }

    const DiagnosisReport& report() const { return report_; }
    FindingsPanel* findings() const { return findings_; }
    RooflinePlot* roofline() const { return roofline_; }
    PhaseComparePlot* phases() const { return phases_; }

signals:
    void computed();
    void slicesHighlighted(std::shared_ptr<const SliceSearchResult> slices, int current);
    void sliceActivated(qint64 sliceId);

private:
    void take(Result result);
    void loadRulesWithDialog();
    void loadFusionPatternsWithDialog();
    void operatorClicked(const QString& name);
    QWidget* buildToolbar();

    ZoomControl* zoom_;
    AnalysisRunner* runner_; // job, cancel, over the document's session
    std::shared_ptr<const TimelineData> timeline_;
    DiagnosisReport report_;
    RulesConfig rules_;
    QString rulesPath_;
    std::shared_ptr<const FusionPatternSet> fusionPatterns_;
    QString fusionPath_;
    std::function<QString()> filePicker_;
    QTabWidget* tabs_;
    FindingsPanel* findings_;
    RooflinePlot* roofline_;
    PhaseComparePlot* phases_;
    QComboBox* device_;
    QToolButton *rulesButton_, *fusionButton_, *rerun_;
    QLabel* info_;
};

} // namespace opscope
