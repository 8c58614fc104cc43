// notes.js: the twin of l5r_rules/search/notes.py. The concept's summary or difference that answers.

// notes.best_note: `asked`, the editions the question names or the search is limited to, the only ones a
// difference shown may concern (none: any)
Engine.prototype.bestNote = function (concept, terms, editions, asked) {
  var candidates = [[concept.summary || "", "summary", []]];
  (concept.differences || []).forEach(function (d) { candidates.push([d.text || "", "difference", d.editions || []]); });
  var best = null, bestKey = [0, 0];
  for (var i = 0; i < candidates.length; i++) {
    var eds = candidates[i][2];
    if (asked.size && eds.length && !eds.some(function (e) { return asked.has(e); })) continue;
    var text = candidates[i][0], found = new Set(), self = this;
    this.spans(text, terms, "en").forEach(function (s) {
      self.analyze("en", normalize(text.slice(s[0], s[1]))).forEach(function (w) { found.add(w); });
    });
    var key = [found.size, candidates[i][2].filter(function (e) { return editions.has(e); }).length];
    if (found.size && (key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1]))) {
      best = { text: text.split(/\s+/).join(" ").trim(), label: candidates[i][1] };
      bestKey = key;
    }
  }
  return best;
};
