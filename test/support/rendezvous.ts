// A meeting point on the runner's loopback for agents of concurrent trials (hostile-tools-agent.mjs), so a
// test can make one trial's attack happen while the other trial's run is alive, by events, not by sleeps.
//   POST /run?trial=T        the number of this run within trial T (1, 2, …)
//   POST /signal?event=E     E has happened
//   POST /wait?event=E       answers once E has happened, or after the deadline ("late")
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Rendezvous {
  url: string;
  close(): Promise<void>;
}

export async function startRendezvous(deadlineMs = 30_000): Promise<Rendezvous> {
  const runs = new Map<string, number>();
  const happened = new Set<string>();
  const waiting = new Map<string, ServerResponse[]>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://rendezvous.invalid');
    const event = url.searchParams.get('event') ?? '';
    if (url.pathname === '/run') {
      const trial = url.searchParams.get('trial') ?? '';
      runs.set(trial, (runs.get(trial) ?? 0) + 1);
      return res.end(String(runs.get(trial)));
    }
    if (url.pathname === '/signal') {
      happened.add(event);
      for (const held of waiting.get(event) ?? []) held.end('ok');
      waiting.delete(event);
      return res.end('ok');
    }
    if (url.pathname === '/wait') {
      if (happened.has(event)) return res.end('ok');
      waiting.set(event, [...(waiting.get(event) ?? []), res]);
      const timer = setTimeout(() => res.end('late'), deadlineMs);
      timers.add(timer);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
