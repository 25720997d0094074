// Size and modification time of every input file, taken before an import reads anything and compared
// after it: a trace edited during its import must not leave a store that later reads as up to date.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opscope {

class Database;

struct SourceSnapshot {
    struct Stamp {
        std::int64_t sizeBytes = -1;
        std::int64_t mtimeNs = 0;
        bool operator==(const Stamp&) const = default;
    };
    std::map<std::string, Stamp> files; // absolute path -> stamp
};

// Files of the inputs (a file, or every regular file under a folder, at most maxFiles of them).
SourceSnapshot takeSourceSnapshot(const std::vector<std::string>& inputs, std::size_t maxFiles = 100000);

// Every file the store lists as used must be unchanged since the snapshot (and still be there).
// Returns false with ErrorCode::SourceChanged naming the first file that changed.
bool checkSourcesUnchanged(const SourceSnapshot& before, Database& store, Error* error);

} // namespace opscope
