#!/usr/bin/env python3
"""Opens a `tophhie run --html` report from disk in headless Chromium (Selenium) and checks what a reader sees.

Usage: html_report.py REPORT.html FAILING-SCENARIO-NAME
Prints one line per check ("ok …" or "FAIL …"); exit 0 when every check holds.
"""
import json
import shutil
import sys

# A machine without README's set-up fails here, saying how to fix it, not deep inside Selenium.
try:
    from selenium import webdriver
except ImportError:
    sys.exit("selenium is not installed: run `bash scripts/setup` (README's set-up) and test again")
for program in ("chromium", "chromedriver"):
    if shutil.which(program) is None:
        sys.exit(f"{program} is not installed: run `bash scripts/setup` (README's set-up) and test again")
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def main():
    path, failing_name = sys.argv[1], sys.argv[2]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    failures = 0

    def check(condition, what):
        nonlocal failures
        print(("ok " if condition else "FAIL ") + what, flush=True)
        if not condition:
            failures += 1

    try:
        driver.get("file://" + path)
        failed = driver.find_elements(By.CSS_SELECTOR, "details.scenario.failed")
        check(len(failed) == 1, f"one failed scenario ({len(failed)})")
        if failed:
            scenario = failed[0]
            check(scenario.get_attribute("open") is not None, "the failed scenario is open")
            summary = scenario.find_element(By.TAG_NAME, "summary").text
            check(failing_name in summary, f"its summary names it as written: {summary!r}")
            steps = scenario.find_elements(By.CSS_SELECTOR, "li.failing")
            check(len(steps) == 1 and steps[0].is_displayed(), "its failing step is visible")
            if steps:
                headline = steps[0].find_element(By.CSS_SELECTOR, "p.headline")
                check(headline.is_displayed() and headline.text.startswith("step "), f"the failing step's headline shows: {headline.text!r}")
                exchanges = steps[0].find_elements(By.CSS_SELECTOR, "ol.timeline > li > details")
                check(len(exchanges) > 0, f"the exchanges that led to it are listed ({len(exchanges)})")
                if exchanges and steps[0].is_displayed():
                    last = exchanges[-1]
                    body = last.find_element(By.TAG_NAME, "pre")
                    check(not body.is_displayed(), "an exchange's body is closed at first")
                    last.find_element(By.TAG_NAME, "summary").click()
                    check(body.is_displayed() and "<redacted>" in body.text, "a click shows it, secrets redacted")
        passed = driver.find_elements(By.CSS_SELECTOR, "details.scenario.passed")
        check(len(passed) > 0 and all(d.get_attribute("open") is None for d in passed), "passed scenarios are closed")
        check(not driver.find_elements(By.TAG_NAME, "img"), "no markup from a scenario name became an element")
        data = driver.find_element(By.ID, "tophhie-run").get_attribute("textContent")
        run = json.loads(data)
        check(len(run["scenarios"]) == len(failed) + len(passed), "the embedded run data holds every scenario")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, f"no console error: {errors}")
    finally:
        driver.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
