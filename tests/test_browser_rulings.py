"""A worked example on a phone (390x844) reads as a ruling: situation, outcome, steps with linked rule
sentences; a scenario that needs a player's decision lists each option's outcome. Screenshots go to
build/screenshots/ (rulings-*.png) for people to look at. The browser and the server are the session's
(conftest.py). Each example is opened on the concept page the site shows it on, found in the built site,
so a renamed concept moves the test along; an example no concept page shows fails it."""

from __future__ import annotations

import re
import time
from pathlib import Path

from browser_helpers import shot, wait


def _concept_showing(site: Path, scenario_id: str, preferred: str) -> str:
    """The URL of a concept page that shows the worked example `scenario_id`: `preferred` if it does."""
    marker = re.compile(rf'id="scenario-{re.escape(scenario_id)}"')
    shown = [
        p.parent.name for p in sorted((site / "concepts").glob("*/index.html")) if marker.search(p.read_text("utf-8"))
    ]
    assert shown, f"no concept page of the real site shows the worked example {scenario_id}"
    return f"concepts/{preferred if preferred in shown else shown[0]}/"


def _aside(driver, scenario_id: str):
    from selenium.webdriver.common.by import By

    aside = wait(driver, lambda d: d.find_element(By.ID, f"scenario-{scenario_id}"))
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", aside)
    driver.execute_script("window.scrollBy(0, -70)")  # below the sticky header
    time.sleep(0.3)
    return aside


def test_a_worked_example_reads_as_a_ruling_on_a_phone(phone, site_server):
    from selenium.webdriver.common.by import By

    driver = phone
    driver.get(
        site_server.base + _concept_showing(site_server.site, "mary-todd-battle-province-1", "ccg-battle-resolution")
    )
    aside = _aside(driver, "mary-todd-battle-province-1")
    assert "Latomu and Skub" in aside.find_element(By.CSS_SELECTOR, ".l5r-ruling-situation").text
    outcome = aside.find_element(By.CSS_SELECTOR, ".l5r-ruling-outcome").text
    assert "Winner: attacker." in outcome and "{" not in outcome
    aside.find_element(By.CSS_SELECTOR, ".l5r-ruling-steps > summary").click()
    quotes = wait(
        driver, lambda d: [q for q in aside.find_elements(By.CSS_SELECTOR, "a.l5r-ruling-quote") if q.is_displayed()]
    )
    assert quotes and all("#" in q.get_attribute("href") for q in quotes)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    shot(driver, "rulings-phone-steps")
    quotes[0].click()
    wait(driver, lambda d: "/entries/" in d.current_url and "#" in d.current_url)


def test_a_decision_shows_each_option_on_a_phone(phone, site_server):
    from selenium.webdriver.common.by import By

    driver = phone
    driver.get(site_server.base + _concept_showing(site_server.site, "lcg-ring-air-missing-choice", "lcg-rings"))
    aside = _aside(driver, "lcg-ring-air-missing-choice")
    assert "A player must decide" in aside.text
    options = aside.find_elements(By.CSS_SELECTOR, ".l5r-ruling-options li")
    assert [o.text.split(":")[0] for o in options] == ["If air is take", "If air is gain"]
    assert "could not run" not in driver.page_source
    shot(driver, "rulings-phone-decision")
