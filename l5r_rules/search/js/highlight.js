// highlight.js: the twin of l5r_rules/search/highlight.py. Which words of a shown text the query matched.

// highlight.Terms.of
function queryTerms(node, H) {
  var en = new Set(H.MARK_ENGLISH_FIELDS), de = new Set(H.MARK_GERMAN_FIELDS), out = { en: new Set(), de: new Set(), parts: new Set() };
  (function walk(n) {
    if (n.type === "term") {
      if (en.has(n.field)) out.en.add(n.text);
      else if (de.has(n.field)) out.de.add(n.text);
      else if (n.field === "parts_de" && [...n.text].length >= H.MARK_MIN_PART) out.parts.add(n.text);
    } else n.parts.forEach(walk);
  })(node);
  return out;
}

// highlight.Terms.shown: the terms of the typed words the question weighs (`found`: [slot, its query])
Engine.prototype.shownTerms = function (found) {
  var self = this;
  var kept = found.filter(function (row) { return self.weighs(row[0]); }).map(function (row) { return row[1]; });
  return queryTerms({ type: "any", parts: kept }, this.P);
};

// highlight.weighs: the planner weighs the typed word at more than nothing, and it is no function word
Engine.prototype.weighs = function (slot) {
  if (!slot.some(function (alt) { return alt[1] > 0; })) return false;
  return !(slot.length === 1 && (this.englishFunction.has(slot[0][0]) || this.germanFunction.has(slot[0][0])));
};

// highlight.spans
Engine.prototype.spans = function (text, terms, lang) {
  var out = [], wanted = lang === "de" ? terms.de : terms.en, re = new RegExp(WORD.source, "gu"), m;
  while ((m = re.exec(text)) !== null) {
    var word = normalize(m[0]), stems = this.analyze(lang, word);
    if (stems.some(function (s) { return wanted.has(s); })) {
      out.push([m.index, m.index + m[0].length]);
    } else if (lang === "de" && terms.parts.size) {
      var folded = this.analyze("de", word).join("") || word.toLowerCase(), hit = false;
      terms.parts.forEach(function (part) { if (folded.indexOf(part) >= 0) hit = true; });
      if (hit) out.push([m.index, m.index + m[0].length]);
    }
  }
  return out;
};
