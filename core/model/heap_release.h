// Hands freed heap pages back to the system between the stages of a large import.
#pragma once

namespace opscope {

// glibc keeps memory freed in the middle of its heap, and peak RSS counts it: a stage that then allocates
// large new buffers (mapped apart from the heap) adds them on top. Called before such a stage. A no-op
// where the C library has no malloc_trim.
void releaseFreedHeap();

} // namespace opscope
