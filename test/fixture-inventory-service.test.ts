// The inventory fixture's service, through real HTTP against real processes: the rules on the correct
// service, each defect's behaviour, the hidden control channel, that no variant names itself, and that
// the reference answers give exactly the expected table on the four variants.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CasesFile } from '../src/schemas/cases.ts';
import { FixtureManifest } from '../src/schemas/fixture.ts';
import { SpecFile } from '../src/schemas/spec.ts';
import { call, coverage, FIXTURE_DIR, reset, runCases, startInventory, VARIANTS, type RunningService } from './support/inventory-fixture.ts';

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(FIXTURE_DIR, path), 'utf8'));
const json = async (answer: Promise<{ status: number; text: string }>) => {
  const { status, text } = await answer;
  return { status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
};
const reserve = (s: RunningService, request_id: string, sku: string, quantity: unknown) =>
  json(call(s, 'POST', '/reservations', { body: { request_id, sku, quantity } }));
const item = (s: RunningService, sku: string) => json(call(s, 'GET', `/items/${sku}`));
const records = (s: RunningService, sku?: string) => json(call(s, 'GET', sku ? `/records?sku=${sku}` : '/records'));

const services = new Map<string, RunningService>();
before(async () => {
  for (const variant of VARIANTS) services.set(variant, await startInventory(variant));
});
after(async () => {
  for (const service of services.values()) await service.stop();
});
const variant = async (name: string) => {
  const service = services.get(name);
  assert.ok(service);
  await reset(service);
  return service;
};

describe('correct service (INVENTORY_FAULT=none)', () => {
  it('reads seeded items and answers 404 unknown_sku for others', async () => {
    const s = await variant('none');
    assert.deepEqual(await item(s, 'SKU-A'), { status: 200, body: { sku: 'SKU-A', on_hand: 10, reserved: 0, available: 10 } });
    assert.deepEqual(await item(s, 'SKU-C'), { status: 200, body: { sku: 'SKU-C', on_hand: 0, reserved: 0, available: 0 } });
    assert.deepEqual(await item(s, 'SKU-Z'), { status: 404, body: { error: 'unknown_sku' } });
    assert.deepEqual(await json(call(s, 'GET', '/health')), { status: 200, body: { status: 'ok' } });
  });

  it('creates a reservation, lowers available and writes a reserve record', async () => {
    const s = await variant('none');
    assert.deepEqual(await reserve(s, 'r1', 'SKU-A', 3), {
      status: 201,
      body: { id: 'R-0001', request_id: 'r1', sku: 'SKU-A', quantity: 3, status: 'active' },
    });
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 3, available: 7 });
    assert.deepEqual((await records(s, 'SKU-A')).body, {
      records: [{ seq: 1, kind: 'reserve', reservation_id: 'R-0001', request_id: 'r1', sku: 'SKU-A', quantity: 3 }],
    });
    assert.deepEqual((await records(s, 'SKU-B')).body, { records: [] });
  });

  it('rejects invalid requests and quantities without changing anything', async () => {
    const s = await variant('none');
    for (const quantity of [0, -1, 1.5, '3', null]) {
      assert.deepEqual(await reserve(s, 'bad', 'SKU-A', quantity), { status: 400, body: { error: 'invalid_quantity' } }, `quantity ${quantity}`);
    }
    for (const body of [{ sku: 'SKU-A', quantity: 1 }, { request_id: ' ', sku: 'SKU-A', quantity: 1 }, { request_id: 'x', quantity: 1 }, [1]]) {
      assert.deepEqual(await json(call(s, 'POST', '/reservations', { body })), { status: 400, body: { error: 'invalid_request' } });
    }
    assert.deepEqual(await json(call(s, 'POST', '/reservations', { rawBody: '{nope' })), { status: 400, body: { error: 'invalid_json' } });
    const huge = JSON.stringify({ request_id: 'big', sku: 'SKU-A', quantity: 1, note: 'x'.repeat(70_000) });
    assert.deepEqual(await json(call(s, 'POST', '/reservations', { rawBody: huge })), { status: 413, body: { error: 'body_too_large' } });
    assert.deepEqual(await reserve(s, 'u1', 'SKU-Z', 1), { status: 404, body: { error: 'unknown_sku' } });
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 0, available: 10 });
    assert.deepEqual((await records(s)).body, { records: [] });
  });

  it('refuses more than available without changing stock, and accepts exactly available', async () => {
    const s = await variant('none');
    assert.deepEqual(await reserve(s, 'big', 'SKU-B', 6), { status: 409, body: { error: 'insufficient_stock' } });
    assert.deepEqual((await item(s, 'SKU-B')).body, { sku: 'SKU-B', on_hand: 5, reserved: 0, available: 5 });
    assert.equal((await reserve(s, 'all', 'SKU-B', 5)).status, 201);
    assert.deepEqual((await item(s, 'SKU-B')).body, { sku: 'SKU-B', on_hand: 5, reserved: 5, available: 0 });
    assert.deepEqual(await reserve(s, 'one-more', 'SKU-B', 1), { status: 409, body: { error: 'insufficient_stock' } });
  });

  it('replays an identical request, refuses a conflicting one, both from the ledger', async () => {
    const s = await variant('none');
    const first = await reserve(s, 'dup', 'SKU-A', 2);
    assert.equal(first.status, 201);
    assert.deepEqual(await reserve(s, 'dup', 'SKU-A', 2), { status: 200, body: first.body });
    assert.deepEqual(await reserve(s, 'dup', 'SKU-A', 3), { status: 409, body: { error: 'idempotency_conflict' } });
    assert.deepEqual(await reserve(s, 'dup', 'SKU-B', 2), { status: 409, body: { error: 'idempotency_conflict' } });
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 2, available: 8 });
    assert.equal(((await records(s)).body as { records: unknown[] }).records.length, 1);
  });

  it('releases once, restoring stock and writing a release record; a repeated request id stays taken', async () => {
    const s = await variant('none');
    await reserve(s, 'rel', 'SKU-A', 4);
    const released = { id: 'R-0001', request_id: 'rel', sku: 'SKU-A', quantity: 4, status: 'released' };
    assert.deepEqual(await json(call(s, 'DELETE', '/reservations/R-0001')), { status: 200, body: released });
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 0, available: 10 });
    assert.deepEqual(await json(call(s, 'DELETE', '/reservations/R-0001')), { status: 409, body: { error: 'already_released' } });
    assert.deepEqual(await json(call(s, 'DELETE', '/reservations/R-0999')), { status: 404, body: { error: 'unknown_reservation' } });
    assert.deepEqual(await reserve(s, 'rel', 'SKU-A', 4), { status: 200, body: released });
    assert.deepEqual(
      ((await records(s, 'SKU-A')).body as { records: { kind: string; seq: number }[] }).records.map((r) => [r.seq, r.kind]),
      [
        [1, 'reserve'],
        [2, 'release'],
      ],
    );
  });

  it('notes the business branches reached, unique and in first-reached order, and reset clears them', async () => {
    const s = await variant('none');
    await item(s, 'SKU-A');
    await reserve(s, 'c1', 'SKU-A', 1);
    await item(s, 'SKU-A');
    await reserve(s, 'c1', 'SKU-A', 1);
    await reserve(s, 'c1', 'SKU-A', 2);
    await reserve(s, 'c2', 'SKU-A', 0);
    await reserve(s, 'c3', 'SKU-B', 9);
    await reserve(s, 'c4', 'SKU-Q', 1);
    await item(s, 'SKU-Q');
    await call(s, 'DELETE', '/reservations/R-0001');
    await call(s, 'DELETE', '/reservations/R-0001');
    await call(s, 'DELETE', '/reservations/R-0042');
    await records(s);
    await call(s, 'GET', '/health');
    assert.deepEqual(await coverage(s), [
      'item.read',
      'reserve.created',
      'reserve.replayed',
      'reserve.conflict',
      'reserve.invalid',
      'reserve.insufficient',
      'reserve.unknown',
      'item.unknown',
      'release.ok',
      'release.repeated',
      'release.unknown',
      'records.list',
    ]);
    await reset(s);
    assert.deepEqual(await coverage(s), []);
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 0, available: 10 });
    assert.deepEqual(await coverage(s), ['item.read']);
  });
});

describe('defect variants', () => {
  it('reject-writes: a refused reservation still holds what was available', async () => {
    const s = await variant('reject-writes');
    assert.deepEqual(await reserve(s, 'big', 'SKU-B', 6), { status: 409, body: { error: 'insufficient_stock' } });
    assert.deepEqual((await item(s, 'SKU-B')).body, { sku: 'SKU-B', on_hand: 5, reserved: 5, available: 0 });
    assert.deepEqual(await coverage(s), ['reserve.insufficient', 'item.read']);
  });

  it('double-reserve: an identical repeat answers like a replay but reserves again', async () => {
    const s = await variant('double-reserve');
    const first = await reserve(s, 'dup', 'SKU-A', 2);
    assert.deepEqual(await reserve(s, 'dup', 'SKU-A', 2), { status: 200, body: first.body });
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 4, available: 6 });
    assert.deepEqual(await reserve(s, 'dup', 'SKU-A', 3), { status: 409, body: { error: 'idempotency_conflict' } });
    assert.ok((await coverage(s)).includes('reserve.replayed'));
  });

  it('missing-record: no record is written, so repeats and conflicts are taken as new; release still restores', async () => {
    const s = await variant('missing-record');
    assert.equal((await reserve(s, 'dup', 'SKU-A', 2)).status, 201);
    assert.deepEqual((await records(s)).body, { records: [] });
    assert.equal((await reserve(s, 'dup', 'SKU-A', 2)).status, 201);
    assert.equal((await reserve(s, 'dup', 'SKU-A', 3)).status, 201);
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 7, available: 3 });
    assert.equal((await json(call(s, 'DELETE', '/reservations/R-0003'))).status, 200);
    assert.deepEqual((await item(s, 'SKU-A')).body, { sku: 'SKU-A', on_hand: 10, reserved: 4, available: 6 });
    assert.deepEqual((await records(s)).body, { records: [] });
    assert.ok(!(await coverage(s)).includes('reserve.replayed'));
  });

  it('an unknown INVENTORY_FAULT is refused on stderr with exit code 2', () => {
    const run = spawnSync(process.execPath, ['service/server.mjs'], {
      cwd: FIXTURE_DIR,
      env: { ...process.env, PORT: '0', INVENTORY_FAULT: 'slow-reads' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /INVENTORY_FAULT="slow-reads" is not a variant/);
    assert.equal(run.stdout, '');
  });
});

describe('what a candidate can observe', () => {
  const probes: [string, string, { body?: unknown; rawBody?: string }?][] = [
    ['GET', '/health'],
    ['GET', '/items/SKU-A'],
    ['GET', '/items/SKU-Z'],
    ['POST', '/reservations', { body: { request_id: 'p1', sku: 'SKU-B', quantity: 9 } }],
    ['POST', '/reservations', { body: { request_id: 'p2', sku: 'SKU-A', quantity: 1 } }],
    ['POST', '/reservations', { body: { request_id: 'p2', sku: 'SKU-A', quantity: 1 } }],
    ['POST', '/reservations', { rawBody: 'not json' }],
    ['DELETE', '/reservations/R-0001'],
    ['GET', '/records'],
    ['GET', '/__control/coverage'],
    ['POST', '/__control/reset'],
    ['GET', '/nope'],
  ];

  it('no response header, body or stdout line names the variant, and all variants send the same header names', async () => {
    const headerNames = new Map<string, string>();
    for (const name of VARIANTS) {
      const s = await variant(name);
      const seen: string[] = [];
      for (const [method, path, options] of probes) {
        const answer = await call(s, method, path, options);
        seen.push(JSON.stringify(answer.headers), answer.text);
        const key = `${method} ${path} ${answer.status}`;
        const names = Object.keys(answer.headers).sort().join(',');
        assert.equal(headerNames.get(key) ?? names, names, `${name}: ${key} sends other headers than another variant`);
        headerNames.set(key, names);
      }
      seen.push(s.stdout());
      const everything = seen.join('\n').toLowerCase();
      for (const word of [...VARIANTS.filter((v) => v !== 'none'), 'fault', 'variant']) {
        assert.ok(!everything.includes(word), `${name}: "${word}" visible to a candidate`);
      }
    }
  });

  it('the control channel answers like an unknown route without the right token', async () => {
    const s = await variant('none');
    const unknown = await call(s, 'GET', '/nope');
    const untrustedHeaders: Record<string, string>[] = [{}, { 'x-trialgate-control': 'wrong' }, { 'x-trialgate-control': `${s.token}x` }];
    for (const headers of untrustedHeaders) {
      for (const [method, path] of [
        ['POST', '/__control/reset'],
        ['GET', '/__control/coverage'],
        ['GET', '/__control/other'],
      ] as const) {
        const answer = await call(s, method, path, { headers });
        assert.deepEqual([answer.status, answer.text, Object.keys(answer.headers).sort()], [unknown.status, unknown.text, Object.keys(unknown.headers).sort()]);
      }
    }
    const untrusted = await startInventory('none', null);
    try {
      const answer = await call(untrusted, 'POST', '/__control/reset', { headers: { 'x-trialgate-control': '' } });
      assert.deepEqual([answer.status, answer.text], [404, '{"error":"not_found"}']);
      const coverageAnswer = await call(untrusted, 'GET', '/__control/coverage', { headers: { 'x-trialgate-control': 'test-control-token' } });
      assert.deepEqual([coverageAnswer.status, coverageAnswer.text], [404, '{"error":"not_found"}']);
    } finally {
      assert.equal(await untrusted.stop(), 0);
    }
  });

  it('exits cleanly on SIGTERM, also with a keep-alive connection open', async () => {
    const s = await startInventory('none');
    await call(s, 'GET', '/health');
    assert.equal(await s.stop(), 0);
  });
});

describe('fixture.json and the reference answers', () => {
  const manifest = FixtureManifest.parse(readJson('fixture.json'));
  const spec = SpecFile.parse(readJson(join(manifest.reference, 'spec.json')));
  const cases = CasesFile.parse(readJson(join(manifest.reference, 'cases.json')));
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

  it('fixture.json names existing service files and the agreed labels', () => {
    for (const file of manifest.service!.files) assert.ok(readFileSync(join(FIXTURE_DIR, file)).length > 0, file);
    assert.deepEqual(Object.fromEntries(Object.entries(manifest.faults).map(([id, fault]) => [id, fault.label])), {
      'reject-writes': 'rejected reservation still changes stock',
      'double-reserve': 'duplicate request reserves twice (idempotency)',
      'missing-record': 'reservation writes no record (ledger)',
    });
    assert.deepEqual(
      Object.keys(manifest.faults),
      VARIANTS.filter((v) => v !== 'none'),
    );
  });

  it('has exactly ten cases, each a scenario, naming known rules whose quotes occur in inputs/', () => {
    assert.equal(cases.cases.length, 10);
    assert.deepEqual(
      spec.scenarios.map((s) => s.case),
      cases.cases.map((c) => c.id),
    );
    const ruleIds = new Set(spec.rules.map((r) => r.id));
    for (const c of cases.cases) for (const rule of c.rules) assert.ok(ruleIds.has(rule), `${c.id} names unknown rule ${rule}`);
    for (const rule of spec.rules) {
      const text = fold(readFileSync(join(FIXTURE_DIR, 'inputs', rule.source.file), 'utf8'));
      assert.ok(text.includes(fold(rule.source.quote)), `${rule.id}: quote not in inputs/${rule.source.file}`);
    }
  });

  it('inputs/ and task.txt never mention defects, variants, faults, the control channel or coverage', () => {
    const texts = ['requirements.md', 'api-contract.md', 'capabilities.md', 'old-tests.sh'].map((f) => readFileSync(join(FIXTURE_DIR, 'inputs', f), 'utf8'));
    texts.push(readFileSync(join(FIXTURE_DIR, 'task.txt'), 'utf8'));
    const all = texts.join('\n').toLowerCase();
    for (const word of ['defect', 'variant', 'fault', 'control', 'coverage', '__control', 'reject-writes', 'double-reserve', 'missing-record']) {
      assert.ok(!all.includes(word), `"${word}" in inputs`);
    }
  });

  const expected: Record<string, Record<string, string>> = {
    none: {},
    'reject-writes': { 'insufficient-stock-changes-nothing': 'step 2: $.available == 5' },
    'double-reserve': { 'repeated-request-reserves-once': 'step 3: $.reserved == 2' },
    'missing-record': {
      'repeated-request-reserves-once': 'step 3: $.reserved == 2',
      'reused-request-id-conflicts': 'step 2: status == 409',
      'reservation-writes-record': 'step 2: $.records.length == 1',
      'release-restores-and-records': 'step 4: $.records.length == 2',
    },
  };

  for (const name of VARIANTS) {
    it(`reference cases on ${name}: ${Object.keys(expected[name] ?? {}).length} failed, 0 errors, each failure attributable`, async () => {
      const outcomes = await runCases(await variant(name), cases);
      assert.deepEqual(
        outcomes.filter((o) => o.status === 'error'),
        [],
      );
      const failed = Object.fromEntries(outcomes.filter((o) => o.status === 'failed').map((o) => [o.id, o.assertion]));
      assert.deepEqual(failed, expected[name]);
      const faultBranches = name === 'none' ? [] : (manifest.faults[name]?.branches ?? []);
      for (const outcome of outcomes.filter((o) => o.status === 'failed')) {
        assert.ok(
          outcome.branches.some((b) => faultBranches.includes(b)),
          `${outcome.id} reached none of ${faultBranches.join(', ')}`,
        );
      }
      if (name === 'none') {
        const reached = new Set(outcomes.flatMap((o) => o.branches));
        for (const target of manifest.targets) assert.ok(reached.has(target), `target ${target} not reached`);
        for (const scenario of spec.scenarios) {
          const outcome = outcomes.find((o) => o.id === scenario.case);
          for (const target of scenario.targets) assert.ok(outcome?.branches.includes(target), `${scenario.case} does not reach ${target}`);
        }
      }
    });
  }
});
