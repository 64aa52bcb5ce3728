// Truncation never cuts inside a code span or an entry (issue 32): report.md's "New failures" line was cut
// inside a code span, which left the rest of the comment as code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Failure } from '../src/failures/signature.ts';
import { newFailureNotes } from '../src/report/failures.ts';
import { bounded } from '../src/report/format.ts';
import { MAX_NOTE } from '../src/report/markdown.ts';

const failure = (n: number): Failure => ({
  signature: `sig${String(n).padStart(10, '0')}`,
  task: `a-task-with-a-long-name-${n}`,
  check: 'reproduction',
  criterion: `hidden/test_split.py::test_remainder_is_given_out_number_${n}: raised AttributeError`,
  cause: null,
  occurrence: { evidence: `a-task-with-a-long-name-${n}/trial-00${n % 10}`, run: 'head' } as Failure['occurrence'],
});

const backticks = (text: string) => (text.match(/`/g) ?? []).length;

test('the new-failures note keeps whole entries within a note’s bound, and says how many it left out', () => {
  const [note] = newFailureNotes(Array.from({ length: 8 }, (_, i) => failure(i)));
  assert.ok(note!.length <= MAX_NOTE, `${note!.length} characters`);
  assert.equal(backticks(note!) % 2, 0, note);
  assert.match(note!, /; and \d+ more\.$/);
  assert.equal(bounded(note!, MAX_NOTE), note, 'the comment’s bound leaves it whole');
});

test('a text cut to its bound is never cut inside a code span', () => {
  const text = `before ${'`a long code span that the bound falls inside of`'} after`.repeat(3);
  for (let max = 20; max < text.length; max += 7) assert.equal(backticks(bounded(text, max)) % 2, 0, bounded(text, max));
});
