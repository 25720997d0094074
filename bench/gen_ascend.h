// The CSV side of a torch_npu ASCEND_PROFILER_OUTPUT folder: kernel_details.csv rows (one per
// device task slice and one per hcom slice) and step_trace_time.csv, with the real quirks
// (tab after the start time, """shape""" cells, N/A, CRLF line ends).
#pragma once
#include "gen_output.h"
#include "gen_overlap.h"
#include "gen_rng.h"
#include "gen_vocab.h"

#include <string>
#include <vector>

namespace opscope::gen {

struct KernelRow {
    Ns startNs = 0;
    Ns durNs = 0;
    Ns waitNs = 0;
    int streamId = -1; // -1: a communication op (Task ID / Stream ID are N/A)
    std::uint32_t taskId = 0;
    int kernel = -1;   // index into kernelSpec(), -1 for hcom
    std::string name;
    int step = 0;
    int device = 0;
};

inline const char* kernelDetailsHeader() {
    return "Step Id,Device_id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),"
           "Duration(us),Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,"
           "Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID,aicore_time(us),"
           "aic_total_cycles,aic_mac_time(us),aic_mac_ratio,aic_scalar_time(us),aic_scalar_ratio,"
           "aic_mte1_time(us),aic_mte1_ratio,aic_mte2_time(us),aic_mte2_ratio,aic_fixpipe_time(us),"
           "aic_fixpipe_ratio,aic_icache_miss_rate,aiv_time(us),aiv_total_cycles,aiv_vec_time(us),"
           "aiv_vec_ratio,aiv_scalar_time(us),aiv_scalar_ratio,aiv_mte2_time(us),aiv_mte2_ratio,"
           "aiv_mte3_time(us),aiv_mte3_ratio,aiv_icache_miss_rate,cube_utilization(%)\r\n";
}

// A shape cell: the value carries literal quotes, so the CSV field is """...""".
inline void putShapeCell(Sink& s, const char* shapes) {
    s.put(",\"\"\"");
    s.put(shapes);
    s.put("\"\"\"");
}

inline void putCell(Sink& s, std::string_view v) {
    s.put(',');
    s.put(v);
}

inline void putMilliCell(Sink& s, std::int64_t milli) {
    s.put(',');
    s.putMilli(milli, true);
}

// Pipe ratios of one core kind: time = ratio * busy time. ratios in thousandths.
inline void putPipes(Sink& s, Ns busyNs, std::initializer_list<int> ratiosMilli) {
    for (int r : ratiosMilli) {
        putMilliCell(s, busyNs * r / 1000);
        putMilliCell(s, r);
    }
}

// Returns the AI Core busy time (0 when the task does not run on the cube cores).
inline Ns putAicColumns(Sink& s, Rng& rng, const KernelSpec& k, Ns durNs, bool active) {
    if (!active) {
        putCell(s, "0.0,0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0");
        return 0;
    }
    const Ns busyNs = durNs * rng.range(94, 99) / 100;
    putMilliCell(s, busyNs);
    s.put(',');
    s.putInt(busyNs * 18 / 10 * k.blockDim); // 1800 MHz x blocks
    putPipes(s, busyNs,
             {static_cast<int>(rng.range(400, 900)), static_cast<int>(rng.range(50, 300)),
              static_cast<int>(rng.range(200, 600)), static_cast<int>(rng.range(300, 900)),
              static_cast<int>(rng.range(50, 200))});
    putMilliCell(s, rng.range(0, 5));
    return busyNs;
}

inline void putAivColumns(Sink& s, Rng& rng, const KernelSpec& k, Ns durNs, bool active) {
    if (!active) {
        putCell(s, "0.0,0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0");
        return;
    }
    const Ns busyNs = durNs * rng.range(90, 98) / 100;
    const int blocks = k.mixBlockDim > 0 ? k.mixBlockDim : k.blockDim;
    putMilliCell(s, busyNs);
    s.put(',');
    s.putInt(busyNs * 18 / 10 * blocks);
    putPipes(s, busyNs,
             {static_cast<int>(rng.range(100, 800)), static_cast<int>(rng.range(30, 400)),
              static_cast<int>(rng.range(200, 800)), static_cast<int>(rng.range(100, 700))});
    putMilliCell(s, rng.range(0, 250));
}

inline void putRowStart(Sink& s, const KernelRow& r) {
    s.putInt(r.step);
    s.put(',');
    s.putInt(r.device);
    s.put(",4294967295,");
    if (r.streamId < 0) {
        s.put("N/A,N/A");
    } else {
        s.putUint(r.taskId);
        s.put(',');
        s.putInt(r.streamId);
    }
    putCell(s, r.name);
}

inline void putTimes(Sink& s, const KernelRow& r) {
    s.put(',');
    s.putUs3(r.startNs);
    s.put('\t');
    s.put(',');
    s.putMilli(r.durNs, false);
    s.put(',');
    s.putMilli(r.waitNs, false);
}

inline void writeHcclRow(Sink& s, const KernelRow& r) {
    putRowStart(s, r);
    putCell(s, "hcom_allReduce_,N/A,HCCL");
    putTimes(s, r);
    s.put(",0");
    for (int i = 0; i < 34; ++i) s.put(",N/A");
    s.put("\r\n");
}

inline void writeKernelRow(Sink& s, Rng& rng, const KernelRow& r) {
    if (r.kernel < 0) {
        writeHcclRow(s, r);
        return;
    }
    const KernelSpec& k = kernelSpec(r.kernel);
    putRowStart(s, r);
    putCell(s, k.type);
    putCell(s, "dynamic");
    putCell(s, taskTypeName(k.task));
    putTimes(s, r);
    s.put(',');
    s.putInt(k.blockDim);
    s.put(',');
    s.putInt(k.mixBlockDim);
    putCell(s, k.hf32 ? "YES" : "NO");
    putShapeCell(s, k.inShapes);
    putCell(s, k.inTypes);
    putCell(s, k.inFormats);
    putShapeCell(s, k.outShapes);
    putCell(s, k.outTypes);
    putCell(s, k.outFormats);
    const bool mix = k.task == TaskType::MixAic || k.task == TaskType::MixAiv;
    putCell(s, mix ? "0" : "N/A");
    if (k.task == TaskType::AiCpu) {
        for (int i = 0; i < 25; ++i) s.put(",N/A");
        s.put("\r\n");
        return;
    }
    const bool aic = k.task == TaskType::AiCore || k.task == TaskType::MixAic;
    const bool aiv = k.task != TaskType::AiCore;
    const Ns aicBusyNs = putAicColumns(s, rng, k, r.durNs, aic);
    putAivColumns(s, rng, k, r.durNs, aiv);
    // cube_utilization(%) = aic cycles / (1800 MHz x 24 cores x duration)
    s.put(',');
    if (aicBusyNs > 0 && r.durNs > 0)
        s.putMilli(aicBusyNs * 100000 / r.durNs * k.blockDim / 24, false);
    else
        s.put('0');
    s.put("\r\n");
}

inline const char* stepTraceHeader() {
    return "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
           "Communication(Not Overlapped and Exclude Receive),Preparing\r\n";
}

inline void writeStepTraceRow(Sink& s, const StepTotals& t) {
    s.putInt(t.step);
    for (Ns v : {t.computingNs, t.commNotOverlappedNs, t.overlappedNs, t.commNs, t.freeNs, t.stageNs}) {
        s.put(',');
        s.putMilli(v, true);
    }
    s.put(",0,");
    s.putMilli(t.commNotOverlappedNs, true);
    s.put(',');
    s.putMilli(t.preparingNs, true);
    s.put("\r\n");
}

} // namespace opscope::gen
