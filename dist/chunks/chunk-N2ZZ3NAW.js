import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  IsolationUnavailable,
  MarkedProcesses,
  killGroup,
  killMarked,
  recentProcessIds,
  signalDescendants,
  supervise,
  treeBelow
} from "./chunk-2XP4HRAI.js";
import {
  removeWritten
} from "./chunk-EYKO5LXT.js";
import {
  EnvironmentError
} from "./chunk-JUOIWDMS.js";

// src/isolation/bubblewrap.ts
import { spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { link, lstat, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join, sep } from "node:path";

// src/isolation/ports.ts
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
var KERNEL_EPHEMERAL = { from: 32768, to: 60999 };
var SERVICE_PORTS = { from: 2e4, to: KERNEL_EPHEMERAL.from - 1 };
function hostEphemeralRange(read = () => readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")) {
  try {
    const [from, to] = read().trim().split(/\s+/).map(Number);
    if (Number.isInteger(from) && Number.isInteger(to) && from <= to) return { from, to };
  } catch {
  }
  return { ...KERNEL_EPHEMERAL };
}
var FEW_PORTS = 1e3;
function servicePortsBeside(ephemeral) {
  const below = { from: SERVICE_PORTS.from, to: Math.min(SERVICE_PORTS.to, ephemeral.from - 1) };
  if (below.to - below.from >= FEW_PORTS) return below;
  const above = { from: Math.max(SERVICE_PORTS.from, ephemeral.to + 1), to: 65535 };
  if (above.to - above.from >= FEW_PORTS) return above;
  return { ...SERVICE_PORTS };
}
function privateServicePort() {
  return drawFrom(servicePortsBeside(KERNEL_EPHEMERAL));
}
var drawFrom = (range) => range.from + randomInt(range.to - range.from + 1);
var FREE_PORT_TRIES = 20;
async function freeServicePort(range = servicePortsBeside(hostEphemeralRange())) {
  for (let attempt = 0; attempt < FREE_PORT_TRIES; attempt++) {
    const port = drawFrom(range);
    if (await bindable(port) !== void 0) return port;
  }
  const any = await bindable(0);
  if (any === void 0) throw new Error("no free port on 127.0.0.1");
  return any;
}
function bindable(port) {
  return new Promise((resolve2) => {
    const server = createServer();
    server.unref();
    server.on("error", () => resolve2(void 0));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve2(typeof address === "object" && address ? address.port : void 0));
    });
  });
}

// src/isolation/relay.ts
var LOOPBACK_URL = /(https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+(?:\/[^\s]*)?)/;
var JOIN_SOURCE = `const join = (client, upstream) => {
  const connection = net.connect(upstream);
  const end = () => { client.destroy(); connection.destroy(); };
  client.on('error', end);
  connection.on('error', end);
  client.pipe(connection).pipe(client);
};`;
var RELAY_SOURCE = `'use strict';
const net = require('node:net');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const [config, ...argv] = process.argv.slice(1);
const { listen, to, listenFirst, ownPeersOnly, urlVariable, statusFd } = JSON.parse(config);
const LOOPBACK_URL = new RegExp(${JSON.stringify(LOOPBACK_URL.source)});
let upstream = to === 'printed' ? undefined : to;
${JOIN_SOURCE}
// The socket of a TCP connection's client end, from the socket table of this network (IPv4 and IPv6).
const clientInode = (socket) => {
  const hex = (port) => port.toString(16).toUpperCase().padStart(4, '0');
  const [from, at] = [hex(socket.remotePort), hex(socket.localPort)];
  const loopback = (address, port) => /^(0100007F|0000000000000000FFFF00000100007F):/.test(address) && address.endsWith(':' + port);
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try { text = fs.readFileSync(table, 'utf8'); } catch { continue; }
    for (const line of text.split('\\n').slice(1)) {
      const f = line.trim().split(/\\s+/);
      if (f.length > 9 && loopback(f[1], from) && loopback(f[2], at) && f[9] !== '0') return f[9];
    }
  }
  return undefined;
};
// Whether a process this sandbox shows holds the socket: its /proc lists its own processes only.
const ownPeer = (socket) => {
  const inode = clientInode(socket);
  if (!inode) return false;
  const held = 'socket:[' + inode + ']';
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(pid)) continue;
    let fds = [];
    try { fds = fs.readdirSync('/proc/' + pid + '/fd'); } catch { continue; }
    for (const fd of fds) {
      try { if (fs.readlinkSync('/proc/' + pid + '/fd/' + fd) === held) return true; } catch {}
    }
  }
  return false;
};
// The first line on the status descriptor is the relay's: unsaid, the command must not start and say it.
const status = (value) => {
  if (statusFd === undefined) return;
  try {
    fs.writeSync(statusFd, JSON.stringify(value) + '\\n');
    fs.closeSync(statusFd);
  } catch (e) {
    process.stderr.write('trialgate relay: cannot report its status: ' + e.message + '\\n');
    process.exit(70);
  }
};
const server = net.createServer((client) => {
  if (!upstream || (ownPeersOnly && !ownPeer(client))) return void client.destroy();
  join(client, upstream);
});
let listening = false;
server.on('error', (e) => {
  if (!listening) status({ error: e.code || e.message });
  process.stderr.write('trialgate relay: ' + e.message + '\\n');
  process.exit(70);
});
const start = () => {
  const child = spawn(argv[0], argv.slice(1), { stdio: ['inherit', to === 'printed' ? 'pipe' : 'inherit', 'inherit'] });
  if (to === 'printed') {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (upstream || printed.length > 16384) return;
      printed += chunk.toString('utf8');
      const url = LOOPBACK_URL.exec(printed);
      if (url) {
        const { hostname, port } = new URL(url[1]);
        upstream = { host: hostname === '[::1]' ? '::1' : '127.0.0.1', port: Number(port) };
      }
    });
  }
  child.on('error', (e) => { process.stderr.write('trialgate relay: cannot start ' + argv[0] + ': ' + e.message + '\\n'); process.exit(127); });
  child.on('exit', (code, signal) => process.exit(code === null ? 128 + (constants.signals[signal] || 9) : code));
  for (const name of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(name, () => child.kill(name));
};
const listened = () => {
  listening = true;
  const { port } = server.address() || {};
  if (urlVariable) process.env[urlVariable] = 'http://127.0.0.1:' + port;
  status({ listening: port === undefined ? listen.path : port });
};
if (listenFirst) server.listen(listen, () => { listened(); start(); });
else {
  start();
  server.listen(listen, listened);
}
`;
function relayArgv(node, config, argv) {
  return [node, "-e", RELAY_SOURCE, JSON.stringify(config), ...argv];
}
var IN_PROCESS_RELAY_VARIABLE = "TRIALGATE_SERVICE_RELAY";
var WITHOUT_PRELOAD = /^--(?:run|watch|watch-path|experimental-permission|permission|experimental-policy|policy-integrity)(?:=|$)/;
function carriesRelay(args, nodeOptions = "") {
  return ![...args, ...nodeOptions.split(/\s+/)].some((arg) => WITHOUT_PRELOAD.test(arg));
}
var IN_PROCESS_RELAY_SOURCE = `'use strict';
(function () {
  const config = process.env.${IN_PROCESS_RELAY_VARIABLE};
  if (!config) return;
  delete process.env.${IN_PROCESS_RELAY_VARIABLE};
  const net = require('net');
  const { listen, to } = JSON.parse(config);
  ${JOIN_SOURCE}
  const server = net.createServer((client) => join(client, to));
  server.on('error', (e) => {
    process.stderr.write('trialgate relay: ' + e.message + '\\n');
    process.exit(70);
  });
  server.listen(listen);
  server.unref();
})();
`;

// src/isolation/bubblewrap.ts
var SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix/store"];
var TMP_BYTES = 2 * 1024 * 1024 * 1024;
var RELAY_PRELOAD = "relay.cjs";
var SANDBOX_HOME = "/home/agent";
var Bubblewrap = class _Bubblewrap {
  constructor(bwrap, socketRoot, system, statusReports = true) {
    this.bwrap = bwrap;
    this.socketRoot = socketRoot;
    this.system = system;
    this.statusReports = statusReports;
  }
  bwrap;
  socketRoot;
  system;
  statusReports;
  report = { mechanism: "bubblewrap" };
  confinesFiles = true;
  privateServices = true;
  sockets = 0;
  /** A working bubblewrap, or why not (the reason names the fix). */
  static async probe() {
    if (process.platform !== "linux") return `bubblewrap isolation needs Linux (this is ${process.platform})`;
    const bwrap = findOnPath("bwrap");
    if (!bwrap) return "bubblewrap is not installed (Debian/Ubuntu: sudo apt-get install -y bubblewrap)";
    const socketRoot = await mkdtemp(join(tmpdir(), "tg-"));
    await writeFile(join(socketRoot, RELAY_PRELOAD), IN_PROCESS_RELAY_SOURCE, { mode: 292 });
    const sandbox = new _Bubblewrap(bwrap, socketRoot, systemArgs());
    const args = sandbox.args({ argv: ["true"], cwd: "/", env: {}, mounts: [], network: "none" });
    const reported = spawnSync(bwrap, ["--json-status-fd", "3", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe", "pipe"] });
    if (reported.status === 0) return sandbox;
    const probe = spawnSync(bwrap, args, { encoding: "utf8" });
    sandbox.statusReports = false;
    if (probe.status === 0) return sandbox;
    await rm(socketRoot, { recursive: true, force: true });
    const why = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split("\n")[0];
    return `bubblewrap cannot create namespaces here (${why}); on Ubuntu 23.10+ (GitHub's ubuntu-24.04 runners) AppArmor restricts them: see docs/isolation.md for the one-line fix`;
  }
  spawn(spec) {
    const env = spec.filesystem === "host" ? { ...spec.env } : { HOME: SANDBOX_HOME, TMPDIR: "/tmp", ...spec.env };
    const exposed = this.inProcessRelay(spec);
    if (exposed) env[IN_PROCESS_RELAY_VARIABLE] = JSON.stringify({ listen: { path: exposed.socketPath }, to: { host: "127.0.0.1", port: exposed.port } });
    const statusFd = spec.forward ? 4 : 3;
    const status = this.statusReports ? ["--json-status-fd", String(statusFd)] : [];
    const stdio = Array.from({ length: this.statusReports ? statusFd + 1 : statusFd }, (_, fd) => fd === 0 ? "ignore" : "pipe");
    const child = spawn(this.bwrap, [...status, ...this.args(spec, exposed !== void 0)], { cwd: "/", env, stdio, detached: true });
    let ended = false;
    const kill = () => {
      ended = true;
      killGroup(child);
    };
    const terminate = () => {
      ended = true;
      signalDescendants(child.pid, "SIGTERM", (comm) => comm === "bwrap");
    };
    const forwardFailure = spec.forward ? relayStatus(child.stdio[3]) : Promise.resolve(void 0);
    const ran = this.statusReports ? commandRan(child.stdio[statusFd]) : Promise.resolve(true);
    const exited = supervise(child, kill);
    const notStarted = exited.then(
      async ({ code, signal }) => ended || await ran ? void 0 : `bubblewrap ${signal ? `ended by ${signal}` : `exited ${code}`} before it started the command`
    );
    return { child, exited, kill, terminate, forwardFailure, notStarted, ...exposed ? { relayInProcess: true } : {} };
  }
  async placeService() {
    const dir = join(this.socketRoot, String(++this.sockets));
    await mkdir(dir);
    const listening = join(dir, "s.sock");
    const socketPath = `${dir}.sock`;
    const port = privateServicePort();
    return {
      port,
      address: { url: `http://127.0.0.1:${port}`, socketPath },
      expose: { socketPath: listening, port },
      network: "none",
      pin: pinner(listening, socketPath)
    };
  }
  async placeListener() {
    const dir = join(this.socketRoot, String(++this.sockets));
    await mkdir(dir);
    return { path: join(dir, "s.sock") };
  }
  reach(address) {
    if (!address.socketPath) return { url: address.url, network: "host" };
    const port = privateServicePort();
    return { url: `http://127.0.0.1:${port}`, network: "none", forward: { port, to: address } };
  }
  async dispose() {
    await removeWritten(this.socketRoot);
  }
  /** bwrap's arguments for `spec`; `relayInProcess`: as inProcessRelay decided it (once a spawn: it looks on the PATH). */
  args(spec, relayInProcess = false) {
    const args = ["--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try", "--hostname", "trial"];
    if (spec.network === "none") args.push("--unshare-net");
    args.push("--die-with-parent", "--new-session", "--cap-drop", "ALL");
    const binds = [];
    if (spec.filesystem === "host") args.push("--bind", "/", "/", "--dev-bind", "/dev", "/dev", "--proc", "/proc");
    else {
      args.push(...this.system);
      args.push("--proc", "/proc", "--dev", "/dev", "--size", String(TMP_BYTES), "--tmpfs", "/tmp", "--size", String(TMP_BYTES), "--tmpfs", SANDBOX_HOME);
      for (const dir of spec.conceal ?? []) if (this.visible(dir)) args.push("--tmpfs", dir);
      binds.push(
        ...spec.mounts.map((m) => [
          m.writable ? "--bind" : "--ro-bind",
          m.path,
          m.at ?? (m.inHome ? join(SANDBOX_HOME, m.inHome) : m.path)
        ])
      );
      const node = nodeRoot();
      if (!this.visible(node)) binds.push(["--ro-bind", node, node]);
    }
    let argv = [...spec.argv];
    if (spec.expose) binds.push(["--bind", dirname(spec.expose.socketPath), dirname(spec.expose.socketPath)]);
    if (relayInProcess) {
      const preload = join(this.socketRoot, RELAY_PRELOAD);
      binds.push(["--ro-bind", preload, preload]);
      argv = [argv[0], "--require", preload, ...argv.slice(1)];
    } else if (spec.expose) {
      const { port } = spec.expose;
      argv = relayArgv(
        process.execPath,
        {
          listen: { path: spec.expose.socketPath },
          to: port === "printed" ? "printed" : { host: "127.0.0.1", port },
          // A service's probe retries; a printed URL is read only once the relay listens.
          listenFirst: port === "printed"
        },
        argv
      );
    }
    if (spec.forward?.to.socketPath) {
      binds.push(["--bind", spec.forward.to.socketPath, spec.forward.to.socketPath]);
      argv = relayArgv(
        process.execPath,
        {
          listen: { host: "127.0.0.1", port: spec.forward.port },
          to: { path: spec.forward.to.socketPath },
          listenFirst: true,
          // On the runner's network every other sandbox could connect: only this one's processes may.
          ownPeersOnly: spec.network === "host",
          ...spec.forward.variable ? { urlVariable: spec.forward.variable } : {},
          statusFd: 3
        },
        argv
      );
    }
    binds.sort((a, b) => depth(a[2]) - depth(b[2]));
    for (const [kind, from, to] of binds) args.push(kind, from, to);
    if (spec.filesystem !== "host") for (const dir of spec.hide ?? []) args.push("--tmpfs", dir, "--remount-ro", dir);
    args.push("--chdir", spec.cwd, "--", ...argv);
    return args;
  }
  /**
   * A service whose command is node itself (found on the PATH it runs with) and that listens on a port it is
   * given carries its relay in-process (IN_PROCESS_RELAY_SOURCE): one node start per service instead of two.
   * Any other command, one that prints its URL, or a node whose options keep the preload from relaying
   * (carriesRelay), runs behind the relay process.
   */
  inProcessRelay(spec) {
    const { expose, forward, argv, env } = spec;
    if (!expose || expose.port === "printed" || forward || !argv[0] || !env.PATH) return void 0;
    const command = argv[0];
    if (command !== process.execPath && !["node", "nodejs"].includes(basename(command))) return void 0;
    if (!carriesRelay(argv.slice(1), env.NODE_OPTIONS)) return void 0;
    const found = command.includes(sep) ? existsSync(command) ? command : void 0 : findOnPath(command, env.PATH);
    const runnable = found && (this.visible(found) || found.startsWith(nodeRoot() + sep));
    return runnable ? { socketPath: expose.socketPath, port: expose.port } : void 0;
  }
  /** Whether `path` is already shown by a system mount. */
  visible(path) {
    return SYSTEM_DIRS.some((dir) => path === dir || path.startsWith(dir + sep));
  }
};
async function commandRan(stream) {
  let text = "";
  for await (const chunk of stream) if (text.length < 4096) text += String(chunk);
  return text.includes('"exit-code"');
}
function pinner(from, to) {
  let pinned = false;
  return async () => {
    if (pinned) return true;
    try {
      await link(from, to);
    } catch (e) {
      const code = e.code;
      if (code === "ENOENT") return false;
      const there = await lstat(from).catch(() => void 0);
      if (there && !there.isSocket()) return replaced(from, there);
      return `its socket could not be pinned (${code ?? e.message}): the temporary directory (TMPDIR) must allow hard links`;
    }
    const made = await lstat(to);
    if (made.isSocket()) return pinned = true;
    await rm(to, { force: true });
    return replaced(from, made);
  };
}
function replaced(socket, what) {
  const thing = what.isSymbolicLink() ? "a link" : what.isDirectory() ? "a directory" : "something that is not a socket";
  return `put ${thing} in the place of the socket its relay made (${socket}): a service is reached through its own socket only`;
}
async function relayStatus(stream) {
  let text = "";
  for await (const chunk of stream) if (text.length < 4096) text += String(chunk);
  try {
    const said = JSON.parse(text.split("\n")[0]);
    return typeof said.error === "string" ? said.error : void 0;
  } catch {
    return void 0;
  }
}
function depth(path) {
  return path.split(sep).length;
}
function systemArgs() {
  const args = [];
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) args.push("--symlink", readlinkSync(dir), dir);
    else if (stat.isDirectory()) args.push("--ro-bind", dir, dir);
  }
  try {
    const resolv = realpathSync("/etc/resolv.conf");
    if (!resolv.startsWith("/etc/")) args.push("--ro-bind", dirname(resolv), dirname(resolv));
  } catch {
  }
  return args;
}
function nodeRoot() {
  return dirname(dirname(realpathSync(process.execPath)));
}
function findOnPath(name, path = process.env.PATH ?? "") {
  for (const dir of path.split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return void 0;
}

// src/isolation/unisolated.ts
import { spawn as spawn2 } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync as existsSync2, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir as tmpdir2 } from "node:os";
import { dirname as dirname2, join as join2 } from "node:path";
var MAX_SWEEPS = 5;
var LISTING_AGE_MS = 100;
var Unisolated = class {
  constructor(report) {
    this.report = report;
  }
  report;
  /** The command sees the host's files as the user running trialgate does. */
  confinesFiles = false;
  /** A service listens on a loopback port that any process of the user can reach. */
  privateServices = false;
  spawn(spec) {
    const sandboxId = randomBytes(12).toString("hex");
    const marker = `TRIALGATE_SANDBOX=${sandboxId}`;
    const [command, ...args] = spec.argv;
    const own = mkdtempSync(join2(tmpdir2(), "trialgate-agent-"));
    mkdirSync(join2(own, "home"));
    mkdirSync(join2(own, "tmp"));
    const inHome = spec.mounts.flatMap((m) => m.inHome === void 0 ? [] : [{ path: m.path, link: join2(own, "home", m.inHome) }]);
    for (const { path, link: link2 } of inHome.sort((a, b) => a.link.length - b.link.length)) {
      if (existsSync2(link2)) continue;
      mkdirSync(dirname2(link2), { recursive: true });
      symlinkSync(path, link2);
    }
    const forwarded = spec.forward?.variable ? { [spec.forward.variable]: spec.forward.to.url } : {};
    const child = spawn2(command, args, {
      cwd: spec.cwd,
      env: { HOME: join2(own, "home"), TMPDIR: join2(own, "tmp"), ...spec.env, ...forwarded, TRIALGATE_SANDBOX: sandboxId },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true
    });
    let unspawned;
    child.once("error", (e) => unspawned ??= e.message);
    child.once("spawn", () => unspawned ??= "");
    const kill = () => {
      killGroup(child);
      void killMarked(marker);
    };
    const terminate = () => {
      killGroup(child, "SIGTERM");
      void killMarked(marker, "SIGTERM");
    };
    const exited = supervise(child, kill, async () => {
      killGroup(child);
      for (let sweep = 0; sweep < MAX_SWEEPS && await killMarked(marker) > 0; sweep++) ;
      rmSync(own, { recursive: true, force: true });
    });
    const notStarted = exited.then(() => unspawned ? `${command} could not be started: ${unspawned}` : void 0);
    const marked = new MarkedProcesses(marker);
    const processes = async () => {
      if (child.pid === void 0) return [];
      return [.../* @__PURE__ */ new Set([child.pid, ...treeBelow(child.pid), ...marked.listed(recentProcessIds(LISTING_AGE_MS))])];
    };
    return { child, exited, kill, terminate, forwardFailure: Promise.resolve(void 0), notStarted, processes };
  }
  async placeService() {
    const port = await freeServicePort();
    return { port, address: { url: `http://127.0.0.1:${port}` }, network: "host" };
  }
  async placeListener(port = 0) {
    return { host: "127.0.0.1", port };
  }
  reach(address) {
    return { url: address.url, network: "host" };
  }
  async dispose() {
  }
};

// src/isolation/open.ts
async function openSandbox(setting, source = "agent.isolation") {
  if (setting === "none") return new Unisolated({ mechanism: "none", reason: `${source} is none` });
  const probed = await Bubblewrap.probe();
  if (typeof probed !== "string") return probed;
  if (setting === "required") throw new IsolationUnavailable(`${source} is required, but ${probed}`);
  return new Unisolated({ mechanism: "none", reason: probed });
}
async function agentsIsolated(setting) {
  if (setting === "none") return false;
  const probed = await Bubblewrap.probe();
  if (typeof probed === "string") return false;
  await probed.dispose();
  return true;
}
function baseEnvironment(env = process.env) {
  return {
    PATH: env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: env.LANG ?? "C.UTF-8",
    ...env.TZ ? { TZ: env.TZ } : {}
  };
}
function passedEnvironment(names, where, env = process.env) {
  const out = {};
  const missing = names.filter((name) => env[name] === void 0);
  if (missing.length)
    throw new EnvironmentError(
      `${where} names ${missing.join(", ")}, which ${missing.length === 1 ? "is" : "are"} not set in the environment: set ${missing.length === 1 ? "it" : "them"} for the run (${missing.map((name) => `export ${name}=\u2026`).join("; ")}; in a workflow, on the trialgate step: env: ${missing.map((name) => `${name}: \${{ secrets.${name} }}`).join(", ")}, which a fork's pull request is not given)`,
      "a variable the trial set passes on is missing: a setup mistake, not a verdict"
    );
  for (const name of names) out[name] = env[name];
  return out;
}

// src/util/command-paths.ts
import { isAbsolute, resolve } from "node:path";
var SCRIPT = /\.(mjs|cjs|js|ts|py|sh|rb|pl)$/;
function namedPaths(command, env, cwd) {
  return namedFiles(command, env).map((t) => resolve(cwd, t));
}
function namedFiles(command, env) {
  return namedWords(command, env).filter((t) => isAbsolute(t) || t.includes("/") && SCRIPT.test(t) || SCRIPT.test(t));
}
function namedWords(command, env) {
  const expanded = command.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name) => env[name] ?? whole);
  const tokens = [...expanded.matchAll(/(?:^|[\s"'=])([^\s"'`;|&<>()$=]+)/g)].filter((m) => !glued(expanded, m.index + m[0].length - m[1].length) && !redirected(expanded, m.index + m[0].length - m[1].length)).flatMap((m) => m[1].includes("://") ? [] : m[1].split(":")).filter(Boolean);
  return tokens.filter((t) => !t.startsWith("-") && !/[*?[]/.test(t));
}
function redirected(command, start) {
  return /(^|[^<])>\s*["']?$/.test(command.slice(0, start));
}
function glued(command, start) {
  const before = command[start - 1];
  if (before !== '"' && before !== "'") return false;
  const quotes = [...command.slice(0, start - 1)].filter((c) => c === before).length;
  return quotes % 2 === 1;
}
var PREFIXES = /* @__PURE__ */ new Set(["exec", "command", "time", "nohup", "env", "nice", "!", "then", "else", "elif", "do", "if", "while", "until", "{", "("]);
var NOT_PROGRAMS = /* @__PURE__ */ new Set(["for", "case", "function", "fi", "done", "esac", "}", ")"]);
function commandPrograms(command) {
  const out = [];
  for (const words of simpleCommands(command)) {
    let i = 0;
    while (i < words.length && (PREFIXES.has(words[i].name) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i].word) || words[i - 1]?.name === "env" && words[i].name.startsWith("-")))
      i++;
    const program = words[i];
    if (!program || NOT_PROGRAMS.has(program.name) || program.word.includes(SUBSTITUTION) || program.name === "") continue;
    if (!out.some((p) => p.word === program.word)) out.push(program);
  }
  return out;
}
function simpleCommands(text) {
  const command = maskSubstitutions(text);
  const commands = [[]];
  let word = "";
  let name = "";
  let quote = null;
  const endWord = () => {
    if (word) commands[commands.length - 1].push({ word, name });
    word = "";
    name = "";
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      word += c;
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < command.length) {
        word += command[++i];
        name += command[i];
      } else name += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      word += c;
    } else if (c === "\\" && i + 1 < command.length) {
      word += c + command[i + 1];
      name += command[++i];
    } else if (/\s/.test(c) && c !== "\n") {
      endWord();
    } else if (c === "#" && word === "") {
      while (i + 1 < command.length && command[i + 1] !== "\n") i++;
    } else if (";&|\n()".includes(c)) {
      endWord();
      commands.push([]);
    } else if ((c === "<" || c === ">") && /^\d*$/.test(word)) {
      word = "";
      name = "";
      while (i + 1 < command.length && "<>&".includes(command[i + 1])) i++;
      while (i + 1 < command.length && command[i + 1] === " ") i++;
      i = skipWord(command, i + 1) - 1;
    } else {
      word += c;
      name += c;
    }
  }
  endWord();
  return commands.filter((c) => c.length > 0);
}
function skipWord(command, start) {
  let i = start;
  let quote = null;
  for (; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\") i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "\\") i++;
    else if (/[\s;&|()]/.test(c)) break;
  }
  return i;
}
var SUBSTITUTION = "";
function maskSubstitutions(command) {
  let out = "";
  let single = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (single) {
      out += c;
      if (c === "'") single = false;
    } else if (c === "\\") {
      out += c + (command[i + 1] ?? "");
      i++;
    } else if (c === "'" && !insideDouble(out)) {
      single = true;
      out += c;
    } else if (c === "$" && command[i + 1] === "(") {
      i = closingParen(command, i + 2);
      out += SUBSTITUTION;
    } else if (c === "`") {
      const end = command.indexOf("`", i + 1);
      i = end < 0 ? command.length : end;
      out += SUBSTITUTION;
    } else out += c;
  }
  return out;
}
function insideDouble(text) {
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') double = !double;
    else if (c === "'" && !double) {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return false;
      i = end;
    }
  }
  return double;
}
function closingParen(command, start) {
  let depth2 = 1;
  let quote = null;
  for (let i = start; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"') i++;
    } else if (c === "\\") i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === "$" && command[i + 1] === "(") {
      i = closingParen(command, i + 2);
    } else if (c === "(") depth2++;
    else if (c === ")" && --depth2 === 0) return i;
  }
  return command.length;
}

export {
  LOOPBACK_URL,
  SYSTEM_DIRS,
  openSandbox,
  agentsIsolated,
  baseEnvironment,
  passedEnvironment,
  SCRIPT,
  namedPaths,
  namedFiles,
  namedWords,
  commandPrograms
};
