// The labelled set of a task: samples of candidates with a person's yes/no per item, in the repository
// (docs/model-judge.md), and the calibration record `trialgate calibrate` writes from it.
import { join } from 'node:path';
import { CALIBRATION_SCHEMA, CalibrationFile, LabelsFile, type CalibrationItem } from '../schemas/judge.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { hashFiles, listFiles, readJsonFile } from '../util/files.ts';
import { sha256Manifest } from '../util/hash.ts';

export interface LabelledSet {
  dir: string;
  file: LabelsFile;
  /** Over labels.json and every sample file: a calibration holds only for the set it was made on. */
  sha256: string;
}

export async function readLabelledSet(dir: string): Promise<LabelledSet> {
  const path = join(dir, 'labels.json');
  const file = parseOrThrow(LabelsFile, await readJsonFile(path), path);
  const seen = new Set<string>();
  for (const [i, sample] of file.samples.entries()) {
    if (seen.has(sample.id)) throw new UserInputError(path, `samples[${i}].id`, `sample ${sample.id} appears twice; each sample once`);
    seen.add(sample.id);
  }
  return { dir, file, sha256: await labelledSetSha(dir) };
}

export async function labelledSetSha(dir: string): Promise<string> {
  return sha256Manifest(await hashFiles(dir, await listFiles(dir)));
}

/** A sample's candidate and evidence directories. */
export function sampleDirs(set: LabelledSet, id: string): { candidate: string; evidence: string } {
  return { candidate: join(set.dir, 'samples', id, 'candidate'), evidence: join(set.dir, 'samples', id, 'evidence') };
}

/** The calibration record; none yet is an empty one (every item then is "not calibrated"). */
export async function readCalibration(path: string): Promise<CalibrationItem[]> {
  let data: unknown;
  try {
    data = await readJsonFile(path);
  } catch (e) {
    if (e instanceof UserInputError && e.expected === 'file not found') return [];
    throw e;
  }
  const schema = (data as { schema?: unknown } | null)?.schema;
  if (schema !== CALIBRATION_SCHEMA)
    throw new UserInputError(path, 'schema', `expected "${CALIBRATION_SCHEMA}", found ${JSON.stringify(schema)}: write it with \`trialgate calibrate\``);
  return parseOrThrow(CalibrationFile, data, path).items;
}
