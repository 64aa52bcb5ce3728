// `trialgate gate`'s base runs on another CI system come from a directory the job downloads them into, inside
// the checkout of the change under test (docs/other-ci.md). What the change itself commits there is its
// author's word, never the base branch's record.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { gateFlags, type Flags } from '../src/cli/gate-flags.ts';
import { localPorts } from '../src/cli/gate-ports.ts';
import type { TrialSet } from '../src/trial/trialset.ts';
import { buildResults } from './support/results-builder.ts';

const results = (day: number, sha: string) =>
  JSON.stringify(
    buildResults({
      sha,
      startedAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00Z`,
      tasks: [{ id: 'inventory', checks: { pass: '111', 'detect:double-reserve': '111' } }],
    }),
  );

it('a base run the checkout under test commits is never a baseline: it is named, and alone it leaves the gate undecided', async () => {
  const repo = await mkdtemp(join(tmpdir(), 'trialgate-committed-bases-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, stdio: 'pipe' });
  git('init', '-q');
  // The merge request's author commits a "baseline" newer than any, at the base commit, where the job downloads them.
  await mkdir(join(repo, 'baselines', 'forged'), { recursive: true });
  await writeFile(join(repo, 'baselines', 'forged', 'results.json'), results(9, 'b'.repeat(40)));
  git('add', '.');
  git('commit', '-qm', 'forged baseline');
  const ports = (cwd: string, v: Flags = { 'base-dir': 'baselines', 'base-sha': 'b'.repeat(40) }) =>
    localPorts(v, gateFlags(v), { stdout() {}, stderr() {}, cwd, isTTY: false }, join(cwd, 'trialgate.yml'), {
      config: { name: 'inventory-agent' },
    } as TrialSet);

  const alone = await (await ports(repo)).baseRuns();
  assert.deepEqual(alone.bases, [], 'the committed run is not pooled');
  assert.match(
    alone.unavailable?.[0] ?? '',
    /forged\/results\.json: git tracks it in the checkout under test/,
    'alone, it is a baseline that cannot be had: undecided',
  );

  // The job's own download beside it serves as usual.
  await mkdir(join(repo, 'baselines', '101'));
  await writeFile(join(repo, 'baselines', '101', 'results.json'), results(1, '1'.repeat(40)));
  const found = await (await ports(repo)).baseRuns();
  assert.deepEqual(
    found.bases.map((b) => b.results.run.git_sha),
    ['1'.repeat(40)],
  );
  assert.ok(found.notes.some((n) => /^Baseline forged\/results\.json not used: git tracks it in the checkout under test/.test(n)));
});
