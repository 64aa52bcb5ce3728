// The proxy as evidence and as environment: what it records is what the service saw, and when the proxy
// cannot do its job (port taken, the service behind it gone) the trial is an env error, never a failure.
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadFixture } from '../src/fixture/load.ts';
import { ServiceState, Trajectory, type Exchange } from '../src/schemas/tools.ts';
import { startService } from '../src/service/launch.ts';
import { openGoalChannel } from '../src/kinds/tools/goal.ts';
import { startProxy } from '../src/kinds/tools/proxy.ts';
import { openSandbox } from '../src/isolation/open.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { EnvironmentError } from '../src/util/errors.ts';
import { tempDir } from './support/fixtures.ts';
import { OPERATIONS, runAt, writeToolsTrialSet } from './support/tools.ts';

async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, release: () => new Promise((r) => server.close(() => r())) };
}

async function evidenceOf(trialDir: string, variant: string) {
  const read = async (file: string) => JSON.parse(await readFile(join(trialDir, 'evidence', variant, file), 'utf8'));
  return { trajectory: Trajectory.parse(await read('trajectory.json')), state: ServiceState.parse(await read('state.json')) };
}

/** The side effects the trajectory says the service performed, in the ledger's own terms. */
function effectsInTrajectory(trajectory: Exchange[]): string[] {
  return trajectory.flatMap((e) =>
    e.upstream.flatMap((answer) => {
      const body = answer.body as Record<string, string> | undefined;
      if (e.request.method === 'POST' && answer.status === 201) return [`reserve ${body!.id} ${body!.request_id}`];
      if (e.request.method === 'DELETE' && answer.status === 200) return [`release ${body!.id} ${body!.request_id}`];
      return [];
    }),
  );
}

describe('tool proxy', () => {
  it('the trajectory in evidence matches what the service saw, for two side effects, a replay and a release', async () => {
    for (const [variant, without] of [
      ['duplicate-delivery', 'Replays'],
      ['late-after-change', undefined],
      ['lost-response', undefined],
    ] as const) {
      const run = await runAt(variant, without);
      const { trajectory, state } = await evidenceOf(run.trialDir, variant);
      assert.deepEqual(
        effectsInTrajectory(trajectory),
        state.records.map((r) => `${r.kind} ${r.reservation_id} ${r.request_id}`),
        variant,
      );
      const twice = trajectory.filter((e) => e.delivered === 2).map((e) => e.fault);
      assert.deepEqual(twice, variant === 'duplicate-delivery' ? ['delivered-twice'] : [], 'only the duplicate is delivered twice');
    }
  });

  it('refuses a call without its token before recording anything, hides the control channel, and records every call it serves', async () => {
    const fixture = await loadFixture(OPERATIONS);
    const sandbox = await openSandbox('auto');
    const service = await startService(sandbox, fixture, 'none');
    const goal = await openGoalChannel(await tempDir(), JSON.parse(await readFile(join(OPERATIONS, 'goal.json'), 'utf8')));
    const proxy = await startProxy({ upstream: service.address, token: 'secret-token', variant: 'none', goal });
    const url = proxy.address.url;
    try {
      // Another trial's agent that found the port: no token, a guessed one, a write, a body past the limit.
      assert.equal((await fetch(`${url}/items/SKU-A`)).status, 401);
      assert.equal((await fetch(`${url}/items/SKU-A`, { headers: { authorization: 'Bearer secret-tokeN' } })).status, 401);
      const write = { request_id: 'foreign', sku: 'SKU-A', quantity: 1 };
      const planted = await fetch(`${url}/reservations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(write) });
      assert.equal(planted.status, 401);
      assert.equal((await fetch(`${url}/reservations`, { method: 'POST', body: 'x'.repeat(200_000) })).status, 401);
      const control = await fetch(`${url}/__control/reset`, {
        method: 'POST',
        headers: { authorization: 'Bearer secret-token', 'x-trialgate-control': service.controlToken },
      });
      assert.equal(control.status, 404);
      assert.equal((await fetch(`${url}/items/SKU-A`, { headers: { authorization: 'Bearer secret-token' } })).status, 200);
      const records = JSON.parse((await service.request('/records')).text) as { records: unknown[] };
      assert.deepEqual(records.records, [], 'the refused write never reached the service');
    } finally {
      await proxy.stop();
      await service.stop();
      await sandbox.dispose();
    }
    assert.deepEqual(
      proxy.trajectory().map((e) => [e.seq, e.request.path, e.delivered, e.response?.status]),
      [
        [1, '/__control/reset', 0, 404],
        [2, '/items/SKU-A', 1, 200],
      ],
      'the refused calls are not in the trajectory',
    );
    assert.equal(proxy.failure(), undefined);
  });

  it('a taken port is an environment error at the proxy, and an env_error trial, not an agent failure', async () => {
    const held = await holdPort();
    try {
      const goal = await openGoalChannel(await tempDir(), JSON.parse(await readFile(join(OPERATIONS, 'goal.json'), 'utf8')));
      await assert.rejects(
        startProxy({ upstream: { url: 'http://127.0.0.1:9' }, token: 't', variant: 'none', goal, listen: { host: '127.0.0.1', port: held.port } }),
        (e: unknown) => e instanceof EnvironmentError && /EADDRINUSE/.test(e.message),
      );

      const { results } = await runTrialSet({
        configPath: await writeToolsTrialSet({ acceptance: { proxy_port: held.port } }),
        outDir: await tempDir('trialgate-run-'),
      });
      const [trial] = results.tasks[0]!.trials;
      assert.equal(trial!.outcome, 'env_error');
      assert.equal(trial!.stop_reason, 'env_error');
      assert.match(trial!.env_error!, /tool proxy failed, not the agent/);
      assert.deepEqual(trial!.checks, {}, 'an env error carries no checks, so it counts for nothing');
      assert.deepEqual([results.tasks[0]!.summary.n, results.tasks[0]!.summary.env_errors], [0, 1]);
    } finally {
      await held.release();
    }
  });

  it('a proxy that loses the service under it mid-trial ends the trial as env_error', async () => {
    const fixture = join(await mkdtemp(join(tmpdir(), 'trialgate-ops-')), 'operations');
    await cp(OPERATIONS, fixture, { recursive: true });
    // A service that is ready, then dies on the first real call: the proxy can no longer serve the agent.
    const manifestPath = join(fixture, 'fixture.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    Object.assign(manifest, { include: [], service: { ...manifest.service, command: ['node', 'service/server.mjs'], files: ['service/server.mjs'] } });
    await writeFile(manifestPath, JSON.stringify(manifest));
    await mkdir(join(fixture, 'service'));
    await writeFile(
      join(fixture, 'service', 'server.mjs'),
      `import { createServer } from 'node:http';
createServer((req, res) => (req.url === '/health' ? res.end('{}') : process.exit(1))).listen(Number(process.env.PORT), '127.0.0.1');
`,
    );
    const { results } = await runTrialSet({ configPath: await writeToolsTrialSet({ fixture }), outDir: await tempDir('trialgate-run-') });
    const [trial] = results.tasks[0]!.trials;
    assert.equal(trial!.outcome, 'env_error');
    assert.match(trial!.layers.trajectory.notes.join('\n'), /the service behind the proxy stopped answering/);
    assert.equal(trial!.layers.tool_contract.ok, null);
  });
});
