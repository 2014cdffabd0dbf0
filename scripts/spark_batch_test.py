#!/usr/bin/env python3
"""Runs docs/distributed.md's Spark recipe for real, in local mode.

Generates three shards of documents with scripts/generate.py (cards and list
families, each document with its own "id"), pipes them through
`plumb batch - --jobs 1` with pyspark's RDD.pipe (local[2], one partition
per shard), and checks that the merged results equal one `plumb batch` over
the same documents: the same set of ids, each with byte-identical output.

Usage: spark_batch_test.py PLUMB_BINARY
Installs pyspark with pip when it is missing. Exits 0 on success, 1 on a
mismatch; exits 77 (skip) only when no Java runtime is found.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    plumb = os.path.abspath(sys.argv[1])
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        print("SKIP: no Java runtime (java not on PATH, JAVA_HOME unset); Spark needs one")
        return 77
    try:
        import pyspark  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pyspark"])
    from pyspark.sql import SparkSession

    work = tempfile.mkdtemp(prefix="plumb-spark-")
    shards = []
    documents = []
    for shard in range(3):
        path = os.path.join(work, f"shard-{shard:03d}.jsonl")
        with open(path, "w") as out:
            for k in range(12):
                family = ("cards", "list")[k % 2]
                text = subprocess.check_output(
                    [sys.executable, os.path.join(ROOT, "scripts/generate.py"), family,
                     str(40 + 10 * k), "--seed", str(100 * shard + k), "--width", str(320 + 40 * k)])
                doc = json.loads(text)
                doc["id"] = f"s{shard}-d{k}-{family}"
                line = json.dumps(doc, separators=(",", ":"))
                out.write(line + "\n")
                documents.append(line)
        shards.append(path)
    # One bad document: it must come back as an error line, not fail the task.
    with open(shards[1], "a") as out:
        bad = '{"id":"bad-one","root":{"width":100,"height":100},"constraints":["a.widht = 3"]}'
        out.write(bad + "\n")
        documents.append(bad)

    everything = os.path.join(work, "all.jsonl")
    with open(everything, "w") as out:
        out.write("\n".join(documents) + "\n")
    single = subprocess.run([plumb, "batch", everything, "--jobs", "1"],
                            check=True, capture_output=True, text=True).stdout.splitlines()

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # stay on loopback
    spark = (SparkSession.builder.master("local[2]").appName("plumb-batch-test")
             .config("spark.ui.enabled", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        rdd = spark.sparkContext.textFile(",".join(shards), minPartitions=3)
        piped = rdd.pipe(f"{plumb} batch - --jobs 1").collect()
        partitions = rdd.getNumPartitions()
    finally:
        spark.stop()

    def by_id(lines):
        table = {}
        for line in lines:
            record = json.loads(line)
            assert record["id"] not in table, f"duplicate id {record['id']}"
            table[record["id"]] = line
        return table

    want, got = by_id(single), by_id(piped)
    problems = []
    if len(single) != len(documents):
        problems.append(f"one batch gave {len(single)} lines for {len(documents)} documents")
    if set(want) != set(got):
        problems.append(f"ids differ: only in one batch {sorted(set(want) - set(got))}, "
                        f"only in Spark {sorted(set(got) - set(want))}")
    for key in sorted(set(want) & set(got)):
        if want[key] != got[key]:
            problems.append(f"{key}: outputs differ")
    errors = [k for k, line in got.items() if "error" in json.loads(line)]
    if errors != ["bad-one"]:
        problems.append(f"expected exactly one error record (bad-one), got {errors}")
    shutil.rmtree(work, ignore_errors=True)
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{len(got)} documents in {partitions} Spark partitions: every output equals the single batch's "
          f"({len(errors)} error record as expected)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
