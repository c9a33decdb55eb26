/*
 * The Lucene 8 baseline of the benchmark (issue 13): the same propositions, each text field indexed
 * three times, once per legisearch match mode (the words split by legisearch's tokenizer and joined
 * by spaces, then: `default` ASCII folding, lower case and Lucene's own PortugueseLightStemFilter;
 * `keyword` folding and lower case; `sensitive` the words as written), BM25 over title, summary and
 * the identifier string weighted 3 : 1 : 2 (an identifier typed in the query also matches the
 * folded identifier string, weight 1, in every mode, as legisearch's), the same queries, top 20 with the exact
 * total (`IndexSearcher.count`, which reads a single word's total from its document frequency, then
 * the page with block-max WAND: `TopScoreDocCollector` with a total-hits threshold of the page).
 *
 *   java -cp <lucene jars>:<dir> LuceneBench index <indexDir> <docs.tsv>            → one JSON line: documents, ms
 *   java -cp <lucene jars>:<dir> LuceneBench query <indexDir> <queries.tsv> <out.tsv> <warmups>
 *
 * docs.tsv: id, ms (epoch ms), day (YYYYMMDD), type, states (comma-separated), title, summary, ident.
 * queries.tsv: index, sort (relevance|newest), page, types (comma-separated or -), states (or -),
 *   from day (or -), to day (or -), text: groups separated by " && ", items by " || ", the words of
 *   a phrase by spaces (an identifier's after "@ "), exclusions after " !! " (items by " || "),
 *   mode (default|keyword|sensitive).
 * out.tsv: index, nanoseconds, total, the page's ids comma-separated.
 */
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.LowerCaseFilter;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.pt.PortugueseLightStemFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopFieldCollector;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

public final class LuceneBench {
  static final int LIMIT = 20;
  static final String[] FIELDS = {"title", "summary", "ident"};
  static final float[] BOOSTS = {3f, 1f, 2f};
  /** Field name suffix per legisearch match mode. */
  static final String[] MODES = {"default", "keyword", "sensitive"};

  static String suffix(String mode) {
    switch (mode) {
      case "default":
        return "_d";
      case "keyword":
        return "_k";
      case "sensitive":
        return "_s";
      default:
        throw new IllegalArgumentException("unknown mode " + mode);
    }
  }

  /**
   * legisearch's modes, by field suffix, over its words (split by its tokenizer): `_d` folded,
   * lower-cased, lightly stemmed; `_k` folded and lower-cased; `_s` as written.
   */
  static final class Modes extends Analyzer {
    Modes() {
      super(PER_FIELD_REUSE_STRATEGY); // the components differ by field
    }

    @Override
    protected TokenStreamComponents createComponents(String field) {
      Tokenizer source = new WhitespaceTokenizer();
      if (field.endsWith("_s")) return new TokenStreamComponents(source);
      TokenStream s = new ASCIIFoldingFilter(source);
      s = new LowerCaseFilter(s);
      if (field.endsWith("_d")) s = new PortugueseLightStemFilter(s);
      return new TokenStreamComponents(source, s);
    }
  }

  static final Analyzer ANALYZER = new Modes();

  public static void main(String[] args) throws IOException {
    if (args[0].equals("index")) index(Paths.get(args[1]), Paths.get(args[2]));
    else query(Paths.get(args[1]), Paths.get(args[2]), Paths.get(args[3]), Integer.parseInt(args[4]));
  }

  static void index(Path dir, Path docs) throws IOException {
    long t0 = System.nanoTime();
    IndexWriterConfig config = new IndexWriterConfig(ANALYZER);
    config.setSimilarity(new BM25Similarity());
    config.setRAMBufferSizeMB(256);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    int n = 0;
    try (IndexWriter writer = new IndexWriter(FSDirectory.open(dir), config);
        BufferedReader in = Files.newBufferedReader(docs, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        String[] f = line.split("\t", -1);
        Document d = new Document();
        d.add(new StringField("id", f[0], Field.Store.YES));
        d.add(new SortedDocValuesField("id", new BytesRef(f[0])));
        d.add(new NumericDocValuesField("ms", Long.parseLong(f[1])));
        d.add(new IntPoint("day", Integer.parseInt(f[2])));
        d.add(new StringField("type", f[3], Field.Store.NO));
        if (!f[4].isEmpty()) for (String s : f[4].split(",")) d.add(new StringField("state", s, Field.Store.NO));
        for (String mode : MODES)
          for (int i = 0; i < FIELDS.length; i++) d.add(new TextField(FIELDS[i] + suffix(mode), f[5 + i], Field.Store.NO));
        writer.addDocument(d);
        n++;
      }
      writer.forceMerge(1);
    }
    System.out.println("{\"documents\":" + n + ",\"ms\":" + (System.nanoTime() - t0) / 1e6 + "}");
  }

  /** The analysed terms of one word or phrase, as the index holds them. */
  static List<String> terms(String field, String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = ANALYZER.tokenStream(field, new StringReader(text))) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) out.add(term.toString());
      ts.end();
    }
    return out;
  }

  /** A word or a phrase in one field. */
  static Query phrase(String field, String words) throws IOException {
    List<String> t = terms(field, words);
    if (t.isEmpty()) return null;
    if (t.size() == 1) return new TermQuery(new Term(field, t.get(0)));
    PhraseQuery.Builder p = new PhraseQuery.Builder();
    for (String w : t) p.add(new Term(field, w));
    return p.build();
  }

  /**
   * One item (a word or a phrase) in any field of the mode, each field with its weight; an
   * identifier ("@ " before its words) also in the folded identifier string, weight 1.
   */
  static Query item(String words, String mode) throws IOException {
    boolean identifier = words.startsWith("@ ");
    if (identifier) words = words.substring(2);
    BooleanQuery.Builder any = new BooleanQuery.Builder();
    for (int i = 0; i < FIELDS.length; i++) {
      Query q = phrase(FIELDS[i] + suffix(mode), words);
      if (q != null) any.add(new BoostQuery(q, BOOSTS[i]), Occur.SHOULD);
    }
    if (identifier) {
      Query q = phrase("ident_k", words);
      if (q != null) any.add(q, Occur.SHOULD);
    }
    return any.build();
  }

  static Query anyOf(String items, String mode) throws IOException {
    String[] parts = items.split(" \\|\\| ");
    if (parts.length == 1) return item(parts[0], mode);
    BooleanQuery.Builder or = new BooleanQuery.Builder();
    for (String p : parts) or.add(item(p, mode), Occur.SHOULD);
    return or.build();
  }

  static Query parse(String[] f) throws IOException {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    String text = f[7];
    String mode = f[8];
    String positive = text;
    String negative = null;
    int bang = text.indexOf(" !! ");
    if (bang >= 0) {
      positive = text.substring(0, bang);
      negative = text.substring(bang + 4);
    } else if (text.startsWith("!! ")) {
      positive = "";
      negative = text.substring(3);
    }
    boolean anyText = false;
    if (!positive.isEmpty()) {
      for (String group : positive.split(" && ")) {
        b.add(anyOf(group, mode), Occur.MUST);
        anyText = true;
      }
    }
    if (negative != null) for (String item : negative.split(" \\|\\| ")) b.add(item(item, mode), Occur.MUST_NOT);
    if (!anyText) b.add(new MatchAllDocsQuery(), Occur.MUST);
    if (!f[3].equals("-")) {
      BooleanQuery.Builder types = new BooleanQuery.Builder();
      for (String t : f[3].split(",")) types.add(new TermQuery(new Term("type", t)), Occur.SHOULD);
      b.add(types.build(), Occur.FILTER);
    }
    if (!f[4].equals("-")) {
      BooleanQuery.Builder states = new BooleanQuery.Builder();
      for (String s : f[4].split(",")) states.add(new TermQuery(new Term("state", s)), Occur.SHOULD);
      b.add(states.build(), Occur.FILTER);
    }
    if (!f[5].equals("-")) b.add(IntPoint.newRangeQuery("day", Integer.parseInt(f[5]), Integer.parseInt(f[6])), Occur.FILTER);
    return b.build();
  }

  static final Sort NEWEST = new Sort(new SortField("ms", SortField.Type.LONG, true), new SortField("id", SortField.Type.STRING));

  static void query(Path dir, Path queries, Path out, int warmups) throws IOException {
    List<String[]> lines = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(queries, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) lines.add(line.split("\t", -1));
    }
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(dir));
        BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      searcher.setSimilarity(new BM25Similarity());
      searcher.setQueryCache(null); // every query is paid for, as legisearch's are
      // Warm-up passes over the whole set (the JIT), not measured.
      for (int round = 0; round < warmups; round++) for (String[] f : lines) run(searcher, f);
      for (String[] f : lines) {
        long t0 = System.nanoTime();
        Result r = run(searcher, f);
        long ns = System.nanoTime() - t0;
        StringBuilder ids = new StringBuilder();
        for (ScoreDoc sd : r.page) {
          if (ids.length() > 0) ids.append(',');
          ids.append(searcher.doc(sd.doc).get("id"));
        }
        w.write(f[0] + "\t" + ns + "\t" + r.total + "\t" + ids + "\n");
      }
    }
  }

  static final class Result {
    final int total;
    final ScoreDoc[] page;

    Result(int total, ScoreDoc[] page) {
      this.total = total;
      this.page = page;
    }
  }

  static Result run(IndexSearcher searcher, String[] f) throws IOException {
    Query q = parse(f);
    int page = Integer.parseInt(f[2]);
    int k = page * LIMIT;
    int total = searcher.count(q);
    TopDocs top;
    if (f[1].equals("newest")) {
      TopFieldCollector c = TopFieldCollector.create(NEWEST, k, k);
      searcher.search(q, c);
      top = c.topDocs();
    } else {
      TopScoreDocCollector c = TopScoreDocCollector.create(k, k);
      searcher.search(q, c);
      top = c.topDocs();
    }
    ScoreDoc[] all = top.scoreDocs;
    int from = Math.min((page - 1) * LIMIT, all.length);
    ScoreDoc[] slice = new ScoreDoc[all.length - from];
    System.arraycopy(all, from, slice, 0, slice.length);
    return new Result(total, slice);
  }
}
