// What `trialgate validate` says of the reset proof under its table: read in a few seconds. The verdict and what
// follows from it in one line, what the proof cannot see in one more (its whole in docs/fixture.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderResetProof } from '../src/cli/validate.ts';
import { proofLimits } from '../src/service/reset-proof.ts';

const variant = (fault: string, more: { difference?: string; oneByOne?: string } = {}) => ({ fault, replayed: 39, probed: 5, ...more });

test('a proved reset: its table, one line of what it cannot see, one line of the verdict', () => {
  const lines = renderResetProof({
    proved: true,
    why: 'reset proved on 2 variants: …',
    variants: [variant('none'), variant('double-reserve')],
    limits: proofLimits(78, 5),
  });
  const prose = lines.filter((l) => l && !l.startsWith('|'));
  assert.deepEqual(
    prose.map((l) => l.slice(0, 40)),
    ['reset: the cases replayed after a reset,', 'it cannot see state none of those reques', '✅ reset proved on 2 variants: an isolate'],
  );
  assert.ok(
    prose.every((l) => l.length <= 240),
    'no line past a screen’s two rows',
  );
  assert.match(prose.at(-1)!, /keeps its services in one pool, reset and checked again after every use\.$/);
});

test('a variant checked one request at a time is named in the verdict, with why', () => {
  const lines = renderResetProof({
    proved: true,
    why: '…',
    variants: [variant('none'), variant('slow', { oneByOne: 'it closes its connection after each answer' })],
    limits: proofLimits(78, 5),
  });
  assert.match(lines.at(-1)!, /\(one request at a time on slow: it closes its connection after each answer\)\.$/);
});

test('a reset not proved names the variant that differs and says each use starts fresh', () => {
  const lines = renderResetProof({
    proved: false,
    why: 'reset not proved: …',
    variants: [variant('none'), variant('leaky', { difference: 'GET /items differs' })],
    limits: proofLimits(78, 5),
  });
  assert.ok(lines.includes('  - leaky: GET /items differs'));
  assert.match(lines.at(-1)!, /reset not proved on 1 of 2 variants \(above\): each use starts a fresh service\./);
});
