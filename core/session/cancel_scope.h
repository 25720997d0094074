// A worker's cancel flag made visible to the session queries it runs: while a CancelScope lives on a
// thread, the SQLite statements that thread runs through TraceSession are interrupted once the flag is set,
// and the session's own passes stop between steps, so a cancel really stops the work (Error Cancelled).
#pragma once
#include <atomic>

namespace opscope {

class CancelScope {
public:
    explicit CancelScope(const std::atomic<bool>* flag);
    ~CancelScope();
    CancelScope(const CancelScope&) = delete;
    CancelScope& operator=(const CancelScope&) = delete;

    // The flag of the innermost scope on this thread, or null.
    static const std::atomic<bool>* current();
    static bool cancelled();

private:
    const std::atomic<bool>* previous_;
};

} // namespace opscope
