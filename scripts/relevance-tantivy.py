#!/usr/bin/env python3
"""Runs the relevance benchmark's queries against tantivy, for `scout-bench relevance`.

    relevance-tantivy.py CATALOG QUERIES RESULTS SUMMARY WARMUP PASSES

CATALOG holds one book a line, {"id": "...", "title": "...", "authors": "...", "alternates":
"...", "series": "..."}; QUERIES one query a line, {"text": "..."}. The books are indexed in
memory (title, authors, alternate titles and series names, each cut
into words at anything that is not a letter or digit, lowercased and folded to ASCII, as
SQLite's `unicode61 remove_diacritics 2` does) by one writer thread, so documents keep the
catalog's order and equal scores come out in the same order on every run. Each query becomes
a BooleanQuery in which every word must match one of those fields: the word as a term (BM25), or
within one edit when it has 5 letters or more (FuzzyTermQuery, a transposition counting as
one edit), the last word as a prefix. Scores are tantivy's own. The first WARMUP queries run once to warm up; then
every query is timed PASSES times with perf_counter_ns around `searcher.search` alone
(building the query and reading the hits' ids are not timed) and keeps its fastest time, as
scout-bench does for Scout. RESULTS gets one line a query, {"ids": [...top 10...], "ns": ...};
SUMMARY {"books": n, "index_ms": ..., "peak_rss_kb": ...}.
"""
import json
import sys
import time

import tantivy

FIELDS = ("title", "authors", "alternates", "series")
ANALYZER = "scout_fold"


def analyzer():
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(40))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .build()
    )


def build_index(catalog_path):
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
    for field in FIELDS:
        builder.add_text_field(field, stored=False, tokenizer_name=ANALYZER, index_option="position")
    schema = builder.build()
    index = tantivy.Index(schema)
    index.register_tokenizer(ANALYZER, analyzer())
    started = time.perf_counter_ns()
    writer = index.writer(heap_size=256_000_000, num_threads=1)
    count = 0
    with open(catalog_path, encoding="utf-8") as lines:
        for line in lines:
            book = json.loads(line)
            writer.add_document(
                tantivy.Document(id=book["id"], **{field: book.get(field, "") for field in FIELDS}))
            count += 1
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    return schema, index, count, (time.perf_counter_ns() - started) / 1e6


def word_query(schema, field, word, is_last):
    """The word in one field: its term (scored by BM25), or a fuzzy / prefix match (scored 1)."""
    clauses = [(tantivy.Occur.Should, tantivy.Query.term_query(schema, field, word))]
    distance = 1 if len(word) >= 5 else 0
    if distance or is_last:
        clauses.append((tantivy.Occur.Should, tantivy.Query.fuzzy_term_query(
            schema, field, word, distance=distance, transposition_cost_one=True, prefix=is_last)))
    return tantivy.Query.boolean_query(clauses)


def build_query(schema, words):
    if not words:
        return tantivy.Query.empty_query()
    musts = []
    for position, word in enumerate(words):
        is_last = position == len(words) - 1
        either_field = tantivy.Query.boolean_query(
            [(tantivy.Occur.Should, word_query(schema, field, word, is_last)) for field in FIELDS])
        musts.append((tantivy.Occur.Must, either_field))
    return tantivy.Query.boolean_query(musts)


def main():
    if len(sys.argv) != 7:
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        sys.exit(64)
    catalog_path, queries_path, results_path, summary_path = sys.argv[1:5]
    warm_up, passes = int(sys.argv[5]), int(sys.argv[6])
    schema, index, count, index_ms = build_index(catalog_path)
    fold = analyzer()
    with open(queries_path, encoding="utf-8") as lines:
        queries = [build_query(schema, fold.analyze(json.loads(line)["text"])) for line in lines]
    searcher = index.searcher()
    for query in queries[:warm_up]:
        searcher.search(query, limit=10, count=False)
    hits = [None] * len(queries)
    fastest = [None] * len(queries)
    for _ in range(passes):
        for position, query in enumerate(queries):
            started = time.perf_counter_ns()
            result = searcher.search(query, limit=10, count=False)
            elapsed = time.perf_counter_ns() - started
            if fastest[position] is None or elapsed < fastest[position]:
                fastest[position] = elapsed
            if hits[position] is None:
                hits[position] = result.hits
    with open(results_path, "w", encoding="utf-8") as results:
        for found, elapsed in zip(hits, fastest):
            ids = [searcher.doc(address)["id"][0] for _, address in found]
            results.write(json.dumps({"ids": ids, "ns": elapsed}) + "\n")
    with open(summary_path, "w", encoding="utf-8") as summary:
        json.dump({"books": count, "index_ms": index_ms, "peak_rss_kb": peak_rss_kb()}, summary)


def peak_rss_kb():
    """This process's peak resident size (VmHWM): unlike getrusage's, it starts afresh at exec,
    so it is not the spawning benchmark's own peak."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


if __name__ == "__main__":
    main()
