/* The site's search: the CLI's ranking (l5r_rules/search), run in the browser.
 *
 * The build exports the CLI's own index and every constant (l5r_rules/search/webindex.py) into
 * assets/search/index.js and passages.js; this file folds the same query tree over them:
 * query planning (querying.py), BM25F scoring (scoring.py), entry = head + body + best passage
 * (ranking.py), edition and kind factors and concept groups (engine.py), the concept's answering
 * note (notes.py) and the marked words (highlight.py). Each function names the Python function it
 * follows; a change of ranking belongs in Python, and reaches this file through the export.
 * No constant of the ranking is written here.
 *
 * window.L5RSearch.search(text, {edition, limit}) -> {groups: [...], ...}: used by the search page
 * (search/?q=...&edition=...) and by the browser tests.
 */
(function () {
  "use strict";
  // The search page runs this script early (async, from its own markup) and again as one of the site's
  // scripts at the end of the body: the second time it has nothing to do.
  if (typeof window !== "undefined" && window.L5RSearch && window.L5RSearch.Engine) return;

  // The site's root, from this script's own address (…/assets/javascripts/l5r-search.js): pages and the
  // index are addressed from it, so the search works under any prefix and from a file:// offline build.
  var SCRIPT = typeof document !== "undefined" && document.currentScript && document.currentScript.src;
  var ROOT = SCRIPT ? SCRIPT.replace(/assets\/javascripts\/l5r-search\.js(?:[?#].*)?$/, "") : "";

  var WORD = /[\p{L}\p{N}_]+(?:['’][\p{L}\p{N}_]+)*/gu;
  var TERMINAL_ESCAPE = /\x1b\[[0-9;?]*[ -\/]*[@-~]/g;
  // a lone surrogate (with the u flag a pair is one character, outside the class): Python drops it alone
  var SURROGATE = /[\ud800-\udfff]/gu;

  // obj[key] when obj itself has it: a typed word such as "constructor" or "__proto__" must not
  // find what every JavaScript object inherits
  function own(obj, key) {
    return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
  }

  function setOf(list) {
    var s = new Set();
    for (var i = 0; i < list.length; i++) s.add(list[i]);
    return s;
  }

  // analysis.normalize: NFKC, with the characters analysis.py drops (invisible ones) or reads as a space
  // (trade mark signs) exported as `words.INVISIBLE` and `words.AS_SPACE`
  var INVISIBLE = null, AS_SPACE = null;
  function normalize(text) {
    if (/^[\x00-\x7f]*$/.test(text)) return text;
    if (INVISIBLE) text = text.replace(INVISIBLE, "");
    if (AS_SPACE) text = text.replace(AS_SPACE, " ");
    return text.replace(SURROGATE, "").normalize("NFKC");
  }

  function words(text) {
    return text.match(WORD) || [];
  }


  // ---------------------------------------------------------------------------------------------
  // Stemmers: whoosh's Snowball English and German stemmers (whoosh/lang/snowball/english.py,
  // german.py), line for line, for query words the corpus never uses (its own words' stems are
  // exported). sl() and at() are Python's slicing and indexing, negative indices included.
  function sl(s, a, b) {
    var n = s.length;
    a = a === undefined || a === null ? 0 : a < 0 ? Math.max(0, n + a) : Math.min(a, n);
    b = b === undefined || b === null ? n : b < 0 ? Math.max(0, n + b) : Math.min(b, n);
    return b > a ? s.slice(a, b) : "";
  }
  function at(s, i) {
    return i < 0 ? s.charAt(s.length + i) : s.charAt(i);
  }
  function has(chars, c) {
    return c !== "" && chars.indexOf(c) >= 0;
  }
  function r1r2(word, vowels) {
    var r1 = "", r2 = "", i;
    for (i = 1; i < word.length; i++) {
      if (!has(vowels, word[i]) && has(vowels, word[i - 1])) { r1 = sl(word, i + 1); break; }
    }
    for (i = 1; i < r1.length; i++) {
      if (!has(vowels, r1[i]) && has(vowels, r1[i - 1])) { r2 = sl(r1, i + 1); break; }
    }
    return [r1, r2];
  }

  var EN = {
    vowels: "aeiouy",
    doubles: ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"],
    li: "cdeghkmnrt",
    step0: ["'s'", "'s", "'"],
    step1a: ["sses", "ied", "ies", "us", "ss", "s"],
    step1b: ["eedly", "ingly", "edly", "eed", "ing", "ed"],
    step2: ["ization", "ational", "fulness", "ousness", "iveness", "tional", "biliti", "lessli", "entli", "ation",
      "alism", "aliti", "ousli", "iviti", "fulli", "enci", "anci", "abli", "izer", "ator", "alli", "bli", "ogi", "li"],
    step3: ["ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful"],
    step4: ["ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive", "ize",
      "ion", "al", "er", "ic"],
    special: {
      skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl", gently: "gentl",
      ugly: "ugli", early: "earli", only: "onli", singly: "singl", sky: "sky", news: "news", howe: "howe",
      atlas: "atlas", cosmos: "cosmos", bias: "bias", andes: "andes", inning: "inning", innings: "inning",
      outing: "outing", outings: "outing", canning: "canning", cannings: "canning", herring: "herring",
      herrings: "herring", earring: "earring", earrings: "earring", proceed: "proceed", proceeds: "proceed",
      proceeded: "proceed", proceeding: "proceed", exceed: "exceed", exceeds: "exceed", exceeded: "exceed",
      exceeding: "exceed", succeed: "succeed", succeeds: "succeed", succeeded: "succeed", succeeding: "succeed",
    },
  };

  function stemEnglish(word) {
    var V = EN.vowels, i, k, suffix, n;
    word = word.toLowerCase();
    var special = own(EN.special, word);
    if (special !== undefined) return special;
    word = word.replace(/[\u2019\u2018\u201B]/g, "'");
    if (word.startsWith("'")) word = sl(word, 1);
    if (word.startsWith("y")) word = "Y" + sl(word, 1);
    for (i = 1; i < word.length; i++) {
      if (has(V, word[i - 1]) && word[i] === "y") word = sl(word, 0, i) + "Y" + sl(word, i + 1);
    }
    var v1a = false, v1b = false, r1 = "", r2 = "";
    if (word.startsWith("gener") || word.startsWith("commun") || word.startsWith("arsen")) {
      r1 = word.startsWith("gener") || word.startsWith("arsen") ? sl(word, 5) : sl(word, 6);
      for (i = 1; i < r1.length; i++) {
        if (!has(V, r1[i]) && has(V, r1[i - 1])) { r2 = sl(r1, i + 1); break; }
      }
    } else {
      var rr = r1r2(word, V);
      r1 = rr[0]; r2 = rr[1];
    }
    function cut(m) { word = sl(word, 0, -m); r1 = sl(r1, 0, -m); r2 = sl(r2, 0, -m); }
    // replace the suffix (of length n) by `add`; R1 and R2 as the Python does, `miss2` when R2 is too short
    function swap(n, add, miss2) {
      word = sl(word, 0, -n) + add;
      r1 = r1.length >= n ? sl(r1, 0, -n) + add : "";
      r2 = r2.length >= n ? sl(r2, 0, -n) + add : miss2;
    }
    for (k = 0; k < EN.step0.length; k++) {
      if (word.endsWith(EN.step0[k])) { cut(EN.step0[k].length); break; }
    }
    for (k = 0; k < EN.step1a.length; k++) {
      suffix = EN.step1a[k];
      if (!word.endsWith(suffix)) continue;
      if (suffix === "sses") cut(2);
      else if (suffix === "ied" || suffix === "ies") {
        if (sl(word, 0, -suffix.length).length > 1) cut(2);
        else cut(1);
      } else if (suffix === "s") {
        var head = sl(word, 0, -2);
        for (i = 0; i < head.length; i++) if (has(V, head[i])) { v1a = true; break; }
        if (v1a) cut(1);
      }
      break;
    }
    for (k = 0; k < EN.step1b.length; k++) {
      suffix = EN.step1b[k];
      n = suffix.length;
      if (!word.endsWith(suffix)) continue;
      if (suffix === "eed" || suffix === "eedly") {
        if (r1.endsWith(suffix)) swap(n, "ee", "");
      } else {
        var before = sl(word, 0, -n);
        for (i = 0; i < before.length; i++) if (has(V, before[i])) { v1b = true; break; }
        if (v1b) {
          cut(n);
          if (word.endsWith("at") || word.endsWith("bl") || word.endsWith("iz")) {
            word += "e";
            r1 += "e";
            if (word.length > 5 || r1.length >= 3) r2 += "e";
          } else if (EN.doubles.some(function (d) { return word.endsWith(d); })) {
            cut(1);
          } else if (
            (r1 === "" && word.length >= 3 && !has(V, at(word, -1)) && !has("wxY", at(word, -1)) &&
              has(V, at(word, -2)) && !has(V, at(word, -3))) ||
            (r1 === "" && word.length === 2 && has(V, word[0]) && !has(V, word[1]))
          ) {
            word += "e";
            if (r1.length > 0) r1 += "e";
            if (r2.length > 0) r2 += "e";
          }
        }
      }
      break;
    }
    if (word.length > 2 && has("yY", at(word, -1)) && !has(V, at(word, -2))) {
      word = sl(word, 0, -1) + "i";
      r1 = r1.length >= 1 ? sl(r1, 0, -1) + "i" : "";
      r2 = r2.length >= 1 ? sl(r2, 0, -1) + "i" : "";
    }
    for (k = 0; k < EN.step2.length; k++) {
      suffix = EN.step2[k];
      n = suffix.length;
      if (!word.endsWith(suffix)) continue;
      if (r1.endsWith(suffix)) {
        if (suffix === "tional") cut(2);
        else if (suffix === "enci" || suffix === "anci" || suffix === "abli") swap(1, "e", "");
        else if (suffix === "entli") cut(2);
        else if (suffix === "izer" || suffix === "ization") swap(n, "ize", "");
        else if (suffix === "ational" || suffix === "ation" || suffix === "ator") swap(n, "ate", "e");
        else if (suffix === "alism" || suffix === "aliti" || suffix === "alli") swap(n, "al", "");
        else if (suffix === "fulness") cut(4);
        else if (suffix === "ousli" || suffix === "ousness") swap(n, "ous", "");
        else if (suffix === "iveness" || suffix === "iviti") swap(n, "ive", "e");
        else if (suffix === "biliti" || suffix === "bli") swap(n, "ble", "");
        else if (suffix === "ogi" && at(word, -4) === "l") cut(1);
        else if (suffix === "fulli" || suffix === "lessli") cut(2);
        else if (suffix === "li" && has(EN.li, at(word, -3))) cut(2);
      }
      break;
    }
    for (k = 0; k < EN.step3.length; k++) {
      suffix = EN.step3[k];
      n = suffix.length;
      if (!word.endsWith(suffix)) continue;
      if (r1.endsWith(suffix)) {
        if (suffix === "tional") cut(2);
        else if (suffix === "ational") swap(n, "ate", "");
        else if (suffix === "alize") cut(3);
        else if (suffix === "icate" || suffix === "iciti" || suffix === "ical") swap(n, "ic", "");
        else if (suffix === "ful" || suffix === "ness") cut(n);
        else if (suffix === "ative" && r2.endsWith(suffix)) cut(5);
      }
      break;
    }
    for (k = 0; k < EN.step4.length; k++) {
      suffix = EN.step4[k];
      if (!word.endsWith(suffix)) continue;
      if (r2.endsWith(suffix)) {
        if (suffix === "ion") {
          if (has("st", at(word, -4))) cut(3);
        } else cut(suffix.length);
      }
      break;
    }
    if (r2.endsWith("l") && at(word, -2) === "l") word = sl(word, 0, -1);
    else if (r2.endsWith("e")) word = sl(word, 0, -1);
    else if (r1.endsWith("e")) {
      if (word.length >= 4 && (has(V, at(word, -2)) || has("wxY", at(word, -2)) || !has(V, at(word, -3)) ||
          has(V, at(word, -4)))) {
        word = sl(word, 0, -1);
      }
    }
    return word.replace(/Y/g, "y");
  }

  var DE = {
    vowels: "aeiouy\u00e4\u00f6\u00fc",
    s: "bdfghklmnrt",
    st: "bdfghklmnt",
    step1: ["ern", "em", "er", "en", "es", "e", "s"],
    step2: ["est", "en", "er", "st"],
    step3: ["isch", "lich", "heit", "keit", "end", "ung", "ig", "ik"],
  };

  function stemGerman(word) {
    var V = DE.vowels, i, k, suffix, n;
    word = word.toLowerCase().replace(/\u00df/g, "ss");
    for (i = 1; i < word.length - 1; i++) {
      if (has(V, word[i - 1]) && has(V, word[i + 1])) {
        if (word[i] === "u") word = sl(word, 0, i) + "U" + sl(word, i + 1);
        else if (word[i] === "y") word = sl(word, 0, i) + "Y" + sl(word, i + 1);
      }
    }
    var rr = r1r2(word, V), r1 = rr[0], r2 = rr[1];
    for (i = 1; i < word.length; i++) {
      if (!has(V, word[i]) && has(V, word[i - 1])) {
        var len = sl(word, 0, i + 1).length;
        if (len < 3 && len > 0) r1 = sl(word, 3);
        else if (len === 0) return word;
        break;
      }
    }
    function cut(m) { word = sl(word, 0, -m); r1 = sl(r1, 0, -m); r2 = sl(r2, 0, -m); }
    for (k = 0; k < DE.step1.length; k++) {
      suffix = DE.step1[k];
      n = suffix.length;
      if (!r1.endsWith(suffix)) continue;
      if ((suffix === "en" || suffix === "es" || suffix === "e") && sl(word, -n - 4, -n) === "niss") cut(n + 1);
      else if (suffix === "s") {
        if (has(DE.s, at(word, -2))) cut(1);
      } else cut(n);
      break;
    }
    for (k = 0; k < DE.step2.length; k++) {
      suffix = DE.step2[k];
      if (!r1.endsWith(suffix)) continue;
      if (suffix === "st") {
        if (has(DE.st, at(word, -3)) && sl(word, 0, -3).length >= 3) cut(2);
      } else cut(suffix.length);
      break;
    }
    for (k = 0; k < DE.step3.length; k++) {
      suffix = DE.step3[k];
      n = suffix.length;
      if (!r2.endsWith(suffix)) continue;
      if (suffix === "end" || suffix === "ung") {
        if (sl(r2, -n - 2, -n).indexOf("ig") >= 0 && sl(r2, -n - 3, -n - 2).indexOf("e") < 0) word = sl(word, 0, -n - 2);
        else word = sl(word, 0, -n);
      } else if ((suffix === "ig" || suffix === "ik" || suffix === "isch") && sl(r2, -n - 1, -n).indexOf("e") < 0) {
        word = sl(word, 0, -n);
      } else if (suffix === "lich" || suffix === "heit") {
        if (sl(r1, -n - 2, -n).indexOf("er") >= 0 || sl(r1, -n - 2, -n).indexOf("en") >= 0) word = sl(word, 0, -n - 2);
        else word = sl(word, 0, -n);
      } else if (suffix === "keit") {
        if (sl(r2, -n - 4, -n).indexOf("lich") >= 0) word = sl(word, 0, -n - 4);
        else if (sl(r2, -n - 2, -n).indexOf("ig") >= 0) word = sl(word, 0, -n - 2);
        else word = sl(word, 0, -n);
      }
      break;
    }
    return word.replace(/\u00e4/g, "a").replace(/\u00f6/g, "o").replace(/\u00fc/g, "u").replace(/U/g, "u").replace(/Y/g, "y");
  }

  // ---------------------------------------------------------------------------------------------
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

  // ---------------------------------------------------------------------------------------------
  function Engine(ix) {
    this.ix = ix;
    // the ranking policy (l5r_rules/search/policy.yaml), exported whole: every knob and the rules
    var w = this.P = ix.policy.knobs, A = ix.analysis;
    this.rules = new Rules(ix.policy.rules, w);
    this.editionFacts = ix.edition_facts;
    INVISIBLE = A.INVISIBLE ? new RegExp("[" + A.INVISIBLE + "]", "g") : null;
    AS_SPACE = A.AS_SPACE ? new RegExp("[" + A.AS_SPACE + "]", "g") : null;
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

  // analysis.py: CharsetFilter(accent_map)
  Engine.prototype.fold = function (text) {
    if (/^[\x00-\x7f]*$/.test(text)) return text;
    var out = "";
    for (var ch of text) {
      var folded = own(this.accents, ch);
      out += folded === undefined ? ch : folded;
    }
    return out;
  };

  // analysis.analyze(english() | german(), text): the stems of the corpus's words are exported
  // (exactly what Python made of them); a word the corpus never uses is dropped if a stop word,
  // else searched as typed (accents folded).
  Engine.prototype.term = function (lang, token) {
    var s = own(this.ix.stems, token);
    if (s !== undefined) {
      if (s === "") return token;
      var t = s.split("|")[lang === "en" ? 0 : 1];
      return t === "=" ? token : t;
    }
    if (token.length < 2 || this.stop[lang].has(token)) return "";
    return this.fold(lang === "en" ? stemEnglish(token) : stemGerman(token));
  };
  Engine.prototype.analyze = function (lang, text) {
    var out = [], ws = words(text);
    for (var i = 0; i < ws.length; i++) {
      var t = this.term(lang, ws[i].toLowerCase());
      if (t) out.push(t);
    }
    return out;
  };
  Engine.prototype.plain = function (text) {
    var self = this;
    return words(text).map(function (w) { return self.fold(w.toLowerCase()); });
  };

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

  // query nodes (scoring.py): Term, All, Any, Max
  function Term(field, text, boost) { return { type: "term", field: field, text: text, boost: boost === undefined ? 1.0 : boost }; }
  function All(parts, boost) { return { type: "all", parts: parts, boost: boost === undefined ? 1.0 : boost }; }
  function Any(parts, boost) { return { type: "any", parts: parts, boost: boost === undefined ? 1.0 : boost }; }
  function Max(parts, boost) { return { type: "max", parts: parts, boost: boost === undefined ? 1.0 : boost }; }
  function or(parts) { return parts.length === 1 ? parts[0] : Any(parts); }

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

  // decompound.Splitter over decompound.index_vocabulary: the piece's count in the vocabulary (folded), if a
  // German field holds its stem as typed ("außer" is a part: its stem "auss" is; folded "auser" stems to "aus")
  Engine.prototype.frequency = function (word) {
    if (this.extraParts.has(word)) return 1;
    var n = this.wordCount.get(this.fold(word.toLowerCase())) || 0;
    if (!n) return 0;
    var stems = this.analyze("de", word), main = this.main;
    return stems.length === 1 && this.P.COMPOUND_GERMAN_FIELDS.some(function (f) { return main.df(f, stems[0]) > 0; }) ? n : 0;
  };
  Engine.prototype.knownPiece = function (piece) {
    if ([...piece].length < this.P.COMPOUND_MIN_PART) return [piece, 0];
    var spellings = [piece];
    for (var u = 0; u < this.P.UMLAUT_SPELLINGS.length; u++) {
      var typed = this.P.UMLAUT_SPELLINGS[u][0], umlaut = this.P.UMLAUT_SPELLINGS[u][1];
      if (piece.indexOf(typed) >= 0) spellings.push(spellings[spellings.length - 1].split(typed).join(umlaut));
    }
    if (this.decompoundStop.has(piece)) return [piece, 0];
    for (var i = 0; i < spellings.length; i++) {
      var n = this.frequency(spellings[i]);
      if (n) return [spellings[i], n];
    }
    return [piece, 0];
  };
  Engine.prototype.finalPiece = function (piece) {
    var k = this.knownPiece(piece);
    if (k[1]) return k;
    var endings = this.P.FINAL_ENDINGS;
    for (var i = 0; i < endings.length; i++) {
      if (piece.endsWith(endings[i]) && this.knownPiece(piece.slice(0, -endings[i].length))[1]) return [piece, 1];
    }
    return [piece, 0];
  };
  Engine.prototype.heads = function (chunk) {
    var out = [], k = this.knownPiece(chunk);
    if (k[1]) out.push(k);
    var linkers = this.P.LINKERS;
    for (var i = 0; i < linkers.length; i++) {
      var head = chunk.slice(0, -linkers[i].length);
      if (chunk.endsWith(linkers[i]) && [...head].length >= this.P.COMPOUND_MIN_PART) {
        var h = this.knownPiece(head);
        if (h[1]) out.push(h);
        else if (linkers[i] === "s" && this.P.S_HEAD_SUFFIXES.some(function (x) { return head.endsWith(x); })) {
          out.push([head, 1]);
        }
      }
    }
    return out;
  };
  Engine.prototype.split = function (word) {
    word = word.toLowerCase();
    if (this.splitCache.has(word)) return this.splitCache.get(word);
    var parts = [], n = [...word].length;
    if (2 * this.P.COMPOUND_MIN_PART <= n && n <= this.P.COMPOUND_MAX_WORD && /^\p{L}+$/u.test(word)) {
      var best = this.segment(word);
      if (best && best[0].length >= 2) parts = best[0];
    }
    this.splitCache.set(word, parts);
    return parts;
  };
  Engine.prototype.segment = function (word) {
    var chars = [...word], n = chars.length, MIN = this.P.COMPOUND_MIN_PART;
    var best = new Array(n + 1).fill(null);
    var sub = function (a, b) { return chars.slice(a, b).join(""); };
    for (var i = n - MIN; i >= 0; i--) {
      var candidates = [];
      if (i > 0) {
        var fin = this.finalPiece(sub(i, n));
        if (fin[1]) candidates.push([[fin[0]], Math.log1p(fin[1])]);
      }
      for (var j = i + MIN; j <= n - MIN; j++) {
        var rest = best[j];
        if (rest === null) continue;
        var hs = this.heads(sub(i, j));
        for (var h = 0; h < hs.length; h++) candidates.push([[hs[h][0]].concat(rest[0]), Math.log1p(hs[h][1]) + rest[1]]);
      }
      if (candidates.length) {
        var m = candidates[0];
        for (var c = 1; c < candidates.length; c++) {
          var x = candidates[c];
          if (x[0].length < m[0].length || (x[0].length === m[0].length && -x[1] / x[0].length < -m[1] / m[0].length)) m = x;
        }
        best[i] = m;
      }
    }
    return best[0];
  };

  // ---------------------------------------------------------------------------------------------
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

  // ranking.entry_scores: scores (dense, NaN: no match), each matched entry's parts, and the documents
  // (entries and concepts) whose heading the question matched
  Engine.prototype.entryScores = function (q) {
    var scores = this.score(this.main, q);
    var headQ = prune(q, this.headFields);
    var head = headQ ? this.score(this.main, headQ) : null;
    var n = scores.length, bestScore = absent(n), bestNum = new Int32Array(n).fill(-1), entryOf = this.entryOf;
    var ps = this.passageScores(q);
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
      var part = { head: h, body: (s === s ? s : 0.0) - h, passage: b === b ? b : 0.0, pnum: b === b ? bestNum[d] : null };
      parts.set(d, part);
      out[d] = R.HEAD_WEIGHT * part.head + R.BODY_WEIGHT * part.body + R.PASSAGE_WEIGHT * part.passage;
    }
    return { scores: out, parts: parts, headed: headed };
  };
  // ranking._passage_scores
  Engine.prototype.passageScores = function (q) {
    var self = this;
    var slots = q.type === "any" ? q.parts.filter(function (p) { return prune(p, self.passageFields) !== null; }) : [q];
    if (slots.length < 2) return this.score(this.passages, q);
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
    var single = absent(n), out;
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
        if (window > out[stronger]) out[stronger] = window;
      }
    }
    return out;
  };

  function popcount(x) {
    var c = 0;
    for (x = x >>> 0; x; x &= x - 1) c++;
    return c;
  }

  // ---------------------------------------------------------------------------------------------
  // engine.Engine.search
  Engine.prototype.search = function (text, options) {
    options = options || {};
    // engine.check_filter reads "--edition Lotus" trimmed and lowercased; an unknown edition filters nothing
    var edition = options.edition ? String(options.edition).trim().toLowerCase() : null;
    if (edition && this.ix.order.indexOf(edition) < 0) edition = null;
    var limit = Math.min(options.limit || 10, this.docs.length);
    var p = this.plan(text);
    var editions = edition ? new Set([edition]) : new Set(p.editions);
    var games = new Set(p.games);
    if (edition) p.editions.forEach(function (e) { p.soft.add(e); });
    var found = this.searched(p); // each typed word's query, once for both uses below
    var q = this.buildQuery(p, found);
    var results = { query: text, groups: [], editions: Array.from(editions).sort(), corrections: p.corrections,
      widened: false, opening: false, terms: null, edition: edition };
    if (!q) {
      if (p.editions.size || p.games.size) {
        results.groups = this.opening(editions, games, limit);
        results.opening = results.groups.length > 0;
      }
      return results;
    }
    var es = this.entryScores(q);
    results.terms = queryTerms(q, this.P);
    // engine.Factors
    var factors = { soft_editions: p.soft, demote_definitions: !p.asksMeaning, kinds: p.kinds,
      wants_glossary: p.namesMeaning, named: es.headed, compares: p.compares, subject_of: new Set() };
    // a concept the question names may have no entry in the editions searched (grouped)
    if (editions.size) factors.subject_of = this.namedByHeading(this.subjectQueries(found));
    results.groups = this.grouped(es.scores, editions, games, limit, factors);
    if (!results.groups.length && editions.size && !edition && p.editions.size) {
      p.editions.forEach(function (e) { p.soft.add(e); });
      results.groups = this.grouped(es.scores, new Set(), games, limit, factors);
      results.widened = true;
    }
    var noted = new Set(editions);
    p.soft.forEach(function (e) { noted.add(e); });
    for (var g = 0; g < results.groups.length; g++) {
      var group = results.groups[g];
      if (headedGroup(group)) {
        group.note = this.bestNote(this.docs[group.concept], results.terms, noted);
      }
      for (var h = 0; h < group.hits.length; h++) {
        var hit = group.hits[h], part = es.parts.get(hit.docnum);
        hit.passage = this.passageOf(hit.docnum, part ? part.pnum : null);
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
  // policy.Rules: the ranking policy's post-scoring rules (l5r_rules/search/policy.yaml), compiled once;
  // each rule whose conditions all hold multiplies a document's score by its factor, in the file's order
  function Rules(rules, knobs) {
    this.rules = rules.map(function (rule) {
      return { factor: knobs[rule.factor], tests: rule.when.map(function (c) { return condition(c, knobs); }) };
    });
  }
  Rules.prototype.factor = function (doc, docnum, question, editions) {
    var factor = 1.0, edition = (doc.edition !== undefined && own(editions, doc.edition)) || {};
    for (var i = 0; i < this.rules.length; i++) {
      var rule = this.rules[i], holds = true;
      for (var j = 0; j < rule.tests.length && holds; j++) holds = rule.tests[j](doc, docnum, question, edition);
      if (holds) factor *= rule.factor;
    }
    return factor;
  };
  function truthy(x) { // as Python reads a fact: an empty list or set, "", 0, null are false
    if (x instanceof Set) return x.size > 0;
    return Array.isArray(x) ? x.length > 0 : !!x;
  }
  function contains(collection, x) {
    if (!collection) return false;
    return collection instanceof Set ? collection.has(x) : collection.indexOf(x) >= 0;
  }
  // policy._condition: one condition of a rule, a test of (doc, docnum, question, edition facts)
  function condition(cond, knobs) {
    var subject = "doc" in cond ? "doc" : "edition" in cond ? "edition" : "question", name = cond[subject];
    var op = Object.keys(cond).filter(function (k) { return k !== subject; })[0], operand = cond[op];
    var fact = function (doc, docnum, question, edition) {
      if (subject === "doc") return name === "docnum" ? docnum : doc[name];
      return subject === "edition" ? edition[name] : question[name];
    };
    var resolve = function (question) {
      if (operand !== null && typeof operand === "object" && !Array.isArray(operand)) {
        return "policy" in operand ? knobs[operand.policy] : question[operand.question];
      }
      return operand;
    };
    if (op === "is") {
      if (typeof operand === "boolean") return function (d, n, q, e) { return truthy(fact(d, n, q, e)) === operand; };
      return function (d, n, q, e) { return fact(d, n, q, e) === operand; };
    }
    if (op === "in" || op === "not_in") {
      var inside = op === "in";
      return function (d, n, q, e) { return contains(resolve(q), fact(d, n, q, e)) === inside; };
    }
    if (op === "at_most") return function (d, n, q, e) { return (fact(d, n, q, e) || 0) <= resolve(q); };
    if (op === "holds" || op === "lacks") {
      var holds = op === "holds";
      return function (d, n, q, e) { return contains(fact(d, n, q, e), operand) === holds; };
    }
    throw new Error("policy: unknown test " + op);
  }

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
  Engine.prototype.passageOf = function (docnum, pnum) {
    var range = this.firstPassage.get(docnum), P = this.ix.passages;
    if (!range) return null;
    var matched = pnum !== null && pnum !== undefined;
    if (!matched) pnum = range[0];
    var out = { num: pnum, matched: matched, anchor: P.anchor[pnum], translation: !!P.translation[pnum],
      block: P.block[pnum], companion: null };
    for (var o = range[0]; o < range[1]; o++) {
      if (P.block[o] === out.block && !!P.translation[o] !== out.translation) { out.companion = o; break; }
    }
    return out;
  };

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

  // notes.best_note
  Engine.prototype.bestNote = function (concept, terms, editions) {
    var candidates = [[concept.summary || "", "summary", []]];
    (concept.differences || []).forEach(function (d) { candidates.push([d.text || "", "difference", d.editions || []]); });
    var best = null, bestKey = [0, 0];
    for (var i = 0; i < candidates.length; i++) {
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


  // ---------------------------------------------------------------------------------------------
  // The search page: search/?q=...&edition=... renders the ranked hits as an ordered list.
  function escapeHtml(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  // verbatim text with the matched words in <mark>; Markdown's **bold** and *italics* shown as such
  function marked(engine, text, terms, lang) {
    var spans = terms && lang ? engine.spans(text, terms, lang) : [], out = "", last = 0;
    for (var i = 0; i < spans.length; i++) {
      out += escapeHtml(text.slice(last, spans[i][0])) + "<mark>" + escapeHtml(text.slice(spans[i][0], spans[i][1])) + "</mark>";
      last = spans[i][1];
    }
    out += escapeHtml(text.slice(last));
    return out
      .replace(/\*\*([^*]+?)\*\*/g, "<strong>$1</strong>")
      .replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?![*\w])/g, "$1<em>$2</em>")
      .replace(/\n(?![ \t]*(?:[-*+]|\d+[.)]|\|)[ \t])/g, " ") // a wrapped line, as Markdown reads it
      .replace(/\n/g, "<br>"); // a list item or table row keeps its own line
  }

  function Page(box) {
    this.box = box;
    this.input = box.querySelector(".l5r-search__input");
    this.status = box.querySelector(".l5r-search__status");
    this.list = box.querySelector("ol.l5r-results");
    this.chips = Array.prototype.slice.call(box.querySelectorAll(".l5r-chip"));
    this.engine = null;
    this.texts = null;
    this.last = null;
    var params = new URLSearchParams(window.location.search);
    this.input.value = params.get("q") || "";
    this.edition = (params.get("edition") || "").trim().toLowerCase(); // as the CLI reads --edition
    var header = document.querySelector(".l5r-header-search__input");
    if (header) header.value = this.input.value;
    this.markChips();
    var self = this;
    this.input.addEventListener("input", function () { self.run(); });
    box.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      self.run();
      self.input.blur(); // a phone's keyboard goes away and the results are in view
    });
    this.chips.forEach(function (chip) {
      chip.addEventListener("click", function () {
        self.edition = chip.getAttribute("data-edition") || "";
        self.markChips();
        self.run();
      });
    });
  }
  Page.prototype.markChips = function () {
    var edition = this.edition;
    this.chips.forEach(function (chip) {
      chip.setAttribute("aria-pressed", String((chip.getAttribute("data-edition") || "") === edition));
    });
  };
  Page.prototype.url = function () {
    var q = this.input.value, out = "?q=" + encodeURIComponent(q);
    return this.edition ? out + "&edition=" + encodeURIComponent(this.edition) : out;
  };
  Page.prototype.run = function () {
    if (!this.engine) return;
    var t0 = performance.now(), q = this.input.value;
    try {
      if (window.location.search !== this.url()) window.history.replaceState(null, "", this.url());
    } catch (e) { /* a file:// page may refuse: the search still runs */ }
    if (!q.trim()) {
      this.list.innerHTML = "";
      this.status.textContent = "Type a question: words, a rule's name, an edition (\u201clotus\u201d), German for Battle for Rokugan.";
      this.last = null;
      return;
    }
    var results = this.engine.search(q, { edition: this.edition || null, limit: 10 });
    this.last = results;
    this.render(results);
    api.lastMs = performance.now() - t0;
    if (api.firstResultsAt === undefined) api.firstResultsAt = performance.now();
  };
  Page.prototype.badge = function (edition) {
    var label = own(this.engine.ix.edition_labels, edition) || [edition, edition];
    return '<span class="l5r-badge l5r-ed-' + escapeHtml(edition) + '" title="' + escapeHtml(label[0]) + '">' +
      escapeHtml(label[1]) + "</span>";
  };
  Page.prototype.render = function (results) {
    var engine = this.engine, docs = engine.docs, html = [], count = 0, self = this;
    results.groups.forEach(function (group) {
      var headed = headedGroup(group);
      group.hits.forEach(function (hit, i) {
        count++;
        var doc = docs[hit.docnum], pas = hit.passage;
        var cls = "l5r-hit" + (headed ? " l5r-hit--grouped" : "") + (headed && i === 0 ? " l5r-hit--first" : "") +
          (headed && i === group.hits.length - 1 ? " l5r-hit--last" : "");
        var href = ROOT + doc.url + (pas ? "#" + pas.anchor : "");
        var item = '<li class="' + cls + '" data-id="' + escapeHtml(doc.id) + '">';
        item += '<div class="l5r-hit__head"><a class="l5r-hit__title" href="' + escapeHtml(href) + '">' +
          escapeHtml(doc.term) + "</a> " + self.badge(doc.edition) + ' <span class="l5r-kind">' + escapeHtml(doc.kind) +
          "</span></div>";
        if (headed && i === 0) {
          // the concept page opens on the edition the judge searched in (filter, a single edition
          // named in the question, else this group's first hit); a concept shown because the editions
          // searched lack it opens on the edition shown
          var opened = group.absent.length ? doc.edition :
            results.edition || (results.editions.length === 1 ? results.editions[0] : doc.edition);
          item += self.groupHead(docs[group.concept], group.note, opened, group.absent, group.hits);
        }
        item += '<div class="l5r-cite-line">' + escapeHtml(doc.cite || "") +
          (pas ? ' <span class="l5r-hit__para">¶' + pas.block + "</span>" : "") + "</div>";
        item += self.snippet(doc, pas, results.terms);
        html.push(item + "</li>");
      });
    });
    this.list.innerHTML = html.join("");
    var status = count ? count + (count === 1 ? " result" : " results") : "No rule matches that question";
    // the edition filter applied (results.edition), never an ?edition= that names no edition; own():
    // "?edition=constructor" names none (and no label inherited by every object)
    if (results.edition) status += " in " + (own(engine.ix.edition_labels, results.edition) || [results.edition])[0];
    else if (results.editions.length) {
      status += " in " + results.editions.map(function (e) { return (own(engine.ix.edition_labels, e) || [e])[0]; }).join(", ") +
        " (named in the question)";
    }
    if (this.edition && !results.edition) status += "; \u201cedition=" + this.edition + "\u201d names no edition, so it filters nothing";
    if (results.widened) status += "; nothing in the editions the question names, so all editions were searched";
    if (results.groups.some(function (g) { return g.absent && g.absent.length; })) {
      status += "; a rule they lack is shown from another edition, marked";
    }
    if (results.opening) status += ": nothing to search but the book, so here is where its rules begin";
    var fixes = Object.keys(results.corrections).map(function (typed) {
      return "\u201c" + typed + "\u201d as " + results.corrections[typed].join(" / ");
    });
    if (fixes.length) status += ". Read " + fixes.join("; ");
    this.status.textContent = status + ".";
  };
  Page.prototype.groupHead = function (concept, note, edition, absentFrom, hits) {
    var conceptUrl = ROOT + concept.url + (edition ? "?edition=" + encodeURIComponent(edition) : "");
    var out = '<div class="l5r-hit__group"><span class="l5r-label">Concept</span> <a href="' + escapeHtml(conceptUrl) +
      '">' + escapeHtml(concept.term) + '</a> · <a href="' + escapeHtml(ROOT + concept.compare) + '">compare editions</a>';
    if (absentFrom && absentFrom.length) {
      // listing.absent_line
      var labels = this.engine.ix.edition_labels, docs = this.engine.docs, others = [];
      hits.forEach(function (h) { if (others.indexOf(docs[h.docnum].edition) < 0) others.push(docs[h.docnum].edition); });
      var name = function (e) { return (own(labels, e) || [e])[0]; };
      out += '<p class="l5r-hit__absent">No entry in ' + escapeHtml(absentFrom.map(name).join(" or ")) + "; shown from " +
        escapeHtml(others.map(name).join(", ")) + ".</p>";
    }
    if (note) {
      out += '<p class="l5r-hit__note"><span class="l5r-label">Our ' + (note.label === "summary" ? "summary" : "words: a difference") +
        "</span> " + escapeHtml(note.text) + "</p>";
    }
    return out + "</div>";
  };
  Page.prototype.snippet = function (doc, pas, terms) {
    if (!pas) return "";
    if (!this.texts) return '<p class="l5r-hit__snippet l5r-hit__snippet--loading">…</p>';
    var lang = pas.translation ? "en" : doc.lang || "en", show = pas.matched ? terms : null;
    var main = '<blockquote class="l5r-hit__snippet" lang="' + lang + '">' +
      (pas.translation ? '<span class="l5r-label">Unofficial translation (our words)</span> ' : "") +
      marked(this.engine, this.texts[pas.num], show, lang) + "</blockquote>";
    if (pas.companion === null) return main;
    var other = pas.translation ? doc.lang || "de" : "en";
    var companion = '<blockquote class="l5r-hit__snippet l5r-hit__snippet--companion" lang="' + other + '">' +
      (pas.translation ? "" : '<span class="l5r-label">Unofficial translation (our words)</span> ') +
      marked(this.engine, this.texts[pas.companion], show, other) + "</blockquote>";
    return pas.translation ? companion + main : main + companion;
  };

  // The search page starts its index scripts itself (<script async data-l5r-search="index"> in
  // l5r_rules/site/templates/search.md.j2, so they download and run while the rest of the page is still
  // parsed); any other page, or a page without them, gets them added here. `done` runs once the data is in.
  function loadData(key, src, done, failed) {
    if (window.L5R_SEARCH && window.L5R_SEARCH[key]) { done(); return; } // it ran already (before this script)
    var tag = document.querySelector('script[data-l5r-search="' + key + '"]');
    if (!tag) { load(src, done, failed); return; }
    var settled = false;
    var once = function (f) { return function () { if (!settled) { settled = true; f(); } }; };
    done = once(done);
    failed = once(failed);
    tag.addEventListener("load", done);
    tag.addEventListener("error", failed);
    // Its download may have ended (and failed) before this script ran, when no event will come: then
    // load it again, from the cache, with our own handlers (no inline handler on the page's tag).
    if (performance.getEntriesByName && performance.getEntriesByName(tag.src).length) load(src, done, failed);
  }

  function load(src, done, failed) {
    var script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = done;
    script.onerror = failed;
    document.head.appendChild(script);
  }

  function start() {
    var box = document.getElementById("l5r-search");
    if (!box) return;
    var page = new Page(box);
    api.page = page;
    api.ready = new Promise(function (resolve, reject) {
      var fail = function () {
        page.status.textContent = "The search index could not be loaded (" + ROOT + "assets/search/).";
        reject(new Error("search index not loaded"));
      };
      var finish = function () {
        api.readyAt = performance.now(); // ms after the page's navigation began (the benchmark reads it)
        resolve(page);
      };
      loadData("index", ROOT + "assets/search/index.js", function () {
        var t0 = performance.now();
        page.engine = api.engine = new Engine(window.L5R_SEARCH.index);
        api.initMs = performance.now() - t0;
        page.run();
        // the passage texts only after the first results: their script (preloaded by the search page)
        // would otherwise run first, its download being the smaller, and hold the results back
        loadData("passages", ROOT + "assets/search/passages.js", function () {
          page.texts = window.L5R_SEARCH.passages;
          if (page.last) page.render(page.last);
          finish();
        }, fail);
      }, fail);
    });
    api.ready.catch(function () {});
  }


  // ---------------------------------------------------------------------------------------------
  var api = window.L5RSearch = window.L5RSearch || {};
  api.Engine = Engine;
  api.normalize = normalize;
  api.stemEnglish = stemEnglish;
  api.stemGerman = stemGerman;
  api.root = ROOT;
  // for the browser tests and the benchmark: the ranked hits as the page lists them, as
  // "id" or, with `anchors`, "id#anchor of the passage shown"
  api.rankedIds = function (text, edition, anchors) {
    var r = api.engine.search(text, { edition: edition || null, limit: 10 }), out = [];
    r.groups.forEach(function (g) {
      g.hits.forEach(function (h) {
        var id = api.engine.docs[h.docnum].id;
        out.push(anchors && h.passage ? id + "#" + h.passage.anchor : id);
      });
    });
    return out;
  };
  if (typeof document !== "undefined" && document.getElementById) {
    // the search page's form comes before this script (extra_javascript is at the end of the body), so
    // the index starts loading now rather than after the theme's scripts (DOMContentLoaded)
    if (document.getElementById("l5r-search") || document.readyState !== "loading") start();
    else document.addEventListener("DOMContentLoaded", start);
  }
})();
