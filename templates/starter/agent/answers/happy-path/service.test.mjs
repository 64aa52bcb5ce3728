test('adding a positive count raises the tally', async () => {
  assert.equal((await add('apples', 3)).status, 200);
  assert.equal(await count('apples'), 3);
});
