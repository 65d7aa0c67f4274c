#!/usr/bin/env python3
"""Validates a catalogue of caption files on Apache Spark with `legible validate`'s batch mode.

    spark-submit integrations/spark/validate_catalogue.py --inputs PATH --output DIR
        [--profile NAME] [--legible PATH] [--partitions N] [--jobs N] [--max-seconds S]

PATH is a directory (searched recursively for caption files, as `legible validate DIR` does) or a
text file listing one path a line; either may be local, HDFS, S3 (s3a://) or any file system
Hadoop is configured for. The `legible` release binary is shipped to the executors with
SparkContext.addFile; each partition runs one `legible validate --files-from - --format jsonl`
over its files (copied to the executor's local disk first when their file system is not the
local one), and the records become two Parquet tables:

    DIR/files     one row per file: path, status, format, cues, findings, seconds, and more
    DIR/findings  one row per finding: path, rule, severity, line, column, message, cue, start, end

plus DIR/summary.json (files per status, findings per rule and severity, the slowest files),
which is also printed. Schemas: docs/validate.md, "On Spark".
"""
import argparse
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

# What `legible validate DIR` picks up in a directory (CaptionFormat.forFileName).
CAPTION_EXTENSIONS = (".srt", ".vtt", ".webvtt", ".scc", ".ttml", ".dfxp", ".xml", ".imsc")
LOCAL_SCHEMES = ("", "file")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Validate caption files on Spark with legible's batch mode.")
    parser.add_argument("--inputs", required=True, help="a directory, or a text file listing one path a line")
    parser.add_argument("--output", required=True, help="where the Parquet tables and summary.json go")
    parser.add_argument("--profile", default="general", help="a built-in profile name (general, netflix, …)")
    parser.add_argument("--legible", default=None,
                        help="the legible release binary (default: .build/release/legible, else legible on PATH)")
    parser.add_argument("--partitions", type=int, default=None,
                        help="partitions of the file list (default: 4 per core Spark offers, at most one per 50 files)")
    parser.add_argument("--jobs", type=int, default=1, help="files each task checks at once (legible --jobs)")
    parser.add_argument("--max-seconds", type=float, default=60.0, help="time limit per file (legible --max-seconds)")
    parser.add_argument("--max-memory", type=int, default=None, help="memory limit per file's worker, MB (legible --max-memory)")
    parser.add_argument("--copy-inputs", action="store_true",
                        help="copy local files to the executors' scratch disk too, as remote ones are (tests that path)")
    return parser.parse_args(argv)


def find_legible(given):
    if given:
        return os.path.abspath(given)
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(os.path.dirname(os.path.dirname(here)), ".build", "release", "legible")
    if os.path.exists(built):
        return built
    found = shutil.which("legible")
    if found:
        return found
    sys.exit("validate_catalogue: no legible binary: build it (swift build -c release --product legible) or pass --legible")


def scheme_of(path):
    head = path.split("/", 1)[0]
    return head[:-1].lower() if head.endswith(":") else ""


def list_inputs(spark, inputs):
    """The caption files of a directory (recursively, hidden entries skipped, in name order), or the
    paths a list file names. Goes through Hadoop's file systems, so any scheme Spark reads works."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    root = jvm.org.apache.hadoop.fs.Path(inputs)
    fs = root.getFileSystem(conf)
    if fs.getFileStatus(root).isDirectory():
        found = []
        pending = [root]
        while pending:
            for status in fs.listStatus(pending.pop()):
                name = status.getPath().getName()
                if name.startswith("."):
                    continue
                if status.isDirectory():
                    pending.append(status.getPath())
                elif name.lower().endswith(CAPTION_EXTENSIONS):
                    found.append(status.getPath().toString())
        local = scheme_of(inputs) == ""
        # Paths as a local user wrote them (no file: prefix), so that records match the CLI's.
        return sorted(p[5:] if local and p.startswith("file:") else p for p in found)
    lines = [row.value.strip() for row in spark.read.text(inputs).collect()]
    return [line for line in lines if line]


def validate_partition(binary_name, options, max_seconds):
    """Returns the function each partition runs: legible's batch mode on its files."""

    def run(items):
        from pyspark import SparkFiles

        binary = SparkFiles.get(binary_name)
        mode = os.stat(binary).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(binary, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        scratch = None
        local_of = {}
        listed = []
        for item in items:
            if isinstance(item, tuple):  # (remote path, bytes): copy to this executor's disk
                remote, content = item
                if remote.startswith("file:") and not remote.startswith("file://"):
                    remote = remote[5:]  # Hadoop's form of a local path: back to the listed one
                if scratch is None:
                    scratch = tempfile.mkdtemp(prefix="legible-spark-")
                local = os.path.join(scratch, str(len(listed)), os.path.basename(remote))
                os.makedirs(os.path.dirname(local))
                with open(local, "wb") as f:
                    f.write(content)
                local_of[local] = remote
                listed.append(local)
            else:
                listed.append(item)
        if not listed:
            return
        command = [binary, "validate", "--files-from", "-", "--format", "jsonl", "--fail-on", "never"] + options
        try:
            process = subprocess.run(command, input="\n".join(listed) + "\n", capture_output=True, text=True,
                                     timeout=max_seconds * len(listed) + 120)
        finally:
            if scratch:
                shutil.rmtree(scratch, ignore_errors=True)
        records = 0
        for line in process.stdout.split("\n"):
            if not line:
                continue
            record = json.loads(line)
            if "summary" in record:
                continue
            record["path"] = local_of.get(record["path"], record["path"])
            records += 1
            yield record
        if records != len(listed):
            raise RuntimeError(f"legible answered {records} of {len(listed)} files (exit {process.returncode}): {process.stderr[-2000:]}")

    return run


def file_row(r):
    return (r["path"], r["status"], r.get("format"), r.get("cues"), r["errors"] + r["warnings"] + r["infos"],
            float(r["seconds"]), r.get("size"), r.get("sha256"), r.get("encoding"), r.get("tracks"), r["errors"],
            r["warnings"], r["infos"], r.get("message"), r["profile"]["name"], r["profile"]["version"], r["engine"],
            bool(r.get("cached")))


def finding_rows(r):
    return [(r["path"], f["rule"], f["severity"], f.get("line"), f.get("column"), f["message"], f.get("cue"),
             None if f.get("start") is None else float(f["start"]), None if f.get("end") is None else float(f["end"]))
            for f in r.get("findings", [])]


def schemas():
    from pyspark.sql.types import BooleanType, DoubleType, IntegerType, LongType, StringType, StructField, StructType

    files = StructType([
        StructField("path", StringType(), False), StructField("status", StringType(), False),
        StructField("format", StringType(), True), StructField("cues", IntegerType(), True),
        StructField("findings", IntegerType(), False), StructField("seconds", DoubleType(), False),
        StructField("size", LongType(), True), StructField("sha256", StringType(), True),
        StructField("encoding", StringType(), True), StructField("tracks", IntegerType(), True),
        StructField("errors", IntegerType(), False), StructField("warnings", IntegerType(), False),
        StructField("infos", IntegerType(), False), StructField("message", StringType(), True),
        StructField("profile", StringType(), False), StructField("profile_version", StringType(), False),
        StructField("engine", StringType(), False), StructField("cached", BooleanType(), False),
    ])
    findings = StructType([
        StructField("path", StringType(), False), StructField("rule", StringType(), False),
        StructField("severity", StringType(), False), StructField("line", IntegerType(), True),
        StructField("column", IntegerType(), True), StructField("message", StringType(), False),
        StructField("cue", StringType(), True), StructField("start", DoubleType(), True),
        StructField("end", DoubleType(), True),
    ])
    return files, findings


def main(argv=None):
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    from pyspark import StorageLevel
    from pyspark.sql import SparkSession, functions as F

    spark = SparkSession.builder.appName("legible-validate-catalogue").getOrCreate()
    sc = spark.sparkContext
    legible = find_legible(args.legible)
    sc.addFile(legible)
    paths = list_inputs(spark, args.inputs)
    if not paths:
        sys.exit(f"validate_catalogue: no caption files in {args.inputs}")
    partitions = args.partitions or max(1, min(4 * sc.defaultParallelism, (len(paths) + 49) // 50))
    options = ["--profile", args.profile, "--jobs", str(args.jobs), "--max-seconds", str(args.max_seconds)]
    if args.max_memory:
        options += ["--max-memory", str(args.max_memory)]

    copied = lambda p: args.copy_inputs or scheme_of(p) not in LOCAL_SCHEMES
    local = [p for p in paths if not copied(p)]
    remote = [p for p in paths if copied(p)]
    rdds = []
    if local:
        rdds.append(sc.parallelize([p[5:] if p.startswith("file:") else p for p in local], partitions))
    if remote:
        # Spark reads them through Hadoop on the executors; each partition writes its share to
        # local disk for legible.
        rdds.append(sc.binaryFiles(",".join(remote), minPartitions=partitions))
    work = rdds[0] if len(rdds) == 1 else sc.union(rdds)
    records = work.mapPartitions(validate_partition(os.path.basename(legible), options, args.max_seconds))
    records = records.persist(StorageLevel.MEMORY_AND_DISK)

    file_schema, finding_schema = schemas()
    files = spark.createDataFrame(records.map(file_row), file_schema)
    findings = spark.createDataFrame(records.flatMap(finding_rows), finding_schema)
    files.write.mode("overwrite").parquet(args.output.rstrip("/") + "/files")
    findings.write.mode("overwrite").parquet(args.output.rstrip("/") + "/findings")

    files = spark.read.parquet(args.output.rstrip("/") + "/files")
    findings = spark.read.parquet(args.output.rstrip("/") + "/findings")
    summary = {
        "files": files.count(),
        "files_per_status": {r["status"]: r["count"] for r in files.groupBy("status").count().collect()},
        "findings_per_rule": sorted(([r["rule"], r["severity"], r["count"]]
                                     for r in findings.groupBy("rule", "severity").count().collect()),
                                    key=lambda x: (-x[2], x[0], x[1])),
        "findings_per_severity": {r["severity"]: r["count"] for r in findings.groupBy("severity").count().collect()},
        "slowest_files": [[r["path"], r["status"], r["seconds"]]
                          for r in files.orderBy(F.desc("seconds")).limit(10).collect()],
        "legible_seconds": files.agg(F.sum("seconds")).first()[0],
        "partitions": work.getNumPartitions(),
    }
    text = json.dumps(summary, indent=2)
    print(text)
    jvm = sc._jvm
    target = jvm.org.apache.hadoop.fs.Path(args.output.rstrip("/") + "/summary.json")
    out = target.getFileSystem(sc._jsc.hadoopConfiguration()).create(target, True)
    out.write(bytearray(text.encode("utf-8") + b"\n"))
    out.close()
    records.unpersist()
    spark.stop()


if __name__ == "__main__":
    main()
