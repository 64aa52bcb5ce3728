// A tools agent cannot learn the boundary it faces: it looks where a real agent could (its environment,
// $TRIALGATE_CANDIDATE and the paths around it, the trial directory, what earlier runs left, every
// process's command line and environment, its mounts, the kernel's socket tables), and every
// run of a trial sees the same things, none naming a boundary. The runs come in an order no seed predicts.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { BOUNDARIES } from '../src/kinds/tools/boundaries.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { writeToolsTrialSet } from './support/tools.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory (that is what it demonstrates); these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-tools-blind-'));

/** Writes what it could see to candidate/seen.json, and claims nothing it could back. */
const SNOOP = `import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const trial = process.env.TRIALGATE_TRIAL_DIR;
const listing = [];
function walk(dir, rel) {
  let entries = [];
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = rel ? rel + '/' + e.name : e.name;
    listing.push(path);
    if (e.isDirectory()) walk(join(dir, e.name), path);
  }
}
walk(trial, '');
const parent = readdirSync(join(process.env.TRIALGATE_CANDIDATE, '..')).sort();
const files = {};
for (const path of listing) {
  if (path.startsWith('inputs/')) continue;
  try { if (statSync(join(trial, path)).isFile()) files[path] = readFileSync(join(trial, path), 'utf8'); } catch {}
}
// Random per run by design (the proxy, its token, the goal channel and its directory): left out.
const { TRIALGATE_TOOL_URL, TRIALGATE_TOOL_TOKEN, TRIALGATE_GOAL, ...env } = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('TRIALGATE_')));
const seen = { env, candidate: process.env.TRIALGATE_CANDIDATE, parent, listing, files, goal: readFileSync(TRIALGATE_GOAL, 'utf8'), tmp: readdirSync('/tmp').filter((n) => n !== dirname(TRIALGATE_GOAL).split('/').pop()), home: readdirSync(process.env.HOME ?? '/tmp') };
writeFileSync(join(process.env.TRIALGATE_CANDIDATE, 'seen.json'), JSON.stringify(seen));
// What differs between runs by design (ports, random directories), read for names only: every process's
// command line and environment (the sandbox's init and the proxy's relay among them), the mounts, the
// kernel's socket tables.
const proc = [];
for (const pid of readdirSync('/proc').filter((p) => /^\\d+$/.test(p)))
  for (const f of ['cmdline', 'environ', 'mountinfo']) try { proc.push(readFileSync('/proc/' + pid + '/' + f, 'utf8')); } catch {}
for (const f of ['/proc/net/unix', '/proc/net/tcp', '/proc/net/tcp6']) try { proc.push(readFileSync(f, 'utf8')); } catch {}
writeFileSync(join(process.env.TRIALGATE_CANDIDATE, 'proc.txt'), proc.join('\\n'));
`;

describe('a tools agent never learns its boundary', () => {
  it('every boundary run sees the same environment, paths and files, none naming a boundary, in a random order', { skip: NO_ISOLATION }, async () => {
    const config = await writeToolsTrialSet({ trials: 2 });
    await writeFile(join(dirname(config), 'snoop.mjs'), SNOOP);
    const yaml = (await readFile(config, 'utf8'))
      .replace(/command: .*/, 'command: node "$TRIALGATE_PROJECT/snoop.mjs"')
      .replace(/files:\n(\s+)- (.*)/, 'files:\n$1- $2\n$1- snoop.mjs');
    await writeFile(config, yaml);
    const { results, runDir } = await runTrialSet({ configPath: config, outDir: await tempDir('trialgate-blind-'), isolation: 'required' });
    const variants = ['none', ...BOUNDARIES];
    const orders: string[][] = [];
    for (const trial of results.tasks[0]!.trials) {
      assert.equal(trial.env_error, undefined, trial.layers.trajectory.notes.join('\n'));
      const dir = join(runDir, trial.evidence);
      const seen = await Promise.all(variants.map(async (v) => JSON.parse(await readFile(join(dir, 'candidate', v, 'seen.json'), 'utf8'))));
      for (const [i, s] of seen.entries()) {
        assert.equal(s.candidate, join(dir, 'candidate'), `${variants[i]}: TRIALGATE_CANDIDATE is candidate/ itself`);
        const text = JSON.stringify(s);
        for (const boundary of BOUNDARIES) assert.ok(!text.includes(boundary), `${variants[i]} saw "${boundary}": ${text.slice(0, 400)}`);
        const proc = await readFile(join(dir, 'candidate', variants[i]!, 'proc.txt'), 'utf8');
        assert.match(proc, /trialgate relay/, `${variants[i]}: the probe read the relay's command line`);
        for (const boundary of BOUNDARIES) assert.ok(!proc.includes(boundary), `${variants[i]} saw "${boundary}" in /proc`);
        assert.deepEqual(s, seen[0], `${variants[i]} saw what the run without faults saw`);
      }
      orders.push(trial.layers.trajectory.notes.filter((n) => /^[a-z-]+: \d+ tool calls/.test(n)).map((n) => n.slice(0, n.indexOf(':'))));
    }
    for (const order of orders) assert.deepEqual([...order].sort(), [...variants].sort(), 'every boundary ran once');
    assert.ok(
      orders.some((order) => order.join() !== variants.join()),
      `the runs are not in the declared order (one in 8! orders each: ${orders.map((o) => o.join(' ')).join(' | ')})`,
    );
  });
});
