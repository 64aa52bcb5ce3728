// The shipped `go test -json` reader (reporters/go-test.mjs), on real `go test` output: an assertion
// (t.Error/t.Fatal) is `failed`, a panic is `error` and leaves the run incomplete, a skip is `skipped`, a
// parent test repeats its subtests and is left out, and a package that does not build is one `error`
// record that leads with the compiler's own first line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from './support/fixtures.ts';
import { NO_GO } from './support/languages.ts';
import { timeLimit } from './support/time-limit.ts';

/** One build cache for every run of this file: only the first compiles the standard library. */
const GOCACHE = join(tmpdir(), 'trialgate-test-go-build');

async function reportOf(
  source: string,
  code?: string,
): Promise<{ complete: boolean; records: { test: string; status: string; assertion?: string; traceback?: string; error_in?: string }[] }> {
  const dir = await tempDir('trialgate-go-reporter-');
  await writeFile(join(dir, 'x_test.go'), source);
  if (code) await writeFile(join(dir, 'x.go'), code);
  const report = join(dir, 'report.json');
  const run = spawnSync('sh', ['-c', `go test -json ./x_test.go${code ? ' ./x.go' : ''} 2>&1 | node "${join(ROOT, 'reporters', 'go-test.mjs')}"`], {
    cwd: dir,
    env: { ...process.env, GOCACHE, TRIALGATE_REPORT: report },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(await readFile(report, 'utf8'));
}

describe('the go test -json reporter', { skip: NO_GO, timeout: timeLimit(600_000) }, () => {
  it('tells an assertion from a panic, keeps skips, and drops a parent that only repeats its subtests', async () => {
    const report = await reportOf(`package x

import "testing"

func TestPasses(t *testing.T) {}
func TestAsserts(t *testing.T) { t.Errorf("status %d, want %d", 200, 400) }
func TestSkips(t *testing.T) { t.Skip("not here") }
func TestParent(t *testing.T) {
	t.Run("ok", func(t *testing.T) {})
	t.Run("wrong", func(t *testing.T) { t.Fatal("count 1, want 0") })
}
func TestPanics(t *testing.T) { var m map[string]int; m["x"] = 1 }
`);
    const byTest = Object.fromEntries(report.records.map((r) => [r.test, r]));
    assert.deepEqual(Object.keys(byTest).sort(), ['TestAsserts', 'TestPanics', 'TestParent/ok', 'TestParent/wrong', 'TestPasses', 'TestSkips']);
    assert.equal(byTest.TestPasses!.status, 'passed');
    assert.deepEqual([byTest.TestAsserts!.status, byTest.TestAsserts!.assertion], ['failed', 'status 200, want 400']);
    assert.equal(byTest.TestSkips!.status, 'skipped');
    assert.deepEqual([byTest['TestParent/wrong']!.status, byTest['TestParent/wrong']!.assertion], ['failed', 'count 1, want 0']);
    assert.equal(byTest.TestPanics!.status, 'error');
    assert.equal(byTest.TestPanics!.error_in, 'harness', 'a panic in the test file’s own body is not the code under test');
    assert.match(byTest.TestPanics!.traceback!, /^the test panicked\n[\s\S]*assignment to entry in nil map/);
    assert.equal(report.complete, false, 'a panic ends the test binary: the run is incomplete');
  });

  it('a panic raised in the code under test is the test’s exception; one in the test file’s own code stays the harness’s', async () => {
    const report = await reportOf(
      `package x

import "testing"

func TestIndexes(t *testing.T) {
	if Get([]int{1}, 3) != 0 {
		t.Error("want 0")
	}
}
`,
      `package x

// Get reads past the end (the candidate's bug): the runtime panics here, in the code under test.
func Get(xs []int, i int) int { return xs[i] }
`,
    );
    const [indexes] = report.records;
    assert.deepEqual([indexes!.test, indexes!.status, indexes!.error_in], ['TestIndexes', 'error', 'test'], indexes!.traceback);
    const own = await reportOf(`package x

import "testing"

func must(err error) { if err != nil { panic(err) } }
func TestRequest(t *testing.T) { must(&net{}) }

type net struct{}
func (*net) Error() string { return "connection refused" }
`);
    assert.deepEqual(
      [own.records[0]!.status, own.records[0]!.error_in],
      ['error', 'harness'],
      'a helper of the test that panics (a refused request) is the harness',
    );
  });

  it('a package that does not build is one error that leads with the compiler’s first line', async () => {
    const report = await reportOf(`package x

import "testing"

func TestNope(t *testing.T) { nope() }
`);
    assert.equal(report.records.length, 1, JSON.stringify(report));
    const [record] = report.records;
    assert.equal(record!.status, 'error');
    assert.match(record!.traceback!, /^the tests did not build or start: \S*x_test\.go:5:\d+: undefined: nope$/);
  });
});
