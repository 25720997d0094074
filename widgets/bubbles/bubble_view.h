// The bubble view: idle gaps of the compute tracks (or of each device's union), as a summary table, a
// log-binned duration histogram, a start-vs-duration scatter and a table of the largest bubbles with
// their neighbours, overlapping host work and likely cause. The counted tracks and the minimum bubble
// are the user's; every bubble, point or bin leads to the timeline. Computed off the GUI thread.
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class QToolButton;

namespace opscope {

class AnalysisRunner;
class AsyncJob;
class BubbleHistogram;
class BubbleScatter;
class BubbleSummaryModel;
class BubbleTableModel;
class TraceDocument;
class ZoomControl;

class BubbleView : public QWidget {
    Q_OBJECT
public:
    struct Result;       // a finished analysis (defined with the worker)
    struct DetailResult; // the rows of a histogram bin

    explicit BubbleView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~BubbleView() override;

    // The trace to show (null: none); what was computed for the previous one is dropped.
    void setDocument(TraceDocument* document);
    void recompute();
    // Runs a pending recomputation now and waits for the results (screenshots and tests); false on timeout.
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);
    // Programmatic: not saved as the default (edits in the spin box are).
    void setMinBubbleNs(TimeNs minNs);
    TimeNs minBubbleNs() const;
    void setPerTrack(bool perTrack);
    // Only the timeline's visible range is analysed, following its zoom.
    void setVisibleRangeOnly(bool on);
    // Store ids of the tracks counted as compute (the checked ones).
    std::vector<std::int64_t> countedTracks() const;
    void setCountedTracks(const std::vector<std::int64_t>& trackIds);

    const BubbleReport& report() const { return report_; }
    BubbleSummaryModel* summaryModel() const { return summary_; }
    BubbleTableModel* tableModel() const { return table_; }
    QSortFilterProxyModel* tableProxy() const { return tableProxy_; }
    QTableView* tableView() const { return tableView_; }
    QListWidget* trackList() const { return tracks_; }
    QDoubleSpinBox* minBubbleBox() const { return minBubble_; }
    BubbleHistogram* histogram() const { return histogram_; }
    BubbleScatter* scatter() const { return scatter_; }

    // Frames a bubble on the timeline (and marks it as the selection).
    void showBubble(const Bubble& bubble);
    // Lists the bubbles of a histogram bin in the table (computed on the worker).
    void listBin(int bin);
    void showLargest();

signals:
    void computed();
    void bubbleShown(qint64 startNs, qint64 endNs, qint64 trackId);

private:
    void take(Result result);
    void takeDetails(DetailResult result);
    void fillTrackList();
    void fillTable(std::vector<BubbleDetail> rows);
    void scheduleRecompute();
    QString labelOf(const Bubble& b) const;
    QString trackLabel(std::int64_t trackId) const;
    QWidget* buildToolbar();
    QWidget* buildBody();

    ZoomControl* zoom_;
    std::shared_ptr<const TimelineData> timeline_;
    std::shared_ptr<const StoreSnapshot> snapshot_;
    std::shared_ptr<const HostActivity> host_; // built for the counted tracks of report_
    AnalysisRunner* runner_; // debounce, job, cancel, over the document's session
    AsyncJob* detailJob_;     // the rows of a histogram bin, from the result's snapshot (no query)
    BubbleReport report_;
    BubbleOptions options_; // of report_
    BubbleSummaryModel* summary_;
    BubbleTableModel* table_;
    QSortFilterProxyModel* tableProxy_;
    QTableView *summaryView_, *tableView_;
    QListWidget* tracks_;
    BubbleHistogram* histogram_;
    BubbleScatter* scatter_;
    QComboBox* mode_;
    QCheckBox* visibleOnly_;
    QDoubleSpinBox* minBubble_;
    QLabel *info_, *tableTitle_;
    QToolButton* showLargest_;
    bool tracksFilled_ = false;
};

} // namespace opscope
