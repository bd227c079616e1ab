// Preloaded (node --import) into each process the bench measures: at exit, writes the process's peak
// resident memory in KiB and its CPU time in ms to BENCH_RSS_FILE. It reads VmHWM from /proc/self/status,
// the high-water mark of this process's own memory: getrusage's maxrss would not do, since Linux keeps it
// across execve and a freshly spawned child starts with its parent's (the bench's) peak. Elsewhere,
// maxrss it is. The CPU time is user + system of every thread, plus that of the processes it ran and
// waited for (esbuild compiling our build's configuration, git reading the pages' dates): both builds
// are charged for all they cost.
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

/** CPU ms of the children this process waited for: cutime and cstime of /proc/self/stat (1/100 s). */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of the line, counted from the state (field 3) after the command's name.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

if (file) {
  process.on('exit', () => {
    try {
      const cpu = process.cpuUsage();
      writeFileSync(
        file,
        JSON.stringify({ maxRssKiB: peakKiB(), cpuMs: (cpu.user + cpu.system) / 1000 + childrenCpuMs() }),
      );
    } catch {
      // The figure is then missing from the report ("–"), nothing else.
    }
  });
}
