// engine.js: the twin of l5r_rules/search/engine.py. The engine over the exported index: a search's
// filters, the policy's rules after scoring, concept groups, a book's opening entries, the passage shown.

function Engine(ix) {
  this.ix = ix;
  // the ranking policy (l5r_rules/search/policy.yaml), exported whole: every knob and the rules
  var w = this.P = ix.policy.knobs, A = ix.analysis;
  this.rules = new Rules(ix.policy.rules, w);
  this.editionFacts = ix.edition_facts;
  INVISIBLE = A.INVISIBLE ? new RegExp("[" + A.INVISIBLE + "]", "g") : null;
  AS_SPACE = A.AS_SPACE ? new RegExp("[" + A.AS_SPACE + "]", "g") : null;
  UNASSIGNED = A.UNASSIGNED ? new RegExp("[" + A.UNASSIGNED + "]", "gu") : null;
  this.queryStop = setOf(w.QUERY_STOPWORDS);
  this.weak = setOf(w.WEAK_WORDS);
  this.compareWords = setOf(w.COMPARE_WORDS);
  this.comparisonWords = setOf(w.COMPARISON_WORDS);
  this.currencyCues = setOf(w.CURRENCY_CUES);
  this.currencyBefore = setOf(w.CURRENCY_BEFORE);
  this.alsoWords = setOf(w.ALSO_WORDS);
  this.kindCues = {};
  for (var kc in w.KIND_CUES) this.kindCues[kc] = setOf(w.KIND_CUES[kc]);
  this.germanFunction = setOf(w.GERMAN_FUNCTION_WORDS);
  this.englishFunction = setOf(w.ENGLISH_FUNCTION_WORDS);
  this.germanInGerman = setOf(w.GERMAN_IN_GERMAN);
  this.meaningWords = setOf(w.MEANING_WORDS);
  this.defineWords = setOf(w.DEFINE_WORDS);
  this.meaningPhrases = setOf(w.MEANING_PHRASES.map(function (p) { return p.join(" "); }));
  this.versusWords = setOf(w.VERSUS_WORDS);
  this.countWords = setOf(w.COUNT_WORDS);
  this.stop = { en: setOf(A.STOP_EN), de: setOf(A.STOP_DE) };
  this.accents = A.ACCENTS;
  this.decompoundStop = this.stop.de; // decompound.STOP_WORDS: the German analyzer's stop words
  this.extraParts = setOf(w.EXTRA_PARTS);
  this.fields = ix.fields; // name -> [lang, boost], in fields.SEARCH_FIELDS order
  this.langFields = { en: [], de: [] };
  for (var name in ix.fields) this.langFields[ix.fields[name][0]].push(name);
  this.headFields = setOf(w.HEAD_FIELDS);
  this.passageFields = setOf(w.PASSAGE_FIELDS);
  this.aliasFields = setOf(w.ALIAS_FIELDS);
  this.germanTextFields = setOf(w.GERMAN_TEXT_FIELDS);
  this.main = new Postings(ix.main);
  this.passages = new Postings(ix.passages);
  this.entryOf = ix.passages.entry;
  this.leadIns = setOf(ix.passages.lead_in || []);
  this.docs = ix.docs;
  this.docnum = new Map();
  for (var i = 0; i < ix.docs.length; i++) this.docnum.set(ix.docs[i].doctype + ":" + ix.docs[i].id, i);
  this.vocabulary = setOf(ix.vocabulary);
  this.wordCount = new Map(); // word -> documents using it (vocabulary.py), for the compound splitter
  for (var wc = 0; wc < ix.vocabulary.length; wc++) this.wordCount.set(ix.vocabulary[wc], ix.vocabulary_counts[wc]);
  this.byFirst = new Map(); // first letter -> words: typo tolerance compares within one letter
  for (var j = 0; j < ix.vocabulary.length; j++) {
    var v = ix.vocabulary[j], f = v[0];
    if (!this.byFirst.has(f)) this.byFirst.set(f, []);
    this.byFirst.get(f).push(v);
  }
  // querying.EditionWords
  this.phrases = new Map();
  this.longestEdition = 1;
  for (var k = 0; k < ix.editions.phrases.length; k++) {
    var row = ix.editions.phrases[k];
    this.phrases.set(row[0].join(" "), { editions: row[1], games: row[2] });
    this.longestEdition = Math.max(this.longestEdition, row[0].length);
  }
  this.soft = ix.editions.soft;
  this.gameEditions = ix.editions.games || {};
  var gameOf = this.gameOf = {};
  var gameEditions = this.gameEditions;
  Object.keys(gameEditions).forEach(function (game) {
    gameEditions[game].forEach(function (e) { gameOf[e] = game; });
  });
  this.synonyms = new Map();
  this.longestSynonym = 1;
  for (var key in ix.synonyms) {
    this.synonyms.set(key, ix.synonyms[key]);
    this.longestSynonym = Math.max(this.longestSynonym, key.split(" ").length);
  }
  this.splitCache = new Map();
  this.memo = new Map(); // typed word's query node -> its scores (score())
  this.firstPassage = new Map(); // entry docnum -> [first, end) passage numbers
  for (var p = 0; p < this.entryOf.length; p++) {
    var e = this.entryOf[p], r = this.firstPassage.get(e);
    if (r) r[1] = p + 1;
    else this.firstPassage.set(e, [p, p + 1]);
  }
}

var EVERY_EDITION = "all"; // engine.EVERY_EDITION

// engine.Engine.search
Engine.prototype.search = function (text, options) {
  options = options || {};
  // engine.check_filter reads "--edition Lotus" trimmed and lowercased; an unknown edition filters nothing
  var edition = options.edition ? strip(String(options.edition)).toLowerCase() : null;
  // engine.EVERY_EDITION ("all", the "All" chip): every edition, even where the question names one
  var every = edition === EVERY_EDITION;
  if (every || (edition && this.ix.order.indexOf(edition) < 0)) edition = null;
  var limit = Math.min(options.limit || 10, this.docs.length);
  var p = this.plan(text);
  var editions = edition ? new Set([edition]) : every ? new Set() : new Set(p.editions);
  var games = new Set(p.games);
  if (edition || every) p.editions.forEach(function (e) { p.soft.add(e); });
  var found = this.searched(p); // each typed word's query, once for both uses below
  var q = this.buildQuery(p, found);
  // `named`: the editions the question names, whether or not they filter (the edition chips show what
  // is applied: the filter, else these)
  var results = { query: text, groups: [], editions: Array.from(editions).sort(), corrections: p.corrections,
    widened: false, opening: false, terms: null, edition: edition, every: every, games: Array.from(games).sort(),
    named: Array.from(p.editions).sort() };
  if (!q) {
    if (p.editions.size || p.games.size) {
      results.groups = this.opening(editions, games, limit);
      results.opening = results.groups.length > 0;
    }
    return results;
  }
  var es = this.entryScores(q);
  results.terms = this.shownTerms(found); // the words the question weighs (highlight.weighs)
  // engine.Factors
  var factors = { soft_editions: p.soft, demote_definitions: !p.asksMeaning, kinds: p.kinds,
    wants_glossary: p.namesMeaning, named: es.headed, compares: p.compares, subject_of: new Set(),
    inferred_games: new Set() };
  // a question naming no game or edition: the game its words point to ranks first (gamewords.py)
  if (!(options.allGames || editions.size || games.size || p.soft.size)) {
    results.inferred = this.inferGame(p.words);
    if (results.inferred) factors.inferred_games = new Set([results.inferred.game]);
  }
  // a concept the question names may have no entry in the editions searched (grouped)
  if (editions.size) factors.subject_of = this.namedByHeading(this.subjectQueries(found));
  results.groups = this.grouped(es.scores, editions, games, limit, factors);
  if (!results.groups.length && editions.size && !edition && p.editions.size) {
    p.editions.forEach(function (e) { p.soft.add(e); });
    results.groups = this.grouped(es.scores, new Set(), games, limit, factors);
    results.widened = true;
  }
  var noted = new Set(editions), asked = new Set(editions);
  p.soft.forEach(function (e) { noted.add(e); });
  p.editions.forEach(function (e) { asked.add(e); }); // a difference only about editions asked (notes.best_note)
  for (var g = 0; g < results.groups.length; g++) {
    var group = results.groups[g];
    if (headedGroup(group)) {
      group.note = this.bestNote(this.docs[group.concept], results.terms, noted, asked);
    }
    for (var h = 0; h < group.hits.length; h++) {
      var hit = group.hits[h], part = es.parts.get(hit.docnum);
      hit.passage = this.passageOf(hit.docnum, part ? part.pnum : null, part ? part.partner : null);
    }
  }
  return results;
};

Engine.prototype.passes = function (doc, editions, games) {
  return (!editions.size || editions.has(doc.edition)) && (!games.size || games.has(doc.game));
};
Engine.prototype.allowed = function (d, editions, games) {
  if (!editions.size && !games.size) return true;
  var doc = this.docs[d];
  return (doc.doctype === "entry" && this.passes(doc, editions, games)) || doc.doctype === "concept";
};

// engine.Engine._grouped
Engine.prototype.grouped = function (scores, editions, games, limit, factors) {
  var docs = this.docs, self = this, P = this.P;
  var found = [];
  for (var d0 = 0; d0 < scores.length; d0++) {
    if (scores[d0] === scores[d0] && self.allowed(d0, editions, games)) found.push([d0, scores[d0]]);
  }
  found.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
  found = found.slice(0, Math.max(limit * P.CANDIDATES_PER_RESULT, P.MIN_CANDIDATES));
  // the policy's rules (policy.Rules): each whose conditions hold multiplies the score by its factor
  var scored = found.map(function (row) {
    return [row[1] * self.rules.factor(docs[row[0]], row[0], factors, self.editionFacts), row[0]];
  });
  scored.sort(function (a, b) { return b[0] - a[0]; }); // stable: equal scores keep the index's order
  var groups = new Map(), groupScore = new Map(), listed = new Set();
  for (var i = 0; i < scored.length; i++) {
    var score = scored[i][0], d = scored[i][1], doc = docs[d], key;
    if (doc.doctype === "concept") {
      key = doc.id;
      if (!groups.has(key)) groups.set(key, [null, []]);
      groups.get(key)[0] = d;
      if (!groupScore.has(key)) groupScore.set(key, score);
      continue;
    }
    key = conceptKey(doc, groups, docs, self.docnum);
    if (!groups.has(key) && key === doc.concept) {
      var c = this.docnum.get("concept:" + key);
      if (c === undefined || !isCentral(docs[c], doc.id)) key = "entry:" + doc.id;
    }
    if (groups.has(key) && groups.get(key)[1].some(function (h) { return docs[h[0]].edition === doc.edition; })) {
      key = "entry:" + doc.id;
    }
    if (!groups.has(key)) groups.set(key, [null, []]);
    groups.get(key)[1].push([d, score, true]);
    if (!groupScore.has(key)) groupScore.set(key, score);
    listed.add(d);
  }
  var keys = Array.from(groups.keys());
  keys.sort(function (a, b) { return groupScore.get(b) - groupScore.get(a); }); // stable: ties keep order
  var out = [], total = 0;
  for (var k = 0; k < keys.length; k++) {
    var g = groups.get(keys[k]), concept = g[0], hits = g[1];
    if (concept === null && keys[k].indexOf("entry:") !== 0 && docs[hits[0][0]].concept) {
      var c = this.docnum.get("concept:" + docs[hits[0][0]].concept);
      concept = c === undefined ? null : c;
      if (concept !== null && !this.central(concept, hits)) concept = null;
    }
    // a comparison lists every edition's entry; a concept matched by its own words alone, too
    if (concept !== null && (factors.compares || !hits.length)) {
      hits = hits.concat(this.completion(concept, groupScore.get(keys[k]), editions, games, listed));
    }
    var absentFrom = [];
    if (!hits.length && concept !== null && editions.size && factors.subject_of.has(concept)) {
      // "yu in gold or ivory?": the concept the question names has no entry in the editions searched
      var central = docs[concept].central || {}, sameGame = new Set();
      // their game's other editions, within a game filter (a game word beside the edition filter)
      editions.forEach(function (e) { if (!games.size || games.has(self.gameOf[e])) sameGame.add(self.gameOf[e]); });
      if (sameGame.size && !Array.from(editions).some(function (e) { return own(central, e) !== undefined; })) {
        hits = this.completion(concept, groupScore.get(keys[k]), new Set(), sameGame, listed);
        // the editions searched of the game shown ("yu lcg gold": gold, not the LCG)
        var shownGames = new Set(hits.map(function (h) { return docs[h[0]].game; }));
        absentFrom = this.ix.order.filter(function (e) { return editions.has(e) && shownGames.has(self.gameOf[e]); });
      }
    }
    if (!hits.length) continue;
    total += hits.length;
    if (total > limit) hits = hits.slice(0, hits.length - (total - limit));
    out.push({
      concept: concept,
      note: null,
      absent: absentFrom,
      hits: hits.map(function (h) { return { docnum: h[0], score: h[1], matched: h[2], passage: null }; }),
    });
    if (total >= limit) break;
  }
  return out;
};

// engine._concept_key
function conceptKey(doc, groups, docs, docnum) {
  var cids = doc.concepts || [];
  for (var i = 0; i < cids.length; i++) {
    var g = groups.get(cids[i]), concept = g ? docnum.get("concept:" + cids[i]) : undefined;
    if (concept === undefined || !isCentral(docs[concept], doc.id)) continue;
    if (!g[1].some(function (h) { return docs[h[0]].edition === doc.edition; })) return cids[i];
  }
  return doc.concept || doc.id;
}
// engine.Group.headed: a concept of one hit is not shown, unless the hits say the editions searched lack it
function headedGroup(group) {
  return group.concept !== null && (group.hits.length > 1 || group.absent.length > 0);
}
function isCentral(concept, id) {
  var central = concept.central || {};
  for (var e in central) if (central[e] === id) return true;
  return false;
}
// engine.Engine._opening
Engine.prototype.opening = function (editions, games, limit) {
  var out = [], docs = this.docs, n = this.P.OPENING_ENTRIES;
  for (var i = 0; i < this.ix.order.length; i++) {
    var ed = this.ix.order[i], found = [];
    for (var d = 0; d < docs.length; d++) {
      if (docs[d].doctype === "entry" && docs[d].edition === ed && this.passes(docs[d], editions, games)) found.push(d);
    }
    found.sort(function (a, b) {
      return (docs[a].kind !== "overview") - (docs[b].kind !== "overview") ||
        (docs[a].order || 0) - (docs[b].order || 0) || a - b;
    });
    for (var k = 0; k < found.length && k < n; k++) {
      out.push({ concept: null, note: null,
        hits: [{ docnum: found[k], score: 0.0, matched: false, passage: this.passageOf(found[k], null) }] });
    }
  }
  return out.slice(0, limit);
};
Engine.prototype.central = function (concept, hits) {
  var docs = this.docs;
  return hits.some(function (h) { return isCentral(docs[concept], docs[h[0]].id); });
};
Engine.prototype.completion = function (concept, score, editions, games, listed) {
  var out = [], central = this.docs[concept].central || {};
  for (var i = 0; i < this.ix.order.length; i++) {
    var id = central[this.ix.order[i]], d = id === undefined ? undefined : this.docnum.get("entry:" + id);
    if (d === undefined || listed.has(d)) continue;
    if (this.passes(this.docs[d], editions, games)) {
      out.push([d, score * this.P.CONCEPT_DOC_WEIGHT, false]);
      listed.add(d);
    }
  }
  return out;
};

// engine.Engine._passage: the entry's best passage, else its first; `companion` the same block in the
// other language (a German entry's translation, or the German text of a matched translation)
Engine.prototype.passageOf = function (docnum, pnum, partner) {
  var range = this.firstPassage.get(docnum), P = this.ix.passages;
  if (!range) return null;
  var matched = pnum !== null && pnum !== undefined;
  if (!matched) pnum = range[0];
  var out = { num: pnum, matched: matched, anchor: P.anchor[pnum], translation: !!P.translation[pnum],
    block: P.block[pnum], companion: null,
    // the neighbour it was scored with as one window (ranking._passage_scores), shown beside it
    partner: partner === null || partner === undefined ? null : partner };
  for (var o = range[0]; o < range[1]; o++) {
    if (P.block[o] === out.block && !!P.translation[o] !== out.translation) { out.companion = o; break; }
  }
  // Engine.list_after: the list the last passage shown leads into (ending with a colon), shown after it
  var last = out.partner !== null && out.partner > pnum ? out.partner : pnum;
  out.list = this.leadIns.has(last) ? last + 1 : null;
  return out;
};
