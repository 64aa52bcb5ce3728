// `command` acceptance is blind in fact: candidate code that the acceptor runs looks for the variant
// everywhere a real test suite could (its environment, the report path, files beside its candidate,
// /proc, the service's own environment) and for tokens; isolated, it finds nothing that differs between
// variants, and nothing of trialgate's.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { NO_ISOLATION } from './support/isolation.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { processesWith } from './support/hostile.ts';
import { writeTrialSet } from './support/trialset.ts';

/** Candidate code: a probe the agent delivers and the acceptor runs. */
const PROBE = `
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
const seen = {};
seen.env = Object.keys(process.env).sort().join(',');
seen.report = process.env.TRIALGATE_REPORT;
seen.beside = readdirSync(dirname(process.env.TRIALGATE_REPORT)).join(',');
seen.candidateParent = readdirSync(dirname(process.env.TRIALGATE_CANDIDATE)).join(',');
const faults = [];
for (const pid of readdirSync('/proc').filter((p) => /^\\d+$/.test(p))) {
  try { for (const line of readFileSync('/proc/' + pid + '/environ', 'utf8').split('\\0')) if (/_FAULT=|TOKEN/.test(line)) faults.push(line); } catch {}
}
seen.proc = faults.join(',');
console.log(JSON.stringify(seen));
`;

/** The fixture's acceptor: one real check, then the candidate's probe, whose findings go into the report. */
const ACCEPTOR = `
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const url = process.env.TRIALGATE_SERVICE_URL;
const post = await fetch(url + '/reservations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ request_id: 'acc-1', sku: 'SKU-A', quantity: 11 }) });
const item = await (await fetch(url + '/items/SKU-A')).json();
const ok = post.status === 409 && item.available === 10;
const seen = execFileSync(process.execPath, [process.env.TRIALGATE_CANDIDATE + '/probe.mjs'], { encoding: 'utf8' }).trim();
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 2, executed: 2, complete: true, records: [
  { test: 'refusal-keeps-stock', status: ok ? 'passed' : 'failed', assertion: 'available == 10 after a 409', traceback: 'got ' + item.available, branches: ['reserve.replayed'] },
  { test: 'probe', status: 'passed', traceback: seen },
] }));
`;

async function probeRun(isolation: 'required' | 'none') {
  const fixture = await inventoryCopy();
  await writeFile(join(fixture, 'acceptor.mjs'), ACCEPTOR);
  // The preflight runs the acceptor on the reference answers: they hold the probe too.
  await writeFile(join(fixture, 'reference', 'probe.mjs'), PROBE);
  const marker = `tg-cmd-${Math.random().toString(36).slice(2)}`;
  const configPath = await writeTrialSet({
    command: 'cp "$TRIALGATE_PROJECT/probe/probe.mjs" candidate/probe.mjs',
    agent: { isolation, files: ['probe'] },
    extra: {
      tasks: [
        {
          id: 'own-suite',
          fixture,
          acceptance: { kind: 'command', command: `node acceptor.mjs --${marker}` },
          faults: { 'reject-writes': 'rejected reservation still changes stock', 'double-reserve': 'replays reserve twice' },
        },
      ],
    },
  });
  await mkdir(join(dirname(configPath), 'probe'));
  // The agent's own copy: byte for byte the reference's would be refused (it would show the agent the answer).
  await writeFile(join(dirname(configPath), 'probe', 'probe.mjs'), `// the agent's probe\n${PROBE}`);
  process.env.GITHUB_TOKEN = 'ghs_command_blind_planted_token';
  try {
    const { results, runDir } = await runTrialSet({ configPath, outDir: await tempDir('trialgate-run-') });
    assert.deepEqual(await processesWith(marker), [], 'no acceptor outlives the run');
    const trial = results.tasks[0]!.trials[0]!;
    const seen: Record<string, Record<string, string>> = {};
    for (const fault of ['none', 'reject-writes', 'double-reserve']) {
      const report = JSON.parse(await readFile(join(runDir, trial.evidence, 'evidence', 'reports', `${fault}.json`), 'utf8'));
      seen[fault] = JSON.parse(report.records.find((r: { test: string }) => r.test === 'probe').traceback);
    }
    return { trial, seen };
  } finally {
    delete process.env.GITHUB_TOKEN;
  }
}

describe('command acceptance is blind in fact', () => {
  it('isolated: the candidate code sees the same thing on every variant, and no token, no fault, no earlier report', { skip: NO_ISOLATION }, async () => {
    const { trial, seen } = await probeRun('required');
    const shapes = Object.values(seen).map((s) => ({ ...s, report: s.report!.replace(/trialgate-acceptor-\w+/, 'X') }));
    assert.deepEqual(shapes[1], shapes[0], 'reject-writes looks like none');
    assert.deepEqual(shapes[2], shapes[0], 'double-reserve looks like none');
    const none = seen.none!;
    assert.equal(none.beside, '', 'no report beside its own, earlier or otherwise');
    assert.equal(none.candidateParent, 'candidate,report', 'a fresh candidate copy and an empty report directory');
    assert.doesNotMatch(none.report!, /none|reject|double|fault/);
    assert.equal(none.proc, '', 'no process environment with a fault or a token');
    assert.deepEqual(none.env!.split(','), [
      'HOME',
      'LANG',
      'PATH',
      'PWD',
      'PYTHONDONTWRITEBYTECODE',
      'TMPDIR',
      'TRIALGATE_CANDIDATE',
      'TRIALGATE_REPORT',
      'TRIALGATE_REPORTERS',
      'TRIALGATE_SERVICE_URL',
    ]);
    // The report claimed reserve.replayed; attribution comes from the service's coverage only.
    const detection = trial.judgements.find((j) => j.fault === 'reject-writes')!;
    assert.equal(detection.verdict, 'defect_detected', JSON.stringify(trial.judgements));
    assert.equal(trial.judgements.find((j) => j.fault === 'double-reserve')!.verdict, 'defect_missed');
  });

  it('unisolated: still no earlier report, no trialgate environment and no token (the service’s /proc is the stated limit)', async () => {
    const { seen } = await probeRun('none');
    for (const s of Object.values(seen)) {
      assert.equal(s.beside, '');
      assert.doesNotMatch(s.report!, /none|reject|double|fault/);
      assert.doesNotMatch(s.env!, /GITHUB_TOKEN|INPUT_|ACTIONS_|INVENTORY_FAULT/);
      assert.doesNotMatch(s.proc!, /ghs_command_blind_planted_token/);
    }
  });
});
