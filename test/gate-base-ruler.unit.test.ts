// The base runs pooled for a pull request are measured by one ruler (src/gate/base-ruler.ts): an older run's task
// measured otherwise (its acceptor settings, its task text) is left out of the pool for that task, a run whose
// trial-set-wide ruler differs is left out whole, and what is not the ruler (k, what the agent may read) pools.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { underOneRuler } from '../src/gate/base-ruler.ts';
import { buildResults } from './support/results-builder.ts';

const checks = { pass: '111' };
const run = (startedAt: string, measurement?: Record<string, string>) => ({
  dir: `/runs/${startedAt}`,
  results: {
    ...buildResults({
      startedAt,
      tasks: [
        { id: 'a.b', checks },
        { id: 'a', checks },
      ],
    }),
    ...(measurement ? { measurement } : {}),
  },
});
const ruler = {
  'agent.isolation': 'auto',
  watch: 'skills/**',
  'tasks.a.b.acceptance.settings': '{"env":{"STRICT":"1"}}',
  'tasks.a.acceptance.settings': 'none',
};

describe('the base runs pooled', () => {
  it('an older run’s task measured otherwise is left out for that task alone (a task id with dots included)', () => {
    const older = run('2025-01-01T00:00:00Z', { ...ruler, 'tasks.a.b.acceptance.settings': 'none' });
    const { bases, notes } = underOneRuler([run('2025-02-01T00:00:00Z', ruler), older]);
    assert.equal(bases.length, 2);
    const [left, kept] = bases[1]!.results.tasks;
    assert.deepEqual([left!.id, left!.trials.length, typeof left!.not_rerun], ['a.b', 0, 'string']);
    assert.deepEqual([kept!.id, kept!.trials.length, kept!.not_rerun], ['a', 3, undefined]);
    assert.match(notes.join('\n'), /1 task \(a\.b\) not pooled: measured with another ruler than the newest base run \(tasks\.a\.b\.acceptance\.settings\)/);
  });

  it('an older run measured with another trial-set-wide ruler is left out whole; k and what the agent reads pool', () => {
    const unisolated = run('2025-01-01T00:00:00Z', { ...ruler, 'agent.isolation': 'none' });
    const otherSkills = run('2025-01-02T00:00:00Z', { ...ruler, watch: 'prompts/**', trials: '5' });
    const { bases, notes } = underOneRuler([run('2025-02-01T00:00:00Z', { ...ruler, trials: '3' }), unisolated, otherSkills]);
    assert.deepEqual(
      bases.map((b) => b.dir),
      ['/runs/2025-02-01T00:00:00Z', '/runs/2025-01-02T00:00:00Z'],
    );
    assert.match(notes.join('\n'), /not pooled: it was measured with another ruler than the newest base run \(agent\.isolation\)/);
  });

  it('an older run whose trials ran with another isolation than the newest run’s is left out whole, though its record shows the same setting', () => {
    // agent.isolation: auto records `auto` either way; a runner that could not make a sandbox ran it unisolated.
    const ran = (at: string, isolation: { mechanism: 'bubblewrap' | 'none'; reason?: string }) => {
      const r = run(at, ruler);
      return { ...r, results: { ...r.results, run: { ...r.results.run, isolation } } };
    };
    const { bases, notes } = underOneRuler([
      ran('2025-02-01T00:00:00Z', { mechanism: 'bubblewrap' }),
      ran('2025-01-01T00:00:00Z', { mechanism: 'none', reason: 'bwrap: setting up uid map: Permission denied' }),
      ran('2025-01-02T00:00:00Z', { mechanism: 'bubblewrap' }),
    ]);
    assert.deepEqual(
      bases.map((b) => b.dir),
      ['/runs/2025-02-01T00:00:00Z', '/runs/2025-01-02T00:00:00Z'],
    );
    assert.match(
      notes.join('\n'),
      /\(2025-01-01T00:00:00Z\) not pooled: its trials ran unisolated \(bwrap: setting up uid map: Permission denied\), the newest base run's in bubblewrap/,
    );
  });

  it('an older run whose record does not show the ruler is not pooled for what it leaves out: no record, a field, a task', () => {
    const { 'agent.isolation': _isolation, ...withoutIsolation } = ruler;
    const { 'tasks.a.b.acceptance.settings': _settings, ...withoutTaskSettings } = ruler;
    const { bases, notes } = underOneRuler([
      run('2025-02-01T00:00:00Z', ruler),
      run('2025-01-01T00:00:00Z'),
      run('2025-01-02T00:00:00Z', withoutIsolation),
      run('2025-01-03T00:00:00Z', withoutTaskSettings),
    ]);
    assert.deepEqual(
      bases.map((b) => b.dir),
      ['/runs/2025-02-01T00:00:00Z', '/runs/2025-01-03T00:00:00Z'],
    );
    const [left, kept] = bases[1]!.results.tasks;
    assert.deepEqual([left!.id, left!.trials.length, kept!.id, kept!.trials.length], ['a.b', 0, 'a', 3]);
    assert.match(notes.join('\n'), /\(2025-01-01T00:00:00Z\) not pooled: it recorded no ruler/);
    assert.match(notes.join('\n'), /\(2025-01-02T00:00:00Z\) not pooled: it was measured with another ruler than the newest base run \(agent\.isolation\)/);
    assert.match(notes.join('\n'), /1 task \(a\.b\) not pooled: measured with another ruler than the newest base run \(tasks\.a\.b\.acceptance\.settings\)/);
  });
});

describe('where constraint:claims-backed reads a claim of success', () => {
  it('is recorded: a base run that read it from the capped log alone (no record of it) is another ruler, not pooled', async () => {
    const { loadTrialSet } = await import('../src/trial/trialset.ts');
    const { measurementOf } = await import('../src/trial/measurement.ts');
    const { ROOT } = await import('./support/fixtures.ts');
    const { join } = await import('node:path');
    const now = await measurementOf(await loadTrialSet(join(ROOT, 'trialgate.yml')));
    assert.equal(now['agent.claims_read_from'], 'all of the output');
    const { 'agent.claims_read_from': _read, ...before } = now;
    const { bases, notes } = underOneRuler([run('2025-02-01T00:00:00Z', now), run('2025-01-01T00:00:00Z', before)]);
    assert.equal(bases.length, 1);
    assert.match(notes.join('\n'), /not pooled: it was measured with another ruler than the newest base run \(agent\.claims_read_from\)/);
  });
});
