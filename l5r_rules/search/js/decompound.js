// decompound.js: the twin of l5r_rules/search/decompound.py. A German compound split into the words
// of the corpus it is made of (Spielende -> Spiel, Ende), for a typed word neither language knows.

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
