// Reads the slices of one track that start in a time window, and interned strings by id, for passes such
// as the rectangle-selection statistics that look at a few tracks only.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace opscope {

class Database;

struct SliceTimes {
    std::int64_t nameId = 0;
    TimeNs tsNs = 0, durNs = 0, selfNs = 0;
};

// Slices of tracks with lowerNs <= ts < upperNs, one prepared statement reused for every track.
class SliceRangeReader {
public:
    explicit SliceRangeReader(Database& db);
    ~SliceRangeReader();
    // Calls visit(slice) for each; stops early (returning false) when visit returns false.
    // Throws SqliteError like every Database call.
    bool scan(std::int64_t trackId, TimeNs lowerNs, TimeNs upperNs, const std::function<bool(const SliceTimes&)>& visit);

private:
    struct Statements;
    std::unique_ptr<Statements> st_;
};

// The interned string with this id, or "" when there is none. Throws SqliteError.
class StringReader {
public:
    explicit StringReader(Database& db);
    ~StringReader();
    std::string text(std::int64_t id);

private:
    struct Statements;
    std::unique_ptr<Statements> st_;
};

} // namespace opscope
