// A service's port lies outside the ephemeral range of the network it listens on. Inside it, a connect to a
// loopback port nobody listens on yet may be given that port as its own end and join itself, and the
// service's listen then fails (EADDRINUSE): the runner's readiness probes and a relay's joins, many of them
// on a busy machine where a start is slow, must never take the port the service is about to listen on.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { baseEnvironment, openSandbox } from '../src/isolation/open.ts';
import { freeServicePort, hostEphemeralRange, KERNEL_EPHEMERAL, privateServicePort, servicePortsBeside, SERVICE_PORTS } from '../src/isolation/ports.ts';
import { NO_ISOLATION } from './support/isolation.ts';

const outside = (port: number, range: { from: number; to: number }) => port < range.from || port > range.to;

/**
 * Connects to 127.0.0.1:PORT as fast as it can, `PROBES` times, before it listens there itself: what a
 * service slow to start sees of the probes and joins made meanwhile. Prints `listened` or the listen's error.
 */
const PROBED_THEN_LISTENS = `
const net = require('node:net');
const port = Number(process.env.PORT);
let left = Number(process.env.PROBES);
const listen = () => { const server = net.createServer(); server.on('error', (e) => { console.log(e.code); process.exit(0); }); server.listen(port, '127.0.0.1', () => { console.log('listened'); process.exit(0); }); };
const probe = () => { const socket = net.connect(port, '127.0.0.1'); socket.on('connect', () => { socket.destroy(); listen(); }); socket.on('error', () => (--left > 0 ? setImmediate(probe) : listen())); };
probe();
`;

describe('where a service’s port is drawn from', () => {
  it('below the ephemeral range, else above it, else the service range as it is', () => {
    assert.deepEqual(servicePortsBeside(KERNEL_EPHEMERAL), SERVICE_PORTS);
    assert.deepEqual(servicePortsBeside({ from: 25_000, to: 60_999 }), { from: 20_000, to: 24_999 });
    assert.deepEqual(servicePortsBeside({ from: 1_024, to: 40_000 }), { from: 40_001, to: 65_535 });
    assert.deepEqual(servicePortsBeside({ from: 1_024, to: 65_000 }), SERVICE_PORTS);
  });

  it('reads the runner’s ephemeral range, and takes the kernel’s default when it cannot', () => {
    assert.deepEqual(
      hostEphemeralRange(() => '10000\t20000\n'),
      { from: 10_000, to: 20_000 },
    );
    assert.deepEqual(
      hostEphemeralRange(() => 'nonsense'),
      KERNEL_EPHEMERAL,
    );
    assert.deepEqual(
      hostEphemeralRange(() => {
        throw new Error('ENOENT');
      }),
      KERNEL_EPHEMERAL,
    );
  });

  it('on the runner’s network: a free port outside its ephemeral range', async () => {
    const ephemeral = hostEphemeralRange();
    for (let i = 0; i < 20; i++) {
      const port = await freeServicePort();
      assert.ok(outside(port, ephemeral), `${port} lies in ${ephemeral.from}–${ephemeral.to}`);
      await new Promise<void>((resolve, reject) => {
        const server = createServer().on('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });

  it('when every draw is taken, the kernel’s own free port', async () => {
    // A range of one port, held: every draw finds it taken.
    const held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const { port } = held.address() as { port: number };
    try {
      const got = await freeServicePort({ from: port, to: port });
      assert.ok(got > 0 && got !== port);
    } finally {
      held.close();
    }
  });
});

describe('a private network’s service port', { skip: NO_ISOLATION }, () => {
  it('lies outside the ephemeral range of the new network, and probes made before it listens never take it', async () => {
    const sandbox = await openSandbox('required');
    try {
      const run = async (argv: string[], env: Record<string, string> = {}) => {
        const inside = sandbox.spawn({ argv, cwd: '/', env: { ...baseEnvironment(), ...env }, mounts: [], network: 'none' });
        let out = '';
        inside.child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
        inside.child.stderr!.resume();
        await inside.exited;
        return out.trim();
      };
      const [from, to] = (await run(['cat', '/proc/sys/net/ipv4/ip_local_port_range'])).split(/\s+/).map(Number);
      assert.deepEqual({ from, to }, KERNEL_EPHEMERAL, 'a new network namespace starts with the kernel’s default range');
      for (let i = 0; i < 50; i++) assert.ok(outside((await sandbox.placeService()).port, KERNEL_EPHEMERAL));
      assert.ok(outside(privateServicePort(), KERNEL_EPHEMERAL));
      // Inside the range, about one even port in two is taken by a probe within 15,000 connects (measured: 9,000–10,000).
      for (let i = 0; i < 2; i++) {
        const { port } = await sandbox.placeService();
        assert.equal(await run(['node', '-e', PROBED_THEN_LISTENS], { PORT: String(port), PROBES: '15000' }), 'listened', `port ${port}`);
      }
    } finally {
      await sandbox.dispose();
    }
  });
});
