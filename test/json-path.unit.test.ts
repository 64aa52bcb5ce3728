import assert from 'node:assert/strict';
import { it } from 'node:test';
import { jsonEqual, lookup } from '../src/kinds/http-cases/json-path.ts';

it('looks up simple JSON paths, including .length', () => {
  const body = { records: [{ kind: 'reserve' }, { kind: 'release' }], sku: 'SKU-A', n: 0 };
  assert.deepEqual(lookup(body, '$'), { found: true, value: body });
  assert.deepEqual(lookup(body, '$.records.length'), { found: true, value: 2 });
  assert.deepEqual(lookup(body, '$.records[1].kind'), { found: true, value: 'release' });
  assert.deepEqual(lookup(body, '$.n'), { found: true, value: 0 });
  assert.deepEqual(lookup(body, '$.records[2]'), { found: false });
  assert.deepEqual(lookup(body, '$.missing'), { found: false });
  assert.deepEqual(lookup(undefined, '$.a'), { found: false });
  assert.deepEqual(lookup(body, '$.toString'), { found: false });
});

it('compares JSON structurally', () => {
  assert.ok(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }));
  assert.ok(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 }));
  assert.ok(!jsonEqual({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!jsonEqual([1], { 0: 1 }));
  assert.ok(!jsonEqual(10, '10'));
});
