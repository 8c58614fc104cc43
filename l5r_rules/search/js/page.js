// page.js: the search page, the site's twin of the CLI's list (l5r_rules/terminal/listing.py):
// search/?q=...&edition=... lists the ranked hits, each linking to the paragraph that answers; it
// loads the index from assets/search/; window.L5RSearch serves the tests and the benchmark.

// The site's root, from this script's own address (…/assets/javascripts/l5r-search.js): pages and the
// index are addressed from it, so the search works under any prefix and from a file:// offline build.
var SCRIPT = typeof document !== "undefined" && document.currentScript && document.currentScript.src;
var ROOT = SCRIPT ? SCRIPT.replace(/assets\/javascripts\/l5r-search\.js(?:[?#].*)?$/, "") : "";

// The search page: search/?q=...&edition=... renders the ranked hits as an ordered list.
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
}
// A passage's verbatim text as HTML: the matched words in <mark>, Markdown's **bold** and *italics* shown as
// such, its paragraphs as <p> (a wrapped line joins its paragraph, as Markdown reads it), and the lines the
// book prints as a list (textshape.LIST_ITEM: "- ", "* ", "1.", "a.", Ivory's "c ", the glyphs • ♦ ◆ ◇) as
// the items of a <ul> or <ol>, nested by their indent, a wrapped line joining its item; a table row keeps
// a line of its own. terminal/listing.py prints the same items one a line.
function passageHtml(engine, text, terms, lang) {
  var spans = terms && lang ? engine.spans(text, terms, lang) : [];
  var lines = [], at = 0;
  text.split("\n").forEach(function (line) { lines.push([at, line]); at += line.length + 1; });
  var letters = lines.filter(function (l) { return LETTER_ITEM.test(l[1].trim()); }).length > 1;
  var out = [], para = null, lists = []; // lists: the open lists, innermost last, each {tag, indent, open, items}
  var inline = function (from, to) { return inlineHtml(text, from, to, spans); };
  var endParagraph = function () {
    if (para) out.push(para.rows ? '<p class="l5r-rows">' + para.parts.join("<br>") + "</p>" : "<p>" + para.parts.join(" ") + "</p>");
    para = null;
  };
  var endLists = function (indent) { // close the lists deeper than `indent` (-1: all of them)
    while (lists.length && lists[lists.length - 1].indent > indent) {
      var list = lists.pop();
      var html = list.open + list.items.map(function (li) { return li + "</li>"; }).join("") + "</" + list.tag + ">";
      if (lists.length) lists[lists.length - 1].items[lists[lists.length - 1].items.length - 1] += html;
      else out.push(html);
    }
  };
  lines.forEach(function (row) {
    var start = row[0], line = row[1], lead = line.length - line.trimStart().length;
    if (!line.trim()) { endParagraph(); return; } // a blank line ends a paragraph, not a list (a loose list)
    var item = listItem(line, letters);
    if (item) {
      // as Markdown reads it (and the entry's page shows it): an item nests under another only when
      // indented by 2 or more more spaces; by 1 it is the next item of the same list
      for (var k = lists.length - 1; k >= 0; k--) {
        if (item.indent >= lists[k].indent) {
          if (item.indent < lists[k].indent + 2) item.indent = lists[k].indent;
          break;
        }
      }
      endParagraph();
      endLists(item.indent);
      var list = lists[lists.length - 1];
      if (list && list.indent === item.indent && list.open !== item.open) { endLists(item.indent - 1); list = null; }
      if (!list || list.indent < item.indent) {
        list = { tag: item.open.slice(1, 3), indent: item.indent, open: item.open, items: [] };
        lists.push(list);
      }
      list.items.push("<li" + (item.value ? ' value="' + item.value + '"' : "") + ">" +
        (item.glyph ? '<span class="l5r-glyph">' + escapeHtml(item.glyph) + "</span> " : "") + inline(start + item.skip, start + line.length));
      return;
    }
    var tableRow = /\t/.test(line) || /^\s*\|/.test(line);
    if (lists.length && !para && !tableRow) { // a wrapped line of the last item
      var items = lists[lists.length - 1].items;
      items[items.length - 1] += " " + inline(start + lead, start + line.length);
      return;
    }
    endLists(-1);
    if (para && para.rows !== tableRow) endParagraph();
    if (!para) para = { rows: tableRow, parts: [] };
    para.parts.push(inline(start + lead, start + line.length));
  });
  endParagraph();
  endLists(-1);
  return out.join("");
}

// textshape.LIST_ITEM, read apart: a Markdown bullet, perhaps followed by the book's glyph or a number; the
// book's glyph; Ivory's bullet as the extraction read it ("c "); a number; a letter, only where the passage
// has two or more letter items ("p. 38" opening a wrapped line is no item). -> {indent, open: the list's
// opening tag, value: an <ol> item's number, glyph, skip: where the item's text begins} or null
var LETTER_ITEM = /^[A-Za-z][.)]\s/;
var ITEM_MARK = /^([ \t]*)([-*+][ \t]+)?(?:([•♦◆◇])[ \t]*|(c)[ \t]+(?=\S)|(\d+)[.)][ \t]+|([A-Za-z])[.)][ \t]+)?/;
function listItem(line, letters) {
  var m = ITEM_MARK.exec(line), indent = m[1].length, skip = m[0].length;
  var bullet = !!m[2], glyph = m[3], ivory = m[4], number = m[5], letter = letters ? m[6] : undefined;
  if (ivory && bullet) { ivory = undefined; skip = m[1].length + m[2].length; } // "- c ..." is a word "c"
  if (m[6] && !letter) skip = m[1].length + (m[2] || "").length; // "p. 38": not an item's mark
  var item = { indent: indent, open: "<ul>", value: 0, glyph: null, skip: skip };
  if (number) { item.open = "<ol>"; item.value = Number(number); }
  else if (letter) {
    item.open = letter === letter.toUpperCase() ? '<ol type="A">' : '<ol type="a">';
    item.value = letter.toLowerCase().charCodeAt(0) - 96;
  } else if (glyph) { item.open = '<ul class="l5r-glyphs">'; item.glyph = glyph; }
  else if (!bullet && !ivory) return null;
  return item;
}

// text[from, to) escaped, the matched words (spans, offsets in text) in <mark>, **bold** and *italics*
function inlineHtml(text, from, to, spans) {
  var out = "", last = from;
  for (var i = 0; i < spans.length; i++) {
    var a = Math.max(spans[i][0], from), b = Math.min(spans[i][1], to);
    if (a >= b) continue;
    out += escapeHtml(text.slice(last, a)) + "<mark>" + escapeHtml(text.slice(a, b)) + "</mark>";
    last = b;
  }
  out += escapeHtml(text.slice(last, to));
  return out
    .replace(/\*\*([^*]+?)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?![*\w])/g, "$1<em>$2</em>");
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
  this.edition = strip(params.get("edition") || "").toLowerCase(); // as the CLI reads --edition
  this.allGames = params.get("games") === "all"; // as the CLI's --all-games: no game inferred from the words
  // the line that says which game the question's words point to, with a tap to rank every game alike
  this.gameLine = document.createElement("p");
  this.gameLine.className = "l5r-search__games";
  this.gameLine.hidden = true;
  this.status.insertAdjacentElement("afterend", this.gameLine);
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
  var unfold = function (event) {
    var note = event.target.closest && event.target.closest(".l5r-hit__note");
    if (!note || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    note.setAttribute("aria-expanded", String(note.getAttribute("aria-expanded") !== "true"));
  };
  this.list.addEventListener("click", unfold);
  this.list.addEventListener("keydown", unfold);
  this.chips.forEach(function (chip) {
    chip.addEventListener("click", function () {
      // the chip wins over the question's edition words: "All" searches every edition even where the
      // question names one (engine.EVERY_EDITION)
      self.edition = chip.getAttribute("data-edition") || EVERY_EDITION;
      self.markChips();
      self.run();
    });
  });
}
// The editions the results are limited to, as the chips show them: the chip pressed, else the editions
// the question names (or the editions of a game it names), else none: "All".
Page.prototype.applied = function (results) {
  if (!results) return this.edition && this.edition !== EVERY_EDITION ? [this.edition] : [];
  if (results.edition) return [results.edition];
  if (results.every || results.widened) return [];
  if (results.editions.length) return results.editions;
  var games = this.engine.ix.editions.games || {}, out = [];
  results.games.forEach(function (g) { (own(games, g) || []).forEach(function (e) { out.push(e); }); });
  return out;
};
Page.prototype.markChips = function (results) {
  var applied = this.applied(results);
  this.chips.forEach(function (chip) {
    var edition = chip.getAttribute("data-edition") || "";
    chip.setAttribute("aria-pressed", String(edition ? applied.indexOf(edition) >= 0 : !applied.length));
  });
};
Page.prototype.url = function () {
  var q = this.input.value, out = "?q=" + encodeURIComponent(q);
  if (this.edition) out += "&edition=" + encodeURIComponent(this.edition);
  return this.allGames ? out + "&games=all" : out;
};
Page.prototype.run = function () {
  if (!this.engine) return;
  var t0 = performance.now(), q = this.input.value;
  try {
    if (window.location.search !== this.url()) window.history.replaceState(null, "", this.url());
  } catch (e) { /* a file:// page may refuse: the search still runs */ }
  if (!q.trim()) {
    this.markChips(null);
    this.list.innerHTML = "";
    this.status.textContent = "Type a question: words, a rule's name, an edition (\u201clotus\u201d), German for Battle for Rokugan.";
    this.last = null;
    return;
  }
  var results = this.engine.search(q, { edition: this.edition || null, limit: 10, allGames: this.allGames });
  this.last = results;
  this.render(results);
  this.markChips(results);
  api.lastMs = performance.now() - t0;
  if (api.firstResultsAt === undefined) api.firstResultsAt = performance.now();
};
Page.prototype.badge = function (edition) {
  var label = own(this.engine.ix.edition_labels, edition) || [edition, edition];
  return '<span class="l5r-badge l5r-ed-' + escapeHtml(edition) + '" title="' + escapeHtml(label[0]) + '">' +
    escapeHtml(label[1]) + "</span>";
};
// The short citation in one line (citation.brief: "Lotus pp. 38-39 · Card States", the shown passage's own
// page where the book's page markers give it), its book as the edition's badge, then the paragraph and
// the kind of entry; the full citation is on the entry's page.
Page.prototype.citeLine = function (doc, pas) {
  var cite = (pas && own(this.engine.ix.passages.cite, String(pas.num))) || doc.cite || "";
  var book = (own(this.engine.ix.edition_labels, doc.edition) || [doc.edition, doc.edition])[1];
  var rest = cite.indexOf(book) === 0 ? cite.slice(book.length) : " " + cite;
  return '<div class="l5r-cite-line">' + this.badge(doc.edition) + escapeHtml(rest) +
    (pas ? ' <span class="l5r-hit__para">¶' + pas.block + "</span>" : "") +
    ' · <span class="l5r-kind">' + escapeHtml(doc.kind) + "</span></div>";
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
        escapeHtml(doc.term) + "</a></div>";
      if (headed && i === 0) {
        // the concept page opens on the edition the judge searched in (filter, a single edition
        // named in the question) where the group shows an entry of it, else on this group's first hit's
        // (a concept shown because the editions searched lack it; a search widened to all editions)
        var wanted = results.edition || (results.editions.length === 1 ? results.editions[0] : null);
        var opened = wanted && group.hits.some(function (h) { return docs[h.docnum].edition === wanted; }) ? wanted : doc.edition;
        item += self.groupHead(docs[group.concept], group.note, opened, group.absent, group.hits);
      }
      item += self.citeLine(doc, pas);
      item += self.snippet(doc, pas, results.terms);
      html.push(item + "</li>");
    });
  });
  this.list.innerHTML = html.join("");
  var status = count ? count + (count === 1 ? " result" : " results") : "No rule matches that question";
  // the edition filter applied (results.edition), never an ?edition= that names no edition; own():
  // "?edition=constructor" names none (and no label inherited by every object)
  var names = function (editions) {
    return editions.map(function (e) { return (own(engine.ix.edition_labels, e) || [e])[0]; }).join(", ");
  };
  if (results.edition) status += " in " + names([results.edition]);
  else if (results.editions.length) status += " in " + names(results.editions) + " (named in the question)";
  else if (results.games.length) status += " in " + names(this.applied(results)) + " (the game named in the question)";
  else if (results.every && results.named.length) {
    status += " in every edition (\u201cAll\u201d pressed: " + names(results.named) + ", named in the question, favoured but not filtered)";
  }
  if (this.edition && !results.edition && !results.every) {
    status += "; \u201cedition=" + this.edition + "\u201d names no edition, so it filters nothing";
  }
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
  this.renderGameLine(results);
};
// "LCG rules first, from your words: conflict, fate" and a button to rank every game alike (or back)
Page.prototype.renderGameLine = function (results) {
  var line = this.gameLine, self = this, inferred = results.inferred;
  line.textContent = "";
  line.hidden = !(inferred || this.allGames);
  if (line.hidden) return;
  var button = document.createElement("button");
  button.type = "button";
  button.className = "l5r-search__games-toggle";
  if (inferred) {
    var game = own(this.engine.ix.game_short, inferred.game) || inferred.game;
    line.appendChild(document.createTextNode(game + " rules first, from your words: " + inferred.words.join(", ") + ". "));
    button.textContent = "All games alike";
  } else {
    line.appendChild(document.createTextNode("Every game ranked alike. "));
    button.textContent = "Rank the game of my words first";
  }
  button.addEventListener("click", function () {
    self.allGames = !self.allGames;
    self.run();
  });
  line.appendChild(button);
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
    // our words, folded to three lines on a phone (the answers are the rule text below it): a tap unfolds it
    out += '<p class="l5r-hit__note" role="button" tabindex="0" aria-expanded="false"><span class="l5r-label">Our ' +
      (note.label === "summary" ? "summary" : "words: a difference") + "</span> " + escapeHtml(note.text) + "</p>";
  }
  return out + "</div>";
};
Page.prototype.snippet = function (doc, pas, terms) {
  if (!pas) return "";
  if (!this.texts) return '<p class="l5r-hit__snippet l5r-hit__snippet--loading">…</p>';
  var lang = pas.translation ? "en" : doc.lang || "en", show = pas.matched ? terms : null;
  // with the neighbour it was scored with as one window (engine: partner), the two in book order (another
  // paragraph as a paragraph of its own, a window of the same one running on); a lead-in ending with a
  // colon with the list it introduces (engine.Engine.list_after)
  var text = this.texts[pas.num], P = this.engine.ix.passages;
  if (pas.partner !== null) {
    var gap = P.block[pas.partner] === pas.block ? "\n" : "\n\n";
    text = pas.partner < pas.num ? this.texts[pas.partner] + gap + text : text + gap + this.texts[pas.partner];
  }
  if (pas.list !== null) text += "\n\n" + this.texts[pas.list];
  var main = '<blockquote class="l5r-hit__snippet" lang="' + lang + '">' +
    (pas.translation ? '<span class="l5r-label">Unofficial translation (our words)</span> ' : "") +
    passageHtml(this.engine, text, show, lang) + "</blockquote>";
  if (pas.companion === null) return main;
  var other = pas.translation ? doc.lang || "de" : "en";
  var also = this.engine.leadIns.has(pas.companion) ? "\n\n" + this.texts[pas.companion + 1] : "";
  var companion = '<blockquote class="l5r-hit__snippet l5r-hit__snippet--companion" lang="' + other + '">' +
    (pas.translation ? "" : '<span class="l5r-label">Unofficial translation (our words)</span> ') +
    passageHtml(this.engine, this.texts[pas.companion] + also, show, other) + "</blockquote>";
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
