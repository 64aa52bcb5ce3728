import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judge } from '../src/judge/judge.ts';
import type { Report, ReportRecord } from '../src/schemas/report.ts';

const faults = {
  'double-reserve': { label: 'duplicate request reserves twice (idempotency)', branches: ['reserve.replayed'] },
};
const hashes = { candidate_sha256: 'c', variant_sha256: 'v', fixture_sha256: 'f' };

function record(test: string, status: ReportRecord['status'], branches: string[] = [], assertion?: string): ReportRecord {
  return { test, status, branches, ...(assertion ? { assertion } : {}) };
}

function report(fault: string, records: ReportRecord[], extra: Partial<Report> = {}): Report {
  return {
    fault,
    planned: records.length,
    executed: records.length,
    complete: true,
    blocked: false,
    records,
    ...hashes,
    started_at: '2026-11-30T00:00:00Z',
    ...extra,
  };
}

const verdictOf = (r: Report, expected = hashes) => judge(r, { faults, expected, coverage: true });

describe('judge (docs/report-format.md, in order)', () => {
  it('unverified when a hash does not match the trial, before anything else', () => {
    const j = verdictOf(report('none', [record('a', 'passed')], { candidate_sha256: 'other' }));
    assert.equal(j.verdict, 'unverified');
    assert.match(j.reason, /candidate_sha256/);
  });

  it('incomplete: planned <= 0, not complete, blocked, executed != planned, records != executed, duplicate ids', () => {
    const ok = [record('a', 'passed'), record('b', 'passed')];
    assert.equal(verdictOf(report('none', [], { planned: 0 })).verdict, 'incomplete');
    assert.equal(verdictOf(report('none', ok, { complete: false })).verdict, 'incomplete');
    assert.equal(verdictOf(report('none', ok, { blocked: true })).verdict, 'incomplete');
    assert.equal(verdictOf(report('none', ok, { planned: 3 })).verdict, 'incomplete');
    assert.equal(verdictOf(report('none', ok, { executed: 3, planned: 3 })).verdict, 'incomplete');
    const dup = verdictOf(report('none', [record('a', 'passed'), record('a', 'passed')]));
    assert.equal(dup.verdict, 'incomplete');
    assert.match(dup.reason, /twice/);
  });

  it('execution_error_or_skip for any error or skipped record, even on a fault (never a detection)', () => {
    const j = verdictOf(report('double-reserve', [record('a', 'failed', ['reserve.replayed']), record('b', 'error')]));
    assert.equal(j.verdict, 'execution_error_or_skip');
    assert.deepEqual(j.detected_by, []);
    assert.equal(verdictOf(report('none', [record('a', 'skipped')])).verdict, 'execution_error_or_skip');
  });

  it('baseline_pass and baseline_fail on the correct service', () => {
    assert.equal(verdictOf(report('none', [record('a', 'passed')])).verdict, 'baseline_pass');
    const j = verdictOf(report('none', [record('a', 'passed'), record('b', 'failed', [], 'step 1: status == 200')]));
    assert.equal(j.verdict, 'baseline_fail');
    assert.match(j.reason, /step 1: status == 200/);
  });

  it('defect_detected lists the failures that reached the fault branch; several failures are one detection', () => {
    const j = verdictOf(
      report('double-reserve', [
        record('S6', 'failed', ['reserve.created', 'reserve.replayed'], 'step 3: $.available == 7'),
        record('S7', 'failed', ['reserve.created'], 'step 2: status == 409'),
        record('S1', 'passed', ['item.read']),
      ]),
    );
    assert.equal(j.verdict, 'defect_detected');
    assert.deepEqual(j.detected_by, ['S6']);
  });

  it('defect_detected_unattributed when no failure reached the fault branch', () => {
    const j = verdictOf(report('double-reserve', [record('S1', 'failed', ['item.read'], 'step 1: status == 200')]));
    assert.equal(j.verdict, 'defect_detected_unattributed');
    assert.deepEqual(j.detected_by, []);
  });

  it('defect_missed when every record passed on a fault', () => {
    assert.equal(verdictOf(report('double-reserve', [record('a', 'passed')])).verdict, 'defect_missed');
  });

  it('unknown_fault for a fault the fixture does not know', () => {
    assert.equal(verdictOf(report('gremlins', [record('a', 'failed')])).verdict, 'unknown_fault');
  });

  it('checks no hashes for a standalone report', () => {
    const j = judge(report('none', [record('a', 'passed')], { candidate_sha256: 'x' }), { faults, coverage: true });
    assert.equal(j.verdict, 'baseline_pass');
  });

  it('without coverage any assertion failure on a fault is a detection, marked as not attributed', () => {
    const j = judge(report('double-reserve', [record('a', 'passed'), record('b', 'failed')]), { faults, coverage: false });
    assert.equal(j.verdict, 'defect_detected');
    assert.equal(j.attributed, false);
    assert.deepEqual(j.detected_by, ['b']);
    assert.match(j.reason, /no coverage: not attributed/);
    const errored = judge(report('double-reserve', [record('a', 'error')]), { faults, coverage: false });
    assert.equal(errored.verdict, 'execution_error_or_skip', 'an execution error is never a detection, with or without coverage');
  });
});
