// The port a service is told to listen on (PORT). It is drawn from outside the kernel's ephemeral range,
// the ports a connect() takes its own end from. The runner probes a service before it listens, and a
// service's relay joins each connection to its port; a connect to a loopback port nobody listens on can be
// given that very port as its own end, and TCP then joins the socket to itself (a "self-connect"). The port
// is taken, the service's listen fails with EADDRINUSE, and a busy machine (a slow start, many probes) would
// turn into a service that "crashed": the environment's noise read as the service's fault.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The kernel's default ephemeral range, what every new network namespace starts with. */
export const KERNEL_EPHEMERAL = { from: 32_768, to: 60_999 } as const;
/**
 * Where service ports are drawn from, below the default ephemeral range: no framework listens there by
 * default (8080, 3000, 8000, …), so a service that ignores PORT is not hidden by luck.
 */
export const SERVICE_PORTS = { from: 20_000, to: KERNEL_EPHEMERAL.from - 1 } as const;

export interface PortRange {
  from: number;
  to: number;
}

/** This network's ephemeral range, as the kernel has it for the runner's own network. */
export function hostEphemeralRange(read = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')): PortRange {
  try {
    const [from, to] = read().trim().split(/\s+/).map(Number);
    if (Number.isInteger(from) && Number.isInteger(to) && from! <= to!) return { from: from!, to: to! };
  } catch {
    // No /proc (macOS): the default range is as good a guess as any.
  }
  return { ...KERNEL_EPHEMERAL };
}

/** At least this many ports for a range to be worth drawing from (too few and two runs would collide). */
const FEW_PORTS = 1_000;

/**
 * Where to draw service ports from on a network whose ephemeral range is `ephemeral`: SERVICE_PORTS clipped
 * below it, else above it, else (a range that covers nearly everything) SERVICE_PORTS as it is. Pure.
 */
export function servicePortsBeside(ephemeral: PortRange): PortRange {
  const below = { from: SERVICE_PORTS.from, to: Math.min(SERVICE_PORTS.to, ephemeral.from - 1) };
  if (below.to - below.from >= FEW_PORTS) return below;
  const above = { from: Math.max(SERVICE_PORTS.from, ephemeral.to + 1), to: 65_535 };
  if (above.to - above.from >= FEW_PORTS) return above;
  return { ...SERVICE_PORTS };
}

/** A port for a service alone in a new network namespace: every port there is free, its ephemeral range the kernel's default. */
export function privateServicePort(): number {
  return drawFrom(servicePortsBeside(KERNEL_EPHEMERAL));
}

const drawFrom = (range: PortRange) => range.from + randomInt(range.to - range.from + 1);

/** Tries at finding a free port in the range before the kernel's choice is taken instead. */
const FREE_PORT_TRIES = 20;

/**
 * A port free on the runner's 127.0.0.1 now, drawn from `range` (by default outside the runner's ephemeral
 * range; another process may take it before it is bound: callers retry). Should every draw be taken, the kernel's own free port is used.
 */
export async function freeServicePort(range = servicePortsBeside(hostEphemeralRange())): Promise<number> {
  for (let attempt = 0; attempt < FREE_PORT_TRIES; attempt++) {
    const port = drawFrom(range);
    if ((await bindable(port)) !== undefined) return port;
  }
  const any = await bindable(0);
  if (any === undefined) throw new Error('no free port on 127.0.0.1');
  return any;
}

/** Binds `port` on 127.0.0.1 and lets it go: the port bound, or undefined when it is taken. */
function bindable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}
