// Shared by the libFuzzer harnesses: the importers read files, so each input is written to a
// scratch file (in /dev/shm when there is one) that the harness then hands to the reader.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace opscope::fuzz {

// A per-process scratch folder, created on first use (under $OPSCOPE_FUZZ_SCRATCH_BASE when set), removed
// when the process exits.
const std::string& scratchDir();

// Writes data to scratchDir()/relativePath (folders created) and returns the full path.
std::string writeInput(const std::uint8_t* data, std::size_t size, const std::string& relativePath);

// Removes everything under scratchDir() (between inputs: no state leaks from one run to the next).
void clearScratch();

} // namespace opscope::fuzz
