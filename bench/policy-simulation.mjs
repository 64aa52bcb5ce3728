// How often each gate policy flags one check at k = 5, for a check with no real change and for real
// drops. Exact: every (base count, head count) outcome is weighted by its binomial probability and
// decided by the policy code itself, so the figures carry no sampling noise.
// Run: node --import tsx bench/policy-simulation.mjs   → bench/results/policy-simulation.md
import { mkdir, writeFile } from 'node:fs/promises';
import { decideChecks } from '../src/compare/policies.ts';

const K = 5;

const POLICIES = [
  { title: 'strict, 1 base run', policy: { name: 'strict', alpha: 0 }, baseRuns: 1 },
  { title: 'statistical α = 0.1, 1 base run', policy: { name: 'statistical', alpha: 0.1 }, baseRuns: 1 },
  { title: 'history α = 0.01, 2 base runs', policy: { name: 'history', alpha: 0.01 }, baseRuns: 2 },
  { title: 'history α = 0.01, 6 base runs', policy: { name: 'history', alpha: 0.01 }, baseRuns: 6 },
];

const SCENARIOS = [
  { title: 'no change, 100 % reliable', base: 1, head: 1 },
  { title: 'no change, 95 % reliable', base: 0.95, head: 0.95 },
  { title: 'no change, 90 % reliable', base: 0.9, head: 0.9 },
  { title: 'no change, 80 % reliable', base: 0.8, head: 0.8 },
  { title: 'full loss 1 → 0', base: 1, head: 0 },
  { title: 'drop 1 → 0.5', base: 1, head: 0.5 },
  { title: 'drop 1 → 0.8', base: 1, head: 0.8 },
  { title: 'drop 0.9 → 0.5', base: 0.9, head: 0.5 },
];

function binomial(n, p) {
  const out = [];
  let choose = 1;
  for (let i = 0; i <= n; i++) {
    out.push(choose * p ** i * (1 - p) ** (n - i));
    choose = (choose * (n - i)) / (i + 1);
  }
  return out;
}

/** P(regressed) and P(suspect) for one policy and scenario. */
function rates({ policy, baseRuns }, { base, head }) {
  const nBase = K * baseRuns;
  const pairs = [];
  for (let sb = 0; sb <= nBase; sb++) for (let sh = 0; sh <= K; sh++) pairs.push({ base: { successes: sb, n: nBase }, head: { successes: sh, n: K } });
  // One check alone: Benjamini–Hochberg over a family of one leaves its p as it is.
  const decisions = pairs.map((pair) => decideChecks(policy, [pair])[0]);
  const wBase = binomial(nBase, base);
  const wHead = binomial(K, head);
  let regressed = 0;
  let suspect = 0;
  pairs.forEach((pair, i) => {
    const w = wBase[pair.base.successes] * wHead[pair.head.successes];
    if (decisions[i].status === 'regressed') regressed += w;
    if (decisions[i].status === 'suspect') suspect += w;
  });
  return { regressed, suspect };
}

const pct = (x) => `${(100 * x).toFixed(x < 0.01 ? 2 : 1)} %`;
const header = `| scenario (one check, k = ${K}) | ${POLICIES.map((p) => p.title).join(' | ')} |`;
const rule = `| ${['-', ...POLICIES.map(() => '-')].join(' | ')} |`;
const rows = SCENARIOS.map((s) => {
  const cells = POLICIES.map((p) => {
    const r = rates(p, s);
    return `${pct(r.regressed)} (suspect ${pct(r.suspect)})`;
  });
  return `| ${s.title} | ${cells.join(' | ')} |`;
});

const text = [
  '# Policy simulation',
  '',
  `Probability that one check is flagged **regressed** (in brackets: **suspect**, shown and rerun but not gated), for a check measured on k = ${K} head trials against base runs of ${K} trials each. Exact over every outcome, weighted by its binomial probability; the decisions are made by \`decideChecks\` in src/compare/policies.ts. "No change" rows are false alarms; "drop" rows are the power to catch a real loss.`,
  '',
  header,
  rule,
  ...rows,
  '',
  'Written by bench/policy-simulation.mjs.',
  '',
].join('\n');

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/policy-simulation.md', import.meta.url), text);
process.stdout.write(text);
