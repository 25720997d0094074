#include "widgets/details/details_panel.h"

#include "widgets/details/slice_details_model.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope {

namespace {
int depthOf(QModelIndex index) {
    int depth = 0;
    while (index.parent().isValid()) {
        index = index.parent();
        ++depth;
    }
    return depth;
}
} // namespace

DetailsPanel::DetailsPanel(QWidget* parent)
    : QWidget(parent), model_(new SliceDetailsModel(this)), view_(new QTreeView(this)),
      placeholder_(new QLabel(tr("Click a slice in the timeline to see its details."), this)),
      stack_(new QStackedWidget(this)) {
    view_->setModel(model_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->header()->setStretchLastSection(true);
    view_->setContextMenuPolicy(Qt::CustomContextMenu);
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setWordWrap(true);
    placeholder_->setEnabled(false);
    stack_->addWidget(placeholder_);
    stack_->addWidget(view_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);

    auto* copy = new QAction(tr("Copy"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &DetailsPanel::copySelection);
    view_->addAction(copy);
    connect(view_, &QWidget::customContextMenuRequested, this, &DetailsPanel::showContextMenu);
    // Double-click on a row that points at a slice (a flow end, a launch, a launched kernel) selects it.
    connect(view_, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& index) {
        const qint64 id = index.data(SliceDetailsModel::JumpSliceRole).toLongLong();
        if (id) emit jumpToSlice(id);
    });
}

void DetailsPanel::showSlice(const SliceDetails& details, TimeNs traceStartNs, const SliceLaunchDetails* launch) {
    model_->resetData(details, traceStartNs, launch);
    view_->expandAll();
    view_->resizeColumnToContents(SliceDetailsModel::FieldColumn);
    view_->setColumnWidth(SliceDetailsModel::FieldColumn, std::min(view_->columnWidth(0) + 12, 260));
    stack_->setCurrentWidget(view_);
}

void DetailsPanel::clear() {
    model_->clear();
    stack_->setCurrentWidget(placeholder_);
}

QString DetailsPanel::selectedText() const {
    QModelIndexList rows = view_->selectionModel() ? view_->selectionModel()->selectedRows(0) : QModelIndexList();
    // Top to bottom as shown, whatever order the user selected them in.
    std::sort(rows.begin(), rows.end(), [this](const QModelIndex& a, const QModelIndex& b) {
        return view_->visualRect(a).top() < view_->visualRect(b).top();
    });
    QStringList lines;
    for (const QModelIndex& index : rows) {
        const QString field = index.data().toString();
        const QString value = index.siblingAtColumn(SliceDetailsModel::ValueColumn).data().toString();
        lines << QString(depthOf(index) * 2, QLatin1Char(' ')) + field + QLatin1Char('\t') + value;
    }
    return lines.join(QLatin1Char('\n'));
}

void DetailsPanel::copySelection() {
    const QString text = selectedText();
    if (!text.isEmpty()) QApplication::clipboard()->setText(text);
}

void DetailsPanel::showContextMenu(const QPoint& pos) {
    const QModelIndex index = view_->indexAt(pos);
    QMenu menu(this);
    menu.addAction(tr("Copy"), this, &DetailsPanel::copySelection);
    if (index.isValid()) {
        const QString value = index.siblingAtColumn(SliceDetailsModel::ValueColumn).data().toString();
        menu.addAction(tr("Copy value"), this, [value] { QApplication::clipboard()->setText(value); });
        const qint64 id = index.data(SliceDetailsModel::JumpSliceRole).toLongLong();
        if (id) menu.addAction(tr("Go to slice"), this, [this, id] { emit jumpToSlice(id); });
    }
    menu.addAction(tr("Copy all"), this, [this] {
        view_->selectAll();
        copySelection();
    });
    menu.exec(view_->viewport()->mapToGlobal(pos));
}

} // namespace opscope
