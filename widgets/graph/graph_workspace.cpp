#include "widgets/graph/graph_workspace.h"

#include "widgets/common/trace_document.h"

#include "widgets/graph/counter_curves_panel.h"
#include "widgets/graph/graph_view.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace opscope {

GraphWorkspace::GraphWorkspace(QWidget* parent)
    : QWidget(parent), view_(new GraphView(this)), counters_(new CounterCurvesPanel(this)),
      splitter_(new QSplitter(Qt::Vertical, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    buildToolbar();
    splitter_->addWidget(view_);
    splitter_->addWidget(counters_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 2);
    splitter_->setChildrenCollapsible(true);
    counters_->hide(); // shown once a node is clicked
    layout->addWidget(splitter_, 1);
    view_->setMessage(tr("No graph loaded"));
    connect(&loadWatcher_, &QFutureWatcher<GraphLoadResult>::finished, this, &GraphWorkspace::loadFinished);
    connect(&collapseWatcher_, &QFutureWatcher<CollapsedLayout>::finished, this, &GraphWorkspace::collapseFinished);
    connect(view_, &GraphView::nodeClicked, this, [this](int index) {
        if (index >= 0) selectNode(index);
    });
    connect(view_, &GraphView::nodeActivated, this, [this](int index) {
        const GraphSceneNode& n = scene_->nodes()[static_cast<std::size_t>(index)];
        if (!n.group) return;
        std::set<std::string> next = collapsed_;
        next.erase(n.scope.toStdString());
        setCollapsed(std::move(next));
    });
    connect(view_, &GraphView::contextMenuRequested, this, &GraphWorkspace::showNodeMenu);
    connect(counters_, &CounterCurvesPanel::executionChosen, this, &GraphWorkspace::chooseExecution);
}

GraphWorkspace::~GraphWorkspace() {
    loadWatcher_.waitForFinished();
    collapseWatcher_.waitForFinished();
}

void GraphWorkspace::buildToolbar() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(6, 4, 6, 4);
    search_ = new QLineEdit(bar);
    search_->setPlaceholderText(tr("Search nodes by name"));
    search_->setClearButtonEnabled(true);
    search_->setMinimumWidth(200);
    search_->setMaximumWidth(260);
    matchLabel_ = new QLabel(bar);
    measure_ = new QComboBox(bar);
    measure_->setToolTip(tr("What the node colours show"));
    measure_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    direction_ = new QComboBox(bar);
    direction_->addItem(tr("Left to right"), static_cast<int>(LayoutDirection::LeftRight));
    direction_->addItem(tr("Top down"), static_cast<int>(LayoutDirection::TopDown));
    scopes_ = new QComboBox(bar);
    scopes_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    scopes_->setToolTip(tr("Collapse name scopes (layer1/conv2 lives in layer1) into group nodes"));
    fit_ = new QToolButton(bar);
    fit_->setText(tr("Fit"));
    fit_->setToolTip(tr("Fit the graph to the window (F)"));
    export_ = new QToolButton(bar);
    export_->setText(tr("Export…"));
    unjoinedButton_ = new QToolButton(bar);
    unjoinedButton_->setPopupMode(QToolButton::InstantPopup);
    unjoinedButton_->setAutoRaise(true);
    status_ = new QLabel(bar);
    row->addWidget(search_);
    row->addWidget(matchLabel_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Colour:"), bar));
    row->addWidget(measure_);
    row->addWidget(direction_);
    row->addWidget(scopes_);
    row->addWidget(fit_);
    row->addWidget(export_);
    row->addStretch(1);
    row->addWidget(status_);
    row->addWidget(unjoinedButton_);
    static_cast<QVBoxLayout*>(layout())->addWidget(bar);
    scopes_->hide(); // until a graph with scopes is loaded
    measure_->setEnabled(false);
    connect(search_, &QLineEdit::textChanged, this, &GraphWorkspace::search);
    connect(search_, &QLineEdit::returnPressed, this, [this] { findNext(true); });
    connect(measure_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!updatingControls_) setColourColumn(i);
    });
    connect(direction_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!updatingControls_) setDirection(static_cast<LayoutDirection>(direction_->itemData(i).toInt()));
    });
    connect(scopes_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!updatingControls_) setScopeDepth(scopes_->itemData(i).toInt());
    });
    connect(fit_, &QToolButton::clicked, view_, &GraphView::fitToView);
    connect(export_, &QToolButton::clicked, this, [this] {
        const QString store = session_ ? QString::fromStdString(session_->storePath()) : QString();
        const QString path = QFileDialog::getSaveFileName(this, tr("Export graph"), store + QStringLiteral(".graph.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty()) return;
        QString message;
        if (exportImage(path, &message)) status_->setText(tr("Saved %1").arg(path));
        else QMessageBox::warning(this, tr("Export graph"), message);
    });
}

void GraphWorkspace::closeStore() {
    loadWatcher_.waitForFinished();
    ++generation_; // a relayout still running belongs to the old graph
    loaded_ = {};
    scene_.reset();
    view_->setScene(nullptr);
    view_->setMessage(tr("Loading the graph…"));
    executionIds_.clear();
    collapsed_.clear();
    counters_->clear(QString());
    counters_->hide();
    status_->clear();
    session_.reset(); // a load of the old store that still reports is dropped (loadFinished)
}

void GraphWorkspace::setDocument(TraceDocument* document) {
    closeStore();
    // The graph query may derive the graph and cache its layout in the store, through the session.
    session_ = document ? document->session() : nullptr;
    reload();
}

void GraphWorkspace::reload() {
    if (!session_) return;
    GraphLoadRequest request;
    request.storePath = session_->storePath();
    startLoad(std::move(request));
}

void GraphWorkspace::startLoad(GraphLoadRequest request) {
    loadWatcher_.waitForFinished();
    view_->setMessage(tr("Loading the graph…"));
    ++pending_;
    std::shared_ptr<TraceSession> session = session_;
    loadWatcher_.setFuture(QtConcurrent::run([session, request] { return session->graph(request); }));
}

bool GraphWorkspace::isBusy() const { return pending_ > 0; }

bool GraphWorkspace::waitForLoaded(int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    // The finished signals arrive through the event loop, so keep processing until both are idle.
    while (isBusy()) {
        if (timeoutMs >= 0 && timer.elapsed() > timeoutMs) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    QCoreApplication::processEvents();
    return loaded_.ok;
}

void GraphWorkspace::loadFinished() {
    --pending_;
    if (!session_) return; // closed since: the result is the previous trace's
    loaded_ = loadWatcher_.result();
    if (!loaded_.ok) {
        errorText_ = QString::fromStdString(describe(loaded_.error));
        view_->setMessage(tr("The graph could not be loaded:\n%1").arg(errorText_));
        emit loaded(false);
        return;
    }
    errorText_.clear();
    updatingControls_ = true;
    fillMeasureCombo();
    measure_->setEnabled(true);
    direction_->setCurrentIndex(loaded_.graph.direction == LayoutDirection::TopDown ? 1 : 0);
    scopes_->clear();
    const int depth = scopeDepth(loaded_.graph);
    scopes_->addItem(tr("All scopes expanded"), 0);
    for (int d = 1; d <= std::min(depth, 4); ++d) scopes_->addItem(tr("Scopes to depth %1").arg(d), d);
    scopes_->setVisible(depth > 0);
    updatingControls_ = false;
    ++generation_;
    // Thousands of nodes in scopes: open one level deep, which dot lays out in a moment.
    if (depth > 0 && loaded_.graph.nodes.size() > 2000 && collapsed_.empty()) {
        scopes_->setCurrentIndex(1);
    } else if (!collapsed_.empty()) {
        setCollapsed(collapsed_); // a new direction: the groups are laid out again, on the worker
    } else {
        showScene(collapseAndLayout(loaded_.graph, {}, loaded_.graph.direction), false);
    }
    updateStatus();
    emit loaded(true);
}

void GraphWorkspace::fillMeasureCombo() {
    const int previous = measure_->currentIndex();
    measure_->clear();
    for (const NodeMeasureColumn& c : loaded_.measures.columns) {
        QString name;
        switch (c.kind) {
        case NodeMeasureColumn::Kind::TimeShare: name = tr("Total time share"); break;
        case NodeMeasureColumn::Kind::MeanDuration: name = tr("Mean duration"); break;
        case NodeMeasureColumn::Kind::BubbleBefore: name = tr("Bubble time before"); break;
        case NodeMeasureColumn::Kind::Executions: name = tr("Executions"); break;
        case NodeMeasureColumn::Kind::Metric:
            name = c.group.empty() ? QString::fromStdString(c.name)
                                   : QStringLiteral("%1 · %2").arg(QString::fromStdString(c.group), QString::fromStdString(c.name));
            break;
        }
        measure_->addItem(name);
    }
    measure_->setCurrentIndex(previous >= 0 && previous < measure_->count() ? previous : 0);
}

void GraphWorkspace::showScene(const CollapsedLayout& layout, bool keepView) {
    if (!layout.ok) {
        status_->setText(tr("Layout failed: %1").arg(QString::fromStdString(describe(layout.error))));
        return;
    }
    collapsed_ = layout.collapsed;
    scene_ = GraphScene::build(loaded_.graph, layout.view, layout.layout, loaded_.measures);
    scene_->recolour(loaded_.measures, std::max(0, measure_->currentIndex()));
    view_->setScene(scene_, keepView);
    executionIds_.clear();
    if (!search_->text().isEmpty()) search(search_->text());
}

void GraphWorkspace::collapseFinished() {
    --pending_;
    if (collapseGeneration_ != generation_) return; // laid out for a graph that has been replaced since
    showScene(collapseWatcher_.result(), false);
    updateStatus();
}

void GraphWorkspace::setColourColumn(int column) {
    if (!scene_) return;
    scene_->recolour(loaded_.measures, column);
    view_->setScene(scene_, true);
}

void GraphWorkspace::setDirection(LayoutDirection direction) {
    if (!session_ || direction == loaded_.graph.direction) return;
    GraphLoadRequest request;
    request.storePath = session_->storePath();
    request.direction = direction;
    startLoad(std::move(request));
}

void GraphWorkspace::setScopeDepth(int depth) {
    setCollapsed(depth <= 0 ? std::set<std::string>{} : scopesAtDepth(loaded_.graph, depth));
}

void GraphWorkspace::setCollapsed(std::set<std::string> scopes) {
    if (!loaded_.ok) return;
    collapseWatcher_.waitForFinished();
    status_->setText(tr("Laying out…"));
    ++pending_;
    const LayoutDirection direction = loaded_.graph.direction;
    collapseGeneration_ = generation_;
    // The worker gets its own copy: a reload may replace loaded_ while it runs.
    collapseWatcher_.setFuture(QtConcurrent::run([graph = loaded_.graph, scopes = std::move(scopes), direction] {
        return collapseAndLayout(graph, scopes, direction);
    }));
}

void GraphWorkspace::updateStatus() {
    const StoredGraph& g = loaded_.graph;
    const double rate = g.nodes.empty() ? 0.0 : 100.0 * static_cast<double>(g.joinedNodes) / static_cast<double>(g.nodes.size());
    QString text = tr("%1 nodes · %2 edges · %3 joined (%4%)")
                       .arg(g.nodes.size())
                       .arg(g.edges.size())
                       .arg(g.joinedNodes)
                       .arg(rate, 0, 'f', 1);
    if (scene_ && scene_->nodes().size() != g.nodes.size()) text += tr(" · %1 shown").arg(scene_->nodes().size());
    status_->setText(text);
    unjoinedButton_->setVisible(g.unjoinedExecutions > 0);
    unjoinedButton_->setText(g.unjoinedExecutions == 1 ? tr("1 execution matches no node")
                                                       : tr("%1 executions match no node").arg(g.unjoinedExecutions));
    unjoinedButton_->setToolTip(tr("Operator executions on the graph's tracks that no node joined (most frequent first)"));
    auto* menu = new QMenu(unjoinedButton_);
    for (const UnjoinedName& u : loaded_.unjoined)
        menu->addAction(tr("%1 × %2").arg(u.count).arg(QString::fromStdString(u.name)))->setEnabled(false);
    delete unjoinedButton_->menu();
    unjoinedButton_->setMenu(menu);
}

} // namespace opscope
