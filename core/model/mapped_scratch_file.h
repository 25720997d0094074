// Scratch memory in a temporary file mapped into the process, for arrays too large to keep in RAM
// whose pages are read a few at a time (a 10 GB trace's slices: 1 GB, of which a frame reads a few
// thousand records). The pages belong to the file: the kernel writes them out and reads them back as
// they are used, and release() hands pages the process has finished with back to it, so what the
// process holds stays bounded by what it is reading rather than by the array.
//
// Nothing is left on disk: the file is made without a name (O_TMPFILE) or loses its name at once, so
// closing it, a crash or a kill removes it. Its blocks are reserved up front (fallocate): a full disk
// is refused at create() instead of faulting when a page is first written.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opscope {

// Where a store's scratch files go, in order: the store's folder (a disk its user chose for large
// files), then the system's temporary folder. An empty path or ":memory:" has no folder of its own.
std::vector<std::string> scratchDirectoriesFor(const std::string& storePath);

class MappedScratchFile {
public:
    // A file of `bytes` (rounded up to whole pages) in `directory`, mapped read-write and zero-filled.
    // Null with the reason in *whyNot when the directory cannot hold it or the system has no such
    // mapping (then the caller keeps its array in memory).
    static std::shared_ptr<MappedScratchFile> create(const std::string& directory, std::size_t bytes, std::string* whyNot);
    // The same in the first of `directories` that takes it (its path in *chosen); null with the last
    // folder's reason, or "no folder was given for a scratch file", when none does.
    static std::shared_ptr<MappedScratchFile> createInFirst(const std::vector<std::string>& directories, std::size_t bytes,
                                                            std::string* chosen, std::string* whyNot);

    ~MappedScratchFile();
    MappedScratchFile(const MappedScratchFile&) = delete;
    MappedScratchFile& operator=(const MappedScratchFile&) = delete;

    std::uint8_t* data() const { return data_; }
    std::size_t size() const { return size_; }

    // Drops the process's hold on the whole pages inside [offset, offset + bytes): their contents stay
    // in the file and come back on the next read. Harmless on pages never touched or already dropped.
    void release(std::size_t offset, std::size_t bytes) const;

    // Bytes of the mapping the process holds now (mincore), for tests and benchmarks.
    std::size_t residentBytes() const;

    static std::size_t pageBytes();

private:
    MappedScratchFile(int fd, std::uint8_t* data, std::size_t size) : fd_(fd), data_(data), size_(size) {}
    int fd_ = -1;
    std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

} // namespace opscope
