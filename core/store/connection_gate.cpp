#include "core/store/connection_gate.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <mutex>

namespace opscope {

namespace {

struct GateSlot {
    std::atomic<sqlite3*> db{nullptr};
    std::atomic<ConnectionGate*> gate{nullptr};
};

// A fixed table read without a lock: every SQLite call of every connection looks here, and with no
// gate registered (any connection but an importing one) that is one atomic load.
std::array<GateSlot, 64> slots;
std::atomic<std::size_t> slotsInUse{0}; // one past the highest slot ever filled
std::atomic<int> registered{0};
std::mutex registering;

GateSlot* slotOf(sqlite3* db) {
    const std::size_t used = slotsInUse.load(std::memory_order_acquire);
    for (std::size_t i = 0; i < used; ++i)
        if (slots[i].db.load(std::memory_order_acquire) == db) return &slots[i];
    return nullptr;
}

void clear(GateSlot& slot) {
    slot.gate.store(nullptr);
    slot.db.store(nullptr);
    --registered;
}

} // namespace

bool registerConnectionGate(sqlite3* db, ConnectionGate* gate) {
    if (!db || !gate) return false;
    std::lock_guard<std::mutex> lock(registering);
    if (slotOf(db)) return false; // one gate a connection
    for (std::size_t i = 0; i < slots.size(); ++i) {
        if (slots[i].db.load() != nullptr) continue;
        slots[i].gate.store(gate);
        slots[i].db.store(db);
        if (i >= slotsInUse.load()) slotsInUse.store(i + 1);
        ++registered;
        return true;
    }
    return false;
}

void unregisterConnectionGate(sqlite3* db, const ConnectionGate* gate) {
    std::lock_guard<std::mutex> lock(registering);
    if (GateSlot* slot = slotOf(db); slot && slot->gate.load() == gate) clear(*slot);
}

void forgetConnectionGate(sqlite3* db) {
    if (registered.load(std::memory_order_acquire) == 0) return;
    std::lock_guard<std::mutex> lock(registering);
    if (GateSlot* slot = slotOf(db)) clear(*slot);
}

void waitForConnectionGate(sqlite3* db) {
    if (registered.load(std::memory_order_acquire) == 0) return;
    if (GateSlot* slot = slotOf(db))
        if (ConnectionGate* gate = slot->gate.load(std::memory_order_acquire)) gate->waitIdle();
}

} // namespace opscope
