// Library code tasks whose hidden tests are a project's suite in its own style, for the rules of issue 32:
// a bill-splitting library (`split(total, people)` loses the remainder) in Python, tested with pytest as
// such projects are (a version `skipif`, an `xfail`, a fixture, a regression test that fails with an
// AttributeError on the unfixed code), and in JavaScript with node:test. Each fixture is written into a
// temporary directory; a candidate is a copy of its repository with files replaced.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tempDir } from './fixtures.ts';

type Files = Record<string, string>;

async function writeFiles(root: string, files: Files): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

function manifest(id: string, command: string, code: Record<string, unknown>): string {
  return JSON.stringify(
    {
      version: 1,
      id,
      title: `${id}: a split must give out the remainder`,
      protected: ['inputs/**', 'task.txt', 'fixture.json', 'hidden/**'],
      reference: 'solutions/reference',
      acceptance: { kind: 'code', command, timeout_seconds: 120 },
      code: { repository: 'repo', scope: ['bill/**', 'src/**'], solutions: { reference: 'solutions/reference' }, ...code },
    },
    null,
    2,
  );
}

export const PY_UNFIXED = `"""Splitting a bill."""
from dataclasses import dataclass


@dataclass
class Split:
    shares: list


def split(total, people):
    if people <= 0:
        raise ValueError("people must be positive")
    if total % people:
        return None  # the bug: a bill that does not divide evenly is never split
    return Split([total // people] * people)
`;

export const PY_FIXED = `"""Splitting a bill."""
from dataclasses import dataclass


@dataclass
class Split:
    shares: list


def split(total, people):
    if people <= 0:
        raise ValueError("people must be positive")
    base, left = divmod(total, people)
    return Split([base + 1 if i < left else base for i in range(people)])
`;

/** The project's own suite, as it is: a version skipif, an xfail, a fixture, and the regression test. */
export const PY_SUITE = `import sys

import pytest

from bill import split


@pytest.fixture
def dinner():
    return {"total": 1000, "people": 3}


def test_even_split():
    assert split(900, 3).shares == [300, 300, 300]


def test_refuses_nobody():
    with pytest.raises(ValueError):
        split(10, 0)


def test_remainder_is_given_out(dinner):
    # Regression test for the issue: on the unfixed code split() returns None here.
    assert sum(split(dinner["total"], dinner["people"]).shares) == 1000


def test_remainder_goes_to_the_first():
    assert split(7, 2).shares == [4, 3]


@pytest.mark.skipif(sys.version_info < (3, 99), reason="needs Python 3.99's decimal context")
def test_remainder_of_huge_bills():
    assert sum(split(10**30 + 1, 7).shares) == 10**30 + 1


@pytest.mark.xfail(reason="rounding to cents is not supported yet", strict=True)
def test_remainder_in_cents():
    assert split(10.01, 2).shares == [5.01, 5.0]
`;

export const PYTEST_COMMAND =
  'PYTHONPATH="$TRIALGATE_REPORTERS:$TRIALGATE_CANDIDATE" python3 -m pytest -p trialgate_pytest -p no:cacheprovider hidden/test_split.py';

/** The pytest library fixture; its directory. `withSkips: false`: the suite without its skipif and xfail tests. */
export async function pytestFixture({ withSkips = true } = {}): Promise<string> {
  const dir = join(await tempDir('trialgate-pysuite-'), 'bill');
  await writeFiles(dir, {
    'fixture.json': manifest('bill', PYTEST_COMMAND, {
      build: { command: 'python3 -m compileall -q bill' },
      reproduction: { label: 'a bill with a remainder is split', tests: ['*::test_remainder_*'] },
      groups: { even: { label: 'even bills', tests: ['*::test_even_*', '*::test_refuses_*'] } },
    }),
    'task.txt': 'Fix the issue in inputs/issue.md. Change files under bill/ only.\n',
    'inputs/issue.md': 'split(1000, 3) returns None instead of three shares.\n',
    'repo/bill/__init__.py': PY_UNFIXED,
    'solutions/reference/bill/__init__.py': PY_FIXED,
    'hidden/test_split.py': withSkips ? PY_SUITE : PY_SUITE.slice(0, PY_SUITE.indexOf('@pytest.mark.skipif')),
  });
  return dir;
}

export const JS_UNFIXED = `export function split(total, people) {
  return Array.from({ length: people }, () => Math.floor(total / people));
}
`;

export const JS_FIXED = `export function split(total, people) {
  const base = Math.floor(total / people);
  return Array.from({ length: people }, (_, i) => (i < total % people ? base + 1 : base));
}
`;

export const JS_SUITE = `import assert from 'node:assert/strict';
import { test } from 'node:test';

const { split } = await import(process.env.TRIALGATE_CANDIDATE + '/src/split.mjs');
const sum = (shares) => shares.reduce((a, b) => a + b, 0);

test('remainder: 1000 among 3 adds up', () => {
  assert.equal(sum(split(1000, 3)), 1000);
});

test('remainder: 7 among 2 gives the first more', () => {
  assert.deepEqual(split(7, 2), [4, 3]);
});

test('even: 900 among 3 is 300 each', () => {
  assert.deepEqual(split(900, 3), [300, 300, 300]);
});
`;

export const NODE_TEST_COMMAND =
  'node --test --test-reporter="$TRIALGATE_REPORTERS/node-test.mjs" --test-reporter-destination="$TRIALGATE_REPORT" hidden/split.test.mjs';

/** The node:test library fixture; its directory. `correct`: other correct fixes (id → src/split.mjs). */
export async function nodeTestFixture(correct: Record<string, string> = {}): Promise<string> {
  const dir = join(await tempDir('trialgate-jssuite-'), 'split');
  const solutions = {
    reference: 'solutions/reference',
    correct: Object.fromEntries(Object.keys(correct).map((id) => [id, { dir: `solutions/${id}`, label: `another fix (${id})` }])),
  };
  await writeFiles(dir, {
    ...Object.fromEntries(Object.entries(correct).map(([id, text]) => [`solutions/${id}/src/split.mjs`, text])),
    'fixture.json': manifest('split', NODE_TEST_COMMAND, {
      reproduction: { label: 'a bill with a remainder is split', tests: ['remainder: *'] },
      groups: { even: { label: 'even bills', tests: ['even: *'] } },
      solutions,
    }),
    'task.txt': 'Fix the issue in inputs/issue.md. Change files under src/ only.\n',
    'inputs/issue.md': 'split(1000, 3) gives out 999.\n',
    'repo/src/split.mjs': JS_UNFIXED,
    'solutions/reference/src/split.mjs': JS_FIXED,
    'hidden/split.test.mjs': JS_SUITE,
  });
  return dir;
}

/** A candidate: the fixture's repository with `files` added or replaced; its directory. */
export async function candidateOf(fixtureDir: string, files: Files): Promise<string> {
  const dir = join(await tempDir('trialgate-candidate-'), 'repo');
  await cp(join(fixtureDir, 'repo'), dir, { recursive: true });
  await writeFiles(dir, files);
  return dir;
}
