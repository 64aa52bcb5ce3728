// The scripted agent (a deterministic stand-in for an LLM agent) as a real process in a real trial
// directory: its output is a valid playbook quoting inputs/, it follows its skill file, it is
// reproducible per seed, and its misbehaving modes do what the integrity checks will look for.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CasesFile } from '../src/schemas/cases.ts';
import { FixtureManifest } from '../src/schemas/fixture.ts';
import { SpecFile } from '../src/schemas/spec.ts';
import { FIXTURE_DIR, runCases, startInventory, VARIANTS, type CaseOutcome, type RunningService } from './support/inventory-fixture.ts';

const manifest = FixtureManifest.parse(JSON.parse(readFileSync(join(FIXTURE_DIR, 'fixture.json'), 'utf8')));
const SKILL = readFileSync(join(FIXTURE_DIR, 'agent/skills/inventory-testing.md'), 'utf8');

// The agent runs from a copy with no fixture around it, so it cannot be reading the reference answers.
const work = mkdtempSync(join(tmpdir(), 'trialgate-agent-'));
const agentDir = join(work, 'agent');
cpSync(join(FIXTURE_DIR, 'agent'), agentDir, { recursive: true });
after(() => rmSync(work, { recursive: true, force: true }));

/** The skill with one `## ` section (heading and body) taken out, as a prompt edit in a PR would. */
function skillWithout(section: string): string {
  const without = SKILL.replace(new RegExp(`^## ${section}\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`, 'm'), '');
  assert.notEqual(without, SKILL, `skill has a ## ${section} section`);
  return without;
}

interface AgentRun {
  status: number | null;
  stdout: string;
  trialDir: string;
  spec?: string;
  cases?: string;
}

type AgentOptions = { skill?: string; env?: Record<string, string>; seed?: number; trial?: number };

let runs = 0;
/** A fresh trial directory laid out as docs/trial-layout.md describes, and the agent's environment in it. */
function prepareTrial(options: AgentOptions): { trialDir: string; env: NodeJS.ProcessEnv } {
  const trialDir = join(work, `run-${++runs}`, 'inventory', 'trial-001');
  mkdirSync(trialDir, { recursive: true });
  cpSync(join(FIXTURE_DIR, 'inputs'), join(trialDir, 'inputs'), { recursive: true });
  cpSync(join(FIXTURE_DIR, 'task.txt'), join(trialDir, 'task.txt'));
  mkdirSync(join(trialDir, 'candidate'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    TRIALGATE_TRIAL_DIR: trialDir,
    TRIALGATE_INPUTS: join(trialDir, 'inputs'),
    TRIALGATE_TASK: join(trialDir, 'task.txt'),
    TRIALGATE_CANDIDATE: join(trialDir, 'candidate'),
    TRIALGATE_SEED: String(options.seed ?? 42),
    TRIALGATE_TRIAL: String(options.trial ?? 1),
    ...options.env,
  };
  if (options.skill !== undefined) {
    env.AGENT_SKILL = join(trialDir, '..', 'skill.md');
    writeFileSync(env.AGENT_SKILL, options.skill);
  }
  return { trialDir, env };
}

/** One trial: the agent run in a fresh trial directory. */
function runAgent(options: AgentOptions = {}): AgentRun {
  const { trialDir, env } = prepareTrial(options);
  const run = spawnSync(process.execPath, [join(agentDir, 'scripted-agent.mjs')], { cwd: trialDir, env, encoding: 'utf8', timeout: 30_000 });
  const read = (name: string) => {
    const path = join(trialDir, 'candidate', name);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  return { status: run.status, stdout: run.stdout, trialDir, spec: read('spec.json'), cases: read('cases.json') };
}

/** Parses the candidate with the shared schemas and checks what the format layer will check statically. */
function validPlaybook(run: AgentRun, trialInputs = join(FIXTURE_DIR, 'inputs')) {
  assert.equal(run.status, 0, run.stdout);
  assert.ok(run.spec && run.cases, 'spec.json and cases.json written');
  const spec = SpecFile.parse(JSON.parse(run.spec));
  const cases = CasesFile.parse(JSON.parse(run.cases));
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
  for (const rule of spec.rules) {
    assert.ok(fold(readFileSync(join(trialInputs, rule.source.file), 'utf8')).includes(fold(rule.source.quote)), `${rule.id} quote`);
  }
  const ruleIds = new Set(spec.rules.map((r) => r.id));
  for (const c of cases.cases) for (const rule of c.rules) assert.ok(ruleIds.has(rule), `${c.id}: rule ${rule}`);
  assert.deepEqual(
    spec.scenarios.map((s) => s.case),
    cases.cases.map((c) => c.id),
  );
  return { spec, cases };
}

const services = new Map<string, RunningService>();
before(async () => {
  for (const variant of VARIANTS) services.set(variant, await startInventory(variant));
});
after(async () => {
  for (const service of services.values()) await service.stop();
});

/** Per variant: the outcomes of the candidate's cases, as the runner would produce them. */
async function outcomesOn(cases: CasesFile): Promise<Record<string, CaseOutcome[]>> {
  const out: Record<string, CaseOutcome[]> = {};
  for (const variant of VARIANTS) out[variant] = await runCases(services.get(variant)!, cases);
  return out;
}
const failedIds = (outcomes: CaseOutcome[] | undefined) => (outcomes ?? []).filter((o) => o.status === 'failed').map((o) => o.id);
const errors = (outcomes: Record<string, CaseOutcome[]>) =>
  Object.values(outcomes)
    .flat()
    .filter((o) => o.status === 'error');
const reached = (outcomes: CaseOutcome[] | undefined) => new Set((outcomes ?? []).flatMap((o) => o.branches));

describe('scripted agent, normal mode', () => {
  it('with the full skill: a valid playbook that passes the correct service and detects every defect, attributably', async () => {
    const run = runAgent();
    assert.match(run.stdout, /deterministic stand-in for an LLM agent/);
    const { cases } = validPlaybook(run);
    const outcomes = await outcomesOn(cases);
    assert.deepEqual(errors(outcomes), []);
    assert.deepEqual(failedIds(outcomes.none), []);
    for (const target of manifest.targets) assert.ok(reached(outcomes.none).has(target), `target ${target}`);
    assert.deepEqual(failedIds(outcomes['reject-writes']), ['rejects-over-available']);
    assert.deepEqual(failedIds(outcomes['double-reserve']), ['idempotent-repeat']);
    assert.deepEqual(failedIds(outcomes['missing-record']), ['idempotent-repeat', 'idempotent-conflict', 'records-after-reserve', 'records-after-release']);
    for (const [fault, spec] of Object.entries(manifest.faults)) {
      for (const outcome of (outcomes[fault] ?? []).filter((o) => o.status === 'failed')) {
        assert.ok(
          outcome.branches.some((b) => spec.branches.includes(b)),
          `${fault}: ${outcome.id} not attributable`,
        );
      }
    }
  });

  it('without ## Idempotency: still passes the correct service, misses double-reserve on every trial', async () => {
    const skill = skillWithout('Idempotency');
    const trials = [1, 2, 3].map((trial) => runAgent({ skill, trial }));
    const first = trials[0]!;
    for (const run of trials) assert.deepEqual([run.spec, run.cases], [first.spec, first.cases]);
    const { cases } = validPlaybook(first);
    const outcomes = await outcomesOn(cases);
    assert.deepEqual(errors(outcomes), []);
    assert.deepEqual(failedIds(outcomes.none), []);
    assert.deepEqual(failedIds(outcomes['double-reserve']), []);
    assert.deepEqual(failedIds(outcomes['reject-writes']), ['rejects-over-available']);
    assert.deepEqual(failedIds(outcomes['missing-record']), ['records-after-reserve', 'records-after-release']);
    assert.ok(!reached(outcomes.none).has('reserve.replayed'));
  });

  it('without ## Records: missing-record is still detected, through the idempotency cases, but records.list is never reached', async () => {
    const { cases } = validPlaybook(runAgent({ skill: skillWithout('Records') }));
    const outcomes = await outcomesOn(cases);
    assert.deepEqual(failedIds(outcomes.none), []);
    assert.deepEqual(failedIds(outcomes['missing-record']), ['idempotent-repeat', 'idempotent-conflict']);
    assert.ok(!reached(outcomes.none).has('records.list'));
  });

  it('without ## Rejections: misses reject-writes (no stock check after a refusal)', async () => {
    const { cases } = validPlaybook(runAgent({ skill: skillWithout('Rejections') }));
    const outcomes = await outcomesOn(cases);
    assert.deepEqual(failedIds(outcomes.none), []);
    assert.deepEqual(failedIds(outcomes['reject-writes']), []);
  });

  it('the same seed and trial give byte-identical output, even when flaky', () => {
    const env = { SCRIPTED_AGENT_FLAKE: '0.5' };
    const [a, b] = [runAgent({ env, seed: 7, trial: 2 }), runAgent({ env, seed: 7, trial: 2 })];
    assert.ok(a.spec && a.cases);
    assert.deepEqual([a.status, a.spec, a.cases, a.stdout], [b.status, b.spec, b.cases, b.stdout]);
  });

  it('SCRIPTED_AGENT_FLAKE leaves out one section on some trials, chosen by seed and trial', () => {
    const full = validPlaybook(runAgent()).cases.cases.length;
    const sizes = Array.from({ length: 8 }, (_, i) => {
      const run = runAgent({ env: { SCRIPTED_AGENT_FLAKE: '0.5' }, seed: 3, trial: i + 1 });
      const forgot = /flake: leaving out section "(\w+)"/.test(run.stdout);
      const size = validPlaybook(run).cases.cases.length;
      assert.equal(size < full, forgot, `trial ${i + 1}`);
      return size;
    });
    assert.ok(sizes.some((n) => n === full) && sizes.some((n) => n < full), `sizes ${sizes.join(',')}`);
    const always = runAgent({ env: { SCRIPTED_AGENT_FLAKE: '1' }, seed: 3, trial: 1 });
    assert.ok(validPlaybook(always).cases.cases.length < full);
  });
});

describe('scripted agent, misbehaving modes', () => {
  it('claim-only claims success and writes nothing', () => {
    const run = runAgent({ env: { SCRIPTED_AGENT_MODE: 'claim-only' } });
    assert.equal(run.status, 0);
    assert.match(run.stdout, /all tests passed/);
    assert.deepEqual(readdirSync(join(run.trialDir, 'candidate')), []);
  });

  it('tamper also edits inputs/requirements.md', () => {
    const run = runAgent({ env: { SCRIPTED_AGENT_MODE: 'tamper' } });
    assert.equal(run.status, 0);
    assert.notEqual(readFileSync(join(run.trialDir, 'inputs/requirements.md'), 'utf8'), readFileSync(join(FIXTURE_DIR, 'inputs/requirements.md'), 'utf8'));
  });

  it('escape also writes into the parent of the trial directory', () => {
    const run = runAgent({ env: { SCRIPTED_AGENT_MODE: 'escape' }, trial: 4 });
    assert.equal(run.status, 0);
    assert.ok(existsSync(join(run.trialDir, '..', 'scripted-agent-escape-trial-4.txt')));
  });

  it('crash prints, exits 3 and writes nothing', () => {
    const run = runAgent({ env: { SCRIPTED_AGENT_MODE: 'crash' } });
    assert.equal(run.status, 3);
    assert.notEqual(run.stdout, '');
    assert.deepEqual(readdirSync(join(run.trialDir, 'candidate')), []);
  });

  it('sleep waits SCRIPTED_AGENT_SLEEP_MS before working: ended while it sleeps, it has written nothing', async () => {
    const { trialDir, env } = prepareTrial({ env: { SCRIPTED_AGENT_MODE: 'sleep', SCRIPTED_AGENT_SLEEP_MS: '600000' } });
    const child = spawn(process.execPath, [join(agentDir, 'scripted-agent.mjs')], { cwd: trialDir, env, stdio: ['ignore', 'pipe', 'ignore'] });
    const exit = once(child, 'exit');
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => ((out += chunk.toString('utf8')).includes('sleeping 600000 ms') ? resolve() : undefined));
      void exit.then(() => reject(new Error(`the agent ended before it slept: ${out}`)));
    });
    child.kill('SIGTERM');
    assert.deepEqual(await exit, [null, 'SIGTERM'], 'it was still sleeping');
    assert.deepEqual(readdirSync(join(trialDir, 'candidate')), []);
    validPlaybook(runAgent({ env: { SCRIPTED_AGENT_MODE: 'sleep', SCRIPTED_AGENT_SLEEP_MS: '1' } }));
  });

  it('an unknown mode or flake is refused with exit code 2', () => {
    assert.equal(runAgent({ env: { SCRIPTED_AGENT_MODE: 'lazy' } }).status, 2);
    assert.equal(runAgent({ env: { SCRIPTED_AGENT_FLAKE: '2' } }).status, 2);
  });

  it('writes no usage.json: a scripted agent has no token usage to report', () => {
    const run = runAgent();
    assert.equal(run.status, 0);
    assert.ok(!existsSync(join(run.trialDir, 'evidence', 'usage.json')));
  });
});
