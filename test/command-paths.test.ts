// The files a shell command names: what the acceptor's "names a file that is not in the fixture" check and
// the agent preflight look for. A path the command only writes, a list of paths or a URL must never read
// as one missing file: that would turn every failing test run into an environment error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namedFiles } from '../src/util/command-paths.ts';

describe('the files a command names', () => {
  it('each path of a colon-joined list, never the list as one path', () => {
    assert.deepEqual(namedFiles('PYTHONPATH="$REPORTERS:$TRIALGATE_CANDIDATE" python3 -m pytest hidden/t.py', { REPORTERS: '/pkg/reporters' }), [
      '/pkg/reporters',
      'hidden/t.py',
    ]);
    assert.deepEqual(namedFiles('PYTHONPATH=/a/lib:/b/lib python3 x.py', {}), ['/a/lib', '/b/lib', 'x.py']);
  });

  it('not where output is redirected: the command writes it', () => {
    assert.deepEqual(namedFiles('node run.mjs > /tmp/out.log', {}), ['run.mjs']);
    assert.deepEqual(namedFiles('claude -p go >> "/tmp/claude.json"; node usage.mjs', {}), ['usage.mjs']);
    assert.deepEqual(namedFiles('node run.mjs 2>/tmp/err.log', {}), ['run.mjs']);
  });

  it('a file read from is still named, and a URL is no file', () => {
    assert.deepEqual(namedFiles('node filter.mjs < /data/in.json', {}), ['filter.mjs', '/data/in.json']);
    assert.deepEqual(namedFiles('curl http://localhost:8080/app.js', {}), []);
  });
});
