// What counts as the agent claiming that the tests pass: the wordings agents use, and denials that are none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClaimWatch, claimsSuccess } from '../src/agent/claims.ts';

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

  it('read as the output arrives: a claim cut between two pieces counts, a denial or a word cut so does not become one', () => {
    const watched = (...pieces: string[]) => {
      const watch = new ClaimWatch();
      for (const piece of pieces) watch.feed(Buffer.from(piece));
      return watch.claimed;
    };
    assert.equal(watched('x'.repeat(5000), '\nDone: all te', 'sts passed\n'), true);
    // A character of several bytes cut between pieces is still read whole.
    const bytes = Buffer.from('✅ all tests passed');
    const watch = new ClaimWatch();
    watch.feed(bytes.subarray(0, 2));
    watch.feed(bytes.subarray(2));
    assert.equal(watch.claimed, true);
    assert.equal(watched('y'.repeat(5000), ' not all', ' tests passed'), false);
    // What is carried to the next piece (its last 256 characters) begins inside "contests": "tests pass" is no claim.
    assert.equal(watched(`xcontests pass${'.'.repeat(246)}`, '.'), false);
  });
});
