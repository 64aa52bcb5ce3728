// Fixtures whose acceptor is a real test suite of a real framework (pytest, Jest, Vitest, node:test,
// JUnit 5), against a tally service in Python or Node with two defects: `accepts-zero` breaks a rule
// (an assertion must catch it) and `drops-writes` hangs up on every write (the tests crash on a reset
// connection: an execution error, which must never count as a detection).
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, tempDir } from './fixtures.ts';

export const NODE_MODULES = join(ROOT, 'node_modules');

/**
 * Why the pytest suites are skipped, if they are: an isolated acceptor's python3 is the system's, an
 * unisolated one's the first on PATH (a pyenv, say), and both must import pytest (.ci/run installs
 * python3-pytest).
 */
export const NO_PYTEST = ['/usr/bin/python3', 'python3'].every((python) => spawnSync(python, ['-m', 'pytest', '--version']).status === 0)
  ? undefined
  : 'pytest is not importable by /usr/bin/python3 and the python3 on PATH (apt-get install python3-pytest)';

export const PY_SERVICE = `# The tally service: PORT to listen on, TALLY_FAULT selects a defect.
import json, os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FAULT = os.environ.get("TALLY_FAULT", "none")
counts = {}

class Tally(BaseHTTPRequestHandler):
    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/health":
            return self.answer(200, {"ok": True})
        name = self.path.removeprefix("/items/")
        self.answer(200, {"name": name, "count": counts.get(name, 0)})

    def do_POST(self):
        if FAULT == "drops-writes":
            self.close_connection = True
            return self.connection.close()
        name = self.path.removeprefix("/items/")
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        add = body.get("add")
        ok = isinstance(add, int) and (add > 0 or FAULT == "accepts-zero")
        if not ok:
            return self.answer(400, {"error": "invalid_count"})
        counts[name] = counts.get(name, 0) + add
        self.answer(200, {"name": name, "count": counts[name]})

    def log_message(self, *args):
        pass

ThreadingHTTPServer(("127.0.0.1", int(os.environ["PORT"])), Tally).serve_forever()
`;

export const NODE_SERVICE = `// The tally service: PORT to listen on, TALLY_FAULT selects a defect.
import { createServer } from 'node:http';

const fault = process.env.TALLY_FAULT ?? 'none';
const counts = new Map();
const answer = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

createServer(async (req, res) => {
  if (req.url === '/health') return answer(res, 200, { ok: true });
  const name = req.url.replace('/items/', '');
  if (req.method === 'GET') return answer(res, 200, { name, count: counts.get(name) ?? 0 });
  if (fault === 'drops-writes') return req.socket.destroy();
  let text = '';
  for await (const chunk of req) text += chunk;
  const add = JSON.parse(text).add;
  if (!(Number.isInteger(add) && (add > 0 || fault === 'accepts-zero'))) return answer(res, 400, { error: 'invalid_count' });
  counts.set(name, (counts.get(name) ?? 0) + add);
  answer(res, 200, { name, count: counts.get(name) });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export const PYTEST_SUITE = `import json, os, urllib.error, urllib.request

URL = os.environ["TRIALGATE_SERVICE_URL"]

def add(name, n):
    request = urllib.request.Request(f"{URL}/items/{name}", data=json.dumps({"add": n}).encode(), method="POST")
    try:
        return urllib.request.urlopen(request).status
    except urllib.error.HTTPError as e:
        return e.code

def count(name):
    return json.load(urllib.request.urlopen(f"{URL}/items/{name}"))["count"]

def test_adding_raises_the_tally():
    assert add("apples", 3) == 200
    assert count("apples") == 3

def test_zero_is_refused():
    assert add("pears", 0) == 400
    assert count("pears") == 0
`;

/** The same two tests for a JavaScript framework: `prelude` imports its test functions, `check(a, b)` asserts a equals b. */
const jsSuite = (prelude: string, check: (actual: string, expected: string) => string) => `${prelude}
const url = process.env.TRIALGATE_SERVICE_URL;
const add = async (name, n) => (await fetch(\`\${url}/items/\${name}\`, { method: 'POST', body: JSON.stringify({ add: n }) })).status;
const count = async (name) => (await (await fetch(\`\${url}/items/\${name}\`)).json()).count;

test('adding raises the tally', async () => {
  ${check("await add('apples', 3)", '200')};
  ${check("await count('apples')", '3')};
});

test('zero is refused', async () => {
  ${check("await add('pears', 0)", '400')};
  ${check("await count('pears')", '0')};
});
`;

export const JEST_SUITE = jsSuite('', (a, b) => `expect(${a}).toBe(${b})`);
export const VITEST_SUITE = jsSuite("import { expect, test } from 'vitest';", (a, b) => `expect(${a}).toBe(${b})`);
export const NODE_TEST_SUITE = jsSuite("import assert from 'node:assert/strict';\nimport { test } from 'node:test';", (a, b) => `assert.equal(${a}, ${b})`);

export const JUNIT5_SUITE = `import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class TallyTest {
  static final String URL = System.getenv("TRIALGATE_SERVICE_URL");
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static int add(String name, int n) throws Exception {
    var request = HttpRequest.newBuilder(URI.create(URL + "/items/" + name)).POST(HttpRequest.BodyPublishers.ofString("{\\"add\\": " + n + "}")).build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
  }

  static String count(String name) throws Exception {
    var body = HTTP.send(HttpRequest.newBuilder(URI.create(URL + "/items/" + name)).build(), HttpResponse.BodyHandlers.ofString()).body();
    return body.replaceAll(".*\\"count\\": ?(\\\\d+).*", "$1");
  }

  @Test void addingRaisesTheTally() throws Exception {
    assertEquals(200, add("apples", 3));
    assertEquals("3", count("apples"));
  }

  @Test void zeroIsRefused() throws Exception {
    assertEquals(400, add("pears", 0));
    assertEquals("0", count("pears"));
  }
}
`;

export interface SuiteFixture {
  /** The service: Python or Node. */
  service: 'python' | 'node';
  /** The reference answers: file name → text. */
  reference: Record<string, string>;
  acceptance: Record<string, unknown>;
  readable?: string[];
  /** Defects beside accepts-zero (default: drops-writes too). */
  faults?: Record<string, { label: string }>;
}

export const TALLY_FAULTS = {
  'accepts-zero': { label: 'adds zero (validation)' },
  'drops-writes': { label: 'hangs up on every write' },
};

/** A fixture directory with the tally service, the reference suite and the given acceptance. */
export async function suiteFixture(spec: SuiteFixture): Promise<string> {
  const dir = join(await tempDir('trialgate-suite-'), 'tally');
  await mkdir(join(dir, 'service'), { recursive: true });
  await mkdir(join(dir, 'reference'), { recursive: true });
  await mkdir(join(dir, 'inputs'), { recursive: true });
  const serviceFile = spec.service === 'python' ? 'service/tally.py' : 'service/server.mjs';
  await writeFile(join(dir, serviceFile), spec.service === 'python' ? PY_SERVICE : NODE_SERVICE);
  for (const [name, text] of Object.entries(spec.reference)) await writeFile(join(dir, 'reference', name), text);
  await writeFile(join(dir, 'inputs', 'requirements.md'), 'Only a positive whole number can be added; anything else is answered 400.\n');
  await writeFile(join(dir, 'task.txt'), 'Write tests for the tally service.\n');
  const manifest = {
    version: 1,
    id: 'tally',
    title: 'Tally',
    service: { command: spec.service === 'python' ? ['python3', serviceFile] : ['node', serviceFile], faultEnv: 'TALLY_FAULT', files: [serviceFile] },
    faults: spec.faults ?? TALLY_FAULTS,
    protected: ['service/**', 'reference/**', 'fixture.json'],
    ...(spec.readable ? { readable: spec.readable } : {}),
    acceptance: { kind: 'command', timeout_seconds: 120, ...spec.acceptance },
  };
  await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest, null, 2) + '\n');
  return dir;
}
