// A code task in a trial set, end to end: the agent changes a repository, hidden tests it never sees judge
// the changed code started from a fresh copy, and the evidence is bound to the candidate's hash. Then the
// attacks a hostile or sloppy agent makes: editing the tests, special-casing the visible inputs, code that
// does not start or never becomes ready, a success claimed in its output, a planted link, hunting for the
// hidden tests. None of them passes, and none is an environment error.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import type { TrialResult } from '../src/schemas/results.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { editingAgent, referenceStore, repositoryStore, skillWithout, writeCodeTrialSet } from './support/code.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { trialSaid } from './support/trial-said.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory (that is what it demonstrates); these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-code-trials-'));

async function run(options: Parameters<typeof writeCodeTrialSet>[0]) {
  const { results, runDir } = await runTrialSet({ configPath: await writeCodeTrialSet(options), outDir: await tempDir('trialgate-code-run-') });
  const task = results.tasks[0]!;
  return { runDir, task, trial: task.trials[0]!, dir: join(runDir, task.trials[0]!.evidence) };
}

const failedChecks = (trial: TrialResult) =>
  Object.entries(trial.checks)
    .filter(([, ok]) => !ok)
    .map(([check]) => check);

describe('a code task in a trial set', () => {
  it('the scripted agent fixes the bug: hidden tests pass on its code, the diff is evidence, and the report is bound to the candidate', async () => {
    const { trial, task, dir } = await run({});
    assert.equal(trial.outcome, 'pass', trial.layers.final_state.failures.join('\n') + trial.layers.constraints.failures.join('\n'));
    for (const check of ['starts', 'reproduction', 'test:balance', 'test:distinct', 'test:conflict', 'constraint:scope'])
      assert.equal(trial.checks[check], true, check);
    assert.equal(task.check_labels?.reproduction, 'reproduction: retried redemption is idempotent');
    assert.equal(task.check_labels?.['test:distinct'], 'hidden tests: distinct requests each redeem');
    const diff = await readFile(join(dir, 'evidence', 'candidate.diff'), 'utf8');
    assert.match(diff, /^--- a\/src\/store\.mjs$/m);
    assert.match(diff, /^\+ {6}const earlier = done\.get\(request_id\);$/m);
    const report = JSON.parse(await readFile(join(dir, 'evidence', 'reports', 'none.json'), 'utf8'));
    assert.equal(report.candidate_sha256, trial.candidate_sha256, 'the hidden tests ran on exactly the bytes the candidate hash covers');
    assert.equal(report.records.length, 6);
    assert.match(
      await readFile(join(dir, 'candidate', 'src', 'store.mjs'), 'utf8'),
      /done\.set\(request_id, redemption\)/,
      'candidate/ is the repository as the agent left it',
    );
  });

  it('each kind of wrong fix fails by its own check, never as an environment error', async () => {
    const reference = await referenceStore();
    const repository = await repositoryStore();
    const attempts: Record<string, { agent: string; failed: string[]; shows: RegExp }> = {
      'edits the tests': {
        agent: editingAgent({ 'test/redemptions.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\n", 'src/store.mjs': reference }),
        failed: ['constraint:scope'],
        shows: /changed test\/redemptions\.test\.mjs, outside the allowed scope/,
      },
      'special-cases the visible inputs': {
        agent: editingAgent({
          'src/store.mjs': repository.replace(
            '      const voucher = vouchers.get(code);\n      if (!voucher) return { status: 404',
            "      const seen = redemptions.find((r) => r.request_id === 'r-1' && r.code === 'SAVE10');\n      if (request_id === 'r-1' && code === 'SAVE10' && seen) return { status: 200, body: { ...seen } };\n      const voucher = vouchers.get(code);\n      if (!voucher) return { status: 404",
          ),
        }),
        failed: ['reproduction', 'test:conflict'],
        shows: /retry: the same request redeems once: a retried request charges the voucher once/,
      },
      'does not start': {
        agent: editingAgent({ 'src/store.mjs': reference.replace('export function createStore', 'export functio createStore') }),
        failed: ['starts', 'reproduction', 'test:balance', 'test:distinct', 'test:conflict'],
        shows: /the changed code did not start: .*SyntaxError/,
      },
      // Worded for whoever wrote the changed code, never as the fixture author's mistake (service.command, service.health).
      'exits as if a command were missing': {
        agent: editingAgent({ 'src/server.mjs': 'process.exit(127);\n' }),
        failed: ['starts', 'reproduction', 'test:balance', 'test:distinct', 'test:conflict'],
        shows: /the changed code did not start: .*exited with code 127 before it was ready \(a program the changed code runs was not found\)/,
      },
      'never becomes ready': {
        agent: editingAgent({ 'src/server.mjs': 'setInterval(() => {}, 1000);\n' }),
        failed: ['starts', 'reproduction', 'test:balance', 'test:distinct', 'test:conflict'],
        shows:
          /the changed code did not start: .*was still starting after \d+ ms: running, listening on no port yet \(startTimeoutMs 3000 ms[^)]*\); raise startTimeoutMs \(code\.service in fixture\.json\) if the changed code needs longer to start, or it must listen on 127\.0\.0\.1 at the port in its PORT variable/,
      },
      'answers its health path 404': {
        agent: editingAgent({
          'src/server.mjs':
            "import http from 'node:http';\nhttp.createServer((req, res) => { res.statusCode = 404; res.end('no such route'); }).listen(Number(process.env.PORT), '127.0.0.1');\n",
        }),
        failed: ['starts', 'reproduction', 'test:balance', 'test:distinct', 'test:conflict'],
        shows:
          /the changed code did not start: .*answered 404, not 200, to GET \/health for \d+ ms( \(startTimeoutMs 3000 ms[^)]*\))? \("no such route"\): the changed code must answer 200 at \/health once it is ready/,
      },
      'claims success without a fix': {
        agent: editingAgent({}, 'Fixed the retry bug. All tests passed.'),
        failed: ['reproduction', 'test:conflict', 'constraint:claims-backed'],
        shows: /claimed success in its output without a passing report/,
      },
      'claims success in other words': {
        agent: editingAgent({}, 'Done: the retry is fixed and the tests are all passing now.'),
        failed: ['reproduction', 'test:conflict', 'constraint:claims-backed'],
        shows: /claimed success in its output without a passing report/,
      },
    };
    for (const [what, attempt] of Object.entries(attempts)) {
      const { trial } = await run({ agentScript: attempt.agent, edit: (m) => (m.code.service.startTimeoutMs = 3000) });
      assert.equal(trial.outcome, 'fail', `${what}: ${trial.env_error ?? ''}`);
      assert.deepEqual(
        failedChecks(trial).filter((c) => c !== 'pass'),
        attempt.failed,
        what,
      );
      const said = [...trial.layers.final_state.failures, ...trial.layers.constraints.failures].join('\n');
      assert.match(said, attempt.shows, what);
      assert.doesNotMatch(said, /could not start node|service\.health must name|startTimeoutMs if/, `${what}: worded for the fixture's author`);
    }
  });

  it('caches the repository’s own tests leave (__pycache__, .pytest_cache) are no change of the code: no scope failure, not in the diff, not built', async () => {
    const agent = editingAgent({
      'src/store.mjs': await referenceStore(),
      'test/__pycache__/redemptions.cpython-311.pyc': 'cached',
      '.pytest_cache/v/cache/lastfailed': '{}',
    });
    const { trial, dir } = await run({ agentScript: agent, files: { 'repo/src/__pycache__/store.cpython-311.pyc': 'the author’s cache' } });
    assert.equal(trial.outcome, 'pass', [...trial.layers.final_state.failures, ...trial.layers.constraints.failures].join('\n'));
    const diff = await readFile(join(dir, 'evidence', 'candidate.diff'), 'utf8');
    assert.doesNotMatch(diff, /__pycache__|pytest_cache/);
    assert.match(diff, /src\/store\.mjs/);
    await assert.rejects(readFile(join(dir, 'candidate', 'src', '__pycache__', 'store.cpython-311.pyc')), 'the author’s caches never reach the agent');
  });

  it('what the build writes in place, as the fixture declares it (code.ignore), is neither a scope violation nor part of the diff, nor of the code hashed and accepted', async () => {
    const built = {
      'src/store.mjs': await referenceStore(),
      'build/store.js': 'compiled output',
      'target/classes/Store.class': 'bytecode',
      // What the agent itself says to ignore counts for nothing.
      '.gitignore': 'dist/\n',
      'dist/bundle.js': 'bundled',
    };
    const ignored = await run({ agentScript: editingAgent(built), edit: (m) => (m.code.ignore = ['build/**', 'target/**']) });
    const failures = [...ignored.trial.layers.final_state.failures, ...ignored.trial.layers.constraints.failures].join('\n');
    assert.deepEqual(failedChecks(ignored.trial), ['pass', 'constraint:scope'], failures);
    assert.match(failures, /added \.gitignore, outside the allowed scope/);
    assert.match(failures, /added dist\/bundle\.js, outside the allowed scope/);
    assert.doesNotMatch(failures, /build\/|target\//);
    const diff = await readFile(join(ignored.dir, 'evidence', 'candidate.diff'), 'utf8');
    assert.doesNotMatch(diff, /build\/store\.js|target\/classes/);
    assert.match(diff, /src\/store\.mjs/);
    // Only the agent's fix and nothing the fixture ignores: it passes.
    const clean = await run({
      agentScript: editingAgent({ 'src/store.mjs': built['src/store.mjs'], 'build/store.js': 'compiled output' }),
      edit: (m) => (m.code.ignore = ['build/**']),
    });
    assert.equal(clean.trial.outcome, 'pass', [...clean.trial.layers.final_state.failures, ...clean.trial.layers.constraints.failures].join('\n'));
    // The hash covers what is accepted: the same fix without the build output hashes the same.
    const bare = await run({ agentScript: editingAgent({ 'src/store.mjs': built['src/store.mjs'] }), edit: (m) => (m.code.ignore = ['build/**']) });
    assert.equal(clean.trial.candidate_sha256, bare.trial.candidate_sha256);
  });

  it('hidden tests in Python, unisolated: no bytecode is cached into the acceptance copy, which must never change', async () => {
    const edit = (m: Record<string, any>) =>
      (m.acceptance.command = `python3 -c "import sys; sys.path.insert(0, 'hidden'); import helper" && ${m.acceptance.command}`);
    const { trial } = await run({ edit, files: { 'hidden/helper.py': 'VALUE = 1\n' }, isolation: 'none' });
    assert.equal(trial.outcome, 'pass', trial.env_error ?? trial.layers.final_state.failures.join('\n'));
  });

  it('a link planted in the repository is named and never followed: acceptance runs without it', async () => {
    const agent = `import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
const store = join(process.env.TRIALGATE_CANDIDATE, 'src', 'store.mjs');
rmSync(store);
symlinkSync('/etc/hostname', store);
`;
    const { trial } = await run({ agentScript: agent });
    assert.equal(trial.outcome, 'fail', trialSaid(trial));
    assert.equal(trial.checks['constraint:no-links'], false);
    assert.match(trial.layers.constraints.failures.join('\n'), /src\/store\.mjs is a symbolic link/);
    assert.equal(trial.checks.starts, false, 'the code ran without the linked file, as the hash says');
    assert.match(trial.layers.final_state.failures.join('\n'), /did not start: .*store\.mjs/);
  });

  it('the hidden tests never reach the agent: nothing it can read holds them', { skip: NO_ISOLATION }, async () => {
    const agent = `// The marker is put together here, so that this script is not itself a file that holds it.
const marker = ['retry:', 'the same', 'request redeems once'].join(' ');
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
const found = [];
let read = 0;
function walk(dir, depth) {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < 12 && !['proc', 'sys', 'dev', 'usr', 'lib', 'lib64', 'bin', 'sbin'].includes(e.name)) walk(path, depth + 1);
    else if (e.isFile()) {
      try { if (statSync(path).size < 1e6 && readFileSync(path, 'utf8').includes(marker)) found.push(path); read += 1; } catch {}
    }
  }
}
walk('/', 0);
for (const guess of ['fixtures/vouchers/hidden/redemptions.test.mjs', 'fixtures/vouchers/fixture.json', 'fixtures/vouchers/solutions/reference/src/store.mjs']) {
  try { readFileSync(join(process.env.TRIALGATE_PROJECT, guess)); found.push(guess); } catch {}
}
console.log('read ' + read + ' files; found: ' + (found.join(', ') || 'nothing'));
`;
    const { trial, dir } = await run({ agentScript: agent, isolation: 'required' });
    const log = await readFile(join(dir, 'evidence', 'agent.log'), 'utf8');
    assert.match(log, /read [1-9]\d* files; found: nothing/, log);
    assert.equal(trial.checks.reproduction, false, 'and it fixed nothing');
  });

  it('a trial set that would show the agent the hidden tests is refused, naming the file as one no agent may see', async () => {
    const config = await writeCodeTrialSet();
    const set = parse(await readFile(config, 'utf8'));
    set.agent.files.push('fixtures/vouchers/hidden');
    await writeFile(config, stringify(set));
    const io = captureIo(dirname(config));
    assert.equal(await main(['run', '--config', config, '--out', await tempDir()], io), 2, io.out + io.err);
    assert.match(
      io.err,
      /agent\.files\[1\]: fixtures\/vouchers\/hidden would show the agent fixtures\/vouchers\/hidden\/\S+ \(a protected file of task vouchers, which no agent may see: its hidden tests/,
    );
  });

  it('a skill change that loses a practice is named by the comparison, and the failure archive names the failing test', async () => {
    const base = await runTrialSet({ configPath: await writeCodeTrialSet({ trials: 2 }), outDir: await tempDir() });
    const head = await runTrialSet({
      configPath: await writeCodeTrialSet({ trials: 2, skill: await skillWithout('Key on the request id') }),
      outDir: await tempDir(),
    });
    assert.deepEqual(
      head.results.tasks[0]!.trials.map((t) => failedChecks(t).filter((c) => c !== 'pass')),
      [
        ['test:distinct', 'test:conflict'],
        ['test:distinct', 'test:conflict'],
      ],
      'keyed on the voucher and amount, two requests are one, and a reused id with another amount is a new one',
    );
    const compare = captureIo();
    assert.equal(
      await main(['compare', '--base', join(base.runDir, 'results.json'), '--head', join(head.runDir, 'results.json'), '--policy', 'strict'], compare),
      1,
    );
    assert.match(compare.out, /lost hidden tests: distinct requests each redeem \| 2\/2 \| 0\/2/);

    const archive = captureIo();
    assert.equal(await main(['failures', head.runDir, '--archive', join(await tempDir(), 'failures.json')], archive), 0, archive.err);
    assert.match(archive.out, /test:distinct/);
    assert.match(archive.out, /distinct: two requests with different ids both redeem: two requests are two redemptions/);
  });
  it('hidden tests that cannot run here make the task an environment error before any agent runs, never the agent’s failure', async () => {
    const { task } = await run({
      agentScript: "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.TRIALGATE_CANDIDATE + '/ran', 'yes');\n",
      edit: (m) => (m.acceptance.command = 'python3 -m no_such_test_runner "$TRIALGATE_REPORT"'),
    });
    assert.equal(task.acceptor_check?.ok, false);
    assert.match(task.acceptor_check!.error ?? '', /no_such_test_runner/);
    assert.ok((task.acceptor_check!.fix ?? '').length > 0);
    for (const trial of task.trials) {
      assert.equal(trial.outcome, 'env_error', trialSaid(trial));
      assert.deepEqual(trial.checks, {}, 'no check is counted against the agent');
    }
    assert.equal(task.summary.n, 0, 'no trial executed');
  });
});
