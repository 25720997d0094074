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
    for (;;) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        // Idle only once the events just handled started nothing: a delivered result or a queued signal may
        // start another job (a view recomputing after a resize), so the count is read after them, never before.
        if (gPending.load() == 0) return true;
        if (deadline.hasExpired()) return false;
        QThread::msleep(2);
    }
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
