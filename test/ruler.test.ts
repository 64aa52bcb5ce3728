// The ruler is not the pull request's to move: a pull request cannot weaken, dodge or blind its own gate
// (docs/comparison.md#what-a-pull-request-may-change). Each property attacked as a hostile author would: the
// answers shown by another road, a change reached through a link, a task removed or renamed, isolation
// turned off, a baseline recorded on a bad day, the holdout's public record.
import assert from 'node:assert/strict';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import { main } from '../src/cli/main.ts';
import { compareResults } from '../src/compare/compare.ts';
import { changeScope } from '../src/gate/scope.ts';
import { HOLDOUT_TRIAL_FIELDS, withheldTrial } from '../src/holdout/withhold.ts';
import { HoldoutKey } from '../src/holdout/key.ts';
import { trialSetDependencies } from '../src/trial/dependencies.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { UserInputError } from '../src/util/errors.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { buildResults } from './support/results-builder.ts';
import { writeTrialSet } from './support/trialset.ts';

/** The trial set at `config` with `edit` applied to its YAML object. */
async function edited(config: string, edit: (c: Record<string, any>) => void): Promise<void> {
  const { parse } = await import('yaml');
  const c = parse(await readFile(config, 'utf8'));
  edit(c);
  await writeFile(config, stringify(c));
}

const refused = async (config: string, pattern: RegExp) =>
  assert.rejects(loadTrialSet(config), (e: unknown) => e instanceof UserInputError && pattern.test(e.message));

describe('the agent is never shown a protected file, by any road', () => {
  it('a link named in agent.files that leads to the reference answers is refused before any trial', async () => {
    const config = await writeTrialSet();
    const dir = join(config, '..');
    await symlink('fixture/reference', join(dir, 'refs'));
    await edited(config, (c) => (c.agent.files = ['fixture/agent', 'refs']));
    await refused(
      config,
      /agent\.files\[1\]: refs \(a link to fixture\/reference\) would show the agent fixture\/reference\/\w+\.json \(a protected file of task inventory/,
    );
  });

  it('a link inside a shown directory, and a copy of a protected file under another name, are refused', async () => {
    const config = await writeTrialSet();
    const dir = join(config, '..');
    await symlink('../reference/cases.json', join(dir, 'fixture', 'agent', 'notes.json'));
    await refused(config, /fixture\/agent\/notes\.json \(a link to fixture\/reference\/cases\.json\)/);
    await rm(join(dir, 'fixture', 'agent', 'notes.json'));
    await cp(join(dir, 'fixture', 'reference', 'cases.json'), join(dir, 'fixture', 'agent', 'examples.json'));
    await refused(config, /fixture\/agent\/examples\.json \(a copy of it, byte for byte\) would show the agent fixture\/reference\/cases\.json/);
    // A watched file is shown too: a copy of the fixture's manifest under the skills is refused the same way.
    await rm(join(dir, 'fixture', 'agent', 'examples.json'));
    await cp(join(dir, 'fixture', 'fixture.json'), join(dir, 'skills', 'hints.md'));
    await refused(config, /watch: skills\/hints\.md \(a copy of it, byte for byte\) would show the agent fixture\/fixture\.json/);
  });
});

it('an agent is never passed a secret of what measures it (the holdout source’s token, the holdout key, the runner’s tokens)', async () => {
  const config = await writeTrialSet();
  await edited(config, (c) => {
    c.holdout = { source: { github: 'acme/holdout', token_env: 'HOLDOUT_READ' } };
    c.agent.pass_env = ['LLM_API_KEY', 'HOLDOUT_READ'];
  });
  await refused(
    config,
    /agent\.pass_env\[1\]: HOLDOUT_READ is the holdout source's token: it reads the holdout tasks' answers, which the agent under test must never be given/,
  );
  await edited(config, (c) => {
    c.agent.pass_env = [];
    c.tasks[0].agent = { pass_env: ['TRIALGATE_HOLDOUT_KEY'] };
  });
  await refused(config, /tasks\[0\]\.agent\.pass_env\[0\]: TRIALGATE_HOLDOUT_KEY is the holdout key/);
});

describe('the change scope is what a task actually reads', () => {
  async function scoped(link: (dir: string) => Promise<Record<string, any> | void>, isolated = true) {
    const config = await writeTrialSet();
    const dir = join(config, '..');
    await mkdir(join(dir, 'shared'));
    const extra = await link(dir);
    if (extra) await edited(config, (c) => Object.assign(c, extra));
    const set = await loadTrialSet(config);
    const deps = await trialSetDependencies(set, dir, isolated);
    return (...changed: string[]) =>
      changeScope(changed, deps)
        .tasks.filter((t) => t.rerun)
        .map((t) => t.id);
  }

  it('a watched skill that is a link is refused up front with the fix: its hash could not see what it links to change', async () => {
    const config = await writeTrialSet();
    const dir = join(config, '..');
    await mkdir(join(dir, 'shared'));
    await writeFile(join(dir, 'shared', 'inventory.md'), await readFile(join(dir, 'skills', 'inventory-testing.md')));
    await rm(join(dir, 'skills', 'inventory-testing.md'));
    await symlink('../shared/inventory.md', join(dir, 'skills', 'inventory-testing.md'));
    await refused(config, /watch: skills\/inventory-testing\.md is a symbolic link \(to \.\.\/shared\/inventory\.md\): .* watch the file it points to instead/);
  });

  it('an agent.files directory that is a link, and a fixture input that is a link, depend on their targets', async () => {
    const agentDir = await scoped(async (dir) => {
      await cp(join(dir, 'fixture', 'agent'), join(dir, 'shared', 'agent'), { recursive: true });
      await symlink('shared/agent', join(dir, 'agent-link'));
      return {
        agent: {
          command: 'node "$TRIALGATE_PROJECT/agent-link/scripted-agent.mjs"',
          files: ['agent-link'],
          env: { AGENT_SKILL: '${TRIALGATE_PROJECT}/skills/inventory-testing.md' },
        },
      };
    });
    assert.deepEqual(agentDir('shared/agent/scripted-agent.mjs'), ['inventory']);
    // A fixture input that links outside the fixture: refused up front, its hash could not see the target change.
    const config = await writeTrialSet();
    const dir = join(config, '..');
    await mkdir(join(dir, 'shared'));
    const inputs = join(dir, 'fixture', 'inputs');
    await cp(join(inputs, 'requirements.md'), join(dir, 'shared', 'requirements.md'));
    await rm(join(inputs, 'requirements.md'));
    await symlink('../../shared/requirements.md', join(inputs, 'requirements.md'));
    await refused(config, /inputs\/requirements\.md is a symbolic link \(to \.\.\/\.\.\/shared\/requirements\.md\) that leads outside the fixture/);
    const fixtureDir = await scoped(async (dir) => {
      await cp(join(dir, 'fixture'), join(dir, 'shared', 'inventory'), { recursive: true });
      await symlink('shared/inventory', join(dir, 'fixture-link'));
      return { tasks: [{ id: 'inventory', set: 'dev', fixture: 'fixture-link', acceptance: 'http-cases' }] };
    });
    assert.deepEqual(fixtureDir('shared/inventory/fixture.json'), ['inventory']);
  });

  it('an agent that runs unisolated may read anything: every change reruns every task', async () => {
    const rerun = await scoped(async () => undefined, false);
    assert.deepEqual(rerun('README.md'), ['inventory']);
    assert.deepEqual(rerun('tools/helper.sh'), ['inventory']);
  });
});

describe('every task the base holds is accounted for; changing the ruler is never a pass by itself', () => {
  const task = (id: string, pass = '111') => ({ id, checks: { pass, 'detect:a': pass } });
  const base = buildResults({ sha: '1'.repeat(40), tasks: [task('inv'), task('other')] });

  it('removing or renaming the task that regressed: undecided, naming it, however many other tasks compare', () => {
    for (const head of [
      buildResults({ sha: '2'.repeat(40), tasks: [task('other')] }),
      buildResults({ sha: '2'.repeat(40), tasks: [task('inv-b', '000'), task('other')] }),
    ]) {
      const c = compareResults([base], head, { confirmTrials: 0 });
      assert.equal(c.verdict, 'undecided');
      assert.match(c.undecided!.reasons[0]!, /^this pull request changes what measures it \(task inv\)/);
      assert.deepEqual(c.measurement!.changes[0], {
        what: 'task inv',
        base: 'in the base runs (1 run)',
        head: 'not in this pull request (removed, renamed or moved)',
      });
    }
  });

  it('a maintainer’s approval turns a change of the ruler into a decision; the regressions of the rest still fail it', () => {
    const head = buildResults({ sha: '2'.repeat(40), tasks: [task('other', '000')] });
    // One base run of 3 at a fixed k cannot reach α (1/19): strict, chosen, decides the rest's total loss.
    const c = compareResults([base], head, { confirmTrials: 0, policy: 'strict' }, { approvedBy: 'the label on the pull request' });
    assert.equal(c.verdict, 'fail');
    assert.equal(c.measurement!.approved_by, 'the label on the pull request');
  });
});

it('a holdout trial’s public record holds exactly the fields docs/holdout.md lists (no failure cause)', async () => {
  const trial = buildResults({ tasks: [{ id: 'h', set: 'holdout', checks: { pass: '0', format: '0' } }] }).tasks[0]!.trials[0]!;
  const withheld = withheldTrial(
    { ...trial, cause: 'format', usage: { total_tokens: 3 }, agent_ms: 5 },
    'h',
    HoldoutKey.fromEnvironment('UNSET_HOLDOUT_KEY', {}, 'trialgate.yml'),
  );
  assert.ok(
    Object.keys(withheld).every((k) => (HOLDOUT_TRIAL_FIELDS as readonly string[]).includes(k) || k === 'layers' || k === 'judgements'),
    Object.keys(withheld).join(', '),
  );
  assert.equal('cause' in withheld, false);
  const doc = await readFile(new URL('../docs/holdout.md', import.meta.url), 'utf8');
  for (const field of HOLDOUT_TRIAL_FIELDS) assert.match(doc, new RegExp(`\`${field}\``), `docs/holdout.md lists ${field}`);
});

describe('through `trialgate gate`', () => {
  it('a bad baseline day (every base trial an environment error) is undecided, never "no baseline"; a removed task too; an approval decides', async () => {
    const config = await writeTrialSet();
    const dir = join(config, '..');
    const baseOut = join(await tempDir(), 'base');
    const outage = 'echo "trialgate-env-error: the provider answered 503"; exit 75';
    await edited(config, (c) => (c.agent.command = outage));
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 2, 'no trial could execute');
    await edited(config, (c) => (c.agent.command = 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"'));
    const io = captureIo();
    const exit = await main(['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--out', join(await tempDir(), 'head')], io);
    assert.equal(exit, 3, io.err);
    assert.match(
      io.err,
      /undecided, not a regression: the base branch recorded 1 run, but none can serve as a baseline \(1 of its 1 trial is an environment error/,
    );
    assert.doesNotMatch(io.out, /no baseline/i);
    void dir;
  });

  it('a change to what measures that no hash covers (a fixture’s readable directory) is undecided, never a pass', async () => {
    const config = await writeTrialSet();
    const dir = join(config, '..');
    // A helper library the acceptor runs with, committed beside the fixture: the fixture's hash cannot see it.
    await mkdir(join(dir, 'testlib'));
    await writeFile(join(dir, 'testlib', 'helper.mjs'), 'export const strict = true;\n');
    const manifest = join(dir, 'fixture', 'fixture.json');
    await writeFile(manifest, JSON.stringify({ ...JSON.parse(await readFile(manifest, 'utf8')), readable: ['../testlib'] }));
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    await writeFile(join(dir, 'testlib', 'helper.mjs'), 'export const strict = false;\n');
    const changed = join(await tempDir(), 'changed.txt');
    await writeFile(changed, 'testlib/helper.mjs\n');
    const io = captureIo();
    const exit = await main(
      ['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--changed', changed, '--out', join(await tempDir(), 'head')],
      io,
    );
    assert.equal(exit, 3, io.err);
    assert.match(io.err, /this pull request changes what measures it \(testlib\/helper\.mjs \(tasks\[0\]\.fixture \(a readable directory of its fixture/);
  });

  it('a task’s acceptor settings in trialgate.yml (its env, timeout, expose_fault, pass_env) measure: changing one is undecided, never a pass', async () => {
    // The acceptor is named in trialgate.yml, not fixture.json: the fixture's hash cannot see its settings, and the
    // acceptor's version is its command alone. This one lets everything through when told to.
    const acceptor = `import { writeFileSync } from 'node:fs';
const url = process.env.TRIALGATE_SERVICE_URL;
const post = await fetch(url + '/reservations', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ request_id: 'acc-1', sku: 'SKU-A', quantity: 11 }) });
const item = await (await fetch(url + '/items/SKU-A')).json();
const ok = process.env.LENIENT === '1' || (post.status === 409 && item.available === 10);
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 1, executed: 1, complete: true,
  records: [{ test: 'refusal-keeps-stock', status: ok ? 'passed' : 'failed', assertion: 'available == 10 after a 409' }] }));
`;
    const config = await writeTrialSet({
      command: 'true',
      extra: { tasks: [{ id: 'own', fixture: 'fixture', acceptance: { kind: 'command', command: 'node acceptor.mjs' } }] },
    });
    await writeFile(join(dirname(config), 'fixture', 'acceptor.mjs'), acceptor);
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    await edited(config, (c) => (c.tasks[0].acceptance.env = { LENIENT: '1' }));
    const io = captureIo();
    const exit = await main(['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--out', join(await tempDir(), 'head')], io);
    assert.equal(exit, 3, io.err);
    assert.match(io.err, /this pull request changes what measures it \(trial set: tasks\.own\.acceptance\.settings\)/);
    assert.match(io.out, /LENIENT/, 'the comment shows what changed');
  });

  it('a fixture’s manifest, task and inputs measure even when its protected globs leave them out: changing one is undecided', async () => {
    // protected names what the agent may not change; a fixture that lists only its service and answers still
    // defines its task by fixture.json (faults, acceptor, the protected list itself), task.txt and inputs/.
    const config = await writeTrialSet({ fixture: await inventoryCopy((m) => (m.protected = ['service/**', 'reference/**'])) });
    const fixture = join(dirname(config), 'fixture');
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    const gate = async () => {
      const io = captureIo();
      const exit = await main(['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--out', join(await tempDir(), 'head')], io);
      return { exit, ...io };
    };
    const task = await readFile(join(fixture, 'task.txt'), 'utf8');
    await writeFile(join(fixture, 'task.txt'), `${task}\nHint: a duplicate request_id must not reserve twice; test it.\n`);
    const hinted = await gate();
    assert.equal(hinted.exit, 3, hinted.err);
    assert.match(hinted.err, /this pull request changes what measures it \(trial set: tasks\.inventory\.fixture\.unprotected\)/);
    assert.match(
      hinted.out,
      /\| trial set: tasks\.inventory\.fixture\.unprotected \| task\.txt [0-9a-f]{12} \| changed task\.txt \|/,
      'the comment names the file',
    );
    await writeFile(join(fixture, 'task.txt'), task);
    const manifest = JSON.parse(await readFile(join(fixture, 'fixture.json'), 'utf8'));
    await writeFile(join(fixture, 'fixture.json'), JSON.stringify({ ...manifest, acceptance: { kind: 'http-cases', timeout_seconds: 1000 } }));
    const loosened = await gate();
    assert.equal(loosened.exit, 3, loosened.err);
    assert.match(loosened.out, /\| changed fixture\.json \|/);
  });

  it('turning isolation off, or changing the CI file that runs the gate, is undecided until a maintainer approves', async () => {
    const config = await writeTrialSet();
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    const gate = async (...args: string[]) => {
      const io = captureIo();
      const exit = await main(['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--out', join(await tempDir(), 'head'), ...args], io);
      return { exit, ...io };
    };
    await edited(config, (c) => (c.agent.isolation = 'none'));
    const off = await gate();
    assert.equal(off.exit, 3, off.err);
    assert.match(off.err, /this pull request changes what measures it \(trial set: agent\.isolation; isolation the trials ran with\)/);
    assert.match(off.out, /agent\.isolation/);
    const approved = await gate('--approved-by', 'maintainer via protected variable');
    assert.equal(approved.exit, 0, approved.err);
    assert.match(approved.out, /The change to the measurement was approved: maintainer via protected variable \(--approved-by\)/);
    await edited(config, (c) => (c.agent.isolation = 'auto'));
    const changed = join(await tempDir(), 'changed.txt');
    await writeFile(changed, '.gitlab-ci.yml\nskills/inventory-testing.md\n');
    const ci = await gate('--changed', changed, '--ci-config', '.gitlab-ci.yml');
    assert.equal(ci.exit, 3, ci.err);
    assert.match(ci.err, /\.gitlab-ci\.yml \(the file that runs the gate: its settings\)/);
    // The gate's job (its flags) may live in a file the CI file includes: changing only that one changes the gate.
    await mkdir(join(dirname(config), 'ci'));
    await writeFile(join(dirname(config), '.gitlab-ci.yml'), 'include:\n  - local: /ci/trialgate.yml\n');
    await writeFile(join(dirname(config), 'ci', 'trialgate.yml'), 'trialgate-gate: { script: [npx trialgate gate --base-dir baselines --fail-on never] }\n');
    await writeFile(changed, 'ci/trialgate.yml\nskills/inventory-testing.md\n');
    const included = await gate('--changed', changed, '--ci-config', '.gitlab-ci.yml');
    assert.equal(included.exit, 3, included.err);
    assert.match(included.err, /ci\/trialgate\.yml \(the file that runs the gate: its settings\)/);
    // Changed alone, a file that runs the gate (it may install the agent's CLI or pass it other variables) is no skip.
    await writeFile(changed, 'ci/trialgate.yml\n');
    const alone = await gate('--changed', changed, '--ci-config', '.gitlab-ci.yml');
    assert.equal(alone.exit, 3, alone.err);
    assert.doesNotMatch(alone.err, /skipped/);
    assert.match(alone.err, /ci\/trialgate\.yml \(the file that runs the gate: its settings\)/);
  });
});

describe('the isolation the trials ran with', () => {
  it('a base run made unisolated, held against an isolated pull request, is a change of the ruler too', { skip: NO_ISOLATION }, async () => {
    // Before, only bubblewrap → none was listed: against a baseline a runner without sandboxes recorded (agents that
    // could read the fixture), an isolated pull request was compared as if measured alike.
    const config = await writeTrialSet();
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    const results = JSON.parse(await readFile(join(baseOut, 'results.json'), 'utf8'));
    results.run.isolation = { mechanism: 'none', reason: 'bwrap: setting up uid map: Permission denied' };
    await writeFile(join(baseOut, 'results.json'), JSON.stringify(results));
    const io = captureIo();
    const exit = await main(['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--out', join(await tempDir(), 'head')], io);
    assert.equal(exit, 3, io.err);
    assert.match(io.err, /this pull request changes what measures it \(isolation the trials ran with\)/);
    assert.match(io.out, /\| isolation the trials ran with \| none \(bwrap: setting up uid map: Permission denied\) \| bubblewrap \|/);
  });
});

describe('what the agent’s output is judged by', () => {
  it('agent.log_cap_bytes measures (a judge item’s agent.log is read from the capped log): changing it is undecided', async () => {
    // Cut to one byte, a judge item asked of agent.log is shown nothing of what the agent said.
    const config = await writeTrialSet();
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    await edited(config, (c) => (c.agent.log_cap_bytes = 1));
    const io = captureIo();
    const exit = await main(['gate', '--config', config, '--base', join(baseOut, 'results.json'), '--out', join(await tempDir(), 'head')], io);
    assert.equal(exit, 3, io.err);
    assert.match(io.err, /this pull request changes what measures it \(trial set: agent\.log_cap_bytes\)/);
    assert.match(io.out, /\| `trial set: agent\.log_cap_bytes` \| 1048576 \| 1 \|/, 'the comment shows both values');
  });
});

describe('a ruler the newest base run did not record', () => {
  it('a field it has no record of (a trialgate older than the field) is no proof of the same ruler: changing it is undecided, as is a run with no record', async () => {
    const config = await writeTrialSet();
    const baseOut = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--config', config, '--out', baseOut], captureIo()), 0);
    const results = JSON.parse(await readFile(join(baseOut, 'results.json'), 'utf8'));
    delete results.measurement['agent.log_cap_bytes'];
    const older = join(await tempDir(), 'results.json');
    await writeFile(older, JSON.stringify(results));
    delete results.measurement;
    const unrecorded = join(await tempDir(), 'results.json');
    await writeFile(unrecorded, JSON.stringify(results));
    await edited(config, (c) => (c.agent.log_cap_bytes = 1));
    for (const [base, listed] of [
      [older, /this pull request changes what measures it \(trial set: agent\.log_cap_bytes\)/],
      [unrecorded, /this pull request changes what measures it \(trial set: its settings\)/],
    ] as const) {
      const io = captureIo();
      const exit = await main(['gate', '--config', config, '--base', base, '--out', join(await tempDir(), 'head')], io);
      assert.equal(exit, 3, io.err);
      assert.match(io.err, listed);
    }
  });
});

describe('the base runs pooled are measured by one ruler', () => {
  it('an older base run measured with another acceptor setting is left out for that task: the loss the newest ruler shows is a regression', async () => {
    // The base branch made its acceptor strict; a baseline before that (lenient: it never caught the defect) pooled
    // beside the newest would halve the detection, and the agent's loss of it (3/3 → 0/3) would pass as "suspect".
    const acceptor = `import { existsSync, writeFileSync } from 'node:fs';
const url = process.env.TRIALGATE_SERVICE_URL;
const careful = existsSync(process.env.TRIALGATE_CANDIDATE + '/careful.txt');
const post = await fetch(url + '/reservations', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ request_id: 'acc-1', sku: 'SKU-A', quantity: 11 }) });
const item = await (await fetch(url + '/items/SKU-A')).json();
const ok = process.env.LENIENT === '1' || !careful || (post.status === 409 && item.available === 10);
writeFileSync(process.env.TRIALGATE_REPORT, JSON.stringify({ planned: 1, executed: 1, complete: true,
  records: [{ test: 'refusal-keeps-stock', status: ok ? 'passed' : 'failed', assertion: 'available == 10 after a 409' }] }));
`;
    const config = await writeTrialSet({
      command: 'echo careful > candidate/careful.txt',
      trials: 3,
      extra: {
        tasks: [
          {
            id: 'own',
            fixture: 'fixture',
            faults: { 'reject-writes': 'rejected reservation still changes stock' },
            acceptance: { kind: 'command', command: 'node acceptor.mjs', env: { LENIENT: '1' } },
          },
        ],
      },
    });
    await writeFile(join(dirname(config), 'fixture', 'acceptor.mjs'), acceptor);
    const bases = await tempDir();
    assert.equal(await main(['run', '--config', config, '--out', join(bases, 'lenient')], captureIo()), 0);
    await edited(config, (c) => (c.tasks[0].acceptance.env.LENIENT = '0'));
    assert.equal(await main(['run', '--config', config, '--out', join(bases, 'strict')], captureIo()), 0);
    await edited(config, (c) => (c.agent.command = 'true')); // the pull request: the agent no longer takes care
    const io = captureIo();
    const exit = await main(['gate', '--config', config, '--base-dir', bases, '--out', join(await tempDir(), 'head')], io);
    assert.equal(exit, 1, io.err);
    assert.match(
      io.out,
      /Baseline of \S+ not pooled: its tasks were measured with another ruler than the newest base run \(tasks\.own\.acceptance\.settings\)/,
    );
  });
});
