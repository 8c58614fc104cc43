// querying.js: the twin of l5r_rules/search/querying.py. A question -> a plan (edition words,
// slots of typed words with their synonyms) -> a query tree over both languages' fields, with typo
// tolerance, German verb stems and compounds, and the heading bonus. Every word list and weight is
// the ranking policy's (this.P: policy.yaml, exported whole).

// querying.words_of
Engine.prototype.wordsOf = function (text) {
  // the first MAX_QUERY_CHARS characters as Python counts them (code points, not UTF-16 units: 😀 is one)
  if (text.length > this.P.MAX_QUERY_CHARS) {
    // (the first 2 x MAX units hold MAX code points; a pasted book is not split into an array whole)
    text = Array.from(text.slice(0, 2 * this.P.MAX_QUERY_CHARS)).slice(0, this.P.MAX_QUERY_CHARS).join("");
  }
  text = normalize(text.replace(TERMINAL_ESCAPE, " "));
  return words(text.toLowerCase()).slice(0, this.P.MAX_WORDS);
};

// querying.DEFINE_WORDS: a word that only asks for a definition
Engine.prototype.namesMeaning = function (ws) {
  for (var i = 0; i < ws.length; i++) if (this.defineWords.has(ws[i])) return true;
  return false;
};

Engine.prototype.asksMeaning = function (ws) {
  for (var i = 0; i < ws.length; i++) if (this.meaningWords.has(ws[i])) return true;
  for (var j = 0; j + 1 < ws.length; j++) if (this.meaningPhrases.has(ws[j] + " " + ws[j + 1])) return true;
  return false;
};

// querying.cued_kinds
Engine.prototype.cuedKinds = function (ws) {
  var out = new Set(), cues = this.kindCues;
  Object.keys(cues).forEach(function (kind) {
    if (ws.some(function (w) { return cues[kind].has(w); })) out.add(kind);
  });
  return out;
};

function matchPhrase(ws, i, table, longest) {
  for (var n = Math.min(longest, ws.length - i); n > 0; n--) {
    var key = ws.slice(i, i + n).join(" ");
    if (table.has(key)) return [key, n];
  }
  return null;
}

// querying._currency: the soft edition word at ws[i] ("gold") reads as the currency
Engine.prototype.currency = function (ws, i) {
  var self = this, before = i ? ws[i - 1] : "", after = i + 1 < ws.length ? ws[i + 1] : "";
  if (this.versusWords.has(before) || this.versusWords.has(after)) return false;
  return ws.some(function (w) { return self.currencyCues.has(w); }) ||
    /^[0-9]+$/.test(before) || this.currencyBefore.has(before);
};

// querying.plan
Engine.prototype.plan = function (text) {
  var ws = this.wordsOf(text);
  var p = { words: ws, editions: new Set(), games: new Set(), soft: new Set(), slots: [], corrections: {},
    asksMeaning: this.asksMeaning(ws), kinds: null,
    namesMeaning: this.namesMeaning(ws) };
  var namedSoft = new Set(), currency = new Set(), softSlots = [], german = false, i, self = this;
  for (i = 0; i < ws.length; i++) if (this.germanFunction.has(ws[i])) german = true;
  var naming = new Set(); // positions of the words that name an edition or game ("battle for rokugan")
  // querying.ALSO_WORDS ("was that in gold too"): a soft edition word stays a boost
  var also = ws.some(function (w) { return self.alsoWords.has(w); });
  i = 0;
  while (i < ws.length) {
    if (this.germanFunction.has(ws[i]) || (german && this.germanInGerman.has(ws[i]))) { i++; continue; }
    var hit = matchPhrase(ws, i, this.phrases, this.longestEdition);
    if (hit) {
      var named = this.phrases.get(hit[0]);
      named.editions.forEach(function (e) { p.editions.add(e); });
      named.games.forEach(function (g) { p.games.add(g); });
      for (var n = i; n < i + hit[1]; n++) naming.add(n);
      i += hit[1];
      continue;
    }
    hit = matchPhrase(ws, i, this.synonyms, this.longestSynonym);
    if (hit) {
      var slot = [[hit[0], 1.0]];
      this.synonyms.get(hit[0]).forEach(function (alt) { slot.push([alt, self.P.SYNONYM_WEIGHT]); });
      p.slots.push(slot);
      i += hit[1];
      continue;
    }
    var word = ws[i];
    i++;
    var softEditions = own(this.soft, word);
    var isCurrency = !!softEditions && this.currency(ws, i - 1);
    if (softEditions && !isCurrency && !also) { // "gold edition", "in gold": the edition
      softEditions.forEach(function (e) { p.editions.add(e); });
      continue;
    }
    (softEditions || []).forEach(function (e) { (isCurrency ? currency : namedSoft).add(e); });
    if (this.queryStop.has(word)) continue;
    p.slots.push([[word, 1.0]]);
    if (softEditions && !isCurrency) softSlots.push(p.slots[p.slots.length - 1]);
  }
  // English: an English function word of the question itself, not the "for" of "battle for rokugan";
  // kinds: named by the question, not by the "new" of "new card game"
  var ownWords = ws.filter(function (w, n) { return !naming.has(n); });
  p.english = !german && ownWords.some(function (w) { return self.englishFunction.has(w); });
  p.kinds = this.cuedKinds(ownWords);
  var weak = function (s) { return s.length === 1 && self.weak.has(s[0][0]); };
  if (p.slots.some(function (s) { return !weak(s); })) {
    p.slots = p.slots.map(function (s) { return weak(s) ? [[s[0][0], self.P.WEAK_WEIGHT]] : s; });
  }
  var named = new Set(p.editions);
  namedSoft.forEach(function (e) { named.add(e); });
  p.compares = named.size + p.games.size > 1 || ws.some(function (w) { return self.comparisonWords.has(w); });
  if (named.size + p.games.size > 1) {
    var asked = p.slots.filter(function (s) { return !(s.length === 1 && self.compareWords.has(s[0][0])); });
    if (asked.length) p.slots = asked;
  }
  if (namedSoft.size) {
    if (p.editions.size) {
      namedSoft.forEach(function (e) { p.editions.add(e); });
      var unsoft = p.slots.filter(function (s) { return softSlots.indexOf(s) < 0; });
      if (unsoft.length) p.slots = unsoft;
    } else namedSoft.forEach(function (e) { p.soft.add(e); });
  }
  if (currency.size && !p.editions.size) currency.forEach(function (e) { p.soft.add(e); });
  if (p.editions.size && p.games.size) {
    Array.from(p.games).sort().forEach(function (g) {
      var eds = own(self.gameEditions, g) || [];
      if (!eds.some(function (e) { return p.editions.has(e); })) eds.forEach(function (e) { p.editions.add(e); });
    });
    p.games = new Set();
  }
  return p;
};

Engine.prototype.known = function (lang, terms) {
  var fields = this.langFields[lang], main = this.main;
  return terms.every(function (t) { return fields.some(function (f) { return main.df(f, t) > 0; }); });
};
Engine.prototype.useful = function (field, terms) {
  var main = this.main;
  return terms.every(function (t) { return main.df(field, t) > 0; });
};
function phraseQuery(field, terms, boost) {
  if (terms.length === 1) return Term(field, terms[0], boost);
  return All(terms.map(function (t) { return Term(field, t); }), boost);
}

// querying._verb_stems
Engine.prototype.verbStems = function (analyzed) {
  var out = [];
  for (var i = 0; i < analyzed.length; i++) {
    var terms = analyzed[i][0], weight = analyzed[i][1];
    if (terms.length !== 1 || [...terms[0]].length < this.P.VERB_STEM_MIN_LETTERS) continue;
    var stems = verbStemCandidates(terms[0], this.P.PARTICIPLE_MIN_LETTERS);
    for (var k = 0; k < stems.length; k++) {
      if (this.known("de", [stems[k]])) { out.push([[stems[k]], weight * this.P.VERB_STEM_WEIGHT]); break; }
    }
  }
  return out;
};
// querying._verb_stem_candidates
function verbStemCandidates(term, participle) {
  var out = [];
  if (term.startsWith("ge") && term.endsWith("t") && [...term].length >= participle) out.push(term.slice(2, -1));
  if (term.endsWith("t")) out.push(term.endsWith("et") ? term.slice(0, -2) : term.slice(0, -1));
  if (term.endsWith("i")) out.push(term.slice(0, -1));
  return out;
}

// querying._real_word
Engine.prototype.realWord = function (word) {
  var raw = this.plain(word);
  if (raw.length === 1 && this.vocabulary.has(raw[0])) return true;
  return this.analyze("en", word).length === 0 || this.analyze("de", word).length === 0;
};

function withinOne(a, b) {
  // Levenshtein distance of a and b (arrays of characters) is at most 1
  var la = a.length, lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  var i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) { for (var j = i + 1; j < la; j++) if (a[j] !== b[j]) return false; return true; }
  var s = la > lb ? a : b, t = la > lb ? b : a; // s one longer: skip s[i]
  for (var k = i; k < t.length; k++) if (s[k + 1] !== t[k]) return false;
  return true;
}

// querying._fuzzy
Engine.prototype.fuzzy = function (word) {
  var raw = this.plain(word);
  if (raw.length !== 1 || [...raw[0]].length < this.P.FUZZY_MIN_LETTERS || !/^\p{L}+$/u.test(raw[0])) return [];
  var typed = raw[0], chars = [...typed], close = new Set();
  var candidates = this.byFirst.get(chars[0]) || [];
  for (var i = 0; i < candidates.length; i++) if (withinOne([...candidates[i]], chars)) close.add(candidates[i]);
  for (var j = 1; j < chars.length - 1; j++) {
    if (chars[j] === chars[j + 1]) continue;
    var swapped = chars.slice(0, j).concat([chars[j + 1], chars[j]], chars.slice(j + 2)).join("");
    if (this.vocabulary.has(swapped)) close.add(swapped);
  }
  close.delete(typed);
  return Array.from(close).sort(codepointOrder).slice(0, this.P.FUZZY_MAX_READINGS);
};

function codepointOrder(a, b) {
  var x = [...a], y = [...b];
  for (var i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
  }
  return x.length - y.length;
}

// querying.once_per_family: one typed word counts once in fields that index the same words twice
function fieldOf(node) { return node.type === "term" ? node.field : fieldOf(node.parts[0]); }
Engine.prototype.oncePerFamily = function (alternatives) {
  var groups = [], aliases = null;
  for (var a = 0; a < alternatives.length; a++) {
    var germanText = null;
    for (var n = 0; n < alternatives[a].length; n++) {
      var node = alternatives[a][n], name = fieldOf(node);
      if (this.aliasFields.has(name)) {
        if (!aliases) { aliases = []; groups.push(aliases); }
        aliases.push(node);
      } else if (this.germanTextFields.has(name)) {
        if (!germanText) { germanText = []; groups.push(germanText); }
        germanText.push(node);
      } else groups.push([node]);
    }
  }
  return groups.map(function (g) { return g.length === 1 ? g[0] : Max(g); });
};

// querying.slot_query
Engine.prototype.slotQuery = function (slot, corrections, deWeight) {
  var self = this, alternatives = [], lang, i;
  var analyzed = {};
  ["en", "de"].forEach(function (l) {
    analyzed[l] = slot.map(function (s) { return [self.analyze(l, s[0]), s[1]]; });
  });
  analyzed.de = analyzed.de.concat(this.verbStems(analyzed.de));
  for (lang of ["en", "de"]) {
    var fields = this.langFields[lang];
    for (i = 0; i < analyzed[lang].length; i++) {
      var terms = analyzed[lang][i][0], weight = analyzed[lang][i][1];
      if (terms.length && this.known(lang, terms)) {
        if (lang === "de") weight *= deWeight;
        var alternative = [];
        for (var f = 0; f < fields.length; f++) {
          if (this.useful(fields[f], terms)) alternative.push(phraseQuery(fields[f], terms, weight));
        }
        alternatives.push(alternative);
      }
    }
  }
  var parts = this.oncePerFamily(alternatives);
  if (!parts.length && slot.length === 1 && !this.realWord(slot[0][0])) {
    var pieces = this.split(slot[0][0]);
    if (pieces.length) {
      var compound = this.slotQuery([[pieces.join(" "), this.P.COMPOUND_WEIGHT]], corrections, deWeight);
      if (compound) return compound;
    }
    var close = this.fuzzy(slot[0][0]);
    if (close.length) corrections[slot[0][0]] = close;
    for (i = 0; i < close.length; i++) {
      for (lang of ["en", "de"]) {
        var t = this.analyze(lang, close[i]);
        if (t.length !== 1) continue;
        var lf = this.langFields[lang];
        for (var g = 0; g < lf.length; g++) {
          if (this.useful(lf[g], t)) parts.push(Term(lf[g], t[0], this.P.FUZZY_WEIGHT));
        }
      }
    }
  }
  return parts.length ? or(parts) : null;
};

// querying._heading_bonus
Engine.prototype.headingBonus = function (slots, corrections) {
  var parts = [];
  for (var s = 0; s < slots.length; s++) {
    var phrase = slots[s][0][0], found = null;
    for (var pair of [["en", "term"], ["de", "term_de"]]) {
      var terms = this.analyze(pair[0], phrase);
      var options = [terms];
      if (pair[0] === "de") options = options.concat(this.verbStems([[terms, 1.0]]).map(function (v) { return v[0]; }));
      for (var c of own(corrections, phrase) || []) options.push(this.analyze(pair[0], c));
      for (var o = 0; o < options.length && !found; o++) {
        if (options[o].length && this.useful(pair[1], options[o])) found = options[o];
      }
      if (found) {
        parts.push(found.map(function (t) { return Term(pair[1], t); }));
        break;
      }
    }
    if (!found) return null;
  }
  if (parts.length < 2) return null;
  return All([].concat.apply([], parts), this.P.HEADING_BONUS);
};

// querying.build_query
Engine.prototype.buildQuery = function (p, found) {
  var slots = found.map(function (row) { return row[1]; }), count = this.countWords;
  var searched = found.map(function (row) { return row[0]; }).filter(function (s) { return !count.has(s[0][0]); });
  if (!slots.length) return null;
  slots.forEach(function (q) { q.key = JSON.stringify(q); });
  if (slots.length === 1) return Any([slots[0]]);
  var heading = this.headingBonus(searched, p.corrections);
  return or(heading ? slots.concat([heading]) : slots);
};

// querying.searched_slots: [slot, its query] of every slot some field can match
Engine.prototype.searched = function (p) {
  var out = [], deWeight = p.english ? this.P.GERMAN_IN_ENGLISH_WEIGHT : 1.0;
  for (var i = 0; i < p.slots.length; i++) {
    var q = this.slotQuery(p.slots[i], p.corrections, deWeight);
    if (q) out.push([p.slots[i], q]);
  }
  return out;
};
// querying.subject_queries: of the searched slots, all but the weak words
Engine.prototype.subjectQueries = function (found) {
  var self = this;
  return found.filter(function (row) { return !(row[0].length === 1 && self.weak.has(row[0][0][0])); })
    .map(function (row) { return row[1]; });
};
