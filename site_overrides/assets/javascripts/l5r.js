/* L5R rules reference: small helpers for a judge with a phone. Plain JS, no library; nothing leaves the site.

   - Concept pages open their edition tabs on the judge's edition: `?edition=<id>` or `#<id>` in the URL
     (links from an edition's pages and from a search that names an edition carry it), else the edition
     the judge chose earlier in this visit (sessionStorage: the edition they came from), else the "All"
     tab, an overview of the editions (never the first edition's text by accident). A link to a paragraph
     inside a tab opens that tab. The jump links at the top and the overview's links switch the tab in
     place. The worked examples of the open edition are moved before the others.
   - Every page gets a "Copy link" button under its title. It, and each paragraph's ¶ mark, put the
     permalink on the clipboard (Clipboard API, else the older copy command) and show the link in a note
     with a selected text field, so it can be copied by hand where a browser allows neither.
   Editions are read from the page (data-edition on each tab), never listed here. */
(function () {
  "use strict";

  var STORE = "l5r-edition";
  /* Material Design Icons "link-variant" (Apache-2.0), as shipped with mkdocs-material. */
  var LINK_ICON =
    '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10.59 13.41c.41.39.41 1.03 0 1.42-.39.39-1.03.39-1.42 0a5.003 5.003 0 0 1 0-7.07l3.54-3.54a5.003 5.003 0 0 1 7.07 0 5.003 5.003 0 0 1 0 7.07l-1.49 1.49c.01-.82-.12-1.64-.4-2.42l.47-.48a2.98 2.98 0 0 0 0-4.24 2.98 2.98 0 0 0-4.24 0l-3.53 3.53a2.98 2.98 0 0 0 0 4.24m2.82-4.24c.39-.39 1.03-.39 1.42 0a5.003 5.003 0 0 1 0 7.07l-3.54 3.54a5.003 5.003 0 0 1-7.07 0 5.003 5.003 0 0 1 0-7.07l1.49-1.49c-.01.82.12 1.64.4 2.43l-.47.47a2.98 2.98 0 0 0 0 4.24 2.98 2.98 0 0 0 4.24 0l3.53-3.53a2.98 2.98 0 0 0 0-4.24.973.973 0 0 1 0-1.42"/></svg>';

  function remember(edition) {
    try {
      sessionStorage.setItem(STORE, edition);
    } catch (e) {
      /* storage disabled (private mode): the choice is simply not kept */
    }
  }

  function remembered() {
    try {
      return sessionStorage.getItem(STORE);
    } catch (e) {
      return null;
    }
  }

  /* The concept page's edition tabs: edition id -> {input, label, block}. Empty on other pages. */
  function editionTabs() {
    var tabs = {};
    var asides = document.querySelectorAll(".tabbed-set > .tabbed-content > .tabbed-block > [data-edition]");
    for (var i = 0; i < asides.length; i++) {
      var block = asides[i].parentElement;
      var set = block.parentElement.parentElement;
      var index = Array.prototype.indexOf.call(block.parentElement.children, block);
      var input = set.querySelectorAll(":scope > input")[index];
      var label = input && set.querySelector('.tabbed-labels > label[for="' + input.id + '"]');
      if (label) tabs[asides[i].getAttribute("data-edition")] = { input: input, label: label, block: block };
    }
    return tabs;
  }

  function activeEdition(tabs) {
    for (var edition in tabs) if (tabs[edition].input.checked) return edition;
    return null;
  }

  /* Before the theme has set up the tabs, checking the radio is enough; afterwards a click on the
     label lets the theme move its tab indicator. */
  function openTab(tabs, edition, byClick) {
    var tab = tabs[edition];
    if (!tab || tab.input.checked) return !!tab;
    if (byClick) tab.label.click();
    else tab.input.checked = true;
    return true;
  }

  function hashTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    return id ? document.getElementById(id) : null;
  }

  /* Which edition the URL asks for: ?edition=, or #<edition> when no element has that id. */
  function requestedEdition() {
    var asked = new URLSearchParams(location.search).get("edition");
    if (asked) return asked;
    var id = decodeURIComponent(location.hash.slice(1));
    return id && !document.getElementById(id) ? id : null;
  }

  /* A link to a paragraph inside a tab: open that tab so the paragraph is visible. */
  function openTabOfTarget(tabs, byClick) {
    var target = hashTarget();
    if (!target) return false;
    for (var edition in tabs) {
      if (tabs[edition].block.contains(target)) {
        openTab(tabs, edition, byClick);
        if (byClick) target.scrollIntoView();
        return true;
      }
    }
    return false;
  }

  /* The open edition's worked examples first (the others keep their order: examples that apply a rule
     before "Not in this rulebook"); with the overview open, the page's own order. */
  function orderExamples(tabs) {
    var active = activeEdition(tabs);
    var examples = document.querySelectorAll("aside.l5r-ruling[data-edition]");
    if (!active || !examples.length) return;
    var first = examples[0];
    for (var i = 0; i < examples.length; i++) {
      if (examples[i].getAttribute("data-edition") === active && examples[i] !== first) {
        first.parentNode.insertBefore(examples[i], first);
      }
    }
  }

  /* The jump link of the open edition is marked (aria-current), so the judge sees which one is open. */
  function markJumpLinks(tabs) {
    var active = activeEdition(tabs);
    var links = document.querySelectorAll("a[data-l5r-edition]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("data-l5r-edition") === active) links[i].setAttribute("aria-current", "true");
      else links[i].removeAttribute("aria-current");
    }
  }

  function setUpTabs() {
    var tabs = editionTabs();
    if (!Object.keys(tabs).length) return tabs;
    var asked = requestedEdition();
    if (!openTabOfTarget(tabs, false)) {
      if (asked && tabs[asked]) {
        openTab(tabs, asked, false);
        remember(asked);
      } else {
        openTab(tabs, remembered(), false);
      }
    }
    markJumpLinks(tabs);
    orderExamples(tabs);
    Object.keys(tabs).forEach(function (edition) {
      tabs[edition].input.addEventListener("change", function () {
        if (tabs[edition].input.checked) remember(edition);
        markJumpLinks(tabs);
        orderExamples(tabs);
      });
    });
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[data-l5r-edition]");
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var edition = link.getAttribute("data-l5r-edition");
      if (!tabs[edition]) return;
      event.preventDefault();
      openTab(tabs, edition, true);
      remember(edition);
      history.replaceState(null, "", link.getAttribute("href"));
      var heading = document.getElementById("editions");
      (heading || tabs[edition].block).scrollIntoView();
    });
    window.addEventListener("hashchange", function () {
      if (openTabOfTarget(tabs, true)) return;
      var edition = requestedEdition();
      if (edition && openTab(tabs, edition, true)) {
        remember(edition);
        var heading = document.getElementById("editions");
        if (heading) heading.scrollIntoView();
      }
    });
    return tabs;
  }

  /* The page's permalink: no query, except the open edition on a concept page; a paragraph's anchor. */
  function permalink(tabs, anchor) {
    var url = location.href.split(/[?#]/)[0];
    var edition = activeEdition(tabs);
    if (edition) url += "?edition=" + encodeURIComponent(edition);
    if (anchor) url += "#" + anchor;
    return url;
  }

  var toast = null;
  var toastTimer = null;

  function showLink(url, copied) {
    if (!toast) {
      toast = document.createElement("div");
      toast.className = "l5r-toast";
      toast.setAttribute("role", "status");
      toast.innerHTML =
        '<span class="l5r-toast-text"></span><input class="l5r-copylink-field" type="url" readonly ' +
        'aria-label="Link to this page"><button type="button" aria-label="Close">✕</button>';
      toast.querySelector("button").addEventListener("click", function () {
        toast.hidden = true;
      });
      document.body.appendChild(toast);
    }
    var field = toast.querySelector("input");
    toast.querySelector(".l5r-toast-text").textContent = copied ? "Link copied:" : "Copy this link:";
    field.value = url;
    toast.hidden = false;
    if (!copied) {
      field.focus();
      field.select();
    }
    clearTimeout(toastTimer);
    if (copied) {
      toastTimer = setTimeout(function () {
        toast.hidden = true;
      }, 6000);
    }
  }

  function copyByCommand(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try {
      done = document.execCommand("copy");
    } catch (e) {
      done = false;
    }
    document.body.removeChild(area);
    return done;
  }

  function copy(url) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(
        function () {
          showLink(url, true);
        },
        function () {
          showLink(url, copyByCommand(url));
        },
      );
    } else {
      showLink(url, copyByCommand(url));
    }
  }

  function setUpCopyLink(tabs) {
    var title = document.querySelector("article.md-content__inner h1");
    if (!title) return;
    var bar = document.createElement("div");
    bar.className = "l5r-share";
    bar.setAttribute("data-search-exclude", "");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "l5r-copylink";
    button.innerHTML = LINK_ICON + "<span>Copy link</span>";
    button.title = "Copy the link to this page";
    button.addEventListener("click", function () {
      var target = hashTarget();
      copy(permalink(tabs, target && target.classList.contains("l5r-para") ? target.id : null));
    });
    bar.appendChild(button);
    title.insertAdjacentElement("afterend", bar);
    document.addEventListener("click", function (event) {
      var mark = event.target.closest && event.target.closest("a.l5r-pilcrow");
      if (!mark || event.ctrlKey || event.metaKey || event.shiftKey) return;
      copy(permalink(tabs, mark.getAttribute("href").slice(1)));
    });
  }

  var tabs = setUpTabs();
  setUpCopyLink(tabs);
})();
