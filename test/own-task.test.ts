// From an empty repository to a gated regression on a task of the user's own, as a user does it with the
// CLI: `trialgate init`, then their service, their test suite as the acceptor (pytest for a Python
// service, node:test for a Node one), the reference answers and the stand-in agent's answers (the same
// tests with a section marker around each test), `validate`, `run`, a prompt change, `gate`. Every file the
// user writes or edits is counted (written lines, and changed lines of an edit), split into what is
// their own (service, tests, prompt), a copy of it, and what is trialgate's; every command and file
// operation is a step. The figures are printed (docs/first-task.md quotes them) and held under a ceiling,
// so that the path cannot silently grow.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { structuredPatch } from 'diff';
import { main } from '../src/cli/main.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { NO_PYTEST } from './support/suites.ts';

/** A user at work in `repo`: what they type and write, counted. */
/** What a written line is: the user's own work (service, tests, prompt), a copy of it, or trialgate's. */
type Kind = 'theirs' | 'copy' | 'trialgate';

class User {
  readonly lines: Record<Kind, number> = { theirs: 0, copy: 0, trialgate: 0 };
  steps = 0;
  /** Lines per file written or edited, for the breakdown printed with the figures. */
  readonly byFile = new Map<string, number>();
  constructor(readonly repo: string) {}

  async cli(...argv: string[]): Promise<{ code: number; out: string }> {
    this.steps++;
    const io = captureIo(this.repo);
    const code = await main([...argv, ...((argv[0] === 'run' || argv[0] === 'gate') && NO_ISOLATION ? ['--isolation', 'auto'] : [])], io);
    return { code, out: io.out + io.err };
  }

  /** Write a file; lines that are section markers are trialgate's, the others `kind`. */
  async write(path: string, text: string, kind: Kind): Promise<void> {
    this.steps++;
    const lines = text.trimEnd().split('\n');
    const markers = lines.filter((l) => /^\s*(#|\/\/) @(section|end)\b/.test(l)).length;
    this.count(path, 'trialgate', markers);
    this.count(path, kind, lines.length - markers);
    await mkdir(dirname(join(this.repo, path)), { recursive: true });
    await writeFile(join(this.repo, path), text);
  }

  /** An edit counts the lines it adds or changes (a removed line costs nothing to type). */
  async edit(path: string, kind: Kind, change: (text: string) => string): Promise<void> {
    this.steps++;
    const before = await readFile(join(this.repo, path), 'utf8');
    const after = change(before);
    assert.notEqual(after, before, `the edit of ${path} changes it`);
    const patch = structuredPatch(path, path, before, after, '', '', { context: 0 });
    this.count(path, kind, patch.hunks.flatMap((h) => h.lines).filter((l) => l.startsWith('+')).length);
    await writeFile(join(this.repo, path), after);
  }

  private count(path: string, kind: Kind, lines: number): void {
    if (!lines) return;
    this.lines[kind] += lines;
    this.byFile.set(`${path} (${kind})`, (this.byFile.get(`${path} (${kind})`) ?? 0) + lines);
  }
}

const REQUIREMENTS = `# Tally: requirements
- GET /items/<name> answers 200 with {"name", "count"}; an item never added has count 0.
- POST /items/<name> with {"add": n} adds n and answers 200 with the new count.
- Only a positive whole number can be added: anything else is answered 400 and changes nothing.
`;

/** Each test of `tests` (split at blank lines before a test) inside the markers of its prompt section. */
function marked(head: string, sections: [string, string][], comment: string): string {
  return head + sections.map(([section, test]) => `\n${comment} @section ${section}${test.trimEnd()}\n${comment} @end\n`).join('');
}

/**
 * The shared path, from an empty git repository: init in the language, the user's service and tests written
 * over the starter's (by `own`), the stand-in's answers (the tests again, each inside its section's markers),
 * the requirements and the task, validate, run, drop a prompt section, gate.
 */
async function gatedRegression(t: TestContext, lang: string, own: (user: User) => Promise<void>): Promise<User> {
  const user = new User(await tempDir('trialgate-own-'));
  spawnSync('git', ['init', '-q'], { cwd: user.repo });
  assert.equal((await user.cli('init', '--lang', lang)).code, 0);
  await own(user);
  await user.write('fixtures/tally/inputs/requirements.md', REQUIREMENTS, 'trialgate');

  const validate = await user.cli('validate', 'fixtures/tally');
  assert.equal(validate.code, 0, validate.out);
  assert.match(validate.out, /accepts-zero detected by:/);
  const base = await user.cli('run', '--trials', '1', '--out', '.trialgate/base');
  assert.equal(base.code, 0, base.out);
  await user.edit('agent/prompt.md', 'theirs', (text) => text.slice(0, text.indexOf('## Validation')));
  // The gate at k = 1 against one base run, where familywise could flag nothing: the user's deterministic
  // suite is gated strictly, by their own choice (the default would call the drop undecided).
  const gate = await user.cli('gate', '--base', '.trialgate/base/results.json', '--trials', '1', '--policy', 'strict', '--out', '.trialgate/head');
  assert.equal(gate.code, 1, gate.out);
  assert.match(gate.out, /lost detection: accepts-zero/);
  const { theirs, copy, trialgate } = user.lines;
  t.diagnostic(
    `lines: ${theirs} theirs (service, tests, prompt), ${copy} copied, ${trialgate} trialgate's own; steps: ${user.steps}; ${[...user.byFile].map(([f, n]) => `${f} ${n}`).join(', ')}`,
  );
  return user;
}

describe('from an empty repository to a gated regression on your own task', () => {
  it('a Python service with a pytest suite', { skip: NO_PYTEST }, async (t) => {
    const user = await gatedRegression(t, 'python', async (user) => {
      await user.write(
        'fixtures/tally/service/tally.py',
        `import json, os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FAULT = os.environ.get("TALLY_FAULT", "none")
counts = {}

class Tally(BaseHTTPRequestHandler):
    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/health":
            return self.answer(200, {"ok": True})
        name = self.path.removeprefix("/items/")
        self.answer(200, {"name": name, "count": counts.get(name, 0)})

    def do_POST(self):
        name = self.path.removeprefix("/items/")
        add = json.loads(self.rfile.read(int(self.headers["content-length"]))).get("add")
        if not (isinstance(add, int) and (add > 0 or FAULT == "accepts-zero")):
            return self.answer(400, {"error": "invalid_count"})
        counts[name] = counts.get(name, 0) + add
        self.answer(200, {"name": name, "count": counts[name]})

ThreadingHTTPServer(("127.0.0.1", int(os.environ["PORT"])), Tally).serve_forever()
`,
        'theirs',
      );
      const head = `import json, os, urllib.error, urllib.request

URL = os.environ["TRIALGATE_SERVICE_URL"]

def add(name, n):
    request = urllib.request.Request(f"{URL}/items/{name}", data=json.dumps({"add": n}).encode(), method="POST")
    try:
        return urllib.request.urlopen(request).status
    except urllib.error.HTTPError as e:
        return e.code

def count(name):
    return json.load(urllib.request.urlopen(f"{URL}/items/{name}"))["count"]
`;
      const happy = `
def test_adding_raises_the_tally():
    assert add("apples", 3) == 200
    assert count("apples") == 3
`;
      const validation = `
def test_zero_is_refused():
    assert add("pears", 0) == 400
    assert count("pears") == 0
`;
      await user.write('fixtures/tally/reference/test_tally.py', head + happy + validation, 'theirs');
      await user.write(
        'agent/answers/test_tally.py',
        marked(
          head,
          [
            ['happy-path', happy],
            ['validation', validation],
          ],
          '#',
        ),
        'copy',
      );
      await user.edit(
        'fixtures/tally/task.txt',
        'trialgate',
        () =>
          'Goal: write pytest tests for the tally service, test_tally.py, in $TRIALGATE_CANDIDATE.\nThe service is at $TRIALGATE_SERVICE_URL; base every test on inputs/requirements.md.\n',
      );
    });
    assert.ok(user.lines.trialgate <= 12 && user.steps <= 10, `${JSON.stringify(user.lines)}, ${user.steps} steps`);
  });

  it('a Node service with a node:test suite', async (t) => {
    const user = await gatedRegression(t, 'node', async (user) => {
      await user.write(
        'fixtures/tally/service/server.mjs',
        `import { createServer } from 'node:http';

const fault = process.env.TALLY_FAULT ?? 'none';
const counts = new Map();
const answer = (res, status, body) => res.writeHead(status).end(JSON.stringify(body));

createServer(async (req, res) => {
  if (req.url === '/health') return answer(res, 200, { ok: true });
  const name = req.url.replace('/items/', '');
  if (req.method === 'GET') return answer(res, 200, { name, count: counts.get(name) ?? 0 });
  let text = '';
  for await (const chunk of req) text += chunk;
  const add = JSON.parse(text).add;
  if (!(Number.isInteger(add) && (add > 0 || fault === 'accepts-zero'))) return answer(res, 400, { error: 'invalid_count' });
  counts.set(name, (counts.get(name) ?? 0) + add);
  answer(res, 200, { name, count: counts.get(name) });
}).listen(Number(process.env.PORT), '127.0.0.1');
`,
        'theirs',
      );
      const head = `import assert from 'node:assert/strict';
import { test } from 'node:test';

const url = process.env.TRIALGATE_SERVICE_URL;
const add = async (name, n) => (await fetch(\`\${url}/items/\${name}\`, { method: 'POST', body: JSON.stringify({ add: n }) })).status;
const count = async (name) => (await (await fetch(\`\${url}/items/\${name}\`)).json()).count;
`;
      const happy = `
test('adding raises the tally', async () => {
  assert.equal(await add('apples', 3), 200);
  assert.equal(await count('apples'), 3);
});
`;
      const validation = `
test('zero is refused', async () => {
  assert.equal(await add('pears', 0), 400);
  assert.equal(await count('pears'), 0);
});
`;
      await user.write('fixtures/tally/reference/tally.test.mjs', head + happy + validation, 'theirs');
      await user.write(
        'agent/answers/tally.test.mjs',
        marked(
          head,
          [
            ['happy-path', happy],
            ['validation', validation],
          ],
          '//',
        ),
        'copy',
      );
      await user.edit(
        'fixtures/tally/task.txt',
        'trialgate',
        () =>
          'Goal: write node:test tests for the tally service, tally.test.mjs, in $TRIALGATE_CANDIDATE.\nThe service is at $TRIALGATE_SERVICE_URL; base every test on inputs/requirements.md.\n',
      );
    });
    assert.ok(user.lines.trialgate <= 12 && user.steps <= 10, `${JSON.stringify(user.lines)}, ${user.steps} steps`);
  });
});
