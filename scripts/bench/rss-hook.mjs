// Preloaded (node --import) into each process the bench measures: at exit, writes the process's peak
// resident memory in KiB and its CPU time (user + system, all threads) in ms to BENCH_RSS_FILE. It reads VmHWM from /proc/self/status, the high-water mark
// of this process's own memory: getrusage's maxrss would not do, since Linux keeps it across execve and
// a freshly spawned child starts with its parent's (the bench's) peak. Elsewhere, maxrss it is.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;

function peakKiB() {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS;
}

if (file) {
  process.on('exit', () => {
    try {
      const cpu = process.cpuUsage();
      writeFileSync(file, JSON.stringify({ maxRssKiB: peakKiB(), cpuMs: (cpu.user + cpu.system) / 1000 }));
    } catch {
      // The figure is then missing from the report ("–"), nothing else.
    }
  });
}
