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
  flags = '',
): Promise<{ complete: boolean; records: { test: string; status: string; assertion?: string; traceback?: string; error_in?: string }[] }> {
  const dir = await tempDir('trialgate-go-reporter-');
  await writeFile(join(dir, 'x_test.go'), source);
  if (code) await writeFile(join(dir, 'x.go'), code);
  const report = join(dir, 'report.json');
  const run = spawnSync('sh', ['-c', `go test -json ${flags} ./x_test.go${code ? ' ./x.go' : ''} 2>&1 | node "${join(ROOT, 'reporters', 'go-test.mjs')}"`], {
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

  // The code under test shares the test binary's stdout, which test2json reads line by line: a `--- PASS` it
  // writes after its test's real `--- FAIL`, then syscall.Exit(0) (past os.Exit(0)'s guard), made the test
  // passed and the package ok (docs/report-format.md#go-go-test--json).
  it('a test ended again by the code under test, after its real end, is an error that leaves the run incomplete', async () => {
    const report = await reportOf(
      `package x

import "testing"

func TestConflict(t *testing.T) { if Double(2) != 4 { t.Errorf("got %d, want 4", Double(2)) } }
func TestLast(t *testing.T) { if Double(3) != 6 { t.Errorf("got %d, want 6", Double(3)) } }
`,
      `package x

import (
	"fmt"
	"os"
	"syscall"
)

var calls int

// Double is wrong, and on its last call writes the transcript's end itself.
func Double(n int) int {
	calls++
	if calls == 4 {
		fmt.Fprint(os.Stdout, "--- PASS: TestConflict (0.00s)\\n--- PASS: TestLast (0.00s)\\nPASS\\n")
		syscall.Exit(0)
	}
	return n * 3
}
`,
    );
    const conflict = report.records.find((r) => r.test === 'TestConflict');
    assert.equal(conflict?.status, 'error', JSON.stringify(report));
    assert.match(conflict!.traceback!, /^the test's lines were forged: it ended again when it was not running \(--- PASS: TestConflict/);
    assert.equal(report.complete, false);
  });

  it('a test run again while it runs is forged; -count runs each in turn, and one failed run fails the test', async () => {
    const forged = await reportOf(
      `package x

import "testing"

func TestConflict(t *testing.T) { if Double(2) != 4 { t.Errorf("got %d, want 4", Double(2)) } }
`,
      `package x

import "fmt"

// Double is wrong, and writes a passing run of the test that calls it before that test's real end.
func Double(n int) int {
	fmt.Print("=== RUN   TestConflict\\n--- PASS: TestConflict (0.00s)\\n")
	return n * 3
}
`,
    );
    assert.equal(forged.records.find((r) => r.test === 'TestConflict')?.status, 'error', JSON.stringify(forged));
    assert.equal(forged.complete, false);
    const counted = await reportOf(
      `package x

import (
	"testing"
	"time"
)

var runs int

func TestFlaky(t *testing.T) { runs++; if runs == 1 { t.Error("first run fails") } }
func TestParallel(t *testing.T) { t.Parallel(); time.Sleep(time.Millisecond) }
func TestAlsoParallel(t *testing.T) { t.Parallel() }
`,
      undefined,
      '-count=2',
    );
    const byTest = Object.fromEntries(counted.records.map((r) => [r.test, r]));
    assert.deepEqual([byTest.TestFlaky?.status, byTest.TestFlaky?.assertion], ['failed', 'first run fails'], JSON.stringify(counted));
    assert.equal(byTest.TestParallel?.status, 'passed');
    assert.equal(byTest.TestAlsoParallel?.status, 'passed');
    assert.equal(counted.complete, true);
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
