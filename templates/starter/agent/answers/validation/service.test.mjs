test('zero and negative counts are refused and change nothing', async () => {
  for (const n of [0, -2]) assert.equal((await add('pears', n)).status, 400, `add ${n}`);
  assert.equal(await count('pears'), 0);
});
