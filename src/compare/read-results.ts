// Reading a results.json for compare and report: every way it can be wrong names the file and the fix.
import { RESULTS_SCHEMA, Results } from '../schemas/results.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { readJsonFile } from '../util/files.ts';

export async function readResultsFile(path: string): Promise<Results> {
  const data = await readJsonFile(path);
  checkSchemaString(data, path);
  return parseOrThrow(Results, data, path);
}

/** The version is checked before the shape, so a file of another version gets that message, not a field error. */
function checkSchemaString(data: unknown, path: string): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UserInputError(path, '', `expected a trialgate results object ("schema": "${RESULTS_SCHEMA}"), found ${Array.isArray(data) ? 'an array' : typeof data}`);
  }
  const schema = (data as { schema?: unknown }).schema;
  if (schema === RESULTS_SCHEMA) return;
  const version = typeof schema === 'string' ? /^trialgate\/results@(\d+)$/.exec(schema)?.[1] : undefined;
  const own = Number(RESULTS_SCHEMA.slice(RESULTS_SCHEMA.indexOf('@') + 1));
  if (version !== undefined && Number(version) > own) {
    throw new UserInputError(path, 'schema', `is "${schema}", written by a newer trialgate; this one reads "${RESULTS_SCHEMA}": upgrade trialgate`);
  }
  if (version !== undefined) {
    throw new UserInputError(path, 'schema', `is "${schema}", written by an older trialgate; this one reads "${RESULTS_SCHEMA}": rerun the trials with this version`);
  }
  throw new UserInputError(
    path,
    'schema',
    `is ${schema === undefined ? 'missing' : JSON.stringify(schema)}: this is not a trialgate results file (expected "${RESULTS_SCHEMA}"); pass the results.json a trialgate run wrote`,
  );
}
