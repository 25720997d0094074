// The communication view: the communication matrix (source rank × destination rank heatmap of
// bandwidth, size or time, with the transport types), the per-rank communication table with the
// 0.2 ratio guidance, packet sizes per link type, and the slow rank and slow links the rules name.
#pragma once
#include "core/analysis/communication/communication_analysis.h"

#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QTableView;

namespace opscope {

class TraceDocument;

class CommunicationRanksModel;
class RankGridPlot;
class TimelineData;
class ZoomControl;

class CommunicationView : public QWidget {
    Q_OBJECT
public:
    explicit CommunicationView(ZoomControl* zoom, QWidget* parent = nullptr);
    void setStore(const std::string& storePath, std::shared_ptr<const TimelineData> timeline);
    // The opened trace's document: this view still reads its tables through its own read-only connection
    // to the document's store (tests/layering/known_violations.txt), not yet through the session.
    void setDocument(TraceDocument* document);
    void setReport(CommunicationReport report, std::vector<SlowLink> slowLinks);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    RankGridPlot* plot() const { return plot_; }
    CommunicationRanksModel* model() const { return model_; }
    QLabel* notesLabel() const { return notes_; }

private:
    void showMatrix();
    QComboBox* measure_;
    RankGridPlot* plot_;
    QTableView* table_;
    CommunicationRanksModel* model_;
    QLabel* notes_;
    std::vector<SlowLink> slowLinks_;
};

} // namespace opscope
