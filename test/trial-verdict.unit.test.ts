import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { VariantOutcome } from '../src/acceptance/accept.ts';
import type { KindResult } from '../src/kinds/contract.ts';
import { variantFindings } from '../src/kinds/variants.ts';
import { trialVerdict, type TrialFacts } from '../src/trial/verdict.ts';

const passing = (fault: string): VariantOutcome =>
  ({ fault, judgement: { fault, verdict: fault === 'none' ? 'baseline_pass' : 'defect_detected', reason: '', detected_by: ['c'] } }) as VariantOutcome;

/** What a variants kind found: these outcomes, or none with format problems. */
function found(variants: VariantOutcome[], formatProblems: string[] = []): TrialFacts['kind'] {
  return { formatProblems, ...variantFindings(variants, ['double-reserve'], [], formatProblems) } satisfies Partial<KindResult>;
}

function facts(extra: Partial<TrialFacts> = {}): TrialFacts {
  return {
    trial: 1,
    agent: { exitCode: 0, signal: null, budgetExhausted: false, agentMs: 10, logBytes: 0, logCapped: false },
    kind: found([passing('none'), passing('double-reserve')]),
    integrity: { tampered: [], escaped: [], forged: [], unsafe: [] },
    claimedSuccess: false,
    budget: { wall_seconds: 60, max_tokens: 1000, max_cost_usd: 0.5 },
    wallMs: 20,
    evidence: 't/trial-001',
    ...extra,
  };
}

describe('trial verdict layers', () => {
  it('passes when every layer passes', () => {
    const v = trialVerdict(facts());
    assert.equal(v.outcome, 'pass');
    assert.equal(v.checks['detect:double-reserve'], true);
  });

  it('token and cost budgets apply to reported usage only, and an overrun is budget_exhausted, never a pass', () => {
    assert.equal(trialVerdict(facts()).stop_reason, 'completed', 'no usage reported: no token budget to apply');
    assert.equal(trialVerdict(facts({ usage: { total_tokens: 900 } })).outcome, 'pass');
    const tokens = trialVerdict(facts({ usage: { input_tokens: 800, output_tokens: 300 } }));
    assert.deepEqual([tokens.stop_reason, tokens.outcome, tokens.cause], ['budget_exhausted', 'fail', 'runtime']);
    assert.equal(trialVerdict(facts({ usage: { total_tokens: 10, cost_usd: 0.75 } })).stop_reason, 'budget_exhausted');
  });

  it('a constraint violation fails the trial whatever the tests said; a claim counts only against the agent', () => {
    const tampered = trialVerdict(facts({ integrity: { tampered: ['changed inputs/requirements.md (trial input)'], escaped: [], forged: [], unsafe: [] } }));
    assert.equal(tampered.outcome, 'fail');
    assert.equal(tampered.layers.final_state.ok, true);
    assert.equal(trialVerdict(facts({ claimedSuccess: true })).outcome, 'pass', 'a backed claim changes nothing');
    const unbacked = trialVerdict(facts({ claimedSuccess: true, kind: found([], ['spec.json: file not found']) }));
    assert.equal(unbacked.checks['constraint:claims-backed'], false);
  });

  it('an unattributed detection does not pass the final-state layer', () => {
    const unattributed = {
      fault: 'double-reserve',
      judgement: { fault: 'double-reserve', verdict: 'defect_detected_unattributed', reason: 'x', detected_by: [] },
    } as unknown as VariantOutcome;
    const v = trialVerdict(facts({ kind: found([passing('none'), unattributed]) }));
    assert.equal(v.outcome, 'fail');
    assert.equal(v.checks['detect:double-reserve'], false);
    assert.equal(v.cause, 'acceptance');
  });
});

describe('the verdict is kind-blind: named checks in their layers', () => {
  const kind = (checks: KindResult['checks'], failures: KindResult['failures'] = {}): TrialFacts['kind'] => ({
    formatProblems: [],
    checks,
    failures,
    judgements: [],
  });

  it('a failed check fails the trial and its layer even when its kind gave no reason', () => {
    const v = trialVerdict(facts({ kind: kind([{ key: 'reproduction', ok: false, layer: 'final_state', failures: [] }]) }));
    assert.equal(v.outcome, 'fail');
    assert.equal(v.checks.reproduction, false);
    assert.deepEqual(v.layers.final_state.failures, ['reproduction failed']);
    assert.equal(v.cause, 'acceptance');
  });

  it('a check the kind and the runner both decide passes only when both say so; the first failure line is recorded per check', () => {
    const v = trialVerdict(
      facts({
        kind: kind([
          { key: 'constraint:claims-backed', ok: false, layer: 'constraints', failures: ['result.json claims a reservation the service does not hold'] },
        ]),
      }),
    );
    assert.equal(v.checks['constraint:claims-backed'], false);
    assert.equal(v.check_failures?.['constraint:claims-backed'], 'result.json claims a reservation the service does not hold');
    assert.equal(v.layers.final_state.ok, true);
    assert.equal(v.layers.constraints.ok, false);
  });

  it('the tool-contract layer is judged only when a check of the kind lives there; a kind that found nothing ran nothing', () => {
    assert.equal(trialVerdict(facts()).layers.tool_contract.ok, null);
    const tool = trialVerdict(
      facts({ kind: kind([{ key: 'tool:lost-response', ok: false, layer: 'tool_contract', failures: ['lost-response: retried blind'] }]) }),
    );
    assert.deepEqual([tool.layers.tool_contract.ok, tool.cause, tool.checks['tool:lost-response']], [false, 'tool', false]);
    const nothing = trialVerdict(facts({ kind: kind([]) }));
    assert.equal(nothing.outcome, 'fail');
    assert.deepEqual(nothing.layers.final_state.failures, ['no acceptance ran']);
  });
});
