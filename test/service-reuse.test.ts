// Service instances kept for a whole run in one pool all its trials share (service/pool.ts), only where
// validate's proof shows that a reset equals a fresh start (service/reset-proof.ts); and whatever one
// trial plants in a service never reaches the next trial's verdict.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { loadFixture, NO_FAULT } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { kindOf } from '../src/kinds/registry.ts';
import { validateFixture } from '../src/kinds/validate.ts';
import type { RunningService } from '../src/service/launch.ts';
import { NoAnswerError } from '../src/service/http.ts';
import { ServicePool, type ProvedReset } from '../src/service/pool.ts';
import { ResetProver, type ReplayableUse } from '../src/service/reset-proof.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { offerReuse } from '../src/trial/services.ts';
import type { Results } from '../src/schemas/results.ts';
import { INVENTORY, inventoryCopy, tempDir } from './support/fixtures.ts';
import { installMachineFaults } from './support/machine-faults.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { writeTrialSet } from './support/trialset.ts';
import { timeLimit } from './support/time-limit.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory; these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-reuse-'));

/** The inventory fixture with its reset changed by `edit` (a replacement in service/inventory.mjs). */
async function withReset(from: string, to: string): Promise<string> {
  const dir = await inventoryCopy();
  const path = join(dir, 'service', 'inventory.mjs');
  const source = await readFile(path, 'utf8');
  assert.ok(source.includes(from), `inventory.mjs still holds ${from}`);
  await writeFile(path, source.replace(from, to));
  return dir;
}

/** Keeps the ledger across a reset: the replay of the reference answers shows it at once. */
const keepsLedger = () => withReset('this.records = [];', 'this.records ??= [];');
/**
 * Keeps the ledger entries of requests whose id starts with `plant-`, which no reference case sends: the
 * proof holds, and only the state probe read after each use can see what such a request left.
 */
const keepsPlanted = () => withReset('this.records = [];', "this.records = (this.records ?? []).filter((r) => r.request_id.startsWith('plant-'));");

/**
 * A service with a lockout its reset leaves alone (a "risk store" beside the inventory): three
 * over-reservations of SKU-D refused for insufficient stock freeze every later reservation (423). Neither
 * the reference answers nor an honest agent's cases over-reserve SKU-D, and the state probe only reads:
 * the proof holds, and the probe after a use sees nothing.
 */
async function locksOut(): Promise<string> {
  const dir = await inventoryCopy();
  const path = join(dir, 'service', 'server.mjs');
  const source = await readFile(path, 'utf8');
  const from = '  return inventory.reserve(body);\n}';
  assert.ok(source.includes(from), 'server.mjs still ends reserve() so');
  await writeFile(
    path,
    source.replace(
      from,
      `  if (risk.refusals >= 3) return { status: 423, body: { error: 'store_frozen' } };
  const answer = inventory.reserve(body);
  if (body?.sku === 'SKU-D' && answer.body?.error === 'insufficient_stock') risk.refusals++;
  return answer;
}
const risk = { refusals: 0 };`,
    ),
  );
  return dir;
}

/** Trial 1's last case trips the lockout: three over-reservations of SKU-D, each refused as it should be. */
const LOCKOUT_CASE = `const over = (n) => ({ request: { method: 'POST', path: '/reservations', body: { request_id: 'flood-' + n, sku: 'SKU-D', quantity: 999 } }, expect: { status: 409 } });
  file.cases.push({ id: 'trips-lockout', rules: file.cases[0].rules, steps: [over(1), over(2), over(3)] });`;

async function validate(fixtureDir: string) {
  const { validation } = await validateFixture({ fixtureDir, outDir: join(await tempDir(), 'out'), isolation: 'auto' });
  assert.equal(validation.shape, 'variants');
  return validation.shape === 'variants' ? validation.resetProof! : assert.fail('a variants validation');
}

describe('validate: the proof that a reset equals a fresh start', () => {
  it('holds for the inventory service on the correct service and every defect, and says what it can and cannot see', async () => {
    const proof = await validate(INVENTORY);
    assert.equal(proof.proved, true, proof.why);
    assert.match(proof.limits.join('\n'), /^sees: the answers to the reference answers' \d+ exchanges and to the 5 state probe reads/m);
    assert.match(proof.limits.join('\n'), /^cannot see: state that none of those requests read — a counter or lockout/m);
    assert.match(proof.limits.join('\n'), /checks every reused instance again after each use/);
    assert.deepEqual(
      proof.variants.map((v) => v.fault),
      ['none', 'reject-writes', 'double-reserve', 'missing-record'],
    );
    for (const v of proof.variants) {
      assert.equal(v.difference, undefined);
      assert.equal(v.probed, 5);
      assert.ok(v.replayed > 20, `${v.fault}: the replay compared every exchange (${v.replayed})`);
    }
  });

  it('fails for a reset that keeps the ledger, naming the variant and the first answer that differs', async () => {
    const proof = await validate(await keepsLedger());
    assert.equal(proof.proved, false);
    const none = proof.variants.find((v) => v.fault === 'none')!;
    assert.match(
      none.difference!,
      /^replayed exchange \d+ of \d+: from a fresh start «POST \/reservations .*→ 201 .*», after a reset «POST \/reservations .*→ 200/,
    );
    assert.match(proof.why, /^reset not proved: variant none: .*each use starts a fresh service$/);
  });

  it('is not attempted without a state probe or a control channel, and says why', async () => {
    const noProbe = await inventoryCopy((manifest) => delete manifest.service.stateProbe);
    assert.match((await validate(noProbe)).why, /service\.stateProbe is not declared/);
    const noControl = await inventoryCopy((manifest) => {
      manifest.service.coverage = false;
      delete manifest.service.stateProbe;
      manifest.targets = [];
      for (const fault of Object.values(manifest.faults) as { branches?: string[] }[]) delete fault.branches;
    });
    assert.match((await validate(noControl)).why, /no control channel/);
  });
});

/**
 * Three trials one after the other (concurrency 1: the fewest for which a run keeps services). Trial 1's
 * agent adds a last case that reserves SKU-B and SKU-A and leaves them reserved; the next trials' cases (the
 * scripted agent's) reserve from both and count SKU-B's ledger, so any state that survived would fail them.
 */
async function plantThenCheck(
  fixture: string,
  isolation: 'required' | 'none' = 'required',
  plant: { id: string; code: string } = { id: 'plants-state', code: PLANTS_STATE },
  trials = 3,
): Promise<Results> {
  const config = await writeTrialSet({ fixture, trials, command: 'node "$TRIALGATE_PROJECT/fixture/agent/planting-agent.mjs"' });
  await writeFile(
    join(dirname(config), 'fixture', 'agent', 'planting-agent.mjs'),
    `import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
execFileSync(process.execPath, [join(import.meta.dirname, 'scripted-agent.mjs')], { stdio: 'inherit' });
if (process.env.TRIALGATE_TRIAL === '1') {
  const path = join(process.env.TRIALGATE_CANDIDATE, 'cases.json');
  const file = JSON.parse(readFileSync(path, 'utf8'));
  ${plant.code}
  writeFileSync(path, JSON.stringify(file, null, 2));
}
`,
  );
  const { results, runDir } = await runTrialSet({ configPath: config, outDir: join(await tempDir(), 'run'), concurrency: 1, isolation });
  const [first, ...later] = results.tasks[0]!.trials;
  for (const fault of ['none', 'reject-writes', 'double-reserve', 'missing-record']) {
    const report = JSON.parse(await readFile(join(runDir, first!.evidence, 'evidence', 'reports', `${fault}.json`), 'utf8')) as {
      records: { test: string; status: string }[];
    };
    assert.equal(report.records.find((r) => r.test === plant.id)?.status, 'passed', `trial 1 planted its state on ${fault}`);
  }
  assert.equal(first!.outcome, 'pass', JSON.stringify(first!.layers));
  for (const next of later) {
    assert.equal(next.outcome, 'pass', `trial ${next.trial} saw what trial 1 planted: ${JSON.stringify(next.layers)}`);
    assert.deepEqual(next.checks, first!.checks, 'every trial judged alike');
  }
  return results;
}

const PLANTS_STATE = `const reserve = (request_id, sku, quantity) => ({ request: { method: 'POST', path: '/reservations', body: { request_id, sku, quantity } }, expect: { status: 201 } });
  file.cases.push({ id: 'plants-state', rules: file.cases[0].rules, steps: [reserve('plant-1', 'SKU-B', 1), reserve('plant-2', 'SKU-A', 5)] });`;

describe('a run: one trial never reaches the next', { skip: NO_ISOLATION }, () => {
  it('reuses a proved service across trials; the planted state is gone by the next trial', async () => {
    const results = await plantThenCheck(await inventoryCopy());
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, true, services.why);
    assert.match(services.why, /^reset proved on 4 variants/);
    // The proof started two instances per variant; with one acceptance at a time the pool kept one of each for every trial.
    assert.deepEqual([services.started, services.uses], [8, 12]);
  });

  it('replaces an instance whose reset leaves state the proof could not see (the state probe after each use)', async () => {
    const results = await plantThenCheck(await keepsPlanted());
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, true, 'the reference answers never send a plant- request: the proof holds');
    // After trial 1 the ledger still held the planted entries on every variant (missing-record writes
    // none): those instances were stopped and replaced.
    assert.deepEqual([services.started, services.uses], [8 + 3, 12]);
  });

  it('replaces an instance whose reset leaves a lockout neither the proof nor the probe can see (a replay of the reference answers after each use)', async () => {
    const proof = await validate(await locksOut());
    assert.equal(proof.proved, true, 'the reference answers never trip the lockout: the proof holds');
    const results = await plantThenCheck(await locksOut(), 'required', { id: 'trips-lockout', code: LOCKOUT_CASE });
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, true, services.why);
    // Every variant's instance was frozen by trial 1: the check after its use replaced each.
    assert.deepEqual([services.started, services.uses, services.replaced], [8 + 4, 12, 4]);
  });

  it('starts a fresh service for every use where the reset cannot be proved', async () => {
    const results = await plantThenCheck(await inventoryCopy((manifest) => delete manifest.service.stateProbe));
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, false);
    assert.match(services.why, /stateProbe is not declared/);
    assert.deepEqual([services.started, services.uses], [12, 12]);
  });

  it('starts a fresh service for every use when the run has too few trials of the task for keeping one to save a start', async () => {
    // Two trials: a fresh start per use is 2 per variant, as many as the proof alone would start.
    const results = await plantThenCheck(await inventoryCopy(), 'required', undefined, 2);
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, false);
    assert.match(services.why, /^2 trials of this task in this run: a fresh service per use starts no more processes than proving a reset/);
    // Its limits still scale with the machine: one start of the correct service measured its pace.
    assert.match(services.why, /one start of the correct service measured this machine's pace/);
    assert.deepEqual([services.started, services.uses], [1 + 8, 8]);
  });

  it('a run too small to keep services still measures this machine’s pace, on one start of the correct service and one replay', async () => {
    const sandbox = await openSandbox('required');
    const fixture = await loadFixture(await inventoryCopy());
    const pool = new ServicePool(sandbox);
    try {
      const pace = pool.pace(fixture);
      assert.deepEqual([pace.startLimit(1).ms, pace.acceptanceLimit(1).ms], [1, 1], 'nothing measured yet: the limits as written');
      const kind = kindOf({ kind: 'http-cases', timeout_seconds: 120 });
      await offerReuse({ pool, sandbox, fixture, kind, faults: [NO_FAULT, ...Object.keys(fixture.manifest.faults)], keep: 1, trials: 1 });
      const use = pool.use(fixture);
      assert.deepEqual([use.reused, use.started, use.uses], [false, 1, 0], use.why);
      assert.match(use.why, /^1 trial of this task in this run: .*one start of the correct service measured this machine's pace/);
      // What the later fresh starts and acceptances of the run are given: limits scaled from what it measured.
      assert.ok(pace.startLimit(1).ms > 1, 'the start it measured scales every start limit');
      assert.ok(pace.acceptanceLimit(1).ms > 1, 'the replay it measured scales every acceptance budget');
    } finally {
      await pool.close();
      await sandbox.dispose();
    }
  });

  it('does not reuse a service whose reset the proof refutes', async () => {
    const config = await writeTrialSet({ fixture: await keepsLedger(), trials: 3 });
    const { results } = await runTrialSet({ configPath: config, outDir: join(await tempDir(), 'run') });
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, false);
    assert.match(services.why, /^reset not proved: variant none: replayed exchange/);
    // The proof's eight instances, then one fresh instance per variant for each of the three trials.
    assert.deepEqual([services.started, services.uses], [8 + 12, 12]);
  });
});

describe('a run without isolation', () => {
  it('never keeps an idle service: any process of the user could reach its port', async () => {
    const results = await plantThenCheck(await inventoryCopy(), 'none');
    const services = results.tasks[0]!.services!;
    assert.equal(services.reused, false);
    assert.match(services.why, /^unisolated, an idle service would listen on a loopback port/);
    assert.deepEqual([services.started, services.uses], [12, 12]);
  });
});

describe('sharing a fixture between tasks', { skip: NO_ISOLATION }, () => {
  it('each task keeps its own instances (its own acceptance copy)', async () => {
    const config = await writeTrialSet({
      trials: 3,
      extra: {
        tasks: [
          { id: 'first', set: 'dev', fixture: 'fixture', acceptance: 'http-cases' },
          { id: 'second', set: 'dev', fixture: 'fixture', acceptance: 'http-cases' },
        ],
      },
    });
    const { results } = await runTrialSet({ configPath: config, outDir: join(await tempDir(), 'run') });
    for (const task of results.tasks) {
      assert.equal(task.services!.reused, true, task.services!.why);
      assert.deepEqual([task.services!.started, task.services!.uses], [8, 12]);
      assert.ok(task.trials.every((t) => t.outcome === 'pass'));
    }
  });
});

/** `service` with each request it makes counted in `sent`, and each batch of requests sent at once in `batches`. */
function counted(service: RunningService, sent: string[], batches: string[][] = []): RunningService {
  const request = service.request.bind(service);
  const requestAll = service.requestAll.bind(service);
  service.request = (path, options) => {
    sent.push(path);
    return request(path, options);
  };
  service.requestAll = (requests) => {
    batches.push(requests.map((r) => r.path));
    return requestAll(requests);
  };
  return service;
}

/** The inventory fixture at `dir` with its reset proved on the correct service (unisolated: the check is the same in a sandbox); `test` gets its instances. */
async function withProvedReset(
  dir: string,
  test: (proved: { reset: ProvedReset; why: string; use: ReplayableUse; instances: readonly RunningService[]; probe: readonly string[] }) => Promise<void>,
) {
  const sandbox = await openSandbox('none');
  const fixture = await loadFixture(dir);
  const use = (await kindOf({ kind: 'http-cases', timeout_seconds: 120 }).replayableUse!(fixture)) as ReplayableUse;
  const prover = new ResetProver(sandbox, fixture);
  try {
    const { proof, reset } = await prover.prove(use, [NO_FAULT]);
    assert.ok(reset, proof.why);
    await test({ reset, why: proof.why, use, instances: reset.instances.get(NO_FAULT)!, probe: fixture.manifest.service!.stateProbe });
  } finally {
    await prover.stop();
    await sandbox.dispose();
  }
}

/** The exchanges of one use of the reference answers on `instance`. */
async function exchangesOfUse(instance: RunningService, use: ReplayableUse): Promise<number> {
  const replay: string[] = [];
  await use(counted(instance, replay));
  return replay.length;
}

// What the check after a use costs: the state probe, a reset, one replay of the reference answers (which
// ends with its last case's reset), and nothing more, all sent at once: one round trip through the
// service's relay per use of a run, off the trial's path but on the machine's cores.
describe('the check after a use', { timeout: timeLimit(120_000) }, () => {
  it('sends the probe, one reset and one replay of the reference answers at once, and leaves the instance reset', async () => {
    await withProvedReset(INVENTORY, async ({ reset, why, use, instances: [instance], probe }) => {
      assert.match(why, /; after each use, the check sends its requests at once$/);
      const exchanges = await exchangesOfUse(instance!, use);
      const [sent, batches]: [string[], string[][]] = [[], []];
      counted(instance!, sent, batches);
      assert.equal(await reset.check(instance!, NO_FAULT), undefined, 'a use of the reference answers leaves it as a fresh start');
      assert.deepEqual(sent, [], 'nothing one by one');
      assert.equal(batches.length, 1, 'one round trip');
      assert.deepEqual(batches[0]!.slice(0, probe.length + 1), [...probe, '/__control/reset']);
      assert.equal(batches[0]!.length, probe.length + 1 + exchanges, `probe ${probe.length}, one reset, replay ${exchanges}: ${batches[0]!.join(' ')}`);
      assert.equal(instance!.reusable(), true, 'reset, ready for the next use');
    });
  });

  it('finds an instance a use left unlike a fresh start: its state, any one answer of the replay, an answer too late', async () => {
    const dir = await withLateReservation();
    await withProvedReset(dir, async ({ reset, use, instances: [instance], probe }) => {
      // State a use left: a reservation after the last reset.
      await use(instance!);
      await instance!.request('/reservations', { method: 'POST', body: JSON.stringify({ request_id: 'left', sku: 'SKU-A', quantity: 1 }) });
      assert.match((await reset.check(instance!, NO_FAULT))!, /^state probe \/items\/SKU-A: fresh start «200 .*», after a use «200 /);
      // Any one answer unlike the fresh start's, wherever it falls: the check ends at the first that differs.
      const exchanges = await exchangesOfUse(instance!, use);
      const requestAll = instance!.requestAll.bind(instance);
      for (let n = 0; n < probe.length + 1 + exchanges; n++) {
        if (n === probe.length) continue; // the reset after the probe: its branches are the probe's, compared with nothing
        instance!.requestAll = async (requests) => (await requestAll(requests)).map((a, i) => (i === n ? { ...a, text: `${a.text} ` } : a));
        const difference = await reset.check(instance!, NO_FAULT);
        assert.match(
          difference ?? 'nothing',
          n < probe.length ? new RegExp(`^state probe ${probe[n]}: `) : new RegExp(`^replayed exchange ${n - probe.length} of ${exchanges}: `),
          `answer ${n + 1} changed`,
        );
      }
      instance!.requestAll = requestAll;
      assert.equal(await reset.check(instance!, NO_FAULT), undefined, 'unchanged, it answers as a fresh start');
      // An answer too late: a use armed the service to hold its next reservation's answer.
      await instance!.request('/hold-next-reservation', { method: 'POST' });
      await assert.rejects(reset.check(instance!, NO_FAULT), (e: unknown) => e instanceof NoAnswerError && e.timedOut);
      assert.equal(instance!.reusable(), false, 'never lent again');
    });
  });

  it('fails as a whole, unretried, on the first exchange trialgate’s machinery fails; the instance is never lent again', async () => {
    // A service takes the faults installed when it starts: armed only once the proof is done.
    let met: string[] | undefined;
    let failAt = 0;
    const uninstall = installMachineFaults({
      beforeExchange: ({ path }) => (met?.push(path), met?.length === failAt ? 'connection-reset' : undefined),
    });
    try {
      await withProvedReset(INVENTORY, async ({ reset, instances: [instance], probe }) => {
        [met, failAt] = [[], probe.length + 3];
        await assert.rejects(reset.check(instance!, NO_FAULT), (e: unknown) => e instanceof NoAnswerError && e.message === 'ECONNRESET');
        assert.equal(met.length, failAt, 'the batch stopped at the failed exchange and was not sent again');
        assert.equal(instance!.reusable(), false);
      });
    } finally {
      uninstall();
    }
  });

  it('sends its requests one by one to a service that answers them sent at once otherwise, and says so', async () => {
    await withProvedReset(await closesEachConnection(), async ({ reset, why, use, instances: [, instance], probe }) => {
      assert.match(
        why,
        /; after each use, the check sends its requests one by one on none \(sent at once, no answer: the connection closed with 1 of \d+ requests/,
      );
      const exchanges = await exchangesOfUse(instance!, use);
      const [sent, batches]: [string[], string[][]] = [[], []];
      counted(instance!, sent, batches);
      assert.equal(await reset.check(instance!, NO_FAULT), undefined);
      assert.deepEqual(batches, []);
      assert.equal(sent.length, probe.length + 1 + exchanges);
      assert.equal(instance!.reusable(), true);
    });
  });
});

/** The inventory service, with a route a use can call to hold the answer to the next reservation for a minute. */
async function withLateReservation(): Promise<string> {
  const dir = await inventoryCopy();
  const path = join(dir, 'service', 'server.mjs');
  const source = await readFile(path, 'utf8');
  const from = '    send(response, answer);\n';
  assert.ok(source.includes(from), 'server.mjs still answers so');
  await writeFile(
    path,
    source.replace(
      from,
      `    if (url.pathname === '/hold-next-reservation') return void ((hold = true), send(response, { status: 204 }));
    if (hold && url.pathname === '/reservations') return void ((hold = false), setTimeout(() => send(response, answer), 60_000).unref());
    send(response, answer);
`,
    ) + 'let hold = false;\n',
  );
  return dir;
}

/** The inventory service closing its connection after each answer, as an HTTP/1.0 server does. */
async function closesEachConnection(): Promise<string> {
  const dir = await inventoryCopy();
  const path = join(dir, 'service', 'server.mjs');
  const source = await readFile(path, 'utf8');
  const from = 'function send(response, { status, body }) {\n';
  assert.ok(source.includes(from), 'server.mjs still answers so');
  await writeFile(path, source.replace(from, `${from}  response.shouldKeepAlive = false;\n`));
  return dir;
}
