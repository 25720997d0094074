#include "app/gui/search_panel.h"

#include <QCheckBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>

namespace opscope::gui {

SearchPanel::SearchPanel(QWidget* parent)
    : QWidget(parent), edit_(new QLineEdit(this)), regex_(new QCheckBox(tr("Regex"), this)),
      caseSensitive_(new QCheckBox(tr("Match case"), this)), count_(new QLabel(this)), prev_(new QToolButton(this)),
      next_(new QToolButton(this)), debounce_(new QTimer(this)) {
    edit_->setPlaceholderText(tr("Search slice names (Enter: next, Shift+Enter: previous)"));
    edit_->setClearButtonEnabled(true);
    edit_->installEventFilter(this);
    prev_->setArrowType(Qt::UpArrow);
    prev_->setToolTip(tr("Previous match (Shift+Enter)"));
    next_->setArrowType(Qt::DownArrow);
    next_->setToolTip(tr("Next match (Enter)"));
    count_->setMinimumWidth(110);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(edit_, 1);
    layout->addWidget(regex_);
    layout->addWidget(caseSensitive_);
    layout->addWidget(prev_);
    layout->addWidget(next_);
    layout->addWidget(count_);
    debounce_->setSingleShot(true);
    debounce_->setInterval(200);
    connect(debounce_, &QTimer::timeout, this, &SearchPanel::startSearch);
    connect(edit_, &QLineEdit::textChanged, this, [this] {
        pendingQuery_ = true;
        debounce_->start();
    });
    connect(regex_, &QCheckBox::toggled, this, &SearchPanel::startSearch);
    connect(caseSensitive_, &QCheckBox::toggled, this, &SearchPanel::startSearch);
    connect(prev_, &QToolButton::clicked, this, [this] { step(false); });
    connect(next_, &QToolButton::clicked, this, [this] { step(true); });
    updateCount();
}

void SearchPanel::setData(std::shared_ptr<const TimelineData> data) {
    data_ = std::move(data);
    startSearch();
}

void SearchPanel::startSearch() {
    debounce_->stop();
    pendingQuery_ = false;
    const std::uint64_t generation = ++generation_;
    if (!data_ || edit_->text().isEmpty()) {
        takeResult(generation, nullptr);
        return;
    }
    SliceSearchOptions options{edit_->text().toStdString(), regex_->isChecked(), caseSensitive_->isChecked()};
    auto data = data_;
    auto* watcher = new QFutureWatcher<std::shared_ptr<const SliceSearchResult>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        takeResult(generation, watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([data, options]() -> std::shared_ptr<const SliceSearchResult> {
        return std::make_shared<SliceSearchResult>(searchSlices(*data, options));
    }));
}

void SearchPanel::takeResult(std::uint64_t generation, std::shared_ptr<const SliceSearchResult> result) {
    if (generation != generation_) return; // a newer query is on its way
    result_ = std::move(result);
    current_ = -1;
    updateCount();
    emit resultChanged(result_);
}

void SearchPanel::searchNow() {
    // Synchronous: used when Enter arrives before the debounced query ran, and by tests.
    debounce_->stop();
    pendingQuery_ = false;
    const std::uint64_t generation = ++generation_;
    if (!data_ || edit_->text().isEmpty()) {
        takeResult(generation, nullptr);
        return;
    }
    SliceSearchOptions options{edit_->text().toStdString(), regex_->isChecked(), caseSensitive_->isChecked()};
    takeResult(generation, std::make_shared<SliceSearchResult>(searchSlices(*data_, options)));
}

void SearchPanel::step(bool forward, TimeNs fromNs) {
    if (pendingQuery_) searchNow();
    if (!result_ || result_->matches.empty()) return;
    current_ = stepMatch(result_->matches, current_, forward, fromNs);
    updateCount();
    emit matchActivated(result_->matches[static_cast<std::size_t>(current_)], current_);
}

void SearchPanel::updateCount() {
    if (!result_) {
        count_->setText(edit_->text().isEmpty() ? QString() : tr("searching…"));
        return;
    }
    if (result_->invalidPattern) {
        count_->setText(tr("invalid regex"));
        return;
    }
    const int n = static_cast<int>(result_->matches.size());
    if (n == 0) count_->setText(tr("no matches"));
    else if (current_ < 0) count_->setText(tr("%1 matches").arg(n));
    else count_->setText(tr("%1 of %2").arg(current_ + 1).arg(n));
}

bool SearchPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == edit_ && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            step(!(key->modifiers() & Qt::ShiftModifier));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace opscope::gui
