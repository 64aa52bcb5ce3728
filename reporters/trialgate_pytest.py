"""A pytest plugin that writes trialgate's acceptor report (docs/report-format.md) to $TRIALGATE_REPORT.

Loaded by name, from any directory, with nothing in a conftest:

    PYTHONPATH="$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest "$TRIALGATE_CANDIDATE"

Only an assertion failure is `failed` (the one status that can count as a detection): a test whose call
raised an AssertionError (a plain `assert`, unittest's assert methods) or failed through pytest itself
(`pytest.fail`, `pytest.raises` that saw nothing raised). Any other exception (a refused connection, a
crash, an import error, a broken fixture, a failing teardown) is `error`, which never counts as one.
The kind of failure is told by the exception's type, never by its message.
"""

import json
import os

import pytest

_TRACEBACK_CHARS = 2000
_SEVERITY = {"passed": 0, "skipped": 1, "failed": 2, "error": 3}


def _is_assertion(excinfo):
    return excinfo is not None and excinfo.errisinstance((AssertionError, pytest.fail.Exception))


def _traceback(report):
    """What went wrong first (pytest's one-line summary of the exception), then the end of the traceback."""
    text = report.longreprtext
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    if crash is not None and crash.message:
        head = f"{crash.message}\n"
    else:
        # A module that does not import has no summary: its exception is the last `E ` line of the text.
        said = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
        head = f"{said[-1]}\n" if said else ""
    room = _TRACEBACK_CHARS - len(head)
    return head + (text if len(text) <= room else "…" + text[-room:])


def _first_line(text):
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()
    return ""


class TrialgateReport:
    def __init__(self, path, rootpath):
        self.path = path
        # Test ids relative to the candidate, wherever pytest put its rootdir: a temporary copy's name
        # would make every trial's ids differ.
        candidate = os.environ.get("TRIALGATE_CANDIDATE")
        inside = candidate and os.path.relpath(candidate, rootpath)
        self.prefix = f"{inside}/" if inside and inside != "." and not inside.startswith("..") else ""
        self.records = {}
        self.order = []
        self.items = []
        self.interrupted = None

    def _id(self, nodeid):
        return nodeid[len(self.prefix):] if self.prefix and nodeid.startswith(self.prefix) else nodeid

    def _put(self, test, record):
        test = record["test"] = self._id(test)
        if test not in self.records:
            self.order.append(test)
            self.records[test] = record
        elif _SEVERITY[record["status"]] > _SEVERITY[self.records[test]["status"]]:
            self.records[test] = {**self.records[test], **record}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        # The exception's type, read here while it is at hand; the report carries only its text.
        report._trialgate_assertion = _is_assertion(call.excinfo)
        if report.failed and report._trialgate_assertion and call.excinfo is not None:
            report._trialgate_expectation = _first_line(call.excinfo.value) or call.excinfo.typename

    def pytest_runtest_logreport(self, report):
        test = report.nodeid
        duration = {"duration_ms": round(report.duration * 1000, 3)}
        if report.passed:
            if report.when == "call":
                self._put(test, {"test": test, "status": "passed", **duration})
            return
        if report.skipped:
            # A skip in setup or a test marked xfail that failed: not run as written, never a pass.
            self._put(test, {"test": test, "status": "skipped", **duration})
            return
        traceback = _traceback(report)
        if report.when == "call" and getattr(report, "_trialgate_assertion", False):
            record = {"test": test, "status": "failed", "assertion": getattr(report, "_trialgate_expectation", ""), "traceback": traceback}
        else:
            where = {"setup": "in setup", "teardown": "in teardown"}.get(report.when, "not an assertion")
            record = {"test": test, "status": "error", "traceback": f"({where}) {traceback}"}
        self._put(test, {**record, **duration})

    def pytest_collectreport(self, report):
        # A file that does not import is an execution error of the tests it would have held.
        if report.failed:
            self._put(report.nodeid or "(collection)", {"test": report.nodeid or "(collection)", "status": "error", "traceback": _traceback(report)})

    def pytest_collection_finish(self, session):
        self.items = [self._id(item.nodeid) for item in session.items]

    def pytest_keyboard_interrupt(self, excinfo):
        self.interrupted = str(excinfo.value) or excinfo.typename

    def pytest_sessionfinish(self, session, exitstatus):
        # A test the session never ran (a file failed to import, -x, an interrupt) is an error of its own,
        # named with why: the report then accounts for every test, and its first record says what went wrong.
        why = session.shouldfail or session.shouldstop or self.interrupted or "the session ended before it ran"
        for test in self.items:
            if test not in self.records:
                self._put(test, {"test": test, "status": "error", "traceback": f"not run: {why}"})
        records = [self.records[t] for t in self.order]
        report = {"planned": len(records), "executed": len(records), "complete": True, "blocked": False, "records": records}
        with open(self.path, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
            out.write("\n")


def pytest_addoption(parser):
    parser.addoption("--trialgate-report", default=None, help="where to write trialgate's acceptor report (default: $TRIALGATE_REPORT)")


def pytest_configure(config):
    path = config.getoption("--trialgate-report") or os.environ.get("TRIALGATE_REPORT")
    if path:
        config.pluginmanager.register(TrialgateReport(path, str(config.rootpath)), "trialgate-report")
