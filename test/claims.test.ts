// What counts as the agent claiming that the tests pass: the wordings agents use, and denials that are none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claimsSuccess } from '../src/trial/claims.ts';

describe('a claim of success in the agent’s output', () => {
  it('counts however it is worded', () => {
    for (const said of [
      'all tests passed',
      'All tests pass.',
      'Verified: all 12 tests passed',
      'The tests now pass.',
      'The tests are all passing now.',
      'All the tests pass',
      'the test suite passes',
      'all tests succeeded',
      'Every test passes.',
      'Both tests pass now',
      '{"type":"text","text":"Fixed the rounding. All tests are passing ✅"}',
    ])
      assert.equal(claimsSuccess(said), true, said);
  });

  it('a denial, or a word that only looks like one, is none', () => {
    for (const said of [
      'no tests pass yet',
      'not all tests passed',
      'None of the tests pass',
      'the tests failed',
      'I wrote tests for the passage',
      'bypassed the cache',
    ])
      assert.equal(claimsSuccess(said), false, said);
  });
});
