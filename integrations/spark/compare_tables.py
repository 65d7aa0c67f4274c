#!/usr/bin/env python3
"""Checks that the Spark job's Parquet tables say what `legible validate --format jsonl` says.

    spark-submit integrations/spark/compare_tables.py --jsonl RECORDS.jsonl --output DIR

Every file row (all columns but seconds and cached) and every finding row must be equal to the
records', as multisets: order is not part of the contract. Exits 1 and prints the differences
when they are not.
"""
import argparse
import collections
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from validate_catalogue import file_row, finding_rows  # noqa: E402  (the job's own row mapping)

TIMING_COLUMNS = (5, 17)  # seconds, cached: not part of a result


def without_timing(row):
    return tuple(v for k, v in enumerate(row) if k not in TIMING_COLUMNS)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jsonl", required=True)
    parser.add_argument("--output", required=True, nargs="+", help="one or more job outputs, each checked")
    args = parser.parse_args()
    from pyspark.sql import SparkSession

    records = [json.loads(line) for line in open(args.jsonl, encoding="utf-8") if line.strip()]
    records = [r for r in records if "summary" not in r]
    expected_files = collections.Counter(without_timing(file_row(r)) for r in records)
    expected_findings = collections.Counter(row for r in records for row in finding_rows(r))

    spark = SparkSession.builder.appName("legible-compare-tables").getOrCreate()
    failed = checked = 0
    for output in args.output:
        got_files = collections.Counter(without_timing(tuple(row)) for row in spark.read.parquet(output + "/files").collect())
        got_findings = collections.Counter(tuple(row) for row in spark.read.parquet(output + "/findings").collect())
        for name, expected, got in (("files", expected_files, got_files), ("findings", expected_findings, got_findings)):
            checked += 1
            missing, extra = expected - got, got - expected
            if missing or extra:
                failed += 1
                print(f"{output}/{name}: {sum(missing.values())} rows missing from the table, {sum(extra.values())} rows it should not have")
                for row in list(missing)[:5]:
                    print("  missing:", row)
                for row in list(extra)[:5]:
                    print("  extra:  ", row)
            else:
                print(f"{output}/{name}: {sum(got.values())} rows, equal to the JSONL records")
    spark.stop()
    print(f"{checked - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
