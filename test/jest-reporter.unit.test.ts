// The Jest reporter's assertion line names both values as Jest shows them: a value JSON cannot write
// (NaN, Infinity, -0, undefined, a bigint) is never shown as another value (`received null` for NaN).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from './support/fixtures.ts';

const TrialgateReporter = createRequire(import.meta.url)('../reporters/jest.cjs');

/** The assertion the reporter writes for one failed toBe(expected) whose received value was `actual`. */
async function assertionFor(expected: unknown, actual: unknown): Promise<string> {
  const out = join(await tempDir(), 'report.json');
  const reporter = new TrialgateReporter({ rootDir: '/repo' }, { outputFile: out });
  const failed = {
    fullName: 'parse converts months',
    status: 'failed',
    duration: 1,
    failureMessages: ['Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: …\nReceived: …'],
    failureDetails: [{ matcherResult: { pass: false, expected, actual } }],
  };
  reporter.onRunComplete(new Set(), { wasInterrupted: false, testResults: [{ testFilePath: '/repo/src/parse.test.ts', testResults: [failed] }] });
  const report = JSON.parse(await readFile(out, 'utf8'));
  assert.equal(report.records[0].status, 'failed');
  return report.records[0].assertion;
}

test('a value JSON cannot write is shown as itself, not as null or 0', async () => {
  assert.match(await assertionFor(2629800000, Number.NaN), /: expected 2629800000, received NaN$/);
  assert.match(await assertionFor(Number.POSITIVE_INFINITY, -0), /: expected Infinity, received -0$/);
  assert.match(await assertionFor(undefined, 10n), /: expected undefined, received 10n$/);
  assert.match(await assertionFor([1, Number.NaN], { a: undefined }), /: expected \[ 1, NaN \], received \{ a: undefined \}$/);
});

test('strings and plain values keep their JSON form', async () => {
  assert.match(await assertionFor(400, 200), /: expected 400, received 200$/);
  assert.match(await assertionFor('1 month', null), /: expected "1 month", received null$/);
});
