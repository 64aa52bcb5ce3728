// The test runner's machine-scaled clock (scripts/scaled-clock.ts): real seconds on a machine with a core
// for each runnable process, fewer as the load climbs past the cores.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { scaledClock } from '../scripts/scaled-clock.ts';

it('runs at real speed up to one runnable process a core, and at cores/load past it', () => {
  let now = 0;
  let load = 1;
  const clock = scaledClock({ cores: 2, load: () => load, now: () => now });
  now += 10_000;
  assert.equal(clock.seconds(), 10, 'load 1 on 2 cores: real time');
  load = 2;
  now += 10_000;
  assert.equal(clock.seconds(), 20, 'load 2 on 2 cores: real time');
  load = 8;
  now += 40_000;
  assert.equal(clock.seconds(), 30, '4× oversubscribed: a quarter of a second per second');
  load = 20;
  now += 100_000;
  assert.equal(clock.seconds(), 40);
});
