// Whether a Chrome trace that stops inside an event (a crashed job's dump) is kept up to the cut: while a
// KeepEventsBeforeCut scope lives on a thread, the imports that thread runs keep the events read so far,
// record a "trace_cut_off" warning at the byte offset where the unfinished event starts, and succeed
// (`import --partial`, the GUI's "Open up to the cut"). Without one such a file fails with Truncated. A
// scope like CancelScope, so the choice reaches the importer without widening every importer's signature.
#pragma once

namespace opscope {

class KeepEventsBeforeCut {
public:
    explicit KeepEventsBeforeCut(bool keep = true);
    ~KeepEventsBeforeCut();
    KeepEventsBeforeCut(const KeepEventsBeforeCut&) = delete;
    KeepEventsBeforeCut& operator=(const KeepEventsBeforeCut&) = delete;

    // The innermost scope's choice on this thread; false without one.
    static bool active();

private:
    bool previous_;
};

} // namespace opscope
