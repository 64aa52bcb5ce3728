// A busy machine's CPU starvation is the environment's, never the agent's. Here the machine is made busy
// for the agent alone: it and busy loops are pinned to one core (taskset), so it gets a quarter of it or
// less (a sixth with five loops) whatever else the machine does. An agent that needs under a second of CPU,
// under a 1.5 s budget, is given back the time it waited for the core and passes; one that would need more
// than the budget and the most that can be given back is an environment error, never a fail; an agent that
// waits on something else (its provider, a sleep) past its budget is out of it as before.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT_OF_SIGHT_RULE, READ_PAST_RULE, runAgentProcess } from '../src/agent/process.ts';
import {
  agentInterval,
  atBudget,
  coresUsable,
  type Counts,
  CpuWaitMeter,
  STARVED_RULE,
  STARVED_STRETCH,
  waitFromOthers,
  type WaitMeter,
} from '../src/agent/starvation.ts';
import { descendants, stillRunning, treeBelow } from '../src/isolation/processes.ts';
import { Unisolated } from '../src/isolation/unisolated.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { main } from '../src/cli/main.ts';
import { readResultsFile } from '../src/results/read.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { SCRIPTED_AGENT, writeTrialSet } from './support/trialset.ts';
import { trialSaid } from './support/trial-said.ts';

const NO_TASKSET = spawnSync('taskset', ['-c', '0', 'true']).status === 0 ? undefined : 'taskset cannot pin a process to core 0 here';

/** Burns CPU (its own, as the kernel counts it) until BURN_MS of it is spent. */
const BURN = `const want = Number(process.env.BURN_MS) * 1000; const at = process.cpuUsage(); for (;;) { const u = process.cpuUsage(at); if (u.user + u.system >= want) break; }`;

/** The burn in a worker thread, its main thread waiting for it. */
const THREADED_BURN = `new (require('node:worker_threads').Worker)(${JSON.stringify(BURN)}, { eval: true });`;

/** The burn, on core 0 only. */
const PINNED_BURN = `taskset -c 0 node "$TRIALGATE_PROJECT/fixture/agent/burn.cjs"`;

async function run(burnMs: number, command: string, isolation: 'auto' | 'none', wallSeconds = 1.5) {
  const configPath = await writeTrialSet({
    wallSeconds,
    agent: { isolation, command },
    env: { BURN_MS: String(burnMs) },
  });
  await writeFile(join(dirname(configPath), 'fixture', 'agent', 'burn.cjs'), BURN);
  await writeFile(join(dirname(configPath), 'fixture', 'agent', 'threaded.cjs'), THREADED_BURN);
  const out = join(await tempDir(), 'run');
  const io = captureIo(dirname(configPath));
  const code = await main(['run', '--out', out], io);
  return { code, io, trial: (await readResultsFile(join(out, 'results.json'))).tasks[0]!.trials[0]! };
}

describe('an agent the machine keeps from a core', { skip: NO_TASKSET }, () => {
  const loops: ChildProcess[] = [];
  const busy = (n: number) => {
    // Each in a session of its own, as other jobs on a runner are: the kernel shares a core between sessions first (autogroups).
    for (let i = 0; i < n; i++) loops.push(spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;);'], { stdio: 'ignore', detached: true }));
  };
  before(() => busy(3));
  after(() => {
    for (const loop of loops) loop.kill('SIGKILL');
  });

  it(
    'is given back the time it waited for the core: under a second of CPU, a 1.5 s budget, a quarter of a core: it passes',
    { skip: NO_ISOLATION },
    async () => {
      // Its burn alone, at a quarter of a core, outlasts the budget; the scripted agent after it runs on any core.
      const { trial } = await run(400, `${PINNED_BURN} && ${SCRIPTED_AGENT}`, 'auto');
      // A runner busier still may keep it waiting past the three budgets given back: then it is the machine's, never a fail.
      if (trial.outcome === 'env_error') assert.equal(trial.env_error, STARVED_RULE, trialSaid(trial));
      else {
        assert.equal(trial.stop_reason, 'completed', JSON.stringify(trial.layers.trajectory.notes));
        assert.equal(trial.outcome, 'pass', trialSaid(trial));
      }
    },
  );

  it('its work in a thread: the thread’s wait is given back, not only its main thread’s', async () => {
    // /proc/<pid>/schedstat is the main thread's alone: a worker thread that waited three quarters of its
    // time for the core went unseen, the main thread waiting on it (no core), and the agent ran out of its
    // budget. (Where a busier runner keeps it past what can be given back: the machine's, never a fail.)
    // The burn alone, one process: the wait of processes that end between reads goes unseen (the budget is
    // given back too little, never too much), and in CI's full suite a command run after the burn once took
    // what this test has to prove from its margin.
    const { trial, io } = await run(400, `exec taskset -c 0 node "$TRIALGATE_PROJECT/fixture/agent/threaded.cjs"`, 'none');
    if (trial.outcome === 'env_error') assert.equal(trial.env_error, STARVED_RULE, `${trialSaid(trial)}\n${io.err}`);
    else assert.equal(trial.stop_reason, 'completed', JSON.stringify(trial.layers.trajectory.notes));
  });

  it('kept waiting past what can be given back: an environment error naming the wait, never a fail', async () => {
    // An agent that never ends, at an eighth of a core or less: it waits seven eighths of its time or more,
    // past the three budgets that can be given back by the time those are up. (At a sixth, the reads' own
    // skew once counted three quarters in CI's full suite: given back until it had run its 1.5 s, it was
    // out of budget, as the product should judge an agent that waited that little.)
    busy(4);
    const { trial, io } = await run(1_000_000, `exec ${PINNED_BURN}`, 'none');
    assert.equal(trial.outcome, 'env_error', `${trial.stop_reason}: ${io.err}`);
    assert.equal(trial.env_error, STARVED_RULE, trialSaid(trial));
    assert.match(io.out + io.err, /waited \d+\.\d s for a CPU core/);
  });
});

describe('an agent that waits for its own processes', { skip: NO_TASKSET }, () => {
  // In CI's full suite (hundreds of processes) it once completed: each read of them took seconds and piled
  // up behind the next, and the read at the budget came after the agent ended (see 'the time given back').
  it('more busy processes than its cores: that wait is its own, never given back; out of its budget, never a pass', async () => {
    // Three burns of 2.5 s of CPU each, pinned by the agent to one core: 7.5 s of that core's time, past the
    // 3 s budget on a quiet machine as on a busy one. Each waits two thirds of its time for the others: given
    // back, they would pass (by 9 s). Out of budget by 4.5 s of their own time, they cannot finish in the time
    // a busy runner's trialgate takes to read them at the budget (what an agent ending then can gain).
    const { trial, io } = await run(2500, `${PINNED_BURN} & ${PINNED_BURN} & ${PINNED_BURN} & wait`, 'none', 3);
    assert.notEqual(trial.outcome, 'pass', JSON.stringify(trial.layers.trajectory.notes));
    // A machine busy beyond the agent may keep it waiting past what can be given back: the machine's, never a pass.
    if (trial.outcome === 'env_error') assert.equal(trial.env_error, STARVED_RULE, `${trialSaid(trial)}\n${io.err}`);
    else assert.equal(trial.stop_reason, 'budget_exhausted');
  });
});

describe('an agent that waits on something else', () => {
  it('past its budget is out of it as before: budget_exhausted, the agent’s', async () => {
    const { trial } = await run(0, 'sleep 60', 'none');
    assert.equal(trial.stop_reason, 'budget_exhausted');
    assert.equal(trial.outcome, 'fail', trialSaid(trial));
  });
});

describe('the processes an unisolated agent runs', { skip: existsSync('/proc/self/stat') ? undefined : 'no /proc' }, () => {
  it('one it detached from its tree is still its own', async () => {
    const dir = await tempDir();
    const agent = new Unisolated({ mechanism: 'none', reason: 'test' }).spawn({
      argv: ['sh', '-c', '(sleep 30 & echo $! > detached.txt); echo started; sleep 30'],
      cwd: dir,
      env: { PATH: process.env.PATH! },
      mounts: [],
      network: 'none',
    });
    try {
      await once(agent.child.stdout!, 'data');
      const detached = Number(await readFile(join(dir, 'detached.txt'), 'utf8'));
      const below = descendants(agent.child.pid!);
      assert.ok(!below.some((d) => d.pid === detached), 'it left the tree');
      // The whole table, where the marked are found, is read again at most every 2 s.
      const deadline = performance.now() + 10_000;
      while (!(await agent.processes?.())?.includes(detached) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok((await agent.processes?.())?.includes(detached), 'its sandbox still counts it');
    } finally {
      agent.kill();
      await agent.exited;
    }
  });

  it('one it detached is its own at the next read, not up to 2 s later', async () => {
    // The marked were looked for in the whole table read at most every 2 s: a hostile agent's burns, each
    // detached and ended within that, were never seen, init reaped their CPU, and the agent's wait for them
    // on its core was given back as the machine's (1.2 s of the 1.5 s they ran).
    const dir = await tempDir();
    const agent = new Unisolated({ mechanism: 'none', reason: 'test' }).spawn({
      argv: ['sh', '-c', 'echo ready; while [ ! -e go ]; do sleep 0.02; done; (sleep 30 & echo $! > detached.txt); echo detached; sleep 30'],
      cwd: dir,
      env: { PATH: process.env.PATH! },
      mounts: [],
      network: 'none',
    });
    try {
      const output = (async function* () {
        for await (const chunk of agent.child.stdout!) yield String(chunk);
      })();
      let seen = '';
      const until = async (word: string) => {
        while (!seen.includes(word)) seen += (await output.next()).value ?? '';
      };
      await until('ready');
      // A read just before it detaches: the table was then fresh.
      await agent.processes?.();
      await writeFile(join(dir, 'go'), '');
      await until('detached');
      const detached = Number(await readFile(join(dir, 'detached.txt'), 'utf8'));
      assert.ok(!descendants(agent.child.pid!).some((d) => d.pid === detached), 'it left the tree');
      // The next read, a quarter second on.
      await new Promise((resolve) => setTimeout(resolve, 250));
      assert.ok((await agent.processes?.())?.includes(detached), 'its sandbox counts it at the next read');
    } finally {
      agent.kill();
      await agent.exited;
    }
  });

  it('its tree, read from its processes’ lists of children, is the tree the whole table shows, a child a worker thread started included', async () => {
    const dir = await tempDir();
    // The worker thread's child is in the worker's list of children, not the main thread's.
    const fromWorker = `new (require('node:worker_threads').Worker)("console.log(require('node:child_process').spawn('sleep', ['30'], { stdio: 'ignore' }).pid)", { eval: true });`;
    const child = spawn('sh', ['-c', `sleep 30 & (sleep 30 & sleep 30) & node -e ${JSON.stringify(fromWorker)}`], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [started] = await once(child.stdout!, 'data');
      const table = descendants(child.pid!).map((d) => d.pid);
      assert.ok(table.includes(Number(String(started))), 'the worker’s child is below');
      assert.ok(table.length >= 5, 'a sleep, a subshell and its sleeps, node, its sleep');
      assert.deepEqual(new Set(treeBelow(child.pid!)), new Set(table));
    } finally {
      for (const pid of descendants(child.pid!).map((d) => d.pid)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
    }
  });
});

/**
 * A hostile agent's work in short burns (10–20 ms of CPU each, 100 of them one after another), each in a
 * process no read catches, beside a busy loop it leaves running on the same core, at the lowest priority, to
 * wait for them: their CPU is counted as the machine's and the loop's wait for them given back, unless it
 * shows in a count of the agent's (the core's to the burns for up to four budgets). `$ARGV[0]`: 'ignore' (SIGCHLD ignored: the kernel reaps each burn) or 'detach' (each burn detached
 * from a process that ends at once: init reaps it).
 */
const HIDDEN_BURNS = `
$SIG{CHLD} = 'IGNORE' if $ARGV[0] eq 'ignore';
sub cpu { my @t = times; $t[0] + $t[1] }
my $loop = fork; if (!$loop) { setpriority(0, 0, 19); 1 while 1 }
for (1 .. 100) {
  pipe(my $r, my $w);
  my $pid = fork;
  if (!$pid) { close $r; if ($ARGV[0] eq 'detach') { exit 0 if fork } my $t = cpu(); 1 while cpu() - $t < 0.01; exit 0 }
  close $w; waitpid($pid, 0) if $ARGV[0] eq 'detach'; my $done = <$r>;
}
kill 'KILL', $loop; print "done\n";
`;
const NO_PERL = spawnSync('perl', ['-e', '1']).status === 0 ? undefined : 'no perl';

describe('an agent whose work no count shows', { skip: NO_TASKSET ?? NO_PERL }, () => {
  for (const how of ['ignore', 'detach', 'none'] as const) {
    const what = { ignore: 'SIGCHLD ignored', detach: 'each burn detached', none: 'each burn reaped by the agent (seen in its count)' }[how];
    it(`${what}: its wait for that work is never a pass past its budget`, async () => {
      // Unseen, 1–2 s of burns on a 1 s budget passed at 1.5 s, the loop's wait for them given back as the machine's
      // (reaped by the agent, the same burns end budget_exhausted at 1 s).
      const dir = await tempDir();
      await writeFile(join(dir, 'burns.pl'), HIDDEN_BURNS);
      const run = await runAgentProcess({
        sandbox: new Unisolated({ mechanism: 'none', reason: 'test' }),
        command: `taskset -c 0 perl burns.pl ${how}`,
        cwd: dir,
        env: { PATH: process.env.PATH! },
        mounts: [{ path: dir, writable: true }],
        conceal: [],
        network: 'none',
        wallMs: 1000,
        logCapBytes: 10_000,
        scrubber: new Scrubber([]),
      });
      // Out of its budget, or past it but undecided (a busier machine: kept from its core past what can be given back).
      if (run.budgetExhausted) return;
      assert.ok([OUT_OF_SIGHT_RULE, STARVED_RULE, READ_PAST_RULE].includes(run.envRule!), `${run.agentMs} ms, ${run.setupError}: ${run.log}`);
      if (run.envRule === OUT_OF_SIGHT_RULE) assert.match(run.setupError!, { ignore: /ignores SIGCHLD/, detach: /ended outside its tree/, none: /^$/ }[how]);
    });
  }
});

describe('the time given back', { skip: existsSync('/proc/self/stat') ? undefined : 'no /proc' }, () => {
  it('is due from the budget’s start, not from the end of a read that took long', async () => {
    // A machine that kept the agent waiting 2 s, read in 2 s each time (many processes, a busy runner). At its
    // 1 s budget the read ends at 3 s: the 2 s given back are then all spent, and the agent, still running at
    // the end of the next read (5 s), is past its budget. Counted from the read's end, they were given again:
    // the next read began at 5 s, and the agent completed during it, at 6 s.
    const slowRead: WaitMeter = { read: () => new Promise((resolve) => setTimeout(() => resolve(2000), 2000)) };
    const dir = await tempDir();
    const run = await runAgentProcess({
      sandbox: new Unisolated({ mechanism: 'none', reason: 'test' }),
      command: 'sleep 6; echo finished',
      cwd: dir,
      env: { PATH: process.env.PATH! },
      mounts: [{ path: dir, writable: true }],
      conceal: [],
      network: 'none',
      wallMs: 1000,
      logCapBytes: 10_000,
      scrubber: new Scrubber([]),
      waitMeter: () => slowRead,
    });
    assert.equal(run.budgetExhausted, true, run.log);
  });

  it('is decided by a read that waits behind one read at most: slow reads do not pile up past the budget', async () => {
    // Each read of the agent's processes takes 2 s (a busy runner's hundreds of processes, as CI's full suite
    // had), asked every quarter second; it finds none (nothing known: the budget is the budget, whatever the
    // load). Queued one per tick, the read at the 1 s budget came after four others, at 10 s, and the agent,
    // past its budget, completed at 7 s during them. Now it waits for the read under way and its own: decided
    // near 4.3 s, out of budget.
    let reads = 0;
    const slowRead = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return [];
    };
    const dir = await tempDir();
    const run = await runAgentProcess({
      sandbox: new Unisolated({ mechanism: 'none', reason: 'test' }),
      command: 'sleep 7; echo finished',
      cwd: dir,
      env: { PATH: process.env.PATH! },
      mounts: [{ path: dir, writable: true }],
      conceal: [],
      network: 'none',
      wallMs: 1000,
      logCapBytes: 10_000,
      scrubber: new Scrubber([]),
      waitMeter: (root) => new CpuWaitMeter(root, slowRead),
    });
    assert.equal(run.budgetExhausted, true, run.log);
    assert.ok(reads <= 4, `${reads} reads in ${run.agentMs} ms, one at a time`);
  });

  /** An agent run under a 1 s budget whose every read of its wait ends only once the agent has ended, saying `waitedMs`. */
  const endsDuringRead = (command: string, waitedMs: number) =>
    tempDir().then((dir) =>
      runAgentProcess({
        sandbox: new Unisolated({ mechanism: 'none', reason: 'test' }),
        command,
        cwd: dir,
        env: { PATH: process.env.PATH! },
        mounts: [{ path: dir, writable: true }],
        conceal: [],
        network: 'none',
        wallMs: 1000,
        logCapBytes: 10_000,
        scrubber: new Scrubber([]),
        waitMeter: (root) => ({
          read: async () => {
            while (stillRunning(root)) await new Promise((resolve) => setTimeout(resolve, 20));
            return waitedMs;
          },
        }),
      }),
    );

  it('an agent that ends during the read at its budget, owed nothing by it, is never a pass', async () => {
    // A hostile agent makes that read slow (thousands of processes to read on a busy runner) and ends during
    // it, at 5 s on a 1 s budget. It was judged within its budget: a pass past it.
    const run = await endsDuringRead('sleep 5; echo finished', 0);
    assert.equal(run.budgetExhausted, false);
    assert.equal(run.envRule, READ_PAST_RULE, run.setupError ?? run.log);
    assert.match(run.setupError ?? '', /ended while its processes were read at its budget of 1\.0 s/);
  });

  it('an agent that ends during the read at its budget, owed more by it and ended within that, completes', async () => {
    // Waited 3 s for a core: due at 4 s, ended at 2 s.
    const run = await endsDuringRead('sleep 2; echo finished', 3000);
    assert.equal(run.budgetExhausted, false);
    assert.equal(run.envRule, undefined, run.setupError);
    assert.equal(run.exitCode, 0);
  });

  it('asked many times while a read is under way, one more read serves them all', async () => {
    let reads = 0;
    const meter = new CpuWaitMeter(process.pid, async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return [process.pid];
    });
    const first = meter.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(reads, 1, 'the first under way');
    const asked = Array.from({ length: 9 }, () => meter.read());
    const waits = await Promise.all([first, ...asked]);
    assert.equal(reads, 2);
    assert.ok(waits.every((w) => typeof w === 'number'));
    assert.equal(new Set(asked).size, 1, 'the nine asked while the first ran share the next read');
    assert.notEqual(asked[0], first);
  });
});

describe('what the budget gives back', () => {
  it('the wait, up to three budgets more; past that, the end is the machine’s', () => {
    assert.deepEqual(atBudget(2000, undefined, 0), { end: 'budget' }, 'no wait known: the budget is the budget');
    assert.deepEqual(atBudget(2000, 30, 0), { end: 'budget' }, 'a wait too small to matter');
    assert.deepEqual(atBudget(2000, 1500, 0), { more: 1500 });
    assert.deepEqual(atBudget(2000, 1550, 1500), { end: 'budget' }, 'its wait all given back: its whole budget had');
    assert.deepEqual(atBudget(2000, 9000, 1500), { more: STARVED_STRETCH * 2000 - 1500 });
    assert.deepEqual(atBudget(2000, 9000, STARVED_STRETCH * 2000), { end: 'starved', waitedMs: 9000 });
  });
});

describe('the wait other work took from the agent', () => {
  const BOTH = [0, 1];
  /** Processes on `cores`, each with its CPU and wait over a second. */
  const second = (processes: { cpuMs: number; waitMs: number; cores?: number[] }[]) => ({
    wallMs: 1000,
    processes: processes.map((p) => ({ cores: BOTH, ...p })),
  });
  it('a lone process kept from its core by others: all of its wait', () => {
    assert.equal(waitFromOthers(second([{ cpuMs: 250, waitMs: 750 }])), 750);
  });
  it('one that also sleeps (on its provider): its wait, not its sleep', () => {
    assert.equal(waitFromOthers(second([{ cpuMs: 250, waitMs: 250 }])), 250);
  });
  it('more busy processes than cores on a quiet machine: none, though each waited', () => {
    const third = { cpuMs: 667, waitMs: 333 };
    assert.equal(waitFromOthers(second([third, third, third])), 0);
    const half = { cpuMs: 500, waitMs: 500, cores: [0] };
    assert.equal(waitFromOthers(second([half, half])), 0, 'pinned to one core');
  });
  it('pinned to one core beside a light process that may use both: none, their wait for each other is their own', () => {
    // Alone the two burns would have had core 0, the light process core 1 a third of the time: 1.3 cores, all had.
    const half = { cpuMs: 500, waitMs: 500, cores: [0] };
    assert.equal(waitFromOthers(second([half, half, { cpuMs: 300, waitMs: 0 }])), 0);
    assert.equal(waitFromOthers(second([half, half, { cpuMs: 300, waitMs: 0, cores: [1] }])), 0);
  });
  it('as many as its cores, halved by others: the half they took', () => {
    const half = { cpuMs: 500, waitMs: 500 };
    assert.equal(waitFromOthers(second([half, half])), 500);
    assert.equal(
      waitFromOthers(
        second([
          { ...half, cores: [0] },
          { ...half, cores: [1] },
        ]),
      ),
      500,
      'one pinned to each core',
    );
  });
  it('four on two cores beside four others: what the others took, less than each process waited', () => {
    // Alone they would have used both cores; they got one: half the interval lost, though each waited three quarters.
    const quarter = { cpuMs: 250, waitMs: 750 };
    assert.equal(waitFromOthers(second([quarter, quarter, quarter, quarter])), 500);
  });
  it('no more than the rest of the machine ran: an agent pinned to one core, widened to both only when read, none', () => {
    // Two burns on core 0, their wait for each other their own; read just as they may use both cores.
    const half = second([
      { cpuMs: 500, waitMs: 500 },
      { cpuMs: 500, waitMs: 500 },
    ]);
    assert.equal(waitFromOthers(half), 500, 'their affinity alone says others took half');
    assert.equal(waitFromOthers({ ...half, othersCpuMs: 0 }), 0, 'but nothing else ran');
    assert.equal(waitFromOthers({ ...half, othersCpuMs: 200 }), 200);
    assert.equal(waitFromOthers({ ...half, othersCpuMs: 1000 }), 500);
  });
  it('nothing read, no time passed: none', () => {
    assert.equal(waitFromOthers({ wallMs: 1000, processes: [] }), 0);
    assert.equal(waitFromOthers({ wallMs: 0, processes: [{ cpuMs: 0, waitMs: 10, cores: BOTH }] }), 0);
  });
});

describe('what the agent did between two reads', () => {
  const CORE_0 = [0];
  /** A process's counts: its main thread (by its pid, on core 0) and its rest (`<pid>+`: ended threads', reaped children's CPU). */
  const proc = (pid: number, ppid: number, cpuMs: number, waitMs = 0, restMs = 0): Counts =>
    new Map([
      [String(pid), { cpuMs, waitMs, cores: CORE_0, pid, ppid }],
      [`${pid}+`, { cpuMs: restMs, waitMs: 0, cores: [], pid, ppid, rest: true as const }],
    ]);
  const counts = (...processes: Counts[]): Counts => new Map(processes.flatMap((p) => [...p]));

  it('a reaped child’s CPU, counted while it ran, is not counted again: the interval’s wait is still given', () => {
    // The shell (10) ran a command (11) seen for 300 ms of CPU; it ended and was reaped, its 320 ms now the
    // shell's rest; the next command (12), seen for the first time, waited 200 of the 250 ms.
    const before = counts(proc(10, 1, 5), proc(11, 10, 300, 900));
    const now = counts(proc(10, 1, 5, 0, 320), proc(12, 10, 50, 200));
    const { processes, credit } = agentInterval(before, now, CORE_0);
    assert.deepEqual(processes, [
      { cpuMs: 0, waitMs: 0, cores: CORE_0 },
      { cpuMs: 50, waitMs: 200, cores: CORE_0 },
      { cpuMs: 20, waitMs: 0, cores: [] },
    ]);
    assert.equal(credit.size, 0);
    assert.equal(waitFromOthers({ wallMs: 250, processes }), 180, 'lost: 250 − 70 on its one core');
    // Counted again, the 320 ms was the interval's work: no wait given back.
    assert.equal(waitFromOthers({ wallMs: 250, processes: [...processes.slice(0, 2), { cpuMs: 320, waitMs: 0, cores: [] }] }), 0);
  });

  it('a child gone before its parent reaped it: its CPU waits one read to be explained, then lapses', () => {
    const before = counts(proc(10, 1, 5), proc(11, 10, 300, 900));
    const shell = proc(10, 1, 5);
    const gone = agentInterval(before, shell, CORE_0);
    assert.deepEqual([...gone.credit], [['10+', 300]]);
    const reaped = agentInterval(shell, proc(10, 1, 5, 0, 340), CORE_0, gone.credit);
    assert.deepEqual(reaped.processes.at(-1), { cpuMs: 40, waitMs: 0, cores: [] }, 'its last 40 ms, unseen');
    assert.equal(reaped.credit.size, 0);
    // Never reaped by the shell: the credit lapses after one read, and the shell's next reaped child counts whole.
    const unreaped = agentInterval(shell, shell, CORE_0, gone.credit);
    assert.equal(unreaped.credit.size, 0);
    const later = agentInterval(shell, proc(10, 1, 5, 0, 100), CORE_0, unreaped.credit);
    assert.deepEqual(later.processes.at(-1), { cpuMs: 100, waitMs: 0, cores: [] });
  });

  it('an orphan init adopted explains no one’s growth: a short command reaped meanwhile counts whole', () => {
    // 11 left its parent (now init's, ppid 1) and ended after 300 ms of CPU; the shell reaped a command it never saw.
    const before = counts(proc(10, 1, 5), proc(11, 1, 300));
    const { processes, credit, left } = agentInterval(before, proc(10, 1, 5, 0, 120), CORE_0);
    assert.deepEqual(processes.at(-1), { cpuMs: 120, waitMs: 0, cores: [] });
    assert.equal(credit.size, 0);
    assert.deepEqual(left, [11], 'it ended where no count of the agent’s shows its CPU');
  });

  it('a parent reaped with its child: both show in the nearest ancestor still running', () => {
    // The agent (9) ran a shell (10) that ran a command (11): shell and command gone, 9's rest grew by both and 15 ms unseen.
    const before = counts(proc(9, 1, 20), proc(10, 9, 5, 0, 0), proc(11, 10, 300));
    const { processes, credit, left } = agentInterval(before, proc(9, 1, 20, 0, 320), CORE_0);
    assert.deepEqual(processes.at(-1), { cpuMs: 15, waitMs: 0, cores: [] });
    assert.equal(credit.size, 0);
    assert.deepEqual(left, [], 'both in sight');
  });

  it('a thread gone from a process still running shows in that process’s rest', () => {
    const worker = { cpuMs: 400, waitMs: 1200, cores: CORE_0, pid: 10, ppid: 1 };
    const before = counts(proc(10, 1, 30), new Map([['13', worker]]));
    const { processes } = agentInterval(before, proc(10, 1, 30, 0, 410), CORE_0);
    assert.deepEqual(processes.at(-1), { cpuMs: 10, waitMs: 0, cores: [] });
  });

  it('CPU run unseen waited as the machine’s runnable processes wait, its own contention still none', () => {
    // The shell (10) reaped commands no read saw, 60 ms of CPU in 250 ms, on a machine of three runnable
    // processes a core: each waited two ms a ms it ran. Their wait went with them: given none, an innocent
    // agent of short commands was out of its budget on a starved runner (40 of 10–20 ms beside six loops on
    // two cores: 0.2 s given back of about 1.5 s waited, budget_exhausted at 1.7 s on 1.5 s; now about 1 s).
    const { processes } = agentInterval(proc(10, 1, 5), proc(10, 1, 5, 0, 60), CORE_0, new Map(), 2);
    assert.deepEqual(processes.at(-1), { cpuMs: 60, waitMs: 120, cores: [] });
    assert.equal(waitFromOthers({ wallMs: 250, processes }), 120, 'the shell, asleep, waited none');
    // Commands that kept its core busy the whole interval: whatever they waited was for each other.
    const busy = agentInterval(proc(10, 1, 5), proc(10, 1, 5, 0, 250), CORE_0, new Map(), 2);
    assert.equal(waitFromOthers({ wallMs: 250, processes: busy.processes }), 0);
  });

  it('a process seen for the first time: all of its counts so far', () => {
    const { processes } = agentInterval(new Map(), proc(10, 1, 30, 70, 15), CORE_0);
    assert.deepEqual(processes, [
      { cpuMs: 30, waitMs: 70, cores: CORE_0 },
      { cpuMs: 15, waitMs: 0, cores: [] },
    ]);
  });
});

describe('the cores a set of processes could keep busy', () => {
  it('each core at most once, each process only on its own cores', () => {
    assert.equal(
      coresUsable([
        { want: 1, cores: [0] },
        { want: 1, cores: [0] },
      ]),
      1,
    );
    assert.equal(
      coresUsable([
        { want: 1, cores: [0] },
        { want: 1, cores: [0, 1] },
      ]),
      2,
      'the wide one takes core 1',
    );
    assert.equal(
      coresUsable([
        { want: 1, cores: [0, 1] },
        { want: 1, cores: [0] },
      ]),
      2,
      'whichever comes first',
    );
    assert.equal(
      coresUsable([
        { want: 0.3, cores: [0, 1] },
        { want: 2, cores: [0] },
      ]),
      1.3,
    );
    assert.equal(coresUsable([{ want: 1.8, cores: [0, 1, 2, 3] }]), 1.8, 'several threads of one process');
    assert.equal(
      coresUsable([
        { want: 0, cores: [0] },
        { want: 1, cores: [] },
      ]),
      0,
    );
  });
  it('a process moves to another of its cores to make room: the largest flow, not the first found', () => {
    // A on {0,1} may first take core 0; B, on core 0 only, then has it only if A moves to core 1, and C on {1,2} to core 2.
    const usable = coresUsable([
      { want: 1, cores: [0, 1] },
      { want: 1, cores: [1, 2] },
      { want: 1, cores: [0] },
    ]);
    assert.ok(Math.abs(usable - 3) < 1e-6, String(usable));
  });
});

/**
 * A process tree under a subreaper that never reaps: the agent's root, a child it forked that has ended
 * unreaped (a zombie) and, with `running`, a second child still running. Printed: the root's pid, then
 * the children's. The subreaper stands for init, which may take a second to reap what it adopts.
 */
const UNREAPED_TREE = `
import ctypes, os, signal, sys, time
signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # an ignored SIGCHLD, inherited, would have the kernel reap them
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans below come here, and stay unreaped
root = os.fork()
if root == 0:
    ended = os.fork()
    if ended == 0:
        os._exit(0)
    running = os.fork()
    if running == 0:
        time.sleep(100)
        os._exit(0)
    print(os.getpid(), ended, running, flush=True)
    time.sleep(100)
    os._exit(0)
time.sleep(100)
`;

/** The state letter of /proc/<pid>/stat and the parent, or undefined once gone. */
function stateOf(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** Waits for the kernel to show `what`, however busy the machine (the bound only ends a test that would hang). */
async function until(what: string, holds: () => boolean): Promise<void> {
  const started = Date.now();
  while (!holds()) {
    if (Date.now() - started > 120_000) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const NO_PYTHON = spawnSync('python3', ['-c', 'import ctypes']).status === 0 ? undefined : 'no python3';

describe('a process whose CPU a read already saw whole', { skip: (existsSync('/proc/self/stat') ? undefined : 'no /proc') ?? NO_PYTHON }, () => {
  it('is never out of sight when its parent ends without reaping it, as an ended agent leaves its unreaped children to init', async (t) => {
    // Its CPU was final when a read saw it ended, under the agent's process. Read again after that process
    // ended, it was adopted outside the agent's tree, and was "ended outside its tree": an agent past its budget
    // on time given back was undecided for work every read had counted (1 run in 6 of a busy suite).
    const tree = spawn('python3', ['-c', UNREAPED_TREE], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = await once(tree.stdout!, 'data');
      const [root, ended, running] = String(line).trim().split(' ').map(Number) as [number, number, number];
      await until('the child ended', () => stateOf(ended)?.state !== 'R' && stateOf(ended)?.state !== 'S');
      // Seen reaped on some busy runs (by whom is not known here): the case this test builds cannot be built then.
      if (stateOf(ended)?.state !== 'Z') return t.skip('the ended child was reaped before a read could see it unreaped');
      // Listed once, as the agent's were read at a moment its tree changed between the listing and the reads.
      const meter = new CpuWaitMeter(root, async () => [root, ended, running]);
      await meter.read();
      process.kill(root, 'SIGKILL');
      await until('the root ended and its children were adopted', () => stateOf(root)?.state === 'Z' && stateOf(ended)?.ppid === tree.pid);
      await meter.read();
      assert.equal(meter.outOfSight(), undefined);
      // The child still running at the first read is out of sight once it ends outside the tree: its CPU since went unseen.
      process.kill(running, 'SIGKILL');
      await until('the running child ended, adopted', () => stateOf(running)?.state === 'Z');
      await meter.read();
      assert.match(meter.outOfSight() ?? '', new RegExp(`process ${running} of the agent ended outside its tree`));
    } finally {
      tree.kill('SIGKILL');
    }
  });
});
