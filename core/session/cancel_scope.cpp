#include "core/session/cancel_scope.h"

namespace opscope {

namespace {
thread_local const std::atomic<bool>* currentFlag = nullptr;
} // namespace

CancelScope::CancelScope(const std::atomic<bool>* flag) : previous_(currentFlag) { currentFlag = flag; }

CancelScope::~CancelScope() { currentFlag = previous_; }

const std::atomic<bool>* CancelScope::current() { return currentFlag; }

bool CancelScope::cancelled() { return currentFlag && currentFlag->load(); }

} // namespace opscope
