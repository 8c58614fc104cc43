/* Whether this phone holds the site for use without a network, said plainly (issue 25).

   The service worker (sw.js, l5r_rules/site/templates/sw.js) keeps the whole site in a cache named
   "l5r-rules:<scope>:<version>" and stores a receipt (offline-copy.json: version, data version, build
   time, file count) only after every file is in: a cache holding the receipt is a complete copy.
   This script registers the worker where a browser allows one (https, or this machine: a "secure
   context") and fills every `.l5r-offline-status` element (the home page and the search page show
   one near the top; the footer has a short one) with the truth:

   - saved:    "Saved on this phone: rules of <date>, works without signal."
   - saving:   "Saving for use without signal…" (until the receipt appears)
   - insecure: plain http on a hall's address, or a file: browsers keep no copy there; name the
               published https address (site_url) to open once, when the build knows it
   - none:     the browser has no service workers

   It also offers "Add to home screen" where the browser fires `beforeinstallprompt` (Chrome on
   Android), and says where Safari keeps it on an iPhone. Config: window.L5R_SITE (main.html). */
(function () {
  "use strict";
  var SITE = window.L5R_SITE || {};
  var RECEIPT = "offline-copy.json";
  var state = { kind: "checking", receipt: null, count: 0 };
  var installPrompt = null;

  function scope() {
    // the worker's scope: the folder of sw.js, the site root (at any depth, and under any sub-path)
    return new URL("./", new URL(SITE.sw || "sw.js", location.href)).href;
  }

  function builtDate(iso) {
    // "2026-11-28T10:00:00Z" -> "28 Nov 2026" (no locale surprises, short enough for a phone line)
    var m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
    if (!m) return iso || "?";
    var months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
    return Number(m[3]) + " " + months[Number(m[2]) - 1] + " " + m[1];
  }

  function setText(el, strong, rest) {
    el.textContent = "";
    var b = document.createElement("strong");
    b.textContent = strong;
    el.appendChild(b);
    if (rest) el.appendChild(document.createTextNode(" " + rest));
  }

  /* "Open <published address> once ...": the address as a link, when the build knows it (siteurl.py). */
  function addPublishedHint(el) {
    if (!SITE.siteUrl) {
      el.appendChild(
        document.createTextNode("Open the site's published https address once over the internet to keep the rules on this phone."),
      );
      return;
    }
    var link = document.createElement("a");
    link.href = SITE.siteUrl;
    link.textContent = SITE.siteUrl;
    el.appendChild(document.createTextNode("Open "));
    el.appendChild(link);
    el.appendChild(document.createTextNode(" once over the internet to keep the rules on this phone."));
  }

  function render() {
    var nodes = document.querySelectorAll(".l5r-offline-status");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var short = el.classList.contains("l5r-offline-status--short");
      el.hidden = false;
      el.setAttribute("data-state", state.kind);
      if (state.kind === "saved") {
        var r = state.receipt;
        var newer = SITE.dataVersion && r.data_version !== SITE.dataVersion;
        if (short) setText(el, "Saved on this phone", "(rules of " + builtDate(r.built) + ")");
        else
          setText(
            el,
            "Saved on this phone:",
            "rules of " + builtDate(r.built) + ", works without signal." + (newer ? " A newer version is being saved." : ""),
          );
      } else if (state.kind === "saving") {
        setText(el, "Saving for use without signal…", short ? "" : state.count ? "(" + state.count + " files so far)" : "");
      } else if (state.kind === "insecure") {
        if (short) setText(el, "Not saved on this phone", "(this address is not https)");
        else {
          setText(
            el,
            "Not saved on this phone:",
            location.protocol === "file:"
              ? "pages opened from a file are not kept. "
              : "this address (" + location.host + ") is plain http, and phones keep an offline copy only of https sites. ",
          );
          addPublishedHint(el);
        }
      } else if (state.kind === "none") {
        setText(el, "Not saved:", "this browser cannot keep a copy for use without signal.");
      } else {
        el.hidden = true;
      }
      if (!short) addInstall(el);
    }
  }

  function addInstall(el) {
    if (state.kind !== "saved" && state.kind !== "saving") return;
    var standalone = window.matchMedia && window.matchMedia("(display-mode: standalone)").matches;
    if (standalone || navigator.standalone) return;
    if (installPrompt) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "l5r-install";
      button.textContent = "Add to home screen";
      button.addEventListener("click", function () {
        var prompt = installPrompt;
        installPrompt = null;
        prompt.prompt();
        render();
      });
      el.appendChild(document.createTextNode(" "));
      el.appendChild(button);
    } else if (/iPhone|iPad|iPod/.test(navigator.userAgent || "")) {
      el.appendChild(document.createTextNode(" On an iPhone: Share, then Add to Home Screen."));
    }
  }

  /* The newest complete copy of this site in the browser's caches, or null; also counts what a copy in progress holds. */
  function findCopy() {
    var prefix = (SITE.cachePrefix || "l5r-rules") + ":" + scope() + ":";
    return caches.keys().then(function (names) {
      var ours = names.filter(function (n) {
        return n.indexOf(prefix) === 0;
      });
      return Promise.all(
        ours.map(function (name) {
          return caches.open(name).then(function (cache) {
            return cache.match(new URL(RECEIPT, scope()).href).then(function (hit) {
              if (hit) return hit.json();
              return cache.keys().then(function (keys) {
                return { partial: keys.length };
              });
            });
          });
        }),
      ).then(function (found) {
        var best = null;
        var partial = 0;
        found.forEach(function (r) {
          if (r && r.partial !== undefined) partial = Math.max(partial, r.partial);
          else if (r && (!best || String(r.built) > String(best.built))) best = r;
        });
        return { receipt: best, partial: partial };
      });
    });
  }

  function watch(tries) {
    findCopy()
      .then(function (copy) {
        if (copy.receipt) state = { kind: "saved", receipt: copy.receipt, count: 0 };
        else state = { kind: "saving", receipt: null, count: copy.partial };
        render();
        // keep looking while a copy is being saved (or a newer one replaces the saved one)
        var newer = copy.receipt && SITE.dataVersion && copy.receipt.data_version !== SITE.dataVersion;
        if ((!copy.receipt || newer) && tries > 0) {
          setTimeout(function () {
            watch(tries - 1);
          }, 1000);
        }
      })
      .catch(function () {
        state = { kind: "none", receipt: null, count: 0 };
        render();
      });
  }

  function start() {
    var secure = window.isSecureContext && /^https?:$/.test(location.protocol);
    if (!secure) {
      state = { kind: "insecure", receipt: null, count: 0 };
      render();
      return;
    }
    if (!("serviceWorker" in navigator) || !("caches" in window)) {
      state = { kind: "none", receipt: null, count: 0 };
      render();
      return;
    }
    navigator.serviceWorker.register(SITE.sw || "sw.js").catch(function (error) {
      console.warn("this site cannot be kept for offline use here:", error);
    });
    watch(600);
  }

  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    installPrompt = event;
    render();
  });
  window.addEventListener("appinstalled", function () {
    installPrompt = null;
    render();
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
