// How far the judge agrees with people, and whether that is enough for an item to gate. Pure.
import type { CalibrationItem, Confusion } from '../schemas/judge.ts';

export interface Agreement {
  n: number;
  agree: number;
  accuracy: number | null;
  /** Cohen's κ; null when undefined (every label and every answer of one class). */
  kappa: number | null;
  confusion: Confusion;
}

/** Judge answers against human labels; an undetermined answer is not a yes, so it counts as "no". */
export function agreement(pairs: readonly { human: boolean; judge: boolean }[]): Agreement {
  const confusion: Confusion = { yes_yes: 0, yes_no: 0, no_yes: 0, no_no: 0 };
  for (const { human, judge } of pairs) confusion[`${human ? 'yes' : 'no'}_${judge ? 'yes' : 'no'}`] += 1;
  const n = pairs.length;
  const agree = confusion.yes_yes + confusion.no_no;
  if (n === 0) return { n, agree, accuracy: null, kappa: null, confusion };
  const observed = agree / n;
  const humanYes = (confusion.yes_yes + confusion.yes_no) / n;
  const judgeYes = (confusion.yes_yes + confusion.no_yes) / n;
  const expected = humanYes * judgeYes + (1 - humanYes) * (1 - judgeYes);
  const kappa = expected >= 1 ? null : (observed - expected) / (1 - expected);
  return { n, agree, accuracy: observed, kappa, confusion };
}

export interface GateRule {
  minKappa: number;
  minLabels: number;
}

export interface ItemDefinition {
  model: string;
  promptSha256: string;
  /** Of the labelled set as it is now; null when the task names none. */
  labelsSha256: string | null;
}

export type Gating = { gated: true; calibration: string } | { gated: false; calibration: string; why: string };

/**
 * Whether an item gates: only on a calibration of the same model, prompt and labelled set that meets the
 * rule. Otherwise `why` completes the sentence "this check is not gated, because …".
 */
export function gatingOf(record: CalibrationItem | undefined, item: ItemDefinition, rule: GateRule): Gating {
  const no = (calibration: string, why: string): Gating => ({ gated: false, calibration, why });
  if (item.labelsSha256 === null)
    return no('not calibrated', 'the task has no labelled set to calibrate it against (judge.labels), so its agreement with people is unknown');
  if (!record) return no('not calibrated', 'it has not been calibrated: run trialgate calibrate against its labelled set');
  const figures = describe(record);
  if (record.model !== item.model)
    return no(figures, `it was calibrated with model ${record.model} but is judged by ${item.model}: run trialgate calibrate again`);
  if (record.prompt_sha256 !== item.promptSha256)
    return no(figures, 'its prompt (question, files shown or goal) changed since it was calibrated: run trialgate calibrate again');
  if (record.labels_sha256 !== item.labelsSha256) return no(figures, 'its labelled set changed since it was calibrated: run trialgate calibrate again');
  if (record.n < rule.minLabels)
    return no(figures, `its calibration has ${record.n} label${record.n === 1 ? '' : 's'}, fewer than the ${rule.minLabels} judge.gate.min_labels asks for`);
  if (record.kappa === null) return no(figures, 'its agreement κ is undefined (every label and every answer is of one class): label samples of both answers');
  if (record.kappa < rule.minKappa)
    return no(figures, `its agreement with people, κ = ${round(record.kappa)} over ${record.n} labels, is below judge.gate.min_kappa = ${rule.minKappa}`);
  return { gated: true, calibration: figures };
}

export function describe(record: Pick<CalibrationItem, 'n' | 'accuracy' | 'kappa' | 'model'>): string {
  const accuracy = record.accuracy === null ? 'accuracy –' : `accuracy ${Math.round(record.accuracy * 100)}%`;
  return `κ = ${record.kappa === null ? 'undefined' : round(record.kappa)}, ${accuracy} over ${record.n} labels, model ${record.model}`;
}

const round = (x: number) => String(Math.round(x * 100) / 100);
