"""The judge's path on a phone (390x844) and a desktop (1280x800), in the real browser.

Against `l5r-rules serve` of the real site: the home page opens with a visible search box that
searches and the books as thumb-size buttons; the home table's cells do not run together; a concept
page opens on the edition the judge asked for (URL parameter, fragment, the link from an edition's
entry page, or the last choice), puts the differences within reach of a jump link at the top, and
opens the tab of a linked paragraph; compare pages show the differences; "Copy link" and the ¶ marks
put the permalink on the clipboard and show it. Screenshots go to build/screenshots/ (phone-*,
desktop-*) for people to look at. The browser and the server are the session's (conftest.py).
"""

from __future__ import annotations

import time

import pytest
from browser_helpers import DEVICES, shot, wait
from helpers import ROOT

from l5r_rules.kb import load_kb

THUMB = 44  # px: the smallest comfortable touch target


@pytest.fixture(scope="module")
def base(site_server):
    return site_server.base


@pytest.fixture(scope="module")
def kb():
    return load_kb(ROOT)


@pytest.fixture(scope="module")
def concept(kb):
    """The concept with the most editions that has differences notes (ties: first id)."""
    ranked = sorted(
        (c for c in kb.concepts.values() if c.get("differences") and len(c.get("entries", {})) >= 2),
        key=lambda c: (-len(c["entries"]), c["id"]),
    )
    assert ranked, "the real glossary has a concept with differences in two editions"
    return ranked[0]


def _editions_of(kb, concept) -> list[str]:
    return [ed for ed in kb.registry.order if concept["entries"].get(ed)]


def _rect(driver, element) -> dict:
    return driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)


def _viewport_height(driver) -> int:
    return driver.execute_script("return window.innerHeight")


def _active_edition(driver) -> str | None:
    """The edition of the tab the judge sees (its block is the only one displayed); None: the "All" overview."""
    from selenium.webdriver.common.by import By

    shown = [a for a in driver.find_elements(By.CSS_SELECTOR, "aside.l5r-tab") if a.is_displayed()]
    assert len(shown) == 1, [a.get_attribute("data-edition") for a in shown]
    return shown[0].get_attribute("data-edition")


def _fresh(driver, url: str) -> None:
    """Open `url` with no remembered edition choice (cleared on another page, so `url` really loads)."""
    driver.get(url.split("concepts/")[0].split("entries/")[0] + "404.html")
    driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    driver.get(url)


@pytest.mark.parametrize("device", DEVICES)
def test_home_opens_with_a_search_box_that_searches_and_the_books_as_large_buttons(base, browser, kb, device):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser.use(device)
    driver.get(base)
    shot(driver, f"{device}-home")
    height = _viewport_height(driver)
    box = driver.find_element(By.CSS_SELECTOR, "form.l5r-home-search input[name=q]")
    rect = _rect(driver, box)
    assert box.is_displayed() and rect["top"] >= 0 and rect["bottom"] <= height, rect
    assert rect["height"] >= THUMB

    books = driver.find_elements(By.CSS_SELECTOR, "nav.l5r-books a.l5r-book")
    assert len(books) == len(kb.registry.order)
    for book, edition in zip(books, kb.registry.order):
        box_of = _rect(driver, book)
        assert box_of["height"] >= THUMB and box_of["width"] >= THUMB, (edition, box_of)
        assert box_of["bottom"] <= height, f"{edition} book is below the first screen: {box_of}"
        assert kb.registry.label(edition) in book.text

    # the title leaves no gap: the search box starts within 2.5 title lines of the title's bottom
    title = _rect(driver, driver.find_element(By.TAG_NAME, "h1"))
    assert rect["top"] - title["bottom"] < 140, (title, rect)

    box.send_keys("province strength", Keys.ENTER)
    wait(driver, lambda d: "/search/" in d.current_url)  # the site's search page, the CLI's ranking
    first = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "ol.l5r-results > li").text)
    assert "province" in first.lower() or "strength" in first.lower()
    shot(driver, f"{device}-home-search")


@pytest.mark.parametrize("device", DEVICES)
def test_home_table_cells_do_not_run_together(base, browser, device):
    from selenium.webdriver.common.by import By

    driver = browser.use(device)
    driver.get(base)
    table = driver.find_element(By.CSS_SELECTOR, "table.l5r-editions")
    driver.execute_script("window.scrollTo(0, arguments[0].getBoundingClientRect().top + window.scrollY - 70)", table)
    time.sleep(0.2)
    shot(driver, f"{device}-home-table")
    rows = driver.execute_script(
        """return [...arguments[0].rows].map(row => [...row.cells].filter(cell => cell.offsetParent).map(cell => {
             const range = document.createRange(); range.selectNodeContents(cell);
             const text = range.getBoundingClientRect();
             return {box: cell.getBoundingClientRect().toJSON(), text: text.toJSON(), label: cell.textContent.trim()};
           }))""",
        table,
    )
    assert len(rows) >= 2
    for row in rows:
        for left, right in zip(row, row[1:]):
            assert left["box"]["right"] <= right["box"]["left"] + 0.5, (left, right)  # boxes do not overlap
            gap = right["text"]["left"] - left["text"]["right"]
            assert gap >= 6, f"{left['label']!r} and {right['label']!r} run together ({gap:.1f} px apart)"


@pytest.mark.parametrize("device", DEVICES)
def test_concept_opens_on_the_edition_asked_for_and_shows_the_differences_at_the_top(
    base, browser, kb, concept, device
):
    from selenium.webdriver.common.by import By

    driver = browser.use(device)
    editions = _editions_of(kb, concept)
    first, wanted = editions[0], editions[-1]
    url = base + f"concepts/{concept['id']}/"

    _fresh(driver, url)
    assert _active_edition(driver) is None  # no wish: the overview of the editions, not the first edition's text
    overview = driver.find_element(By.CSS_SELECTOR, "aside.l5r-tab--overview")
    assert [a.get_attribute("data-l5r-edition") for a in overview.find_elements(By.CSS_SELECTOR, "a")] == editions
    assert first in editions

    _fresh(driver, url + f"?edition={wanted}")
    assert _active_edition(driver) == wanted
    current = driver.find_elements(By.CSS_SELECTOR, "nav.l5r-jump a[aria-current]")
    assert [a.get_attribute("data-l5r-edition") for a in current] == [wanted]  # the open edition is marked
    shot(driver, f"{device}-concept-edition")
    label = driver.find_element(By.CSS_SELECTOR, f".tabbed-labels > label:nth-of-type({editions.index(wanted) + 2})")
    assert label.text.strip() == kb.registry.short(wanted)

    _fresh(driver, url + f"#{wanted}")
    assert _active_edition(driver) == wanted

    # the last choice of this visit is remembered: a plain link opens on it (the edition the judge came from)
    driver.get(url)
    assert _active_edition(driver) == wanted
    # and the overview's line of an edition opens its tab in place
    _fresh(driver, url)
    link = driver.find_element(By.CSS_SELECTOR, f"aside.l5r-tab--overview a[data-l5r-edition='{first}']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait(driver, lambda d: _active_edition(d) == first)

    # the differences: a jump link in the first screen leads to them
    _fresh(driver, url)
    height = _viewport_height(driver)
    jump = driver.find_element(By.CSS_SELECTOR, "nav.l5r-jump a[href='#differences']")
    assert jump.is_displayed() and _rect(driver, jump)["bottom"] <= height and _rect(driver, jump)["height"] >= THUMB
    heading = driver.find_element(By.ID, "differences")
    print(f"{device}: differences heading at {_rect(driver, heading)['top']:.0f} px of a {height} px screen")
    jump.click()
    wait(driver, lambda d: 0 <= _rect(d, heading)["top"] < height / 2)
    notes = driver.find_element(By.XPATH, "//h2[@id='differences']/following-sibling::div[1]").text
    for point in concept["differences"]:
        assert point["text"][:60] in notes
    assert "our words" in notes.lower()

    # a jump link to an edition opens its tab in place
    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element(By.CSS_SELECTOR, f"nav.l5r-jump a[data-l5r-edition='{wanted}']").click()
    wait(driver, lambda d: _active_edition(d) == wanted)
    assert driver.current_url.endswith(f"?edition={wanted}#editions")
    time.sleep(0.5)  # let the tab indicator finish its transition before the screenshot
    shot(driver, f"{device}-concept-tab")


def test_the_concept_link_of_an_entry_page_opens_that_entrys_edition(base, browser, kb, concept):
    from selenium.webdriver.common.by import By

    driver = browser.use("phone")
    editions = _editions_of(kb, concept)
    wanted = editions[-1]
    entry_id = concept["entries"][wanted][0]
    _fresh(driver, base + f"entries/{entry_id}/")
    link = driver.find_element(By.CSS_SELECTOR, f".l5r-entry-links a[href*='concepts/{concept['id']}/']")
    assert link.get_attribute("href").endswith(f"?edition={wanted}")
    driver.execute_script("arguments[0].click()", link)
    wait(driver, lambda d: f"concepts/{concept['id']}/" in d.current_url)
    assert _active_edition(driver) == wanted


def test_a_link_to_a_paragraph_in_another_tab_opens_that_tab(base, browser, kb, concept):
    driver = browser.use("phone")
    editions = _editions_of(kb, concept)
    entry_id = concept["entries"][editions[-1]][0]
    _fresh(driver, base + f"concepts/{concept['id']}/?edition={editions[0]}#{entry_id}-p1")
    assert _active_edition(driver) == editions[-1]
    from selenium.webdriver.common.by import By

    assert driver.find_element(By.ID, f"{entry_id}-p1").is_displayed()


@pytest.mark.parametrize("device", DEVICES)
def test_compare_page_shows_the_differences(base, browser, concept, device):
    from selenium.webdriver.common.by import By

    driver = browser.use(device)
    driver.get(base + f"compare/{concept['id']}/")
    shot(driver, f"{device}-compare")
    notes = driver.find_element(By.XPATH, "//h2[@id='differences']/following-sibling::div[1]")
    assert "our words" in notes.text.lower()
    for point in concept["differences"]:
        assert point["text"][:60] in notes.text
    assert len(driver.find_elements(By.CSS_SELECTOR, ".l5r-compare .l5r-col")) >= 2


def _clipboard(driver) -> str | None:
    """The clipboard's text, or None where headless Chrome refuses to read it."""
    return driver.execute_async_script(
        "const done = arguments[0]; navigator.clipboard.readText().then(done, () => done(null));"
    )


@pytest.mark.parametrize("device", DEVICES)
def test_copy_link_puts_the_permalink_on_the_clipboard(base, browser, kb, concept, device):
    from selenium.webdriver.common.by import By

    driver = browser.use(device)
    driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": base.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    entry_id = "lotus-province-strength" if "lotus-province-strength" in kb.entries else sorted(kb.entries)[0]
    pages = {
        "entries/" + entry_id + "/": base + f"entries/{entry_id}/",
        "": base,
        f"concepts/{concept['id']}/?edition={_editions_of(kb, concept)[-1]}": base
        + f"concepts/{concept['id']}/?edition={_editions_of(kb, concept)[-1]}",
    }
    for path, permalink in pages.items():
        driver.get(base + path)
        button = driver.find_element(By.CSS_SELECTOR, "button.l5r-copylink")
        assert button.is_displayed() and _rect(driver, button)["height"] >= THUMB
        button.click()
        field = wait(driver, lambda d: (f := d.find_element(By.CSS_SELECTOR, ".l5r-toast input")).is_displayed() and f)
        assert field.get_attribute("value") == permalink
        copied = _clipboard(driver)
        assert copied in (permalink, None)
        if copied is None:  # the clipboard cannot be read here: the note must say to copy by hand
            assert "Copy this link" in driver.find_element(By.CSS_SELECTOR, ".l5r-toast").text
        else:
            assert "Link copied" in driver.find_element(By.CSS_SELECTOR, ".l5r-toast").text
    shot(driver, f"{device}-copy-link")


@pytest.mark.parametrize("device", DEVICES)
def test_paragraph_mark_is_a_comfortable_target_clear_of_the_rule_and_copies_its_link(base, browser, kb, device):
    from selenium.webdriver.common.by import By

    driver = browser.use(device)
    entry_id = "lotus-province-strength" if "lotus-province-strength" in kb.entries else sorted(kb.entries)[0]
    driver.get(base + f"entries/{entry_id}/")
    mark = driver.find_element(By.CSS_SELECTOR, f"#{entry_id}-p1 > a.l5r-pilcrow")
    box = _rect(driver, mark)
    assert box["width"] >= THUMB and box["height"] >= THUMB, box
    rule = _rect(driver, driver.find_element(By.CSS_SELECTOR, ".l5r-text"))
    assert box["left"] > rule["left"] + 8, (box, rule)  # right of the red rule, not behind it
    assert box["right"] <= driver.execute_script("return document.documentElement.clientWidth"), box  # on screen
    text_right = driver.execute_script(
        """const mark = arguments[0], range = document.createRange();
           range.setStartAfter(mark); range.setEnd(mark.parentNode, mark.parentNode.childNodes.length);
           return Math.max(...[...range.getClientRects()].map(r => r.right));""",
        mark,
    )
    assert text_right <= box["left"], (text_right, box)  # the target does not cover the text
    mark.click()
    field = wait(driver, lambda d: (f := d.find_element(By.CSS_SELECTOR, ".l5r-toast input")).is_displayed() and f)
    assert field.get_attribute("value") == base + f"entries/{entry_id}/#{entry_id}-p1"
    assert driver.current_url.endswith(f"#{entry_id}-p1")
    shot(driver, f"{device}-paragraph-link")


@pytest.mark.parametrize("device", DEVICES)
def test_the_quotes_behind_a_difference_are_folded_and_open_with_a_thumb(base, browser, concept, device):
    """Our words first; the verbatim quotes that back them one tap away, each linked to its paragraph."""
    from selenium.webdriver.common.by import By

    driver = browser.use(device)
    _fresh(driver, base + f"concepts/{concept['id']}/")
    folds = driver.find_elements(By.CSS_SELECTOR, "#differences ~ .l5r-ours details.l5r-evidence")
    assert len(folds) == len(concept["differences"])
    fold = folds[0]
    quote = fold.find_element(By.CSS_SELECTOR, "blockquote.l5r-evidence-quote")
    assert not quote.is_displayed()  # folded: a phone shows one line per claim
    summary = fold.find_element(By.TAG_NAME, "summary")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    assert _rect(driver, summary)["height"] >= THUMB
    summary.click()
    assert quote.is_displayed()
    link = quote.find_element(By.TAG_NAME, "a")
    first = concept["differences"][0]["evidence"][0]
    assert "/entries/" in link.get_attribute("href") and f"#{first['entry']}-p" in link.get_attribute("href")
    assert _rect(driver, quote)["right"] <= driver.execute_script("return document.documentElement.clientWidth")
    shot(driver, f"{device}-evidence")
