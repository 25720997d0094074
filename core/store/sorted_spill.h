// Records gathered during an import and read back once, in one order, at finish(): kept in memory up
// to a byte budget, then sorted and moved to a scratch file as a run; reading merges the runs and what
// is left in memory. Memory stays at the budget (plus a read buffer per run) whatever the count.
// Less must be a total order on the records that matter: the merged order of equal records would
// otherwise depend on where the runs were cut.
#pragma once
#include "core/model/spill_file.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace opscope {

template <typename T, typename Less>
class SortedSpill {
    static_assert(std::is_trivially_copyable_v<T>, "records go to the scratch file as bytes");

public:
    // path: the scratch file to make at the first spill; budgetBytes: what may wait in memory.
    SortedSpill(std::string path, std::size_t budgetBytes, Less less = Less())
        : path_(std::move(path)), budgetRecords_(std::max<std::size_t>(1, budgetBytes / sizeof(T))), less_(less) {}

    void push(const T& record) {
        memory_.push_back(record);
        ++count_;
        if (memory_.size() >= budgetRecords_) spill();
    }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    bool spilled() const { return file_ != nullptr; }

    // Calls visit(const T&) for every record in Less order, then forgets them all.
    template <typename Visit>
    void drainInOrder(Visit&& visit) {
        std::sort(memory_.begin(), memory_.end(), less_);
        if (!file_) {
            for (const T& r : memory_) visit(r);
        } else {
            mergeRuns(visit);
        }
        clear();
    }

    void clear() {
        memory_.clear();
        memory_.shrink_to_fit();
        file_.reset();
        count_ = 0;
    }

private:
    void spill() {
        std::sort(memory_.begin(), memory_.end(), less_);
        if (!file_) file_ = std::make_unique<SpillFile>(path_);
        file_->beginRun();
        file_->append(memory_.data(), memory_.size() * sizeof(T));
        file_->endRun();
        memory_.clear(); // keeps its capacity: the next run fills it again
    }

    // A k-way merge over a small heap of run heads; the sorted memory records are one more source.
    template <typename Visit>
    void mergeRuns(Visit& visit) {
        struct Head {
            T record;
            std::size_t source; // run index, or runCount for the memory records
        };
        const std::size_t runs = file_->runCount();
        std::vector<SpillFile::Reader> readers;
        readers.reserve(runs);
        for (std::size_t r = 0; r < runs; ++r) readers.emplace_back(*file_, r);
        std::size_t memoryPos = 0;
        auto advance = [&](std::size_t source, T* out) {
            if (source == runs) {
                if (memoryPos == memory_.size()) return false;
                *out = memory_[memoryPos++];
                return true;
            }
            if (readers[source].atEnd()) return false;
            readers[source].read(out, sizeof(T));
            return true;
        };
        // Ties between sources go to the lower source: runs were cut in arrival order.
        auto after = [this](const Head& a, const Head& b) {
            if (less_(b.record, a.record)) return true;
            if (less_(a.record, b.record)) return false;
            return a.source > b.source;
        };
        std::vector<Head> heap;
        for (std::size_t s = 0; s <= runs; ++s) {
            Head h{T(), s};
            if (advance(s, &h.record)) heap.push_back(h);
        }
        std::make_heap(heap.begin(), heap.end(), after);
        while (!heap.empty()) {
            std::pop_heap(heap.begin(), heap.end(), after);
            Head& h = heap.back();
            visit(std::as_const(h.record));
            if (advance(h.source, &h.record)) std::push_heap(heap.begin(), heap.end(), after);
            else heap.pop_back();
        }
    }

    std::string path_;
    std::size_t budgetRecords_;
    Less less_;
    std::vector<T> memory_;
    std::unique_ptr<SpillFile> file_;
    std::size_t count_ = 0;
};

} // namespace opscope
