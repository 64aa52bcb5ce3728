// The trusted control channel of a running service: reset state and read business-branch coverage.
// Only the runner holds the token; to anyone else these routes answer like any unknown route.
import { EnvironmentError } from '../util/errors.ts';
import type { RunningService } from './launch.ts';

const HEADER = 'x-trialgate-control';

export async function resetService(service: RunningService): Promise<void> {
  await control(service, 'POST', '/__control/reset');
}

export async function readCoverage(service: RunningService): Promise<string[]> {
  const text = await control(service, 'GET', '/__control/coverage');
  let body: { branches?: unknown };
  try {
    body = JSON.parse(text) as { branches?: unknown };
  } catch {
    throw new EnvironmentError(`control coverage answered no JSON: ${text.slice(0, 120)}`, 'the service does not speak the trialgate control channel');
  }
  return Array.isArray(body.branches) ? body.branches.filter((b): b is string => typeof b === 'string') : [];
}

async function control(service: RunningService, method: string, path: string): Promise<string> {
  let answer;
  try {
    answer = await service.request(path, { method, headers: { [HEADER]: service.controlToken } });
  } catch (e) {
    throw new EnvironmentError(`control ${path} failed: ${(e as Error).message}`, 'the service stopped answering its control channel');
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new EnvironmentError(`control ${path} answered ${answer.status}`, 'the service does not speak the trialgate control channel');
  }
  return answer.text;
}
