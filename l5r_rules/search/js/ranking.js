// ranking.js: the twin of l5r_rules/search/ranking.py. An entry's score from its heading, its whole
// text and its best passage (a passage's words counted, two neighbouring passages scored as one).

// ranking.named_by_heading: the documents whose heading fields hold every one of `subjects`
Engine.prototype.namedByHeading = function (subjects) {
  var named = null;
  for (var i = 0; i < subjects.length; i++) {
    var headQ = prune(subjects[i], this.headFields), found = new Set();
    if (headQ) {
      var s = this.score(this.main, headQ);
      for (var d = 0; d < s.length; d++) if (s[d] === s[d]) found.add(d);
    }
    named = named === null ? found : new Set(Array.from(named).filter(function (d) { return found.has(d); }));
  }
  return named || new Set();
};

// ranking.entry_scores: scores (dense, NaN: no match), each matched entry's parts, and the documents
// (entries and concepts) whose heading the question matched
Engine.prototype.entryScores = function (q) {
  var scores = this.score(this.main, q);
  var headQ = prune(q, this.headFields);
  var head = headQ ? this.score(this.main, headQ) : null;
  var n = scores.length, bestScore = absent(n), bestNum = new Int32Array(n).fill(-1), entryOf = this.entryOf;
  var scored = this.passageScores(q), ps = scored.scores, partners = scored.partners;
  for (var pnum = 0; pnum < ps.length; pnum++) {
    var v = ps[pnum];
    if (v !== v) continue;
    var e = entryOf[pnum];
    if (!(bestScore[e] >= v)) { bestScore[e] = v; bestNum[e] = pnum; } // a tie: the earlier passage, as in Python
  }
  var out = absent(n), parts = new Map(), headed = new Set(), R = this.P, docs = this.docs;
  for (var d = 0; d < n; d++) {
    var s = scores[d], b = bestScore[d];
    var h = head && head[d] === head[d] ? head[d] : 0.0;
    if (h > 0) headed.add(d);
    if (s !== s && b !== b) continue;
    if (docs[d].doctype !== "entry") { out[d] = s; continue; }
    var pnum1 = b === b ? bestNum[d] : null;
    var part = { head: h, body: (s === s ? s : 0.0) - h, passage: b === b ? b : 0.0, pnum: pnum1,
      partner: pnum1 !== null && partners.has(pnum1) ? partners.get(pnum1) : null };
    parts.set(d, part);
    out[d] = R.HEAD_WEIGHT * part.head + R.BODY_WEIGHT * part.body + R.PASSAGE_WEIGHT * part.passage;
  }
  return { scores: out, parts: parts, headed: headed };
};
// ranking._passage_scores: {scores, partners: passage -> the neighbour its window score came with}
Engine.prototype.passageScores = function (q) {
  var self = this;
  var slots = q.type === "any" ? q.parts.filter(function (p) { return prune(p, self.passageFields) !== null; }) : [q];
  if (slots.length < 2) return { scores: this.score(this.passages, q), partners: new Map() };
  var n = this.passages.count, total = absent(n), count = new Int32Array(n), k = slots.length;
  var words = new Uint32Array(n); // bit i: the passage holds slot i
  for (var i = 0; i < slots.length; i++) {
    var part = this.score(this.passages, slots[i]);
    for (var d = 0; d < n; d++) {
      var s = part[d];
      if (s !== s) continue;
      total[d] = total[d] === total[d] ? total[d] + s : s;
      count[d]++;
      if (i < 32) words[d] |= 1 << i;
    }
  }
  var single = absent(n), out, partners = new Map();
  for (var j = 0; j < n; j++) if (total[j] === total[j]) single[j] = total[j] * count[j] / k;
  out = single.slice();
  if (k <= this.P.MAX_WINDOW_SLOTS) {
    // two neighbouring passages of one text scored as one: the stronger takes it if higher
    var entryOf = this.entryOf, translated = this.ix.passages.translation;
    for (var a = 0; a + 1 < n; a++) {
      var b = a + 1;
      if (total[a] !== total[a] || total[b] !== total[b]) continue;
      if (entryOf[a] !== entryOf[b] || translated[a] !== translated[b]) continue;
      var window = (total[a] + total[b]) * popcount(words[a] | words[b]) / k * this.P.WINDOW_WEIGHT;
      var stronger = single[b] > single[a] ? b : a;
      if (window > out[stronger]) {
        out[stronger] = window;
        partners.set(stronger, stronger === b ? a : b);
      }
    }
  }
  return { scores: out, partners: partners };
};

function popcount(x) {
  var c = 0;
  for (x = x >>> 0; x; x &= x - 1) c++;
  return c;
}
