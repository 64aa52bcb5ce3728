// The trusted control channel of a service that declares coverage (see docs/fixture.md): one call per
// case boundary resets the state and answers the business branches reached since the previous reset.
// Only the runner holds the token; to anyone else the route answers like any unknown route. A reset that
// gets no answer (it timed out, the connection dropped) is trialgate's machinery failing, never the case's.
import { EnvironmentError, MachineryError } from '../util/errors.ts';
import type { HttpAnswer, HttpRequest } from './http.ts';
import type { RunningService } from './launch.ts';

const HEADER = 'x-trialgate-control';
const PATH = '/__control/reset';
const NOT_SPOKEN = 'the service declares coverage but does not speak the trialgate control channel (docs/fixture.md)';

/** The reset request of `service` (its own token). */
export function resetRequest(service: RunningService): HttpRequest {
  return { method: 'POST', path: PATH, headers: { [HEADER]: service.controlToken } };
}

/** Whether `request` is a reset. */
export function isReset(request: HttpRequest): boolean {
  return request.method === 'POST' && request.path === PATH;
}

/** `request`, recorded on another instance, as `service` takes it: a control request carries `service`'s own token. */
export function forInstance(request: HttpRequest, service: RunningService): HttpRequest {
  return request.headers?.[HEADER] === undefined ? request : { ...request, headers: { ...request.headers, [HEADER]: service.controlToken } };
}

/** Reset the service; the branches it reached since the previous reset. */
export async function resetService(service: RunningService): Promise<string[]> {
  const { path, ...options } = resetRequest(service);
  let answer;
  try {
    answer = await service.request(path, options);
  } catch (e) {
    throw new MachineryError(`the reset of the fixture's service (control ${PATH}) got no answer: ${(e as Error).message}`);
  }
  return resetAnswered(service, answer);
}

/** A reset's answer read: the branches it names, and `service` marked reset; a reset the service does not speak is an EnvironmentError. */
export function resetAnswered(service: RunningService, answer: HttpAnswer): string[] {
  if (answer.status < 200 || answer.status > 299) throw new EnvironmentError(`control ${PATH} answered ${answer.status}`, NOT_SPOKEN);
  let body: { branches?: unknown };
  try {
    body = JSON.parse(answer.text) as { branches?: unknown };
  } catch {
    throw new EnvironmentError(`control ${PATH} answered no JSON: ${answer.text.slice(0, 120)}`, NOT_SPOKEN);
  }
  service.markReset();
  return Array.isArray(body.branches) ? body.branches.filter((b): b is string => typeof b === 'string') : [];
}
