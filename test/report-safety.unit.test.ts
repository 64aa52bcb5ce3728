// Whatever a results file or a caller puts in a string, the comment neither mentions anyone, nor
// renders markdown or HTML of its own, nor loses a table row, the marker, the verdict or a regression.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { code, md, safeLine } from '../src/report/format.ts';
import { commentMarker } from '../src/report/markdown.ts';
import { commentOf } from './support/outputs.ts';
import { buildResults } from './support/results-builder.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

/** The text outside the hidden marker, code spans and <code> elements: where GitHub would render, link and mention. */
function rendered(markdown: string): string {
  return markdown
    .replace(/^<!--.*-->$/m, ' ')
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, ' ');
}

function assertInert(markdown: string): void {
  const live = rendered(markdown);
  assert.doesNotMatch(live, /(^|[^\w`])@[A-Za-z0-9]/m, 'a mention survived');
  assert.doesNotMatch(live, /<(?!details>|\/details>|summary>|\/summary>|b>|\/b>|code>|\/code>)[a-z/]/i, 'raw HTML survived');
  assert.doesNotMatch(live, /\*\*(bold|evil)|\]\(http:\/\/evil|www\.evil/, 'markdown of the input rendered');
  assert.ok(!markdown.includes('\r'), 'a carriage return survived');
}

const EVIL = {
  id: '@octocat <img src=x onerror=alert(1)>',
  check: 'constraint:@acme/security-team',
  fault: 'detect:f',
  label: '**bold** [link](http://evil.example) @someone www.evil.example\rsplit',
  rule: 'port @in use\n\n<script>',
  evidence: 'trial-001\n\n<b>out</b> `tick` @evidence',
};

function evilRuns() {
  const task = (marks: string) => ({
    id: EVIL.id,
    faults: { f: EVIL.label },
    checks: { pass: marks, [EVIL.fault]: marks, [EVIL.check]: marks },
    outcomes: marks === '11111' ? '.....' : '....e',
    envRule: EVIL.rule,
  });
  const base = buildResults({ name: '@team/set **x**', sha: '1'.repeat(40), tasks: [task('11111')] });
  const head = buildResults({
    name: '@team/set **x**',
    sha: '@evil <b>sha</b>',
    ref: 'refs/@x\r<i>y</i>',
    startedAt: '2025-02-01T00:00:00Z',
    tasks: [task('00000')],
  });
  head.tasks[0]!.trials = head.tasks[0]!.trials.map((t) => ({ ...t, evidence: EVIL.evidence }));
  return { base, head };
}

test('mentions, markdown, HTML and line breaks from every user string stay inert', () => {
  const { base, head } = evilRuns();
  const markdown = commentOf(head, compareResults([base], head, { policy: 'strict' }), {
    notes: ['Baseline from @someone <b>x</b>\r\nsecond line `@kept` in code', 'zip entry ../@org/team/**evil**'],
    evidenceUrl: 'https://example.test/a/1',
  });
  assertInert(markdown);
  assert.match(markdown, /^<!-- trialgate:@team\/set \*\*x\*\* -->\n/);
  assert.match(markdown, /❌ \*\*\d+ regressions?\*\*/);
  // The regression row is one line: the carriage return in the label did not split it.
  const row = markdown.split('\n').find((l) => l.startsWith('| `@octocat') && l.includes('lost detection'));
  assert.ok(row, 'regression row missing');
  assert.equal(row!.split(/(?<!\\)\|/).length - 2, 5, row);
});

test('md, code and safeLine: quiet text stays itself, anything else is a code span that holds it', () => {
  assert.equal(md('inventory-reserve'), 'inventory-reserve');
  assert.equal(md('duplicate request reserves twice (idempotency)'), 'duplicate request reserves twice (idempotency)');
  assert.equal(md('@octo'), '`@octo`');
  assert.equal(md('a `b` c'), '``a `b` c``');
  assert.equal(md('`x`'), '`` `x` ``');
  assert.equal(md('two\n\nlines'), 'two lines');
  assert.equal(code(''), '');
  assert.equal(safeLine('see `@kept` and @me <b>'), 'see `@kept` and `@me` &lt;b&gt;');
  const env = { server: process.env.GITHUB_SERVER_URL, repository: process.env.GITHUB_REPOSITORY };
  process.env.GITHUB_SERVER_URL = 'https://x.test';
  process.env.GITHUB_REPOSITORY = 'acme/shop';
  try {
    assert.equal(
      safeLine('run [abc1234](https://x.test/acme/shop/actions/runs/1) stays, [x](http://e.test) does not'),
      'run [abc1234](https://x.test/acme/shop/actions/runs/1) stays, \\[x\\](`http://e.test)` does not',
    );
    assert.equal(
      safeLine('shards [2/8](https://x.test/acme/shop/a/9) stay, [2/x](https://e.test) does not'),
      'shards [2/8](https://x.test/acme/shop/a/9) stay, \\[2/x\\](`https://e.test)` does not',
    );
    // A results file's text dressed as a commit link, pointing out of the repository, is inert.
    assert.equal(
      safeLine('integrity failed (see [1234567](https://evil.example/phish) and [1/2](https://x.test/other/repo/x))'),
      'integrity failed (see \\[1234567\\](`https://evil.example/phish)` and \\[1/2\\](`https://x.test/other/repo/x))`',
    );
    delete process.env.GITHUB_REPOSITORY;
    assert.doesNotMatch(safeLine('[abc1234](https://x.test/acme/shop/actions/runs/1)'), /^\[abc1234\]\(/, 'outside GitHub Actions no link is trusted');
  } finally {
    for (const [key, value] of [
      ['GITHUB_SERVER_URL', env.server],
      ['GITHUB_REPOSITORY', env.repository],
    ] as const)
      value === undefined ? delete process.env[key] : (process.env[key] = value);
  }
});

test('a 70,000-character trial-set name is bounded; the marker and verdict stay first and whole', () => {
  const name = `set-${'x'.repeat(70_000)}`;
  const base = buildResults({ name, tasks: [{ id: 't', checks: { pass: '11111' } }] });
  const head = buildResults({ name, startedAt: '2025-02-01T00:00:00Z', tasks: [{ id: 't', checks: { pass: '11111' } }] });
  const marker = commentMarker(name);
  assert.ok(marker.length < 140, String(marker.length));
  assert.notEqual(marker, commentMarker(`${name}y`), 'two long names keep two markers');
  const markdown = commentOf(head, compareResults([base], head, FIXED_K), { maxChars: 2_000 });
  assert.ok(markdown.startsWith(`${marker}\n\n✅ **no regressions**`));
  assert.ok(markdown.length <= 2_000);
});

test('1,500 regressions: each is named before anything else is cut; the marker and the verdict stay', () => {
  const ids = Array.from({ length: 1500 }, (_, i) => `task-${String(i).padStart(4, '0')}`);
  const base = buildResults({ tasks: ids.map((id) => ({ id, checks: { pass: '11111' } })) });
  const head = buildResults({ startedAt: '2025-02-01T00:00:00Z', tasks: ids.map((id) => ({ id, checks: { pass: '11110' } })) });
  const c = compareResults([base], head, { policy: 'strict' });
  assert.equal(c.regressions, 1500);
  const markdown = commentOf(head, c, { fullReportUrl: 'https://example.test/full' });
  assert.ok(markdown.length <= 65_000, String(markdown.length));
  assert.ok(markdown.startsWith('<!-- trialgate:inventory-agent -->\n\n❌ **1,500 regressions**'));
  for (const id of ids) assert.ok(markdown.includes(`- ${id}: pass`), id);
  assert.match(markdown, /Every regression is named; their table of 1,500 rows did not fit/);
  // When even the names cannot all fit, the notice says so and the verdict still counts them all.
  const tight = commentOf(head, c, { maxChars: 5_000 });
  assert.ok(tight.length <= 5_000);
  assert.match(tight, /^<!-- trialgate:inventory-agent -->\n\n❌ \*\*1,500 regressions\*\*/);
  assert.match(tight, /Not every regression could be named: the count in the verdict line is complete/);
});
