#!/usr/bin/env python3
"""The settings console in a real browser: headless Chromium driven by Selenium through Debian's chromedriver.

Runs the scenarios of issue 24 against the example app's console (its preferences file), `prefs serve --file` with a
schema that marks a key secret, and `prefs serve --postgres` on a throwaway namespace. Each scenario saves a
screenshot and prints its path. Waits are for events, with deadlines; nothing sleeps a fixed time.

Environment: PREFS_BIN (the folder of `prefs` and `example-app`), PREFS_SCREENSHOTS (where the screenshots go),
PREFS_PG_URL, PGPASSWORD (a PostgreSQL server with Prefs' tables; the PostgreSQL scenarios are skipped without it,
and scripts/browser-tests.sh always gives one), PREFS_TEST_DEADLINE_SCALE (longer deadlines on a slow machine).
"""
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BIN = os.environ.get("PREFS_BIN", ".build/debug")
SHOTS = os.environ.get("PREFS_SCREENSHOTS", os.path.join(tempfile.gettempdir(), "prefs-console-screenshots"))
SCALE = max(1.0, float(os.environ.get("PREFS_TEST_DEADLINE_SCALE", "1")))
DEADLINE = 20 * SCALE
LIVE_DEADLINE = 5 * SCALE  # a change must appear within a second on an idle machine; CI's cores are shared
WORK = tempfile.mkdtemp(prefix="prefs-console-browser-")
SECRET = "s3cr3t-" + os.urandom(6).hex()

results = []
processes = []


def log(text):
    print(text, flush=True)


class Console:
    """A console process: its address with the token, and the lines it printed."""

    def __init__(self, arguments, env=None):
        environment = dict(os.environ, **(env or {}))
        self.process = subprocess.Popen(
            arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
        processes.append(self.process)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        self.errors = []
        threading.Thread(target=lambda: self.errors.extend(self.process.stderr), daemon=True).start()
        try:
            line = lines.get(timeout=DEADLINE)
        except queue.Empty:
            raise AssertionError(f"{arguments[0]} printed no address: {''.join(self.errors)}")
        match = re.search(r"(https?://\S+)\?token=(\S+)$", line.strip())
        assert match, f"no address in {line!r}"
        self.base, self.token = match.group(1), match.group(2)
        self.url = f"{self.base}?token={self.token}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=DEADLINE)


def prefs(*arguments, env=None):
    result = subprocess.run(
        [os.path.join(BIN, "prefs"), *arguments], capture_output=True, text=True, env=dict(os.environ, **(env or {})))
    assert result.returncode == 0, f"prefs {' '.join(arguments)}: {result.stderr}"
    return result.stdout


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1050", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(DEADLINE)
    return driver


def screenshot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    driver.save_screenshot(path)
    log(f"  screenshot: {path}")


def wait(driver, condition, what, timeout=DEADLINE):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda _: condition())
    except Exception as error:
        raise AssertionError(f"{what} did not happen within {timeout:.0f} s") from error


def row(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"tr.key[data-key='{json.dumps(name)}']")


def current(driver, name):
    try:
        return row(driver, name).find_element(By.CSS_SELECTOR, ".current").text
    except Exception:
        return None


def save(driver, name):
    row(driver, name).find_element(By.CSS_SELECTOR, "button.save").click()


def scenario(name):
    def decorate(function):
        def run(*arguments):
            log(f"scenario: {name}")
            started = time.monotonic()
            try:
                function(*arguments)
                results.append((name, True, time.monotonic() - started))
                log(f"  passed in {time.monotonic() - started:.1f} s")
            except Exception:
                results.append((name, False, time.monotonic() - started))
                log(f"  FAILED:\n{traceback.format_exc()}")
                for argument in arguments:
                    if isinstance(argument, webdriver.Chrome):
                        screenshot(argument, "FAILED " + name[:40])
        return run
    return decorate


def file_value(path, key):
    with open(path) as file:
        return json.load(file).get(key)


# --- the example app's console, on its own preferences file -------------------------------------------------------

@scenario("open with the token and see every key")
def every_key(app, driver):
    driver.get(app.url)
    wait(driver, lambda: driver.current_url.rstrip("/") == app.base.rstrip("/"), "the token left the address bar")
    for name in ("theme", "should_show_hello_world", "launch_count", "window", "launch_history"):
        row(driver, name)
    wait(driver, lambda: "Live" in driver.find_element(By.ID, "status").text, "the live status")
    assert "The colour scheme of every window" in driver.page_source
    screenshot(driver, "01-every-key")


@scenario("edit an Int, an enum and a Codable value: in the store and at an observing instance")
def edit_three(app, driver, preferences_file, watcher_lines):
    field = row(driver, "launch_count").find_element(By.CSS_SELECTOR, "input[name=text]")
    field.clear()
    field.send_keys("42")
    save(driver, "launch_count")
    wait(driver, lambda: current(driver, "launch_count") == "42", "launch_count shows 42")
    Select(row(driver, "theme").find_element(By.CSS_SELECTOR, "select")).select_by_visible_text("dark")
    save(driver, "theme")
    wait(driver, lambda: current(driver, "theme") == '"dark"', "theme shows dark")
    area = row(driver, "window").find_element(By.CSS_SELECTOR, "textarea")
    area.clear()
    area.send_keys('{"height": 480.0, "width": 640.0, "x": 10.5, "y": -0.0}')
    save(driver, "window")
    wait(driver, lambda: '"width": 640.0' in (current(driver, "window") or ""), "window shows the new frame")
    assert file_value(preferences_file, "launch_count") == 42
    assert file_value(preferences_file, "theme") == "dark"
    window = prefs("get", "--json", "--file", preferences_file, "window")
    assert json.loads(window) == {"height": 480.0, "isFullScreen": False, "width": 640.0, "x": 10.5, "y": -0.0}, window
    assert "-0.0" in window, window
    for expected in ("launch_count", "theme", "window"):
        wait(driver, lambda: any(expected in line for line in watcher_lines), f"the observing instance saw {expected}")
    screenshot(driver, "02-edited")


@scenario("an invalid value is refused with its reason shown and nothing written")
def refused(app, driver, preferences_file):
    with open(preferences_file, "rb") as file:
        before = file.read()
    area = row(driver, "window").find_element(By.CSS_SELECTOR, "textarea")
    area.clear()
    area.send_keys('{"height": 1.0, "width": 2.0, "x": "left", "y": 0.0}')
    save(driver, "window")
    error = lambda: row(driver, "window").find_element(By.CSS_SELECTOR, ".error").text
    wait(driver, lambda: "not a valid WindowFrame" in error(), "the reason is shown")
    with open(preferences_file, "rb") as file:
        assert file.read() == before, "the file changed"
    screenshot(driver, "03-refused")
    driver.refresh()


@scenario("a change made with prefs appears live")
def live_from_prefs(app, driver, preferences_file):
    started = time.monotonic()
    prefs("set", "--file", preferences_file, "theme", "light")
    wait(driver, lambda: current(driver, "theme") == '"light"', "the page shows light", LIVE_DEADLINE)
    log(f"  appeared {time.monotonic() - started:.2f} s after `prefs set` returned")
    screenshot(driver, "04-live-from-prefs")


@scenario("exact values survive the page unchanged (Int64.max, a sub-second date, -0.0)")
def exact(app, driver, preferences_file):
    prefs("set", "--file", preferences_file, "launch_count", "9223372036854775807")
    prefs("set", "--type", "json", "--file", preferences_file, "launch_history",
          '[{"$date": "2026-11-22T15:47:00.123456789Z"}]')
    wait(driver, lambda: current(driver, "launch_count") == "9223372036854775807", "the page shows Int64.max")
    wait(driver, lambda: "2026-11-22" in (current(driver, "launch_history") or ""), "the page shows the date")
    before = {key: prefs("get", "--json", "--file", preferences_file, key) for key in ("launch_count", "launch_history", "window")}
    assert row(driver, "launch_count").find_element(By.CSS_SELECTOR, "input[name=text]").get_attribute("type") == "text"
    for key in before:
        save(driver, key)
        wait(driver, lambda: "was saved" in driver.find_element(By.ID, "notice").text and key in driver.find_element(By.ID, "notice").text, f"{key} saved")
    after = {key: prefs("get", "--json", "--file", preferences_file, key) for key in before}
    assert after == before, f"{before} became {after}"


@scenario("without JavaScript the page is plain forms")
def without_javascript(app):
    driver = browser(javascript=False)
    try:
        driver.get(app.url)
        row(driver, "should_show_hello_world").find_element(By.CSS_SELECTOR, "label.switch").click()
        save(driver, "should_show_hello_world")
        wait(driver, lambda: current(driver, "should_show_hello_world") == "true", "the switch is on after the form")
        assert "Reload to see changes" in driver.find_element(By.ID, "status").text
        screenshot(driver, "05-without-javascript")
    finally:
        driver.quit()


# --- prefs serve --file with a schema that marks a key secret --------------------------------------------------------

@scenario("a secret is never in the page source, the API or the event stream")
def secret(served, driver, served_file):
    driver.get(served.url)
    row(driver, "api_token")
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.prefsEvents = [];
        const source = new EventSource("/api/events");
        source.addEventListener("change", (event) => window.prefsEvents.push(event.data));
        source.addEventListener("ready", () => done());
    """)
    prefs("set", "--file", served_file, "api_token", SECRET + "-2")
    prefs("set", "--file", served_file, "launch_count", "7")
    events = lambda: "\n".join(driver.execute_script("return window.prefsEvents"))
    wait(driver, lambda: "launch_count" in events(), "the event stream reported the changes")
    stream = events()
    assert "api_token" in stream and SECRET not in stream, stream
    api = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(["/api/keys", "/api/keys/api_token"].map((path) => fetch(path).then((r) => r.text())))
          .then((texts) => done(texts.join("\\n")));
    """)
    assert "api_token" in api and SECRET not in api, api
    driver.refresh()
    assert SECRET not in driver.page_source
    field = row(driver, "api_token").find_element(By.CSS_SELECTOR, "input[type=password]")
    field.send_keys(SECRET + "-3")
    save(driver, "api_token")
    wait(driver, lambda: "api_token was saved" in driver.find_element(By.ID, "notice").text, "the secret was replaced")
    assert file_value(served_file, "api_token") == SECRET + "-3"
    assert SECRET not in driver.page_source
    screenshot(driver, "06-secret")


@scenario("no token, no page")
def no_token(served):
    driver = browser()
    try:
        driver.get(served.base)
        source = driver.page_source
        assert "open the address the console printed" in source, source
        assert "launch_count" not in source and "api_token" not in source
        driver.get(served.base.rstrip("/") + "/api/keys")
        assert "launch_count" not in driver.page_source
        driver.get(served.base.rstrip("/") + "/?token=wrong-token-0123456789")
        assert "launch_count" not in driver.page_source
        driver.get(served.base)
        screenshot(driver, "07-no-token")
    finally:
        driver.quit()


# --- prefs serve --postgres on a throwaway namespace -----------------------------------------------------------------

def psql(sql):
    subprocess.run(["psql", "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], check=True, capture_output=True)


@scenario("a change made with SQL appears live")
def live_from_sql(fleet, driver):
    driver.get(fleet.url)
    wait(driver, lambda: "Live" in driver.find_element(By.ID, "status").text, "the live status")
    started = time.monotonic()
    psql("UPDATE prefs_values SET value = '250' WHERE namespace = 'console' AND key = 'rate_limit'")
    wait(driver, lambda: current(driver, "rate_limit") == "250", "the page shows 250", LIVE_DEADLINE)
    log(f"  appeared {time.monotonic() - started:.2f} s after the UPDATE committed")
    screenshot(driver, "08-live-from-sql")


@scenario("a rollback from the history, with a reason")
def rollback(fleet, driver, url):
    field = row(driver, "rate_limit").find_element(By.CSS_SELECTOR, "input[name=text]")
    field.clear()
    field.send_keys("300")
    row(driver, "rate_limit").find_element(By.CSS_SELECTOR, "input.reason").send_keys("load test")
    save(driver, "rate_limit")
    wait(driver, lambda: current(driver, "rate_limit") == "300", "rate_limit shows 300")
    row(driver, "rate_limit").find_element(By.CSS_SELECTOR, "a.history").click()
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "tr.change")) >= 3, "three changes in the history")
    oldest = driver.find_elements(By.CSS_SELECTOR, "tr.change")[-1]
    assert "+ 100" in oldest.text, oldest.text
    screenshot(driver, "09-history")
    oldest.find_element(By.CSS_SELECTOR, "input.reason").send_keys("back to the tested limit")
    oldest.find_element(By.CSS_SELECTOR, "button").click()
    wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "tr.change")) >= 4, "the rollback is in the history")
    newest = driver.find_elements(By.CSS_SELECTOR, "tr.change")[0]
    assert "- 300" in newest.text and "+ 100" in newest.text, newest.text
    screenshot(driver, "10-rolled-back")
    value = prefs("get", "--json", "--postgres", url, "--namespace", "console", "rate_limit")
    assert value.strip() == "100", value
    driver.get(fleet.base)
    wait(driver, lambda: current(driver, "rate_limit") == "100", "the page shows 100 again")


def main():
    config = os.path.join(WORK, "config")
    preferences_file = os.path.join(config, "example-app", "preferences.json")
    prefs("set", "--file", preferences_file, "launch_count", "1")
    watcher = subprocess.Popen(
        [os.path.join(BIN, "prefs"), "watch", "--file", preferences_file], stdout=subprocess.PIPE, text=True)
    processes.append(watcher)
    watcher_lines = []
    threading.Thread(target=lambda: watcher_lines.extend(watcher.stdout), daemon=True).start()
    app = Console([os.path.join(BIN, "example-app"), "console", "--port", "0"], env={"XDG_CONFIG_HOME": config})
    driver = browser()
    try:
        every_key(app, driver)
        edit_three(app, driver, preferences_file, watcher_lines)
        refused(app, driver, preferences_file)
        live_from_prefs(app, driver, preferences_file)
        exact(app, driver, preferences_file)
        without_javascript(app)

        served_file = os.path.join(WORK, "served.json")
        schema_file = os.path.join(WORK, "served.schema.json")
        subprocess.run([os.path.join(BIN, "example-app"), "prefs", "schema", "--output", schema_file], check=True,
                       env=dict(os.environ, XDG_CONFIG_HOME=config))
        with open(schema_file) as file:
            schema = json.load(file)
        schema["properties"]["api_token"] = {"type": "string", "writeOnly": True, "description": "The API's token"}
        with open(schema_file, "w") as file:
            json.dump(schema, file)
        prefs("set", "--file", served_file, "api_token", SECRET)
        prefs("set", "--file", served_file, "launch_count", "3")
        served = Console([os.path.join(BIN, "prefs"), "serve", "--file", served_file, "--schema", schema_file,
                          "--port", "0"])
        secret(served, driver, served_file)
        no_token(served)

        url = os.environ.get("PREFS_PG_URL")
        if url:
            fleet_schema = os.path.join(WORK, "fleet.schema.json")
            with open(fleet_schema, "w") as file:
                json.dump({"type": "object", "properties": {
                    "rate_limit": {"type": "integer", "minimum": 0, "maximum": 10000, "default": 50,
                                   "description": "Requests per second each instance accepts"},
                    "maintenance": {"type": "boolean", "default": False, "description": "Refuse new sessions"},
                    "region": {"type": "string", "enum": ["eu", "us"], "default": "eu"},
                }}, file)
            prefs("set", "--postgres", url, "--namespace", "console", "rate_limit", "100")
            fleet = Console([os.path.join(BIN, "prefs"), "serve", "--postgres", url, "--namespace", "console",
                             "--schema", fleet_schema, "--port", "0"])
            live_from_sql(fleet, driver)
            rollback(fleet, driver, url)
        else:
            log("PREFS_PG_URL is not set: the PostgreSQL scenarios did not run")
            results.append(("PostgreSQL scenarios", False, 0))
    finally:
        driver.quit()
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=DEADLINE)
    passed = sum(1 for _, ok, _ in results if ok)
    log("")
    for name, ok, seconds in results:
        log(f"{'passed' if ok else 'FAILED'} {seconds:5.1f} s  {name}")
    log(f"browser: {passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
