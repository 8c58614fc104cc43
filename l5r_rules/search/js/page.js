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
        // named in the question, else this group's first hit); a concept shown because the editions
        // searched lack it opens on the edition shown
        var opened = group.absent.length ? doc.edition :
          results.edition || (results.editions.length === 1 ? results.editions[0] : doc.edition);
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
    out += '<p class="l5r-hit__note"><span class="l5r-label">Our ' + (note.label === "summary" ? "summary" : "words: a difference") +
      "</span> " + escapeHtml(note.text) + "</p>";
  }
  return out + "</div>";
};
Page.prototype.snippet = function (doc, pas, terms) {
  if (!pas) return "";
  if (!this.texts) return '<p class="l5r-hit__snippet l5r-hit__snippet--loading">…</p>';
  var lang = pas.translation ? "en" : doc.lang || "en", show = pas.matched ? terms : null;
  // with the neighbour it was scored with as one window (engine: partner), the two in book order
  var text = this.texts[pas.num];
  if (pas.partner !== null) text = pas.partner < pas.num ? this.texts[pas.partner] + "\n" + text : text + "\n" + this.texts[pas.partner];
  var main = '<blockquote class="l5r-hit__snippet" lang="' + lang + '">' +
    (pas.translation ? '<span class="l5r-label">Unofficial translation (our words)</span> ' : "") +
    marked(this.engine, text, show, lang) + "</blockquote>";
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
