// A code task whose code is a library (no service): the fixture's build runs on a fresh copy of the
// candidate and the hidden tests import what it built from $TRIALGATE_CANDIDATE. The candidate's code runs
// inside the tests' own process there, so what it does to them (exit as if a command were missing) counts
// against it; a build it breaks is its failure. And a failed code trial can be repaired by hand.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { acceptorFix } from '../src/kinds/command/hints.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { editingAgent, referenceStore, skillWithout, vouchersCopy, writeCodeTrialSet } from './support/code.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory (that is what it demonstrates); these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-code-library-'));

const LIBRARY_TESTS = `import assert from 'node:assert/strict';
import { test } from 'node:test';
const { createStore } = await import(process.env.TRIALGATE_CANDIDATE + '/dist/store.mjs');
const store = () => createStore([{ code: 'LIB', balance: 50 }]);
test('retry: the same request redeems once', () => {
  const s = store();
  s.redeem({ request_id: 'q-9', code: 'LIB', amount: 5 });
  s.redeem({ request_id: 'q-9', code: 'LIB', amount: 5 });
  assert.equal(s.voucher('LIB').body.balance, 45, 'a retry charges once');
});
test('balance: a redemption lowers the balance by its amount', () => {
  const s = store();
  s.redeem({ request_id: 'q-1', code: 'LIB', amount: 7 });
  assert.equal(s.voucher('LIB').body.balance, 43);
});
test('distinct: two requests with different ids both redeem', () => {
  const s = store();
  s.redeem({ request_id: 'q-1', code: 'LIB', amount: 5 });
  s.redeem({ request_id: 'q-2', code: 'LIB', amount: 5 });
  assert.equal(s.voucher('LIB').body.balance, 40);
});
test('conflict: a reused request id with another amount is refused and changes nothing', () => {
  const s = store();
  s.redeem({ request_id: 'q-1', code: 'LIB', amount: 5 });
  assert.equal(s.redeem({ request_id: 'q-1', code: 'LIB', amount: 9 }).status, 409);
  assert.equal(s.voucher('LIB').body.balance, 45);
});
`;

/** The vouchers fixture as a library task: built by copying src/ to dist/, tested in the tests' own process. */
const asLibrary = (manifest: Record<string, any>) => {
  delete manifest.code.service;
  manifest.code.build = { command: 'mkdir -p dist && cp src/store.mjs dist/store.mjs' };
  manifest.acceptance.command = manifest.acceptance.command.replace('hidden/redemptions.test.mjs', 'hidden/library.test.mjs');
};

/** Hidden tests that run the candidate's code in their own process and write the report themselves. */
const IN_PROCESS = `import { writeFileSync } from 'node:fs';
const { createStore } = await import(process.env.TRIALGATE_CANDIDATE + '/dist/store.mjs');
const s = createStore([{ code: 'LIB', balance: 50 }]);
s.redeem({ request_id: 'q-9', code: 'LIB', amount: 5 });
s.redeem({ request_id: 'q-9', code: 'LIB', amount: 5 });
const ok = s.voucher('LIB').body.balance === 45;
const record = { test: 'retry: the same request redeems once', status: ok ? 'passed' : 'failed', assertion: 'balance 45 after a retry' };
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 1, executed: 1, complete: true, records: [record] }));
`;

async function libraryTrial(agentScript?: string, inProcess = false) {
  const edit = (m: Record<string, any>) => {
    asLibrary(m);
    if (inProcess) {
      m.acceptance.command = 'node hidden/in-process.mjs';
      m.code.groups = {};
    }
  };
  const files = { 'hidden/library.test.mjs': LIBRARY_TESTS, 'hidden/in-process.mjs': IN_PROCESS };
  const configPath = await writeCodeTrialSet({ edit, files, ...(agentScript ? { agentScript } : {}) });
  const { results, runDir } = await runTrialSet({ configPath, outDir: await tempDir() });
  const trial = results.tasks[0]!.trials[0]!;
  return { trial, dir: join(runDir, trial.evidence) };
}

describe('a code task without a service: a library the hidden tests import', () => {
  it('the scripted agent’s fix is built and passes the hidden tests that import the build', async () => {
    const { trial, dir } = await libraryTrial();
    assert.equal(trial.outcome, 'pass', trial.layers.final_state.failures.join('\n'));
    assert.equal(trial.checks.starts, true);
    const report = JSON.parse(await readFile(join(dir, 'evidence', 'reports', 'none.json'), 'utf8'));
    assert.equal(report.records.length, 4);
  });

  it('candidate code that ends the tests as if their command were missing is the candidate’s failure, not the environment’s', async () => {
    const store = (await referenceStore()).replace('export function createStore', 'process.exit(127);\nexport function createStore');
    const { trial } = await libraryTrial(editingAgent({ 'src/store.mjs': store }), true);
    assert.equal(trial.outcome, 'fail', trial.env_error);
    assert.equal(trial.env_error, undefined);
    assert.equal(trial.checks.reproduction, false);
    // The acceptor preflight ran the same command on the reference fix: a 127 now is the candidate's code.
    assert.match(
      [...trial.layers.trajectory.notes, ...trial.layers.final_state.failures].join('\n'),
      /exited 127 on this candidate, though it ran on the reference answers before the first trial/,
    );
  });

  it('a colon-joined list in the command (PYTHONPATH="$TRIALGATE_REPORTERS:$TRIALGATE_CANDIDATE") is no missing file: a failing test is an assertion', async () => {
    const edit = (m: Record<string, any>) => {
      asLibrary(m);
      m.acceptance.command = `SEARCH_PATH="$TRIALGATE_REPORTERS:$TRIALGATE_CANDIDATE" ${m.acceptance.command}`;
    };
    const configPath = await writeCodeTrialSet({ edit, files: { 'hidden/library.test.mjs': LIBRARY_TESTS }, skill: await skillWithout('Make retries safe') });
    const { results, runDir } = await runTrialSet({ configPath, outDir: await tempDir() });
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'fail');
    assert.equal(trial.env_error, undefined);
    assert.doesNotMatch(trial.layers.trajectory.notes.join('\n'), /command were missing/);
    assert.equal(trial.checks.reproduction, false);
    const report = JSON.parse(await readFile(join(runDir, trial.evidence, 'evidence', 'reports', 'none.json'), 'utf8'));
    assert.ok(
      report.records.some((r: { test: string; status: string }) => r.test.startsWith('retry:') && r.status === 'failed'),
      JSON.stringify(report.records),
    );
  });

  it('code the hidden tests cannot import: each group says its tests did not run and why, not that no test matches', async () => {
    const store = (await referenceStore()) + '\nexport function broken( {\n';
    const { trial } = await libraryTrial(editingAgent({ 'src/store.mjs': store }));
    assert.equal(trial.outcome, 'fail');
    assert.equal(trial.env_error, undefined);
    assert.equal(trial.checks.reproduction, false);
    const reproduction = trial.layers.final_state.failures.find((f) => f.startsWith('retried redemption is idempotent:'));
    assert.match(reproduction ?? '', /none of its tests ran: hidden\/library\.test\.mjs: error \(SyntaxError/, trial.layers.final_state.failures.join('\n'));
  });

  it('a candidate that breaks the build fails `starts`, with the build’s own words', async () => {
    const agent = `import { rmSync } from 'node:fs';\nrmSync(process.env.TRIALGATE_CANDIDATE + '/src/store.mjs');\n`;
    const { trial, dir } = await libraryTrial(agent);
    assert.equal(trial.outcome, 'fail');
    assert.equal(trial.checks.starts, false);
    assert.match(
      trial.layers.final_state.failures[0]!,
      /the changed code did not build: `mkdir -p dist && cp src\/store\.mjs dist\/store\.mjs` exited 1: .*store\.mjs/,
    );
    assert.match(await readFile(join(dir, 'evidence', 'build.log'), 'utf8'), /store\.mjs/);
  });
});

describe('validate when the hidden tests write no report at all', () => {
  it('the error is said once, on the reference, and not again for each check and each other solution', async () => {
    const fixture = await vouchersCopy((m) => {
      delete m.code.service;
      m.code.solutions.wrong = {};
      m.acceptance.command = 'echo "Error: Could not find a config file based on provided values:" >&2; echo "tried: every directory up" >&2; exit 1';
    });
    const io = captureIo(dirname(fixture));
    assert.equal(await main(['validate', fixture, '--out', join(await tempDir(), 'v')], io), 1, io.err);
    const said = io.out.split('tried: every directory up').length - 1;
    assert.equal(said, 1, `the acceptor's words once, not per check and solution:\n${io.out}`);
    assert.match(
      io.out,
      /reference, the reference fix [^\n]*\n {4}- the hidden tests wrote no report, so no check could pass: Error: Could not find a config file/,
    );
    assert.match(
      io.out,
      /unchanged, the repository as given [^\n]*\n {4}- the hidden tests wrote no report, so no check could pass, as on the reference \(above\)\n/,
    );
  });
});

describe('validate when the hidden tests pass without trialgate’s reporter (pytest without -p trialgate_pytest)', () => {
  it('the fix comes before the runner’s output, which runs to many lines', async () => {
    const fixture = await vouchersCopy((m) => {
      delete m.code.service;
      m.code.solutions.wrong = {};
      m.acceptance.command = 'echo "test_one PASSED"; echo "=== 28 passed, 1 warning in 0.23s ==="';
    });
    const io = captureIo(dirname(fixture));
    assert.equal(await main(['validate', fixture, '--out', join(await tempDir(), 'v')], io), 1, io.err);
    assert.match(io.out, /wrote no report to \$TRIALGATE_REPORT \(it exited 0\); fix: [^\n]+; its output ends: test_one PASSED\n=== 28 passed/);
  });
});

describe('the fix the preflight names when the hidden tests cannot import the candidate’s code', () => {
  it('node: a file the build never made is the build’s to make, not a package to list in `readable`', async () => {
    const edit = (m: Record<string, any>) => {
      asLibrary(m);
      m.code.build = { command: 'true' };
    };
    const configPath = await writeCodeTrialSet({ edit, files: { 'hidden/library.test.mjs': LIBRARY_TESTS } });
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const check = results.tasks[0]!.acceptor_check!;
    assert.equal(check.ok, false);
    assert.match(check.fix ?? '', /node cannot find dist\/store\.mjs in the candidate \(\$TRIALGATE_CANDIDATE\).*Make the build produce it/);
    assert.doesNotMatch(check.fix ?? '', /readable/);
  });

  it('python: a module of the candidate is put on python’s path, not installed with apt-get', () => {
    const stderr = "E   ModuleNotFoundError: No module named 'bill'";
    assert.match(
      acceptorFix(stderr, 1, new Set(['bill/__init__.py', 'bill/split.py'])),
      /bill, which is the candidate's own code.*PYTHONPATH="\$TRIALGATE_REPORTERS:\$TRIALGATE_CANDIDATE"/,
    );
    assert.match(acceptorFix(stderr, 1, new Set(['src/app.py'])), /apt-get install -y python3-bill/, 'a module the candidate does not hold is still a package');
  });
});

describe('the words a failed build is reported with', () => {
  it('the compiler’s error, not the line of the build tool that ran it (make: *** … Error 1)', async () => {
    const edit = (m: Record<string, any>) => {
      asLibrary(m);
      m.code.build = { command: 'make' };
    };
    const files = {
      'hidden/library.test.mjs': LIBRARY_TESTS,
      'repo/Makefile': 'all:\n\tnode --check src/store.mjs\n\tmkdir -p dist && cp src/store.mjs dist/store.mjs\n',
    };
    const agent = editingAgent({ 'src/store.mjs': (await referenceStore()).replace('export function createStore', 'export functio createStore') });
    const configPath = await writeCodeTrialSet({ edit, files, agentScript: agent });
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.env_error, undefined);
    assert.equal(trial.checks.starts, false);
    assert.match(trial.layers.final_state.failures[0]!, /the changed code did not build: `make` exited 2: SyntaxError: /);
  });
});

describe('trialgate repair on a code trial', () => {
  it('a failed fix is repaired by hand in a copy of the repository and accepted by the hidden tests, apart from the raw result', async () => {
    const config = await writeCodeTrialSet({ skill: await skillWithout('Make retries safe') });
    const project = dirname(config);
    const { runDir, results } = await runTrialSet({ configPath: config, outDir: await tempDir() });
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'fail');
    const trialDir = join(runDir, trial.evidence);
    const start = captureIo(project);
    assert.equal(await main(['repair', trialDir], start), 0, start.err);
    await writeFile(join(trialDir, 'repair', 'candidate', 'src', 'store.mjs'), await referenceStore());
    const done = captureIo(project);
    assert.equal(await main(['repair', trialDir, '--done', '--minutes', '4'], done), 0, done.out + done.err);
    assert.match(done.out, /pass after repair \(raw: fail\)/);
    const recorded = JSON.parse(await readFile(join(runDir, 'results.json'), 'utf8'));
    assert.deepEqual([recorded.tasks[0].trials[0].outcome, recorded.tasks[0].trials[0].repair.outcome], ['fail', 'pass']);
  });
});
