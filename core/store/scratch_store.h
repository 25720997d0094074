// A store being written lives in a scratch file beside its final path ("STORE.tmp-PID") until it is
// published by one rename, so a failed, cancelled or killed import never replaces a good store.
// StoreWriter (one import) and StoreMerger (a job read in parallel) both write through these.
#pragma once
#include "core/model/error.h"

#include <string>

namespace opscope {

class Database;

// The scratch path of this process for finalPath.
std::string scratchStorePath(const std::string& finalPath);

// Creates the scratch store at tempPath with the schema's tables, tuned for a bulk write (no journal,
// no sync: durability comes from the rename). Scratch stores of dead processes in the same folder are
// removed first. On failure nothing is left at tempPath and error says why.
bool createScratchStore(const std::string& tempPath, Database* db, Error* error);

// Closes db and removes the scratch file (a failed or abandoned write).
void discardScratchStore(Database* db, const std::string& tempPath);

// Moves the finished (closed) scratch store into place.
bool publishScratchStore(const std::string& tempPath, const std::string& finalPath, Error* error);

} // namespace opscope
