// From an empty repository to a gated regression on a task of the user's own, as a user does it with the
// CLI: `trialgate init`, then their service, their test suite as the acceptor (pytest for a Python
// service, Jest for a Node one), the reference answers and the stand-in agent's answers, `validate`,
// `run`, a prompt change, `gate`. Every file the user writes or edits is counted (written lines,
// and changed lines of an edit), and every command and file operation is a step: the figures are printed
// (docs/first-task.md quotes them) and held under a ceiling, so that the path cannot silently grow.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { structuredPatch } from 'diff';
import { main } from '../src/cli/main.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { NODE_MODULES, NO_PYTEST } from './support/suites.ts';

/** A user at work in `repo`: what they type and write, counted. */
class User {
  lines = 0;
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

  shell(...argv: string[]): void {
    this.steps++;
    assert.equal(spawnSync(argv[0]!, argv.slice(1), { cwd: this.repo }).status, 0, argv.join(' '));
  }

  async write(path: string, text: string): Promise<void> {
    this.steps++;
    this.count(path, text.trimEnd().split('\n').length);
    await mkdir(dirname(join(this.repo, path)), { recursive: true });
    await writeFile(join(this.repo, path), text);
  }

  /** An edit counts the lines it adds or changes (a removed line costs nothing to type). */
  async edit(path: string, change: (text: string) => string): Promise<void> {
    this.steps++;
    const before = await readFile(join(this.repo, path), 'utf8');
    const after = change(before);
    assert.notEqual(after, before, `the edit of ${path} changes it`);
    const patch = structuredPatch(path, path, before, after, '', '', { context: 0 });
    this.count(path, patch.hunks.flatMap((h) => h.lines).filter((l) => l.startsWith('+')).length);
    await writeFile(join(this.repo, path), after);
  }

  private count(path: string, lines: number): void {
    this.lines += lines;
    this.byFile.set(path, (this.byFile.get(path) ?? 0) + lines);
  }

  async remove(...paths: string[]): Promise<void> {
    this.steps++;
    for (const path of paths) await rm(join(this.repo, path), { recursive: true });
  }
}

const REQUIREMENTS = `# Tally: requirements
- GET /items/<name> answers 200 with {"name", "count"}; an item never added has count 0.
- POST /items/<name> with {"add": n} adds n and answers 200 with the new count.
- Only a positive whole number can be added: anything else is answered 400 and changes nothing.
`;

/** The shared path: init, the user's files (by `own`), validate, run, drop a prompt section, gate. */
async function gatedRegression(t: TestContext, own: (user: User) => Promise<void>): Promise<User> {
  const user = new User(await tempDir('trialgate-own-'));
  user.shell('git', 'init', '-q');
  assert.equal((await user.cli('init')).code, 0);
  await user.remove('fixtures/tally/service/server.mjs', 'fixtures/tally/reference/service.test.mjs', 'fixtures/tally/acceptance', 'agent/answers');
  await user.write('fixtures/tally/inputs/requirements.md', REQUIREMENTS);
  await own(user);

  const validate = await user.cli('validate', 'fixtures/tally');
  assert.equal(validate.code, 0, validate.out);
  assert.match(validate.out, /accepts-zero detected by:/);
  const base = await user.cli('run', '--trials', '2', '--out', '.trialgate/base');
  assert.equal(base.code, 0, base.out);
  await user.edit('agent/prompt.md', (text) => text.slice(0, text.indexOf('## Validation')));
  // The gate runs the head trials and the confirmation the first round asks for, as the required check does.
  const gate = await user.cli('gate', '--base', '.trialgate/base/results.json', '--trials', '2', '--out', '.trialgate/head');
  assert.equal(gate.code, 1, gate.out);
  assert.match(gate.out, /lost detection: accepts-zero/);
  t.diagnostic(`hand-written lines: ${user.lines}; steps: ${user.steps}; ${[...user.byFile].map(([f, n]) => `${f} ${n}`).join(', ')}`);
  return user;
}

describe('from an empty repository to a gated regression on your own task', () => {
  it('a Python service with a pytest suite', { skip: NO_PYTEST }, async (t) => {
    const user = await gatedRegression(t, async (user) => {
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
      await user.write('fixtures/tally/reference/test_tally.py', head + happy + validation);
      await user.write('agent/answers/test_tally.py', head);
      await user.write('agent/answers/happy-path/test_tally.py', happy);
      await user.write('agent/answers/validation/test_tally.py', validation);
      await user.edit('fixtures/tally/fixture.json', (text) =>
        text
          .replace('["node", "service/server.mjs"]', '["python3", "service/tally.py"]')
          .replace('"files": ["service/server.mjs"]', '"files": ["service/tally.py"]')
          .replace(
            '"command": "node acceptance/run.mjs"',
            '"command": "PYTHONPATH=\\"$TRIALGATE_REPORTERS\\" python3 -m pytest -p trialgate_pytest -p no:cacheprovider \\"$TRIALGATE_CANDIDATE\\""',
          ),
      );
      await user.edit(
        'fixtures/tally/task.txt',
        () =>
          'Goal: write pytest tests for the tally service, test_tally.py, in $TRIALGATE_CANDIDATE.\nThe service is at $TRIALGATE_SERVICE_URL; base every test on inputs/requirements.md.\n',
      );
    });
    assert.ok(user.lines <= 85 && user.steps <= 18, `${user.lines} lines, ${user.steps} steps`);
  });

  it('a Node service with a Jest suite', async (t) => {
    const user = await gatedRegression(t, async (user) => {
      // `npm install --save-dev jest` in the project: here, the node_modules trialgate's own tests use.
      user.steps++;
      await symlink(NODE_MODULES, join(user.repo, 'node_modules'));
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
      );
      const head = `const url = process.env.TRIALGATE_SERVICE_URL;
const add = async (name, n) => (await fetch(\`\${url}/items/\${name}\`, { method: 'POST', body: JSON.stringify({ add: n }) })).status;
const count = async (name) => (await (await fetch(\`\${url}/items/\${name}\`)).json()).count;
`;
      const happy = `
test('adding raises the tally', async () => {
  expect(await add('apples', 3)).toBe(200);
  expect(await count('apples')).toBe(3);
});
`;
      const validation = `
test('zero is refused', async () => {
  expect(await add('pears', 0)).toBe(400);
  expect(await count('pears')).toBe(0);
});
`;
      await user.write('fixtures/tally/reference/tally.test.js', head + happy + validation);
      await user.write('agent/answers/tally.test.js', head);
      await user.write('agent/answers/happy-path/tally.test.js', happy);
      await user.write('agent/answers/validation/tally.test.js', validation);
      await user.edit('fixtures/tally/fixture.json', (text) =>
        text
          .replace(
            '"command": "node acceptance/run.mjs"',
            `"command": "node ../../node_modules/jest/bin/jest.js --config '{}' --rootDir \\"$TRIALGATE_CANDIDATE\\" --reporters=\\"$TRIALGATE_REPORTERS/jest.cjs\\""`,
          )
          .replace('"reference": "reference",', '"reference": "reference",\n  "readable": ["../../node_modules"],'),
      );
      await user.edit(
        'fixtures/tally/task.txt',
        () =>
          'Goal: write Jest tests for the tally service, tally.test.js, in $TRIALGATE_CANDIDATE.\nThe service is at $TRIALGATE_SERVICE_URL; base every test on inputs/requirements.md.\n',
      );
    });
    assert.ok(user.lines <= 55 && user.steps <= 18, `${user.lines} lines, ${user.steps} steps`);
  });
});
