// gamewords.js: the twin of l5r_rules/search/gamewords.py. Which game a question is about, from its
// words, when it names none: each word's strongest index term of either language in the exported
// table (ix.game_words: term -> [game, weight], written by the index build) adds its weight to its
// game; a game holding GAME_MIN_LEAD of the evidence and GAME_MIN_EVIDENCE in all is inferred.
// Same order of sums and the same ties as Python, so the two agree to the last bit.

// gamewords.infer
Engine.prototype.inferGame = function (words) {
  var table = this.ix.game_words || {}, P = this.P;
  var score = new Map(), why = new Map();
  for (var i = 0; i < words.length; i++) {
    var word = words[i];
    if (this.queryStop.has(word) || /^\p{Nd}+$/u.test(word)) continue;
    var terms = this.analyze("en", word).concat(this.analyze("de", word)), seen = new Set(), best = null;
    for (var t = 0; t < terms.length; t++) {
      if (seen.has(terms[t])) continue;
      seen.add(terms[t]);
      var hit = own(table, terms[t]);
      if (hit && (best === null || hit[1] > best[1])) best = hit;
    }
    if (best) {
      score.set(best[0], (score.get(best[0]) || 0) + best[1]);
      if (!why.has(best[0])) why.set(best[0], []);
      if (why.get(best[0]).indexOf(word) < 0) why.get(best[0]).push(word);
    }
  }
  if (!score.size) return null;
  var game = null, lead = 0, total = 0;
  score.forEach(function (v, g) {
    total += v;
    if (game === null || v > lead || (v === lead && g > game)) { game = g; lead = v; }
  });
  if (lead < P.GAME_MIN_EVIDENCE || lead < P.GAME_MIN_LEAD * total) return null;
  return { game: game, words: why.get(game), share: lead / total, evidence: lead };
};
