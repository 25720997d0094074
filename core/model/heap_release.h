// Hands freed heap pages back to the system between the stages of a large import.
#pragma once

#include <vector>

namespace opscope {

// Empties a vector and gives its buffer back. `v = {}` and clear() keep the capacity (the braces pick the
// initializer_list assignment), so they free nothing.
template <typename T, typename A>
void freeVector(std::vector<T, A>& v) {
    std::vector<T, A>().swap(v);
}

// glibc keeps memory freed in the middle of its heap, and peak RSS counts it: a stage that then allocates
// large new buffers (mapped apart from the heap) adds them on top. Called before such a stage. A no-op
// where the C library has no malloc_trim.
void releaseFreedHeap();

} // namespace opscope
