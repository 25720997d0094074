#include "widgets/common/job_indicator.h"

#include "widgets/common/async_job.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace opscope {

JobIndicator::JobIndicator(AsyncJob* job, QWidget* parent)
    : QWidget(parent), job_(job), bar_(new QProgressBar(this)), label_(new QLabel(tr("Computing…"), this)),
      cancel_(new QToolButton(this)) {
    bar_->setRange(0, 0); // the core passes report no progress: a busy indicator
    bar_->setTextVisible(false);
    bar_->setFixedSize(90, 10);
    cancel_->setText(tr("Cancel"));
    cancel_->setToolTip(tr("Stop waiting for this computation"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(bar_);
    layout->addWidget(label_);
    layout->addWidget(cancel_);
    setVisible(job_->isRunning());
    connect(job_, &AsyncJob::runningChanged, this, &QWidget::setVisible);
    connect(cancel_, &QToolButton::clicked, this, [this] {
        job_->cancel();
        setVisible(false);
        emit cancelled();
    });
}

void JobIndicator::setText(const QString& text) { label_->setText(text); }

} // namespace opscope
