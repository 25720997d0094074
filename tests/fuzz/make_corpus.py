#!/usr/bin/env python3
"""Writes the seed and regression corpus of tests/fuzz/corpus/<harness>/ (issue #14's cases among
them). Run from the repository root after building opscope-cli: python3 tests/fuzz/make_corpus.py build/app/opscope-cli
The files are committed; this script documents how each was made and can make them again."""
import os, sqlite3, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")


def put(harness, name, data):
    d = os.path.join(CORPUS, harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def put_altered_copy(harness, base, name, sql):
    """A copy of the SQLite file base with sql run on it, compacted to 512-byte pages; returns its bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        db = sqlite3.connect(base)
        out = sqlite3.connect(path)
        db.backup(out)
        db.close()
        out.executescript(sql + "; PRAGMA page_size=512; VACUUM;")
        out.close()
        data = open(path, "rb").read()
    put(harness, name, data)
    return data


def nested_object(depth):
    return '{"a":' * depth + "1" + "}" * depth


def chrome():
    x = '{"ph":"X","name":"k","pid":1,"tid":1,"ts":%d,"dur":5}'
    put("chrome_json", "seed_small.json", "[" + ",".join(x % (i * 10) for i in range(5)) + "]")
    put("chrome_json", "seed_phases.json", open(os.path.join(ROOT, "tests/data/graphs/kineto_v101_trace.json")).read())
    put("chrome_json", "seed_object.json", '{"traceEvents":[{"ph":"B","name":"b","pid":1,"tid":1,"ts":1},'
        '{"ph":"E","pid":1,"tid":1,"ts":2},{"ph":"C","name":"c","pid":1,"ts":1,"args":{"v":1}},'
        '{"ph":"s","id":1,"name":"f","cat":"c","pid":1,"tid":1,"ts":1},{"ph":"f","id":1,"name":"f","cat":"c","pid":1,"tid":1,"ts":2,"bp":"e"}],'
        '"displayTimeUnit":"ns"}')
    put("chrome_json", "case01_be_args_90000_deep.json", '[{"ph":"B","name":"b","pid":1,"tid":1,"ts":1,"args":{"x":1}},'
        '{"ph":"E","pid":1,"tid":1,"ts":2,"args":{"deep":' + nested_object(90000) + '}}]')
    put("chrome_json", "case01_x_args_40000_deep.json", '[{"ph":"X","name":"x","pid":1,"tid":1,"ts":1,"dur":1,"args":'
        + nested_object(40000) + '}]')
    put("chrome_json", "case03_invalid_utf8_name.json", b'[{"ph":"X","name":"bad\xff\xc0\xaf","pid":1,"tid":1,"ts":1,"dur":5}]')
    put("chrome_json", "case03_lone_surrogate.json", '[{"ph":"X","name":"lone\\ud800","pid":1,"tid":1,"ts":1,"dur":5,'
        '"args":{"s":"\\udc00"}}]')
    put("chrome_json", "case09_counter_nan.json", '[{"ph":"C","name":"c","pid":1,"ts":1,"args":{"v":"nan"}},'
        '{"ph":"C","name":"c","pid":1,"ts":2,"args":{"v":"inf","w":"-nan"}}]')
    put("chrome_json", "case11_ts_dur_overflow.json", '[{"ph":"X","name":"h","pid":1,"tid":1,"ts":9223372036854775.807,'
        '"dur":9223372036854775.807},{"ph":"B","name":"b","pid":1,"tid":1,"ts":-9223372036854775.808},'
        '{"ph":"E","pid":1,"tid":1,"ts":9223372036854775.807}]')
    n = 3000
    be = ['{"ph":"B","name":"b","pid":1,"tid":1,"ts":%d}' % i for i in range(n)]
    be += ['{"ph":"E","pid":1,"tid":1,"ts":%d}' % (100000 - i) for i in range(n)]
    be += ['{"ph":"X","name":"x","pid":1,"tid":2,"ts":%d,"dur":%d}' % (i, 100000 - 2 * i) for i in range(n)]
    put("chrome_json", "case12_nesting_3000.json", "[" + ",".join(be) + "]")
    # Session 6: E's tts minus B's overflowed int64 (the thread time of a B/E pair).
    put("chrome_json", "s6_case11_thread_time_overflow.json", '[{"ph":"B","name":"b","pid":1,"tid":1,"ts":1,'
        '"tts":-9223372036854775.807},{"ph":"E","pid":1,"tid":1,"ts":2,"tts":9223372036854775.807}]')


def ascend_csv():
    out = os.path.join(ROOT, "tests/data/ascend/torch_npu_rank0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT")
    names = ["kernel_details.csv", "op_statistic.csv", "step_trace_time.csv", "l2_cache.csv",
             "memory_record.csv", "operator_details.csv"]
    for i, name in enumerate(names):
        put("ascend_csv", "seed_" + name, bytes([i]) + open(os.path.join(out, name), "rb").read())
    # The statistics files of a folder without a timeline: imported, not skipped (high bit of the first byte).
    for i, name in [(1, "op_statistic.csv"), (5, "operator_details.csv")]:
        put("ascend_csv", "seed_alone_" + name, bytes([0x80 | i]) + open(os.path.join(out, name), "rb").read())
    put("ascend_csv", "seed_alone_api_statistic.csv", bytes([0x86]) + b"Level,API Name,Time(us),Count,Avg(us),Min(us),"
        b"Max(us),Variance\nacl,aclnnAdd,30.000,3,10.000,5.000,15.000,16.667\nruntime,launch,1.5,1,1.5,1.5,1.5,0\n")
    # A legacy task_time JSON merged into the msprof JSON the harness writes beside it (first byte 7).
    put("ascend_csv", "seed_task_time.json", bytes([7]) + b'[{"name":"Cast-op239","pid":3,"tid":7,"ts":56635864386.8,'
        b'"dur":2.5,"args":{"Task Type":"AI_CORE","Stream Id":7,"Task Id":3,"Aicore Time(ms)":0.0021,"Total Cycle":3780},'
        b'"ph":"X"},{"name":"Add-op3","pid":3,"tid":7,"ts":56635864395.0,"dur":1.0,"args":{"Stream Id":"7","Task Id":5},'
        b'"ph":"X"}]')
    put("ascend_csv", "case03_invalid_utf8.csv", bytes([0]) + open(os.path.join(out, names[0]), "rb").read().replace(b"Conv", b"C\xff\xfev", 1))
    put("ascend_csv", "case11_extreme_times.csv", bytes([2]) + b"Step,Computing,Communication(Not Overlapped),Overlapped,"
        b"Communication,Free,Stage,Bubble,Communication(Not Overlapped and Exclude Receive)\n"
        b"1,9223372036854775807,-9223372036854775808,1e400,nan,inf,0,0,0\n")
    # Session 6: a kernel row's start + duration (its step's end) overflowed int64.
    put("ascend_csv", "s6_case11_kernel_step_end_overflow.csv", bytes([0]) + b"Step Id,Device_id,Stream ID,Task ID,"
        b"Name,Type,Accelerator Core,Start Time(us),Duration(us)\n"
        b"1,0,2,101,k,K,AI_CORE,\"9223372036854775.807\t\",10.0\n"
        b"1,0,2,102,k,K,AI_CORE,\"-9223372036854775.807\t\",10.0\n")


def ascend_db():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "x.db")
        db = sqlite3.connect(path)
        db.executescript("""
PRAGMA page_size=512;
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1, 'Conv2D1'), (2, CAST(X'41FF42' AS TEXT)), (3, 'AI_CORE');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES (1000, 2000, 0, 1, 1, 0, 2, 0, 2, 101, 0),
  (-9223372036854775808, 9223372036854775807, 0, 2, 2, 0, 2, 0, 2, 102, 0);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, blockDim INTEGER, mixBlockDim INTEGER,
  taskType INTEGER, opType INTEGER);
INSERT INTO COMPUTE_TASK_INFO VALUES (1, 1, 16, 0, 2, 2), (1, 2, 16, 0, 2, 2);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (900, 950, 10000, 17609365917700, 1, 1);
""")
        db.commit()
        db.close()
        put("ascend_db", "case02_case11_utf8_and_extreme_times.db", open(path, "rb").read())
    put("ascend_db", "case13_not_sqlite.db", b"[not an sqlite file]")
    # Session 6: one export with every table the DB importer reads (tasks, compute and PMU, CANN and
    # PyTorch calls, mstx, collectives and plane tasks, counters, steps, overlap, memory), so that the
    # fuzzer mutates each reader's rows instead of discovering the table names.
    put_sql_db("ascend_db", "seed_every_table.db", MSPROF_EVERY_TABLE_SQL)
    # The widest start and end in every range table: end - start overflowed int64 in four readers.
    put_sql_db("ascend_db", "s6_case11_widest_ranges.db", """
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1, 'aclnnAdd'), (2, 'hcom_allReduce_'), (3, 'group'), (4, 'Notify_Wait');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES (-9223372036854775808, 9223372036854775807, 0, 7, 1, 0, 4, 0, 3, 101, 0);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (-9223372036854775808, 9223372036854775807, 10000, 1, 7, 1);
CREATE TABLE MSTX_EVENTS(startNs INTEGER, endNs INTEGER, eventType INTEGER, message INTEGER, globalTid INTEGER);
INSERT INTO MSTX_EVENTS VALUES (-9223372036854775808, 9223372036854775807, 2, 1, 1);
CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId INTEGER, groupName INTEGER,
  opId INTEGER PRIMARY KEY);
INSERT INTO COMMUNICATION_OP VALUES (2, -9223372036854775808, 9223372036854775807, 7, 3, 1);
CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, taskType INTEGER, planeId INTEGER,
  groupName INTEGER, opId INTEGER);
INSERT INTO COMMUNICATION_TASK_INFO VALUES (4, 1, 4, 0, 3, 1);
CREATE TABLE OVERLAP_ANALYSIS(id INTEGER PRIMARY KEY, deviceId INTEGER, startNs INTEGER, endNs INTEGER, type INTEGER);
INSERT INTO OVERLAP_ANALYSIS VALUES (1, 0, -9223372036854775808, 9223372036854775807, 0);
""")


def put_sql_db(harness, name, sql):
    """A SQLite file made by sql, in 512-byte pages (small inputs mutate faster)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        db = sqlite3.connect(path)
        db.executescript("PRAGMA page_size=512;" + sql)
        db.commit()
        db.close()
        put(harness, name, open(path, "rb").read())


# The tables of tests/core/ascend_db_test.cpp's export and memory_import_test.cpp's DB runs, with mstx.
MSPROF_EVERY_TABLE_SQL = """
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1,'Conv2D1'),(2,'Conv2D'),(3,'AI_CORE'),(4,'NC1HWC0;FRACTAL_Z;NCHW'),
  (5,'FLOAT;FLOAT;FLOAT'),(6,'"32,1,224,224,8;121,4,16,8;64"'),(7,'NC1HWC0'),(8,'FLOAT'),(9,'"32,8,55,55,8"'),
  (10,'KERNEL_AICORE'),(11,'Node@launch'),(12,'hcom_allReduce__1_0_1'),(13,'123'),(14,'Memcpy'),(15,'HCCS'),
  (16,'read'),(17,'aic_mac_ratio'),(18,'aic_total_time'),(19,'dynamic'),(20,'YES'),(21,'FP32'),(22,'MESH-RING'),
  (23,'SDMA'),(24,'INT32'),(25,'EVENT_RECORD'),(26,'aten::conv2d'),(27,'step 1'),(430,'GE'),(436,'conv');
CREATE TABLE ENUM_API_TYPE(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_API_TYPE VALUES (10000,'node');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES
  (1736408883700200212, 1736408883700514098, 0, 11, 1, 0, 10, 4294967295, 2, 101, 4294967295),
  (1736408883701200000, 1736408883701280000, 0, 4294967295, 2, 0, 25, 4294967295, 4, 7, 4294967295),
  (1736408883701300600, 1736408883701303600, 0, 15, 3, 0, 14, 0, 4, 8, 4294967295);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, blockDim INTEGER, mixBlockDim INTEGER,
  taskType INTEGER, opType INTEGER, inputFormats INTEGER, inputDataTypes INTEGER, inputShapes INTEGER,
  outputFormats INTEGER, outputDataTypes INTEGER, outputShapes INTEGER, opState INTEGER, hf32Eligible INTEGER);
INSERT INTO COMPUTE_TASK_INFO VALUES (1, 1, 16, 0, 3, 2, 4, 5, 6, 7, 8, 9, 19, 20);
CREATE TABLE TASK_PMU_INFO(globalTaskId INTEGER, name INTEGER, value NUMERIC);
INSERT INTO TASK_PMU_INFO VALUES (1, 18, 312164.0), (1, 17, 0.519);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (1736408883700110500, 1736408883700130500, 10000, 17609365917700, 11, 11);
CREATE TABLE MSTX_EVENTS(startNs INTEGER, endNs INTEGER, eventType INTEGER, message INTEGER, globalTid INTEGER);
INSERT INTO MSTX_EVENTS VALUES (1736408883700000000, 1736408883702000000, 2, 27, 17609365917700);
CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId INTEGER, groupName INTEGER,
  opId INTEGER PRIMARY KEY, relay INTEGER, retry INTEGER, dataType INTEGER, algType INTEGER, count NUMERIC, opType INTEGER);
INSERT INTO COMMUNICATION_OP VALUES (12, 1736408883701300564, 1736408883701700564, 15, 13, 1, 0, 0, 21, 22, 4096, 12);
CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, taskType INTEGER, planeId INTEGER,
  groupName INTEGER, notifyId INTEGER, rdmaType INTEGER, srcRank INTEGER, dstRank INTEGER, transportType INTEGER,
  size INTEGER, dataType INTEGER, linkType INTEGER, opId INTEGER, bandwidth NUMERIC);
INSERT INTO COMMUNICATION_TASK_INFO VALUES (12, 3, 14, 0, 13, 0, NULL, 0, 1, 23, 4096, 24, 15, 1, 1300000000);
CREATE TABLE HBM(deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, hbmId INTEGER, type INTEGER);
INSERT INTO HBM VALUES (0, 1736408883700000000, 10500000, 0, 16), (0, 1736408883701000000, 20250000, 0, 16);
CREATE TABLE AICORE_FREQ(deviceId INTEGER, timestampNs INTEGER, freq INTEGER);
INSERT INTO AICORE_FREQ VALUES (0, 1736408883699000000, 1800), (0, 1736408883702000000, 1650);
CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER, endNs INTEGER);
INSERT INTO STEP_TIME VALUES (7, 1736408883700000000, 1736408883702000000);
CREATE TABLE OVERLAP_ANALYSIS(id INTEGER PRIMARY KEY, deviceId INTEGER, startNs INTEGER, endNs INTEGER, type INTEGER);
INSERT INTO OVERLAP_ANALYSIS VALUES (1, 0, 1736408883700200212, 1736408883700514098, 0);
CREATE TABLE PYTORCH_API(startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO PYTORCH_API VALUES ('1736408883700100000', '1736408883700150000', 17609365917700, 1, 26);
CREATE TABLE CONNECTION_IDS(id INTEGER, connectionId INTEGER);
INSERT INTO CONNECTION_IDS VALUES (1, 11);
CREATE TABLE ENUM_MEMORY(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_MEMORY VALUES (0, 'app'), (1, 'device'), (5, 'allocate'), (6, 'release');
CREATE TABLE NPU_OP_MEM(operatorName INTEGER, addr INTEGER, type INTEGER, size INTEGER, timestampNs INTEGER,
  globalTid INTEGER, totalAllocate NUMERIC, totalReserve NUMERIC, component INTEGER, deviceId INTEGER);
INSERT INTO NPU_OP_MEM VALUES (436, 20068255531008, 5, 65536, 1736408883700200000, 1, 131072, 1229258752, 430, 0),
  (436, 20068255531008, 6, 65536, 1736408883700300000, 1, 65536, 1229258752, 430, 0);
CREATE TABLE NPU_MEM(type INTEGER, ddr INTEGER, hbm INTEGER, timestampNs INTEGER, deviceId INTEGER);
INSERT INTO NPU_MEM VALUES (0, 0, 1048576, 1736408883700200000, 0);
CREATE TABLE MEMORY_RECORD(component INTEGER, timestamp INTEGER, totalAllocated INTEGER, totalReserved INTEGER,
  totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);
INSERT INTO MEMORY_RECORD VALUES (430, 1736408883700200000, 1572864, 4194304, 1572864, 123, 0);
CREATE TABLE OP_MEMORY(name INTEGER, size INTEGER, allocationTime INTEGER, releaseTime INTEGER,
  activeReleaseTime INTEGER, duration INTEGER, activeDuration INTEGER, allocationTotalAllocated INTEGER,
  allocationTotalReserved INTEGER, allocationTotalActive INTEGER, releaseTotalAllocated INTEGER,
  releaseTotalReserved INTEGER, releaseTotalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);
INSERT INTO OP_MEMORY VALUES (26, 1572864, 1736408883700200000, 1736408883700300000, 1736408883700300000, 100000,
  100000, 1572864, 4194304, 1572864, 0, 4194304, 0, 123, 0);
CREATE TABLE ENUM_MODULE(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_MODULE VALUES (0, 'SLOG'), (1, 'RUNTIME');
CREATE TABLE NPU_MODULE_MEM(moduleId INTEGER, timestampNs INTEGER, totalReserved INTEGER, deviceId INTEGER);
INSERT INTO NPU_MODULE_MEM VALUES (0, 1736408883700200000, 0, 0), (1, 1736408883700200000, 2359296, 0);
"""


def graph():
    for name in ["mini.graph.json", "mini.om.json", "et_v101.json", "et_chakra.json"]:
        put("graph", "seed_" + name, open(os.path.join(ROOT, "tests/data/graphs", name), "rb").read())
    put("graph", "case01_attrs_100000_deep.json", '{"format":"opscope-graph","nodes":[{"name":"n","attrs":' + nested_object(100000) + '}]}')
    put("graph", "case05_number_1e309.json", "[1e309")
    put("graph", "case05_number_1e309_object.json", '{"schema":"1.0.1","pid":1,"nodes":[{"id":1,"name":"a","ctrl_deps":1e309}]}')
    put("graph", "case05_direction_false.json", '{"format":"opscope-graph","direction":false,"nodes":[{"name":"n"}]}')
    put("graph", "case05_name_not_string.json", '{"schema":"1.0.1","pid":1,"nodes":[{"id":1,"name":5,"ctrl_deps":0}]}')
    put("graph", "case03_invalid_utf8.json", b'{"format":"opscope-graph","nodes":[{"name":"n\xff","type":"\\ud800"}]}')


def baseline_rules():
    put("baseline_rules", "case05_format_1.json", '{"format":1,"version":1}')
    put("baseline_rules", "case05_version_string.json", '{"format":"opscope-baseline","version":"1"}')
    put("baseline_rules", "seed_baseline.json", '{"format":"opscope-baseline","version":1,"source":"t","busy_ns":5,'
        '"devices":[{"label":"NPU 0","busy_ns":5}],"operators":[{"name":"k","count":1,"total_ns":5}],'
        '"findings":[{"rule":"r","title":"t"}],"bubbles":{"count":1}}')
    put("baseline_rules", "seed_rules.json", open(os.path.join(ROOT, "resources/rules/diagnosis_rules.json")).read()
        if os.path.exists(os.path.join(ROOT, "resources/rules/diagnosis_rules.json")) else '{"version":1,"rules":[{"id":"x"}]}')
    put("baseline_rules", "case05_rules_wrong_types.json", '{"priority":{"high_time_share":"x"},"bubble_causes":{"launch":5},'
        '"rules":[{"id":"memory_bound_operators","params":{"pairs":[1,{"memory":[2]}]}}]}')
    put("baseline_rules", "case01_deep.json", "[" * 100000 + "]" * 100000)
    put("baseline_rules", "seed_device_profile.json", open(os.path.join(ROOT, "resources/devices/ascend_910b.json")).read())
    put("baseline_rules", "seed_thresholds.json", '{"default":{"window":30,"mad_k":3.5},"metrics":{"op.count":'
        '{"direction":"up"},"device.busy_ns":{"min_relative":0.05,"confirm_runs":2}}}')
    put("baseline_rules", "p4_thresholds_window_beyond_bound.json", '{"default":{"window":100000,"min_runs":100000}}')


def store_open(cli):
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.json")
        with open(trace, "w") as f:
            # Two kernels launched by one call each: the store holds launch links and queue tracks (schema 8).
            f.write('[{"ph":"X","name":"k","cat":"kernel","pid":1,"tid":1,"ts":1,"dur":5,"args":{"correlation":1}},'
                    '{"ph":"X","name":"k","cat":"kernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":2}},'
                    '{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":2,"tid":2,"ts":0,"dur":1,'
                    '"args":{"correlation":1}},'
                    '{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":2,"tid":2,"ts":2,"dur":1,'
                    '"args":{"correlation":2}},'
                    '{"ph":"C","name":"c","pid":1,"ts":1,"args":{"v":1}}]')
        base = os.path.join(tmp, "s.sqlite")
        subprocess.run([cli, "import", trace, "-o", base, "--quiet"], check=True)

        def variant(name, sql):
            return put_altered_copy("store_open", base, name, sql)

        variant("seed_store.sqlite", "SELECT 1")
        variant("case04_slice_count_4e9.sqlite", "UPDATE track SET slice_count = 4000000000")
        variant("case04_track_id_9e9.sqlite", "UPDATE track SET id = 9000000000 WHERE id = 1; UPDATE slice SET track_id = 9000000000")
        variant("case04_no_track_table.sqlite", "DROP TABLE track")
        variant("case04_string_id_huge.sqlite", "UPDATE string SET id = 3000000000 WHERE id = 1")
        variant("case04_depth_huge.sqlite", "UPDATE slice SET depth = 2000000000")
        # The timeline pack (schema 7): header counts past the file, runs past the slices, a stale pack.
        variant("s7_pack_counts_huge.sqlite", "UPDATE timeline_pack SET data = CAST(substr(data, 1, 24) || "
                "x'0000000000010000' || x'0000000000010000' || substr(data, 41) AS BLOB) WHERE part = 0")
        variant("s7_pack_run_past_slices.sqlite", "UPDATE timeline_pack SET data = CAST(x'ffffff7f' || "
                "substr(data, 5) AS BLOB) WHERE part = 2")
        variant("s7_pack_text_part.sqlite", "UPDATE timeline_pack SET data = substr(data, 1, 4) || substr(data, 5) "
                "WHERE part = 2")
        variant("s7_pack_stale.sqlite", "DELETE FROM slice WHERE id = (SELECT max(id) FROM slice)")
        variant("s7_pack_truncated_slices.sqlite", "UPDATE timeline_pack SET data = substr(data, 1, 40) WHERE part = 3")
        # The launch queue tracks (schema 8): a count past the blobs, a cut blob, a meta count of tracks
        # that are not there, the tables gone (each refused, then computed from the links).
        variant("s8_queue_count_huge.sqlite", "UPDATE launch_queue_track SET point_count = 4000000000")
        variant("s8_queue_blob_cut.sqlite", "UPDATE launch_queue_points SET data = substr(data, 1, 15)")
        variant("s8_queue_meta_count.sqlite", "UPDATE meta SET value = '9' WHERE key = 'launch_queue_tracks'")
        variant("s8_queue_no_tables.sqlite", "DROP TABLE launch_queue_points; DROP TABLE launch_queue_track")


def history_db(cli):
    """A run history written by `history add` (12 runs: enough for bands to be judged), then damaged."""
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.json")
        with open(trace, "w") as f:
            f.write('[{"ph":"X","name":"k","cat":"kernel","pid":1,"tid":1,"ts":1,"dur":5},'
                    '{"ph":"X","name":"k","cat":"kernel","pid":1,"tid":1,"ts":10,"dur":5}]')
        base = os.path.join(tmp, "h.sqlite")
        for i in range(12):
            subprocess.run([cli, "history", "add", trace, "--db", base, "--again", "--time", str(1700000000 + i),
                            "--label", "run%d" % i], check=True, stdout=subprocess.DEVNULL)

        def variant(name, sql):
            return put_altered_copy("history_db", base, name, sql)

        seed = variant("seed_history.sqlite", "UPDATE history_run SET known_change = 1 WHERE id = 4")
        # Values that grow from run 6 on: a step, then a drift (both paths of the detection).
        variant("seed_history_drift.sqlite", "UPDATE history_metric SET value = value * (1 + max(run_id - 5, 0) * 0.2)")
        variant("s5_invalid_utf8_texts.sqlite", "UPDATE history_run SET label = CAST(X'62ADFF' AS TEXT), "
                "commit_id = CAST(X'EDA080' AS TEXT), host = CAST(X'C0AF' AS TEXT) WHERE id = 2; "
                "UPDATE history_metric SET scope = CAST(X'6BFF' AS TEXT) WHERE run_id = 3")
        variant("s5_value_inf.sqlite", "UPDATE history_metric SET value = 9e999 WHERE run_id = 5")
        variant("s5_value_beyond_2p63.sqlite", "UPDATE history_metric SET value = "
                "CASE run_id % 2 WHEN 0 THEN 1e308 ELSE -1e308 END")
        variant("s5_value_null_and_text.sqlite", "CREATE TABLE m2(run_id INTEGER, name TEXT, scope TEXT, value, unit TEXT); "
                "INSERT INTO m2 SELECT run_id, name, scope, CASE run_id % 3 WHEN 0 THEN NULL WHEN 1 THEN 'abc' "
                "ELSE X'00' END, unit FROM history_metric; DROP TABLE history_metric; ALTER TABLE m2 RENAME TO history_metric")
        variant("s5_run_time_extremes.sqlite", "UPDATE history_run SET run_time_ns = -9223372036854775808 WHERE id = 1; "
                "UPDATE history_run SET run_time_ns = 9223372036854775807, added_at_ns = -1 WHERE id = 2")
        variant("s5_schema_version_2.sqlite", "UPDATE history_meta SET value = '2' WHERE key = 'schema_version'")
        variant("s5_not_a_history.sqlite", "DROP TABLE history_meta")
        variant("s5_run_table_without_label.sqlite", "ALTER TABLE history_run DROP COLUMN label")
        variant("s5_run_table_is_a_view.sqlite", "CREATE TABLE r2 AS SELECT * FROM history_run; DROP TABLE history_run; "
                "CREATE VIEW history_run AS SELECT * FROM r2 WHERE 1/0")
        put("history_db", "s5_truncated.sqlite", seed[: len(seed) // 2])
        put("history_db", "s5_not_sqlite.sqlite", b"[not an sqlite file]")


if __name__ == "__main__":
    chrome()
    ascend_csv()
    ascend_db()
    graph()
    baseline_rules()
    if len(sys.argv) > 1:
        store_open(sys.argv[1])
        history_db(sys.argv[1])
