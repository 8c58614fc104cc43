// analysis.js: the twin of l5r_rules/search/analysis.py. A question's words as the CLI reads them:
// normalized (NFKC, invisible characters dropped), split with the same word pattern, accents folded,
// and each word's index term: the stems of every word the corpus uses are exported as Python made
// them (webindex._stems); another word is stemmed with the Snowball port (snowball.js).

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
// (trade mark signs) exported as `words.INVISIBLE` and `words.AS_SPACE`. Lone surrogates go first: two
// halves around an invisible character would pair up once it went, where Python drops each (hostile
// round 11). What Python's Unicode has not assigned (`words.UNASSIGNED`) is read as a space: Python's word
// pattern splits there, where this browser's newer Unicode may see a letter or fold it with NFKC.
var INVISIBLE = null, AS_SPACE = null, UNASSIGNED = null;
function normalize(text) {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  text = text.replace(SURROGATE, "");
  if (INVISIBLE) text = text.replace(INVISIBLE, "");
  if (AS_SPACE) text = text.replace(AS_SPACE, " ");
  if (UNASSIGNED) text = text.replace(UNASSIGNED, " ");
  return text.normalize("NFKC");
}

// Python's str.strip(): the characters str.isspace() holds (JavaScript's trim() also strips U+FEFF and
// keeps U+001C to U+001F and U+0085)
var PY_STRIP = /^[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
function strip(text) {
  return text.replace(PY_STRIP, "");
}

function words(text) {
  return text.match(WORD) || [];
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
