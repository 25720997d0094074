// The computation-graph view: a custom-painted layered DAG with pan (drag, arrows), zoom (wheel, +/-)
// and fit (F); levels of detail (boxes only when far, labels when near), a minimap for graphs larger
// than the window, a colour legend, search-match and selection outlines, and tooltips with each
// node's executions and each edge's tensor shape. Paints from a prepared GraphScene only.
#pragma once
#include "widgets/graph/graph_scene.h"

#include <QImage>
#include <QWidget>

#include <memory>
#include <vector>

namespace opscope {

class GraphView : public QWidget {
    Q_OBJECT
public:
    explicit GraphView(QWidget* parent = nullptr);

    // keepView: keep the zoom and position (recolouring); otherwise fit the new scene.
    void setScene(std::shared_ptr<const GraphScene> scene, bool keepView = false);
    const GraphScene* scene() const { return scene_.get(); }
    void setMessage(const QString& message); // shown centred when there is no scene

    void fitToView();
    // The whole graph when its labels stay readable, else its start at a readable zoom (the minimap shows the rest).
    void showInitialView();
    void zoomBy(double factor, QPointF anchor);
    void panBy(QPointF deltaPx);
    void centerOnNode(int index);
    double zoom() const { return scale_; }
    QPointF offset() const { return offset_; }
    void setTransform(double scale, QPointF offset); // for the benchmark and tests

    void setSelectedNode(int index); // -1: none; does not emit nodeClicked
    int selectedNode() const { return selected_; }
    void setSearchMatches(std::vector<int> matches, int current);

    QPointF mapToScene(QPointF widgetPos) const;
    QPointF mapFromScene(QPointF scenePos) const;
    // Centre of a node on the widget, for tests and "jump" actions.
    QPointF nodeCenter(int index) const;
    bool minimapVisible() const;
    QRectF minimapRect() const;
    double lastFrameMs() const { return lastFrameMs_; }

signals:
    void nodeClicked(int index); // -1: clicked on empty space
    void nodeActivated(int index); // double click
    void contextMenuRequested(int index, QPoint globalPos);
    void frameRendered(double milliseconds);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;

private:
    enum class Detail { Far, Middle, Near };
    Detail detail() const;
    QRectF visibleSceneRect() const;
    void clampOffset();
    void rebuildMinimap();
    void centerFromMinimap(QPointF widgetPos);

    // graph_view_paint.cpp
    void paintEdges(QPainter& p, const QRectF& visible, Detail detail);
    void paintNodes(QPainter& p, const QRectF& visible, Detail detail);
    void paintNode(QPainter& p, const GraphSceneNode& n, Detail detail, int index);
    void paintOverlays(QPainter& p);
    void paintMinimap(QPainter& p);

    std::shared_ptr<const GraphScene> scene_;
    QString message_;
    double scale_ = 1.0;
    QPointF offset_; // widget position of scene (0, 0)
    int selected_ = -1;
    std::vector<int> matches_;
    std::vector<char> isMatch_;
    int currentMatch_ = -1;
    QImage minimap_;
    QRectF minimapSceneRect_;
    bool dragging_ = false, minimapDrag_ = false, pressed_ = false;
    QPointF pressPos_, lastPos_;
    QVector<QLineF> lineScratch_;
    std::vector<char> nearSelection_; // per edge: touches the selected node
    double lastFrameMs_ = 0;
    bool dark_ = false;
    bool untouched_ = true; // no pan or zoom since the scene was set: resizing re-applies the initial view
};

} // namespace opscope
