// Writes memory rows (core/model/memory_rows.h) into the memory tables of a store being imported,
// in bulk inserts; the importer calls flush() before the rows are read back or the store finishes.
#pragma once
#include "core/model/memory_rows.h"
#include "core/store/batch_insert.h"

namespace opscope {

class MemoryRowWriter {
public:
    // With a pipe, the rows are written on its thread (core/store/insert_pipe.h).
    explicit MemoryRowWriter(Database& db, InsertPipe* pipe = nullptr);
    void add(const MemoryRecordRow& row);
    void add(const MemoryAllocationRow& row);
    void add(const MemoryModuleRow& row);
    void flush();
    std::int64_t rows() const { return records_.rows() + allocations_.rows() + modules_.rows(); }

private:
    BatchInsert records_, allocations_, modules_;
};

} // namespace opscope
