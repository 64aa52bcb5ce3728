// `trialgate run` on a code task prints the paths a trial changed outside its allowed scope (issue 32: they
// were only in report.md's "Why" and in verdict.json).
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { editingAgent, referenceStore, writeCodeTrialSet } from './support/code.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory; this run keeps its own one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-code-run-cli-'));

describe('trialgate run on a code task', () => {
  it('names each path changed outside the allowed scope on the terminal', async () => {
    const agent = editingAgent({
      'src/store.mjs': await referenceStore(),
      'test/redemptions.test.mjs': "import { test } from 'node:test';\ntest('ok', () => {});\n",
    });
    const config = await writeCodeTrialSet({ agentScript: agent });
    const io = captureIo(dirname(config));
    assert.equal(await main(['run', '--config', config, '--out', await tempDir()], io), 0, io.err);
    assert.match(
      io.out,
      /changes outside the allowed scope, and forged reports:\n {2}vouchers\/trial-001: changed test\/redemptions\.test\.mjs, outside the allowed scope \(src\/\*\*\)/,
    );
  });
});
