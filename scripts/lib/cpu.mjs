// Where the machine's CPU went during a stretch of a benchmark, from /proc (Linux): how busy the
// cores were, and the CPU seconds of the server, of the database's processes and of the bench's
// own client. Says whether a measure that misses its goal is waiting on something or out of CPU.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Kernel clock ticks a second (USER_HZ); 100 on every Linux this runs on. */
const TICKS = 100;

/** utime + stime of a process, in ticks (0 when it has gone). */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The ticks of every process whose command is `comm` (the database's backends, for one). */
function commandTicks(comm) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) ticks += processTicks(entry);
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = values[3] + values[4];
  return { total: values.reduce((a, b) => a + b, 0), idle };
}

/**
 * Starts counting; the returned function stops and tells: the cores' busy share (0-1), and CPU
 * seconds of the server (`serverPid`), of PostgreSQL's processes and of this process.
 */
export function cpuMeter(serverPid) {
  const machine = machineTicks();
  const server = processTicks(serverPid);
  const database = commandTicks('postgres');
  const client = process.cpuUsage();
  return () => {
    const after = machineTicks();
    const total = after.total - machine.total;
    const own = process.cpuUsage(client);
    return {
      busy: total > 0 ? 1 - (after.idle - machine.idle) / total : 0,
      cores: availableParallelism(),
      serverSeconds: (processTicks(serverPid) - server) / TICKS,
      databaseSeconds: (commandTicks('postgres') - database) / TICKS,
      clientSeconds: (own.user + own.system) / 1e6,
    };
  };
}
