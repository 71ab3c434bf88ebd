/**
 * What else was using the machine while a bench ran, so that its figures can
 * be read honestly: the load average and, over one sample, the busiest
 * processes outside the bench's own tree (its servers and wrk are its own).
 */
import fs from 'node:fs';
import os from 'node:os';

export interface OtherWork {
  loadAverage: number[];
  /** Per command, the share of one CPU it used during the sample (100 = one whole CPU). */
  busiest: { command: string; cpuPercent: number }[];
}

/** Clock ticks per second of /proc's CPU times (USER_HZ), 100 on Linux. */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  ppid: number;
  ticks: number;
}

function readProcesses(): Map<number, ProcessTimes> {
  const processes = new Map<number, ProcessTimes>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // It ended meanwhile.
    }
  }
  return processes;
}

/** A short name for a process: its command line, node_modules paths cut down to the package. */
function describe(pid: number): string {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const text = args
      .map((arg) => arg.replace(/^.*\/node_modules\/(\.bin\/)?/, '').replace(/^\/\S*\/(node|postgres)$/, '$1'))
      .filter((arg) => !arg.startsWith('--') && !arg.includes('tsx/dist/'))
      .join(' ');
    return (text || fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).slice(0, 70);
  } catch {
    return `pid ${pid}`;
  }
}

function isOwn(pid: number, processes: Map<number, ProcessTimes>): boolean {
  for (let current: number | undefined = pid; current && current > 1; current = processes.get(current)?.ppid) {
    if (current === process.pid) return true;
  }
  return false;
}

/** Samples for `sampleMs` (Linux only; elsewhere, the load average alone). */
export async function otherWork(sampleMs = 2000): Promise<OtherWork> {
  const loadAverage = os.loadavg().map((load) => Math.round(load * 100) / 100);
  if (!fs.existsSync('/proc/self/stat')) return { loadAverage, busiest: [] };
  const before = readProcesses();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = readProcesses();
  const byCommand = new Map<string, number>();
  for (const [pid, times] of after) {
    if (isOwn(pid, after)) continue;
    const used = times.ticks - (before.get(pid)?.ticks ?? times.ticks);
    if (used <= 0) continue;
    const command = describe(pid);
    byCommand.set(command, (byCommand.get(command) ?? 0) + (used / TICKS_PER_SECOND / (sampleMs / 1000)) * 100);
  }
  const busiest = [...byCommand]
    .map(([command, cpuPercent]) => ({ command, cpuPercent: Math.round(cpuPercent) }))
    .filter((entry) => entry.cpuPercent >= 5)
    .sort((a, b) => b.cpuPercent - a.cpuPercent)
    .slice(0, 6);
  return { loadAverage, busiest };
}

export const describeOtherWork = ({ loadAverage, busiest }: OtherWork): string =>
  `load average ${loadAverage.join(' / ')}; ` +
  (busiest.length
    ? `busiest other processes: ${busiest.map((entry) => `${entry.command} (${entry.cpuPercent} %)`).join(', ')}`
    : 'no other process above 5 % of a CPU');
