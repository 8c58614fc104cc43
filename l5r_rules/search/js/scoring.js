// scoring.js: the twin of l5r_rules/search/scoring.py. One index's postings (decoded on first use),
// the query tree's four nodes, and whoosh's BM25F folded over the tree.

// One index (main or passages): postings decoded on first use.
function Postings(data) {
  this.count = data.count;
  this.raw = data.postings;
  this.lengths = data.lengths;
  this.average = data.average;
  this.cache = new Map();
}
Postings.prototype.list = function (field, term) {
  var key = field + "\u0000" + term;
  var hit = this.cache.get(key);
  if (hit !== undefined) return hit;
  var terms = this.raw[field];
  var flat = terms ? own(terms, term) : null;
  var out = null;
  if (flat) {
    var n = flat.length / 2, docs = new Int32Array(n), tf = new Int32Array(n), d = 0;
    for (var i = 0; i < n; i++) {
      d += flat[2 * i];
      docs[i] = d;
      tf[i] = flat[2 * i + 1];
    }
    out = { docs: docs, tf: tf };
  }
  this.cache.set(key, out);
  return out;
};
Postings.prototype.df = function (field, term) {
  var p = this.list(field, term);
  return p ? p.docs.length : 0;
};

// query nodes (scoring.py): Term, All, Any, Max
function Term(field, text, boost) { return { type: "term", field: field, text: text, boost: boost === undefined ? 1.0 : boost }; }
function All(parts, boost) { return { type: "all", parts: parts, boost: boost === undefined ? 1.0 : boost }; }
function Any(parts, boost) { return { type: "any", parts: parts, boost: boost === undefined ? 1.0 : boost }; }
function Max(parts, boost) { return { type: "max", parts: parts, boost: boost === undefined ? 1.0 : boost }; }
function or(parts) { return parts.length === 1 ? parts[0] : Any(parts); }

// scoring.score: BM25F (whoosh) folded over the tree. Scores are dense arrays over the index's
// documents (NaN: not matched), so a query allocates a few small arrays instead of many maps.
function absent(n) {
  var out = new Float64Array(n);
  out.fill(NaN);
  return out;
}
// A typed word's scores are remembered (node.key: buildQuery), so that while a question is typed
// key by key only its changed last word is scored again; the sums are the same, in the same order.
var MEMO_SIZE = 300;
Engine.prototype.score = function (index, node) {
  if (node.key === undefined) return this.scoreNode(index, node);
  var key = (index === this.main ? "m" : "p") + node.key, hit = this.memo.get(key);
  if (hit !== undefined) return hit;
  var out = this.scoreNode(index, node);
  if (this.memo.size >= MEMO_SIZE) this.memo.clear();
  this.memo.set(key, out);
  return out; // shared: callers copy before they change scores (see scoreNode)
};
Engine.prototype.scoreNode = function (index, node) {
  if (node.type === "term") return this.termScores(index, node);
  if (!node.parts.length) return absent(index.count);
  if (node.parts.length === 1) return this.score(index, node.parts[0]);
  var out = this.score(index, node.parts[0]).slice(), n = out.length, i, d;
  if (node.type === "all") {
    for (i = 1; i < node.parts.length; i++) {
      var part = this.score(index, node.parts[i]);
      for (d = 0; d < n; d++) out[d] += part[d]; // NaN where any part is missing: the intersection
    }
  } else if (node.type === "max") {
    for (i = 1; i < node.parts.length; i++) {
      var alt = this.score(index, node.parts[i]);
      for (d = 0; d < n; d++) {
        var m = alt[d];
        if (m === m && !(out[d] >= m)) out[d] = m; // a NaN (no match) never wins; a tie keeps the first
      }
    }
  } else {
    for (i = 1; i < node.parts.length; i++) {
      var other = this.score(index, node.parts[i]);
      for (d = 0; d < n; d++) {
        var s = other[d];
        if (s === s) out[d] = out[d] === out[d] ? out[d] + s : s;
      }
    }
  }
  if (node.boost !== 1.0) for (d = 0; d < n; d++) out[d] *= node.boost;
  return out;
};
Engine.prototype.termScores = function (index, node) {
  var out = absent(index.count), p = index.list(node.field, node.text);
  if (!p) return out;
  var boost = this.fields[node.field][1];
  var bm = this.ix.bm25, K1 = bm.K1, B = node.field in bm.field_B ? bm.field_B[node.field] : bm.B;
  var idf = Math.log(index.count / (p.docs.length + 1)) + 1;
  var avgfl = index.average[node.field], lengths = index.lengths[node.field];
  for (var i = 0; i < p.docs.length; i++) {
    var tf = Math.fround(p.tf[i] * boost), fl = lengths[p.docs[i]] || 1;
    var s = idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl)));
    out[p.docs[i]] = node.boost !== 1.0 ? s * node.boost : s;
  }
  return out;
};

// scoring.prune
function prune(node, fields) {
  if (node.type === "term") return fields.has(node.field) ? node : null;
  var parts = [];
  for (var i = 0; i < node.parts.length; i++) {
    var p = prune(node.parts[i], fields);
    if (p) parts.push(p);
  }
  if (!parts.length) return null;
  if (node.type === "all" && parts.length !== node.parts.length) return null;
  return { type: node.type, parts: parts, boost: node.boost };
}
