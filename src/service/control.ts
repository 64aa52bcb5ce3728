// The trusted control channel of a running service: reset state and read business-branch coverage.
// Only the runner holds the token; to anyone else these routes answer like any unknown route.
import { EnvironmentError } from '../util/errors.ts';
import type { RunningService } from './launch.ts';

const HEADER = 'x-trialgate-control';

export async function resetService(service: RunningService): Promise<void> {
  const response = await control(service, 'POST', '/__control/reset');
  await response.arrayBuffer();
}

export async function readCoverage(service: RunningService): Promise<string[]> {
  const body = (await (await control(service, 'GET', '/__control/coverage')).json()) as { branches?: unknown };
  return Array.isArray(body.branches) ? body.branches.filter((b): b is string => typeof b === 'string') : [];
}

async function control(service: RunningService, method: string, path: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(service.url + path, {
      method,
      headers: { [HEADER]: service.controlToken },
      signal: AbortSignal.timeout(5000),
    });
  } catch (e) {
    throw new EnvironmentError(`control ${path} failed: ${(e as Error).message}`, 'the service stopped answering its control channel');
  }
  if (!response.ok) {
    throw new EnvironmentError(`control ${path} answered ${response.status}`, 'the service does not speak the trialgate control channel');
  }
  return response;
}
