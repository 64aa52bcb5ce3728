// Runs every benchmark in turn (by hand: they take minutes and want a quiet machine).
// Each writes its figures to bench/results/<name>.md. throughput, demo-startup, action-startup and shards
// measure dist/: they need a fresh `npm run build`. agents runs the pinned agent CLIs (npm ci installs them).
// outages, fault-matrix and oversubscribed run for minutes to tens of minutes at their defaults (their headers say how to run fewer).
// agent-concurrency and pr-cost bundle the CLI themselves (under .trialgate/), the first also main's for comparison.
import { spawnSync } from 'node:child_process';

const benches = [
  'throughput.ts',
  'demo-startup.ts',
  'action-startup.ts',
  'shards.ts',
  'trial-overhead.ts',
  'isolation-cost.ts',
  'listener-cost.ts',
  'agent-wait-read.ts',
  'agent-wait-cadence.ts',
  'compare-speed.ts',
  'policy-simulation.ts',
  'blind-judge-items.ts',
  'html-report.ts',
  'judge-cost.ts',
  'reset-check.ts',
  'agents.ts',
  'agent-concurrency.ts',
  'pr-cost.ts',
  'outages.ts',
  'fault-matrix.ts',
  'oversubscribed.ts',
];
const only = process.argv.slice(2);
for (const bench of benches.filter((b) => only.length === 0 || only.some((o) => b.startsWith(o)))) {
  console.log(`\n== bench/${bench}`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${bench}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
