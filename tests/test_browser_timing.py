"""The timing pages on a phone (390x844) in a real browser: step through a phase by its links.

Proves: the LCG conflict phase page lists every step in order with the action windows marked;
it fits the phone's width; following a step's "next" link lands on the next step in view;
a step's entry link opens that entry's page; the index links every phase. Screenshots go to
build/screenshots/ (phone-timing-*.png) to look at. The browser and the server are the session's (conftest.py).
"""

from __future__ import annotations

from browser_helpers import shot, wait

from l5r_rules import walk


def test_phone_steps_through_the_conflict_phase(phone, site_server):
    from selenium.webdriver.common.by import By

    driver = phone
    phase = walk.books()["lcg"].phase("conflict")
    driver.get(site_server.base + "timing/lcg/conflict/")
    items = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "ol.l5r-steps > li.l5r-step"))
    assert [li.get_attribute("id") for li in items] == [s.anchor for s in phase.steps]
    windows = [li.get_attribute("id") for li in items if "l5r-step-window" in li.get_attribute("class")]
    assert windows == [s.anchor for s in phase.steps if s.window]
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    shot(driver, "phone-timing-conflict")

    # step from 3.2.2 to 3.2.3 by the step's own "next" link
    here = driver.find_element(By.ID, phase.find("3.2.2").anchor)
    assert "defending player acts first" in here.text
    here.find_element(By.CSS_SELECTOR, "p.l5r-prevnext a[href='#step-3-2-3']").click()
    wait(driver, lambda d: d.current_url.endswith("#step-3-2-3"))
    target = driver.find_element(By.ID, "step-3-2-3")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", target)
    assert 0 <= top < 844, top
    shot(driver, "phone-timing-conflict-3-2-3")

    # its entry link opens the entry page that states the step
    target.find_element(By.CSS_SELECTOR, "p.l5r-cite-line a").click()
    wait(driver, lambda d: "/entries/lcg-3-2-3-compare-skill-values/" in d.current_url)


def test_timing_index_links_every_phase(phone, site_server):
    from selenium.webdriver.common.by import By

    driver = phone
    driver.get(site_server.base + "timing/")
    links = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "ul.l5r-timing-phases a"))
    hrefs = {a.get_attribute("href").split("/timing/")[1] for a in links}
    wanted = {f"{b.edition}/{p.id}/" for b in walk.books().values() for p in b.phases}
    assert hrefs == wanted
    shot(driver, "phone-timing-index")
