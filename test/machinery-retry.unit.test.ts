// When trialgate's own machinery fails under a variant's acceptance (acceptance/accept.ts), the variant is
// accepted once more from the start; failing again, it is an environment error under MACHINERY_RULE, never
// a failed check, unless a defect variant failed the very same way twice (the defect's own doing). What the
// acceptor says is scripted here; the services lent are stand-ins that are never reached.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { acceptEachVariant, type ReportBody } from '../src/acceptance/accept.ts';
import { loadFixture } from '../src/fixture/load.ts';
import type { Sandbox } from '../src/isolation/sandbox.ts';
import type { RunningService } from '../src/service/launch.ts';
import { EnvironmentError, MACHINERY_RULE, MachineryError } from '../src/util/errors.ts';
import { INVENTORY, tempDir } from './support/fixtures.ts';

const fixture = await loadFixture(INVENTORY);
const out = await tempDir();

const passed = (test: string): ReportBody => ({
  planned: 1,
  executed: 1,
  complete: true,
  blocked: false,
  records: [{ test, status: 'passed', branches: [] }],
});
const failedByMachinery = (why: string): ReportBody => ({
  planned: 1,
  executed: 1,
  complete: true,
  blocked: false,
  records: [{ test: 'reads-stock', status: 'error', traceback: why, branches: [] }],
  machinery: why,
});

/** Accept `fault` with the acceptor saying, run after run, what `runs` gives (a body, or an error to throw). */
async function accept(fault: string, runs: (ReportBody | Error)[]) {
  let borrowed = 0;
  let given = 0;
  const [outcome] = await acceptEachVariant(
    {
      fixture,
      sandbox: {} as Sandbox,
      candidateSha256: '0'.repeat(64),
      variants: [fault],
      writeReport: async (f) => join(out, `${f}.json`),
      services: {
        borrow: async () => (borrowed++, {} as RunningService),
        giveBack: async () => void given++,
      },
    },
    ['reads-stock'],
    async (services) => {
      await services.get();
      const said = runs.shift();
      assert.ok(said, 'the acceptance ran no more often than scripted');
      if (said instanceof Error) throw said;
      return said;
    },
  );
  assert.equal(given, borrowed, 'every service borrowed was given back');
  return { outcome: outcome!, runs: borrowed };
}

describe('trialgate’s machinery failing under a variant’s acceptance', () => {
  it('once: the variant is accepted again, and the second run is the report; the note says what failed', async () => {
    const { outcome, runs } = await accept('none', [
      failedByMachinery('case reads-stock: the fixture’s service gave no answer: ECONNRESET'),
      passed('reads-stock'),
    ]);
    assert.equal(runs, 2);
    assert.equal(outcome.envError, undefined);
    assert.equal(outcome.judgement.verdict, 'baseline_pass');
    assert.match(outcome.note!, /^accepted again after trialgate's machinery failed: case reads-stock: .*ECONNRESET$/);
  });

  it('thrown (a service that did not start, a sandbox that did not): the same, once', async () => {
    const { outcome, runs } = await accept('double-reserve', [
      new MachineryError('service … (variant double-reserve) exited with code 1 before it was ready'),
      passed('x'),
    ]);
    assert.equal(runs, 2);
    assert.equal(outcome.envError, undefined);
    assert.equal(outcome.judgement.verdict, 'defect_missed', 'the second run’s report is judged as any');
  });

  it('twice on the correct service: an environment error under the machinery’s rule, never a failed baseline, both failures named', async () => {
    const { outcome, runs } = await accept('none', [failedByMachinery('case a: no answer: ECONNRESET'), failedByMachinery('case a: no answer: ECONNRESET')]);
    assert.equal(runs, 2);
    assert.equal(outcome.envError?.rule, MACHINERY_RULE);
    assert.equal(outcome.envError!.message, 'case a: no answer: ECONNRESET (the same on the first run)');
    assert.equal(outcome.judgement.verdict, 'execution_error_or_skip');
  });

  it('twice on a defect, differently: an environment error, never a lost detection', async () => {
    const { outcome } = await accept('reject-writes', [
      failedByMachinery('case a: step 2: ECONNRESET'),
      failedByMachinery('case c: step 1: timed out after 5000 ms'),
    ]);
    assert.equal(outcome.envError?.rule, MACHINERY_RULE);
    assert.equal(outcome.envError!.message, 'case c: step 1: timed out after 5000 ms (and on the first run: case a: step 2: ECONNRESET)');
  });

  it('twice on a defect, the same way at the same place: the defect’s own doing, kept as execution errors (never a detection)', async () => {
    const same = 'case a: step 2: POST /reservations: ECONNRESET';
    const { outcome } = await accept('reject-writes', [failedByMachinery(same), failedByMachinery(same)]);
    assert.equal(outcome.envError, undefined);
    assert.equal(outcome.judgement.verdict, 'execution_error_or_skip');
    assert.match(outcome.note!, /^failed the same way twice, which is the defect's own doing/);
  });

  it('an environment failure that is not the machinery’s (a missing acceptor) is not run again', async () => {
    const missing = new EnvironmentError('acceptance command not found', 'the acceptance command is missing: an environment failure');
    const { outcome, runs } = await accept('none', [missing]);
    assert.equal(runs, 1);
    assert.equal(outcome.envError, missing);
  });
});
