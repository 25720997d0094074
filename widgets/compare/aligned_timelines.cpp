#include "widgets/compare/aligned_timelines.h"

#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope {

namespace {
QWidget* titled(QLabel* label, TimelineView* view, QWidget* parent) {
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setContentsMargins(6, 4, 6, 0);
    layout->addWidget(label);
    layout->addWidget(view, 1);
    return box;
}
} // namespace

AlignedTimelines::AlignedTimelines(QWidget* parent)
    : QWidget(parent), zoom_(new ZoomControl(this)), base_(new TimelineView(zoom_, this)), new_(new TimelineView(zoom_, this)),
      baseLabel_(new QLabel(this)), newLabel_(new QLabel(this)) {
    base_->setObjectName(QStringLiteral("baseTimeline"));
    new_->setObjectName(QStringLiteral("newTimeline"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(titled(baseLabel_, base_, splitter));
    splitter->addWidget(titled(newLabel_, new_, splitter));
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 1); // two equal panes that share what the window gives
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void AlignedTimelines::setData(std::shared_ptr<const TimelineData> base, std::shared_ptr<const TimelineData> current,
                               const QString& baseLabel, const QString& newLabel) {
    baseLabel_->setText(tr("Base: %1").arg(baseLabel));
    newLabel_->setText(tr("New: %1").arg(newLabel));
    TimeRange span{0, 1};
    if (base && current)
        span = {std::min(base->traceRange().startNs, current->traceRange().startNs),
                std::max(base->traceRange().endNs, current->traceRange().endNs)};
    else if (base) span = base->traceRange();
    else if (current) span = current->traceRange();
    // Each setData resets the shared zoom to its own trace; the common span is set last.
    base_->setData(std::move(base));
    new_->setData(std::move(current));
    zoom_->setTraceRange(span);
}

} // namespace opscope
