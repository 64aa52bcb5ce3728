// How often a starting service's readiness probe is polled (service/launch.ts): soon at first, so a
// quick start is seen quickly, then less and less often, so a start slowed by a busy machine is not slowed
// further by polls (each one a connection through its relay) competing for the same cores.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readyPollDelay } from '../src/service/launch.ts';

/** How many polls a start of `ms` is given before it is seen ready. */
function pollsWithin(ms: number): number {
  let polls = 1;
  for (let waited = 0; waited < ms; polls++) waited += readyPollDelay(polls - 1);
  return polls;
}

describe('the readiness probe of a starting service', () => {
  it('polls soon at first: a start of 100 ms is seen within 50 ms of being ready', () => {
    assert.equal(readyPollDelay(0), 20);
    let waited = 0;
    for (let n = 0; waited < 100; n++) waited += readyPollDelay(n);
    assert.ok(waited - 100 <= 50, `first poll after 100 ms at ${waited} ms`);
  });

  it('polls less often the longer a start takes, never less often than every 100 ms', () => {
    for (let n = 1; n < 50; n++) assert.ok(readyPollDelay(n) >= readyPollDelay(n - 1));
    assert.equal(readyPollDelay(100), 100);
    // A fixed 20 ms would poll a 3-second start 150 times.
    assert.ok(pollsWithin(3000) <= 40, `${pollsWithin(3000)} polls in 3 s`);
  });
});
