import assert from 'node:assert/strict';
import { test } from 'node:test';

const url = process.env.TRIALGATE_SERVICE_URL;
const count = async (name) => (await (await fetch(`${url}/items/${name}`)).json()).count;
const add = (name, n) => fetch(`${url}/items/${name}`, { method: 'POST', body: JSON.stringify({ add: n }) });

// @section happy-path
test('adding a positive count raises the tally', async () => {
  assert.equal((await add('apples', 3)).status, 200);
  assert.equal(await count('apples'), 3);
});
// @end

// @section validation
test('zero and negative counts are refused and change nothing', async () => {
  for (const n of [0, -2]) assert.equal((await add('pears', n)).status, 400, `add ${n}`);
  assert.equal(await count('pears'), 0);
});
// @end
