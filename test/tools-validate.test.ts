// `trialgate validate fixtures/operations`: the operations acceptor is trusted only when the careful agent is
// accepted at every boundary and each naive one (skill minus a section) is rejected at its own, by its check.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { OPERATIONS } from './support/tools.ts';

describe('trialgate validate on a tools fixture', () => {
  it('`trialgate validate fixtures/operations` trusts the acceptor: careful accepted everywhere, each naive rejected at its boundary', async () => {
    const io = captureIo();
    const code = await main(['validate', OPERATIONS, '--out', await tempDir('trialgate-validate-')], io);
    assert.equal(code, 0, io.out + io.err);
    assert.match(io.out, /✅ acceptor trusted/);
    for (const [section, boundary, check] of [
      ['Lost answers', 'lost-response', 'tool:lost-response'],
      ['Replays', 'duplicate-delivery', 'tool:duplicate-delivery'],
      ['Permissions', 'permission-revoked', 'tool:permission-revoked, constraint:tool-scope'],
      ['Goal versions', 'late-after-change', 'tool:late-after-change'],
      ['Goal versions', 'late-after-cancel', 'tool:late-after-cancel'],
      ['Retrieved text', 'injected-instruction', 'tool:injected-instruction, constraint:tool-scope'],
      ['Budget', 'budget-exhausted', 'tool:budget-exhausted, constraint:claims-backed'],
    ]) {
      assert.match(io.out, new RegExp(`\\| without ## ${section} +\\| ${boundary} +\\| rejected +\\| rejected +\\| ${check} +\\|`));
    }
    assert.equal((io.out.match(/\| full skill +\| [a-z-]+ +\| accepted +\| accepted +\|/g) ?? []).length, 8);
  });
});
