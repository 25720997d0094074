#include "widgets/common/async_job.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

#include <algorithm>
#include <QThread>

namespace opscope {

namespace {
std::atomic<int> gPending{0};
} // namespace

namespace detail {
void jobStarted() { ++gPending; }
void jobDelivered() { --gPending; }
} // namespace detail

int pendingAsyncJobs() { return gPending.load(); }

bool waitForAsyncJobs(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    // A delivered result may start another job (a view recomputing after a resize): loop until idle.
    while (gPending.load() > 0 && !deadline.hasExpired()) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (gPending.load() > 0) QThread::msleep(2);
    }
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    return gPending.load() == 0;
}

bool waitForDebouncedJobs(const QTimer& debounce, const std::function<void()>& recompute, int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    do {
        if (debounce.isActive()) recompute();
        if (!waitForAsyncJobs(static_cast<int>(std::max<qint64>(0, deadline.remainingTime())))) return false;
    } while (debounce.isActive() && !deadline.hasExpired());
    return true;
}

} // namespace opscope
