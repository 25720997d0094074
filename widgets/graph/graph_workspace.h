// The graph tab: a toolbar (search by name, colour-by measure, layout direction, scope collapse, fit,
// export), the GraphView, and the CounterCurvesPanel of the clicked node. Loads and lays out on a
// worker; a click on a node lists its executions (for the timeline) and plots them.
#pragma once
#include "core/session/trace_session.h"
#include "widgets/graph/graph_loader.h"
#include "widgets/graph/graph_scene.h"

#include <QFutureWatcher>
#include <QVector>
#include <QWidget>

#include <memory>
#include <set>
#include <string>

class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QToolButton;

namespace opscope {

class CounterCurvesPanel;
class GraphView;
class TraceDocument;

class GraphWorkspace : public QWidget {
    Q_OBJECT
public:
    explicit GraphWorkspace(QWidget* parent = nullptr);
    ~GraphWorkspace() override;

    // Loads the document's graph on a worker (deriving one from the trace when the store has none).
    void setDocument(TraceDocument* document);
    // Loads the graph again (after a graph file was imported into the store).
    void reload();
    // Another trace opened: the old graph, its selection and its counter panel go at once, even while the
    // dock is hidden and the new graph loads later, so nothing of the previous trace stays on screen.
    void closeStore();
    // Blocks (processing events) until loading and any relayout are done; false on failure or timeout.
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);
    bool isBusy() const;
    bool isLoaded() const { return loaded_.ok; }
    QString errorText() const { return errorText_; }

    GraphView* view() const { return view_; }
    CounterCurvesPanel* counters() const { return counters_; }
    const StoredGraph& graph() const { return loaded_.graph; }
    const GraphMeasures& measures() const { return loaded_.measures; }
    const std::vector<UnjoinedName>& unjoined() const { return loaded_.unjoined; }

    // Selecting a node (by view index) plots its executions and emits executionsSelected.
    void selectNode(int viewIndex);
    // From the timeline: selects the node that owns the slice (no executionsSelected).
    bool selectNodeForSlice(qint64 sliceId);
    int nodeIndexByName(const QString& name) const; // view index, -1 when absent
    QVector<qint64> selectedExecutions() const { return executionIds_; }

    void setColourColumn(int column);
    void setDirection(LayoutDirection direction);
    void setScopeDepth(int depth); // 0: every scope expanded
    void setCollapsed(std::set<std::string> scopes);
    void search(const QString& text);
    void findNext(bool forward = true);
    bool exportImage(const QString& path, QString* errorMessage);

signals:
    void loaded(bool ok);
    void executionsSelected(const QVector<qint64>& sliceIds, int current);
    void executionStepped(qint64 sliceId, int index);

private:
    void buildToolbar();
    void startLoad(GraphLoadRequest request);
    void loadFinished();
    void collapseFinished();
    void showScene(const CollapsedLayout& layout, bool keepView);
    void fillMeasureCombo();
    void updateStatus();
    void showNodeMenu(int index, QPoint globalPos);
    void plotNode(int viewIndex, qint64 currentSlice);
    void chooseExecution(int index);

    GraphView* view_;
    CounterCurvesPanel* counters_;
    QSplitter* splitter_;
    QLineEdit* search_;
    QLabel* matchLabel_;
    QComboBox *measure_, *direction_, *scopes_;
    QToolButton *fit_, *export_, *unjoinedButton_;
    QLabel* status_;

    QString errorText_;
    std::shared_ptr<TraceSession> session_; // the document's: the graph's queries, a node's executions
    GraphLoadResult loaded_;
    std::shared_ptr<GraphScene> scene_;
    std::set<std::string> collapsed_;
    QFutureWatcher<GraphLoadResult> loadWatcher_;
    QFutureWatcher<CollapsedLayout> collapseWatcher_;
    std::vector<int> matches_;
    int currentMatch_ = -1;
    QVector<qint64> executionIds_;
    bool updatingControls_ = false;
    int generation_ = 0, collapseGeneration_ = 0; // which load a collapse was started for
    int pending_ = 0; // loads and layouts whose finished signal has not been handled yet
};

} // namespace opscope
