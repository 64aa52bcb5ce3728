// A Go code task whose build cache the sandbox shows read-only and nobody warmed fails with Go's own words
// ("failed to initialize build cache …: read-only file system", or, warmed without the tests, "package testing
// is not in GOROOT"); trialgate adds the fix: warm that cache, the project's directory, not the acceptance
// copy's, by building what the command builds. Following the fix makes the hidden tests trusted.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, test } from 'node:test';
import { promisify } from 'node:util';
import { main } from '../src/cli/main.ts';
import { goCacheFix, warmCommand } from '../src/util/go-cache.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { NO_GO } from './support/languages.ts';
import { timeLimit } from './support/time-limit.ts';

const run = promisify(execFile);

const FILES: Record<string, string> = {
  'repo/go.mod': 'module split\n\ngo 1.19\n',
  'repo/split.go':
    'package split\n\nfunc Shares(total, people int) []int {\n\tout := make([]int, people)\n\tfor i := range out {\n\t\tout[i] = total / people\n\t}\n\treturn out\n}\n',
  'solutions/reference/split.go':
    'package split\n\nfunc Shares(total, people int) []int {\n\tout := make([]int, people)\n\tfor i := range out {\n\t\tout[i] = total / people\n\t\tif i < total%people {\n\t\t\tout[i]++\n\t\t}\n\t}\n\treturn out\n}\n',
  'hidden/split_test.go':
    'package split\n\nimport "testing"\n\nfunc TestRemainderAddsUp(t *testing.T) {\n\tfor _, c := range [][2]int{{1000, 3}, {7, 4}} {\n\t\ts := 0\n\t\tfor _, x := range Shares(c[0], c[1]) {\n\t\t\ts += x\n\t\t}\n\t\tif s != c[0] {\n\t\t\tt.Errorf("Shares(%d, %d) adds up to %d", c[0], c[1], s)\n\t\t}\n\t}\n}\n',
  'inputs/issue.md': 'Shares(1000, 3) loses a cent.\n',
  'task.txt': 'Fix the issue in inputs/issue.md. Change split.go only.\n',
  'fixture.json': JSON.stringify({
    version: 1,
    id: 'split',
    title: 'Split: shares add up',
    protected: ['inputs/**', 'task.txt', 'fixture.json', 'hidden/**'],
    reference: 'solutions/reference',
    readable: ['../../.trialgate/go-build'],
    acceptance: {
      kind: 'code',
      command:
        'export GOCACHE="$PWD/../../.trialgate/go-build" && t=$(mktemp -d) && cp -R "$TRIALGATE_CANDIDATE/." "$t/" && cp hidden/*_test.go "$t/" && cd "$t" && go test -json . 2>&1 | node "$TRIALGATE_REPORTERS/go-test.mjs"',
    },
    code: {
      scope: ['split.go'],
      build: { command: 'GOCACHE=$(mktemp -d) go build ./...' },
      reproduction: { label: 'shares add up', tests: ['TestRemainder*'] },
      solutions: { reference: 'solutions/reference', wrong: {} },
    },
  }),
};

async function goProject(): Promise<{ project: string; cache: string }> {
  const project = await tempDir('trialgate-go-cache-');
  const cache = join(project, '.trialgate', 'go-build');
  await mkdir(cache, { recursive: true });
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(join(project, 'fixtures', 'split', path, '..'), { recursive: true });
    await writeFile(join(project, 'fixtures', 'split', path), text);
  }
  await writeFile(
    join(project, 'trialgate.yml'),
    'version: 1\nname: go\ntrials: 1\nagent:\n  command: "true"\nwatch: [trialgate.yml]\ntasks:\n  - id: split\n    fixture: fixtures/split\n',
  );
  return { project, cache };
}

const validate = async (project: string) => {
  const io = captureIo(project);
  const code = await main(['validate', 'fixtures/split'], io);
  return { code, out: io.out + io.err };
};

describe('a Go code task on a read-only build cache', { skip: NO_GO ?? NO_ISOLATION, timeout: timeLimit(240_000) }, () => {
  it('cold: validate and run name the project’s cache and how to warm it; warmed as told, the hidden tests are trusted', async () => {
    const { project, cache } = await goProject();
    const cold = await validate(project);
    assert.equal(cold.code, 1, cold.out);
    assert.match(cold.out, /failed to initialize build cache/, 'Go’s own words stay');
    assert.ok(cold.out.includes(`fix: Go's build cache ${cache} is read-only in the sandbox and was never warmed: warm it outside the sandbox`), cold.out);

    const io = captureIo(project);
    assert.equal(await main(['run', '--out', join(project, 'run')], io), 2, io.err);
    assert.ok(io.err.includes(`fix: Go's build cache ${cache} is read-only`), `the project's cache, not the acceptance copy's:\n${io.err}`);
    assert.ok(io.err.includes(`GOCACHE=${cache} go test -c -o /dev/null .`), io.err);

    // Warmed from the repository alone (it has no tests): the standard package testing was never built into it.
    await run('go', ['build', './...'], { cwd: join(project, 'fixtures', 'split', 'repo'), env: { ...process.env, GOCACHE: cache } });
    const half = await validate(project);
    assert.equal(half.code, 1, half.out);
    assert.match(half.out, /package testing is not in GOROOT/);
    assert.match(half.out, /fix: Go's build cache holds no build of the standard package testing, and the sandbox shows the cache read-only/);

    // As the fix says: the tests laid beside the code, built once outside the sandbox.
    const beside = await mkdtemp(join(tmpdir(), 'trialgate-go-warm-'));
    await cp(join(project, 'fixtures', 'split', 'repo'), beside, { recursive: true });
    await cp(join(project, 'fixtures', 'split', 'hidden', 'split_test.go'), join(beside, 'split_test.go'));
    await run('go', ['test', '-c', '-o', '/dev/null', '.'], { cwd: beside, env: { ...process.env, GOCACHE: cache } });
    const warm = await validate(project);
    assert.equal(warm.code, 0, warm.out);
    assert.match(warm.out, /✅ acceptor trusted/);
  });
});

describe('the Go code starter, its hidden tests changed to import what the cache lacks', { skip: NO_GO ?? NO_ISOLATION, timeout: timeLimit(240_000) }, () => {
  it('validate names the one command that warms the cache for them; run as printed, the hidden tests are trusted', async () => {
    const project = await tempDir('trialgate-go-starter-cache-');
    const init = captureIo(project);
    assert.equal(await main(['init', '--code', '--lang', 'go'], init), 0, init.err);
    const prepare = /^  (GOCACHE=.*?)   #/m.exec(init.out)![1]!;
    await run('sh', ['-c', prepare], { cwd: project });
    const hidden = join(project, 'fixtures', 'pages', 'hidden', 'pages_test.go');
    const text = await readFile(hidden, 'utf8');
    await writeFile(
      hidden,
      text
        .replace('import (\n', 'import (\n\t"encoding/xml"\n')
        .replace(/(func TestEmptyNoItemsNoPages\(t \*testing\.T\) \{\n)/, '$1\t_, _ = xml.Marshal(0)\n'),
    );

    const cold = captureIo(project);
    assert.equal(await main(['validate', 'fixtures/pages'], cold), 1);
    const cache = join(project, '.trialgate', 'go-build');
    const exactly = `GOCACHE=${cache} go test -c -o /dev/null ${hidden}`;
    assert.ok(
      cold.out.includes(
        `standard package encoding/xml, and the sandbox shows the cache read-only, so Go cannot build it there (it says "not in GOROOT"): warm it outside the sandbox: ${exactly}, again after`,
      ),
      cold.out,
    );

    await run('sh', ['-c', exactly], { cwd: tmpdir() });
    const warm = captureIo(project);
    assert.equal(await main(['validate', 'fixtures/pages'], warm), 0, warm.out + warm.err);
  });
});

test('the exact warm-up is named only for test files the fixture holds, built where the command runs: tests laid beside a copy get the general advice', async () => {
  const fixture = await tempDir('trialgate-go-warm-shape-');
  await mkdir(join(fixture, 'hidden'));
  await writeFile(join(fixture, 'hidden', 'pages_test.go'), 'package pages_test\n');
  const named = 'export GOCACHE="$PWD/../../.trialgate/go-build" && go test -json hidden/pages_test.go 2>&1 | node "$TRIALGATE_REPORTERS/go-test.mjs"';
  assert.equal(
    warmCommand(named, fixture),
    `GOCACHE=${join(fixture, '..', '..', '.trialgate', 'go-build')} go test -c -o /dev/null ${join(fixture, 'hidden', 'pages_test.go')}`,
  );
  assert.equal(warmCommand(named.replace('hidden/pages_test.go', 'hidden/other_test.go'), fixture), undefined, 'a file the fixture does not hold');
  assert.equal(warmCommand(JSON.parse(FILES['fixture.json']!).acceptance.command, fixture), undefined, 'the tests copied beside the code, in a copy');
  assert.equal(warmCommand('go test -json hidden/pages_test.go', fixture), undefined, 'no GOCACHE: nothing to warm');
});

test('what Go says of a missing build cache or a module it cannot download names the fix; anything else, none', () => {
  assert.match(
    goCacheFix('build cache is required, but could not be located: GOCACHE is not defined and neither $XDG_CACHE_HOME nor $HOME are defined')!,
    /set GOCACHE in the command, to a warmed directory listed in fixture\.json's "readable"/,
  );
  assert.match(
    goCacheFix('go: downloading example.com/y v1.0.0\ny.go:2:8: mkdir /p/.trialgate/go-mod/cache: read-only file system')!,
    /Download the modules outside it \(GOMODCACHE=<project>\/\.trialgate\/go-mod go mod download/,
  );
  assert.equal(goCacheFix('x_test.go:5:2: undefined: Shares'), undefined, 'the code’s own error is no cache’s');
  assert.equal(goCacheFix('package example.com/y is not in GOROOT'), undefined, 'a module path is not a standard package');
});

test('"not in GOROOT" is the cache’s only for a package GOROOT has: an import of no package at all (a typo) is the code’s', async () => {
  const goroot = await tempDir('trialgate-goroot-');
  await mkdir(join(goroot, 'src', 'testing'), { recursive: true });
  assert.match(
    goCacheFix(`package testing is not in GOROOT (${join(goroot, 'src', 'testing')})`)!,
    /Go's build cache holds no build of the standard package testing/,
  );
  assert.equal(goCacheFix(`main.go:2:8: package utils is not in GOROOT (${join(goroot, 'src', 'utils')})`), undefined);
});
