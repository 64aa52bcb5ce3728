"""A pytest plugin that writes trialgate's acceptor report (docs/report-format.md) to $TRIALGATE_REPORT.

Loaded by name, from any directory, with nothing in a conftest:

    PYTHONPATH="$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest "$TRIALGATE_CANDIDATE"

Only an assertion failure is `failed` (the one status that can count as a detection): a test whose call
raised an AssertionError (a plain `assert`, unittest's assert methods) or failed through pytest itself
(`pytest.fail`, `pytest.raises` that saw nothing raised). Any other exception (a refused connection, a
crash, an import error, a broken fixture, a failing teardown) is `error`, which never counts as one.
The kind of failure is told by the exception's type, never by its message. An `error` says where it was
raised (`error_in`): `test` when the test's call raised it (its body or the code it calls: an
AttributeError of the library under test), `harness` for collection, import, set-up and tear-down, and a
request that never reached the service (a refused or dropped connection).

Under a code task trialgate sets TRIALGATE_TRIPWIRE, a seed of this run alone: the plugin then appends
tripwires, tests that fail by an assertion and run after every other test (after the candidate's code was
imported and run), one of them a test module imported as pytest imports a test file, and clears the
process's command line of the test paths. A tripwire reported anything but failed means something in the
process made failing tests pass.
"""

import json
import os
import re
import sys

import pytest

_TRACEBACK_CHARS = 2000
_SEVERITY = {"passed": 0, "skipped": 1, "failed": 2, "error": 3}


def _is_assertion(excinfo):
    return excinfo is not None and excinfo.errisinstance((AssertionError, pytest.fail.Exception))


def _unreachable(excinfo):
    """A request that never reached the service or lost it: a refused or dropped connection, a socket
    timeout, urllib's URLError (not HTTPError, which is the service's answer), requests' ConnectionError."""
    names = {cls.__name__ for cls in type(excinfo.value).__mro__}
    if "HTTPError" in names:
        return False
    return bool(names & {"ConnectionError", "TimeoutError", "URLError", "timeout"})


def _traceback(report):
    """What went wrong first (pytest's one-line summary of the exception), then the end of the traceback."""
    text = report.longreprtext
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    if crash is not None and crash.message:
        head = f"{crash.message}\n"
    else:
        # A module that does not import has no summary: its exception is the last `E ` line of the text.
        said = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
        head = f"{said[-1]}{_where_it_does_not_parse(said)}\n" if said else ""
    room = _TRACEBACK_CHARS - len(head)
    return head + (text if len(text) <= room else "…" + text[-room:])


def _where_it_does_not_parse(said):
    """` (slugkit/__init__.py, line 19)` for a SyntaxError: the file that does not parse is often not the
    test file pytest names (a module of the code under test it imports), so say which, as Python's own
    message does, relative to the candidate (or the working directory) rather than a temporary path."""
    places = [m for m in (re.match(r'File "(.+)", line (\d+)', line) for line in said) if m]
    if not places:
        return ""
    path, line = places[-1].group(1), places[-1].group(2)
    for root in (os.environ.get("TRIALGATE_CANDIDATE"), os.getcwd()):
        if root and os.path.abspath(path).startswith(os.path.abspath(root) + os.sep):
            path = os.path.relpath(path, root)
            break
    return f" ({path}, line {line})"


def _expectation(exception):
    """The assertion that failed, in one line: its first line, and, when that is the test's own message
    (`assert median(...) == 25, "10,20,30,40"`), the comparison pytest rewrote below it, which says what came
    back: `10,20,30,40: assert 30.0 == 25`, as JUnit's `message ==> expected: <25> but was: <30>` does."""
    lines = [line.strip() for line in str(exception).splitlines() if line.strip()]
    if not lines:
        return ""
    comparison = next((line for line in lines[1:] if line.startswith("assert ")), None)
    if lines[0].startswith("assert ") or comparison is None:
        return lines[0]
    return f"{lines[0]}: {comparison}"


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
        if call.excinfo is not None:
            report._trialgate_exception = call.excinfo.typename
            report._trialgate_unreachable = _unreachable(call.excinfo)
        if report.failed and report._trialgate_assertion and call.excinfo is not None:
            report._trialgate_expectation = _expectation(call.excinfo.value) or call.excinfo.typename

    def pytest_runtest_logreport(self, report):
        test = report.nodeid
        duration = {"duration_ms": round(report.duration * 1000, 3)}
        if report.passed:
            if report.when == "call":
                self._put(test, {"test": test, "status": "passed", **duration})
            return
        if report.skipped:
            # A skip in setup or a test marked xfail that failed: not run as written, never a pass.
            self._put(test, {"test": test, "status": "skipped", "traceback": _skip_reason(report), **duration})
            return
        traceback = _traceback(report)
        if report.when == "call" and getattr(report, "_trialgate_assertion", False):
            record = {"test": test, "status": "failed", "assertion": getattr(report, "_trialgate_expectation", ""), "traceback": traceback}
        else:
            where = {"setup": "in setup", "teardown": "in teardown"}.get(report.when, "not an assertion")
            in_test = report.when == "call" and not getattr(report, "_trialgate_unreachable", False)
            exception = getattr(report, "_trialgate_exception", None)
            record = {
                "test": test,
                "status": "error",
                "error_in": "test" if in_test else "harness",
                **({"exception": exception} if exception else {}),
                "traceback": f"({where}) {traceback}",
            }
        self._put(test, {**record, **duration})

    def pytest_collectreport(self, report):
        # A file that does not import is an execution error of the tests it would have held.
        if report.failed:
            test = report.nodeid or "(collection)"
            self._put(test, {"test": test, "status": "error", "error_in": "harness", "traceback": _traceback(report)})

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
                self._put(test, {"test": test, "status": "error", "error_in": "harness", "traceback": f"not run: {why}"})
        records = [self.records[t] for t in self.order]
        report = {"planned": len(records), "executed": len(records), "complete": True, "blocked": False, "records": records}
        with open(self.path, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
            out.write("\n")


def _skip_reason(report):
    """Why a test did not run as written: pytest's skip reason, or that it was an expected failure."""
    if hasattr(report, "wasxfail"):
        return f"xfailed: {report.wasxfail}" if report.wasxfail else "xfailed"
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return "skipped"


class _Tripwire(pytest.Item):
    """A test of this run's own that must fail by an assertion: one reported otherwise was made to pass."""

    def __init__(self, *, values, **kwargs):
        super().__init__(**kwargs)
        self.values = values

    def runtest(self):
        expected, actual = self.values
        if isinstance(expected, int):
            # unittest's assertion methods, which a patch could make pass while `assert` still fails.
            import unittest

            unittest.TestCase().assertEqual(expected, actual, "a tripwire: this assertion fails in every honest run")
        else:
            assert expected == actual, "a tripwire: this assertion fails in every honest run"

    def reportinfo(self):
        return self.path, None, self.name


class _ModuleTripwire(pytest.Item):
    """A test module of this run's own, written to a directory of its own and imported the way pytest imports
    a test file (its directory put first on sys.path, the module imported by name), whose test fails by an
    assertion. Code that rewrites test modules as they are imported (an import hook that makes their asserts
    true, or swaps a module for another) rewrites this one too, and it comes back passed."""

    def __init__(self, *, seed, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed

    def runtest(self):
        import importlib
        import shutil
        import tempfile

        directory = tempfile.mkdtemp(prefix="trialgate-tripwire-")
        name = f"test_trialgate_tripwire_{self.seed}"
        with open(os.path.join(directory, f"{name}.py"), "w", encoding="utf-8") as module:
            module.write(f'def test_tripwire():\n    assert "{self.seed}" == "{self.seed}-", "a tripwire: this assertion fails in every honest run"\n')
        sys.path.insert(0, directory)
        try:
            importlib.import_module(name).test_tripwire()
        finally:
            sys.path.remove(directory)
            shutil.rmtree(directory, ignore_errors=True)

    def reportinfo(self):
        return self.path, None, self.name


def _clear_command_line():
    """The process's command line (/proc/self/cmdline) and sys.argv without the paths of the tests."""
    sys.argv[1:] = []
    if hasattr(sys, "orig_argv"):
        sys.orig_argv[1:] = []
    try:
        import ctypes

        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        # Fields 48 and 49 of stat (counted from 1; `pid (comm)` are the first two): where argv lies in memory.
        start, end = int(fields[45]), int(fields[46])
        title = b"python3"
        if end - start > len(title):
            ctypes.memmove(start, title, len(title))
            ctypes.memset(start + len(title), 0, end - start - len(title))
    except (OSError, ValueError, IndexError, AttributeError):
        pass


def pytest_addoption(parser):
    parser.addoption("--trialgate-report", default=None, help="where to write trialgate's acceptor report (default: $TRIALGATE_REPORT)")


def pytest_configure(config):
    path = config.getoption("--trialgate-report") or os.environ.get("TRIALGATE_REPORT")
    if path:
        config.pluginmanager.register(TrialgateReport(path, str(config.rootpath)), "trialgate-report")
    if os.environ.get("TRIALGATE_TRIPWIRE"):
        _clear_command_line()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    seed = os.environ.get("TRIALGATE_TRIPWIRE")
    if not seed:
        return
    for n, values in enumerate([(seed, f"{seed}-"), (1, 2)], start=1):
        name = f"trialgate tripwire {seed} {n}"
        items.append(_Tripwire.from_parent(session, name=name, nodeid=name, values=values))
    name = f"trialgate tripwire {seed} 3"
    items.append(_ModuleTripwire.from_parent(session, name=name, nodeid=name, seed=seed))
