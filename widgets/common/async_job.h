// Generation-counted background jobs for the analysis views (after KDAB hotspot's JobTracker): work runs on
// the thread pool, only the result of the latest start reaches the GUI thread, stale ones are dropped.
#pragma once
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace opscope {

// Jobs started and not yet delivered (or dropped), over every AsyncJob: lets `opscope-cli screenshot`
// and the tests wait until the views have their data.
int pendingAsyncJobs();
// Processes events until no job is pending or timeoutMs passes; true when all finished.
bool waitForAsyncJobs(int timeoutMs = 30000);
// For a view that debounces its recomputation: runs a pending recompute at once, waits for the jobs,
// and loops while a delivered result arms the debounce again (a resize, a metric list), until
// settled or timeoutMs passes; true when settled.
bool waitForDebouncedJobs(const QTimer& debounce, const std::function<void()>& recompute, int timeoutMs);

namespace detail {
void jobStarted();
void jobDelivered();
} // namespace detail

class AsyncJob : public QObject {
    Q_OBJECT
public:
    // The flag a job may poll to stop early; set by cancel() and by a newer start().
    using CancelFlag = std::shared_ptr<const std::atomic<bool>>;

    explicit AsyncJob(QObject* parent = nullptr) : QObject(parent) {}
    // Jobs still in flight are forgotten: their watchers go with this object, so nothing is delivered.
    ~AsyncJob() override {
        cancel();
        for (; running_ > 0; --running_) detail::jobDelivered();
    }

    // Runs work(cancelFlag) -> Result on the pool; take(Result) runs on this object's thread if no
    // newer start() or cancel() came in between.
    template <class Result>
    std::uint64_t start(std::function<Result(CancelFlag)> work, std::function<void(Result)> take) {
        if (cancel_) cancel_->store(true);
        auto flag = std::make_shared<std::atomic<bool>>(false);
        cancel_ = flag;
        const std::uint64_t generation = ++generation_;
        ++running_;
        detail::jobStarted();
        if (running_ == 1) emit runningChanged(true);
        auto* watcher = new QFutureWatcher<Result>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, take = std::move(take)] {
            // Moved out of the future, not copied: a result can hold every launch or gap of a 10 GB trace.
            Result result = watcher->future().takeResult();
            watcher->deleteLater();
            --running_;
            detail::jobDelivered();
            if (generation == generation_) take(std::move(result));
            if (running_ == 0) emit runningChanged(false);
        });
        CancelFlag readOnly = flag;
        watcher->setFuture(QtConcurrent::run([work = std::move(work), readOnly] { return work(readOnly); }));
        return generation;
    }

    // Drops the result of the job in flight (the worker finishes on its own: core passes do not poll).
    void cancel() {
        ++generation_;
        if (cancel_) cancel_->store(true);
    }
    bool isRunning() const { return running_ > 0; }
    std::uint64_t generation() const { return generation_; }

signals:
    void runningChanged(bool running);

private:
    std::uint64_t generation_ = 0;
    int running_ = 0;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

} // namespace opscope
