// snowball.js: the twin of whoosh/lang/snowball (english.py, german.py), the stemmers analysis.py
// uses; for the words of a question the corpus never uses.

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
