/**
 * What a page's main thread does while it loads, read from a Chromium trace (Lighthouse's own, one per
 * run): CPU milliseconds by cause, the tasks long enough to block, the style and layout work, the frames
 * drawn and the animations started. Thread CPU time (`tdur`), not wall time: on a shared machine a task
 * waits for a core as long as the others want it, and its wall time says more about them than about the
 * page (docs/decisions/0056-quiet-main-thread.md).
 *
 * Also `cpuTimeTrace`: the same trace with every main-thread task shrunk to its CPU time, which
 * Lighthouse's simulation then reads as it reads a trace from a quiet machine.
 */

/** One event of a Chromium trace (the JSON trace format), as far as we read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id2?: unknown;
  id?: unknown;
  args?: Record<string, unknown> & {
    data?: Record<string, unknown>;
    beginData?: Record<string, unknown>;
    name?: string;
  };
}
export interface Trace {
  traceEvents: TraceEvent[];
}

export const CAUSES = {
  html: 'analyse du HTML',
  styles: 'styles',
  layout: 'mise en page',
  paint: 'peinture et composition',
  svg: 'images SVG',
  script: 'script',
  gc: 'ramasse-miettes',
  other: 'autre (non attribué)',
} as const;
export type Cause = keyof typeof CAUSES;

export interface MainThreadFigures {
  /** CPU of the page's main thread from the navigation to the end of the trace. */
  cpuMs: number;
  byCause: Record<Cause, number>;
  /** Tasks that Lighthouse's simulation would see as long: CPU × 4 (× 2 with a layout) ≥ 50 ms. */
  longTasks: number;
  /** The longest of them, in CPU ms (unscaled). */
  longestTaskMs: number;
  styleRecalcs: number;
  /** Elements whose style was computed, summed over every recalculation of the page's own document. */
  styleElements: number;
  layouts: number;
  /** Layout objects laid out (dirty), summed. */
  layoutObjects: number;
  /** Frames presented with something new on screen (Lighthouse takes one screenshot per such frame). */
  frames: number;
  /** CPU of the threads that composite and draw those frames: the renderer's compositor and rasterisers, the GPU process. */
  drawCpuMs: number;
  /** CSS animations started, those the compositor could not run, and those still running at the end. */
  animations: { started: number; notComposited: number; stillRunning: number; names: string[] };
}

/** Chromium's `kAnimationHasNoVisibleChange`: not composited because nothing would change on screen. */
const NO_VISIBLE_CHANGE = 1 << 17;
const BLOCKING_MS = 50;
const CPU_SLOWDOWN = 4;
/** Lantern's DEFAULT_LAYOUT_TASK_MULTIPLIER: a task with a layout is slowed half as much. */
const LAYOUT_SLOWDOWN = CPU_SLOWDOWN / 2;

const threadKey = (event: TraceEvent) => `${event.pid}:${event.tid}`;

function threadNames(events: TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name') names.set(threadKey(event), String(event.args?.name ?? ''));
  return names;
}

function processNames(events: TraceEvent[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'process_name') names.set(event.pid, String(event.args?.name ?? ''));
  return names;
}

/** The frame an event belongs to, when it says so. */
function frameOf(event: TraceEvent): string | undefined {
  const frame = event.args?.data?.frame ?? event.args?.beginData?.frame ?? (event.args as { frame?: unknown })?.frame;
  return typeof frame === 'string' ? frame : undefined;
}

/** The page's navigation: its renderer main thread and its frame (not Lighthouse's about:blank). */
function pageNavigation(events: TraceEvent[], names: Map<string, string>): TraceEvent | undefined {
  const starts = events.filter(
    (event) =>
      event.name === 'navigationStart' &&
      names.get(threadKey(event)) === 'CrRendererMain' &&
      /^https?:/.test(String(event.args?.data?.documentLoaderURL ?? '')),
  );
  return starts.at(-1);
}

/** Complete events of one thread, each with its parent, sorted as they nest. */
interface Node {
  event: TraceEvent;
  parent?: Node;
  children: Node[];
  /** CPU time of the event (tdur, else its wall time scaled like its parent's). */
  cpu: number;
}

function buildTree(events: TraceEvent[]): Node[] {
  const sorted = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const event of sorted) {
    while (stack.length && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const ratio = parent && parent.event.dur ? parent.cpu / parent.event.dur : 1;
    const node: Node = { event, parent, children: [], cpu: event.tdur ?? (event.dur ?? 0) * ratio };
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

const SCRIPT =
  /^(v8\.|V8\.|EvaluateScript|FunctionCall|RunMicrotasks|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|ScriptCatchup|ModuleEvaluated|CompileScript|CompileCode|XHR|ParseScriptOnBackground)/;
const GC = /(GC|Gc)(?![a-z])|GarbageCollect|BlinkGC|MinorGC|MajorGC/;
const HTML = /^(ParseHTML|HTMLDocumentParser|DecodedDataDocumentParser|DocumentLoader|ResourceFetcher|CommitLoad)/;
const STYLES = /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation|StyleRecalc)/;
const LAYOUT = /^(Layout|UpdateLayout|IntersectionObserverController|HitTest|ComputeIntersections)/;
const PAINT = /^(PrePaint|Paint|Layerize|Commit|UpdateLayer|CompositeLayers|Decode|ImageDecode|Rasterize)/;

function causeOfName(name: string): Cause {
  if (GC.test(name)) return 'gc';
  if (SCRIPT.test(name)) return 'script';
  if (STYLES.test(name)) return 'styles';
  if (LAYOUT.test(name)) return 'layout';
  if (HTML.test(name)) return 'html';
  if (PAINT.test(name)) return 'paint';
  return 'other';
}

/**
 * An SVG image (`<img src=….svg>`) is a document of its own, parsed, styled, laid out and painted on
 * the page's main thread: its events carry its own frame, its painting is the page's PaintImage of
 * that URL, and its parsing is an AppendBytes with no HTML parser under it.
 */
function isSvgImageWork(node: Node, pageFrame: string | undefined): boolean {
  const frame = frameOf(node.event);
  if (frame && pageFrame && frame !== pageFrame) return true;
  if (node.event.name === 'PaintImage' && /\.svg(\?|$)/.test(String(node.event.args?.data?.url ?? ''))) return true;
  if (node.event.name === 'DecodedDataDocumentParser::AppendBytes') {
    const hasHtmlParser = (n: Node): boolean =>
      n.children.some((c) => c.event.name === 'ParseHTML' || hasHtmlParser(c));
    return !hasHtmlParser(node);
  }
  return false;
}

function selfCpu(node: Node): number {
  return Math.max(0, node.cpu - node.children.reduce((sum, child) => sum + child.cpu, 0));
}

function containsLayout(node: Node): boolean {
  return node.event.name === 'Layout' || node.children.some(containsLayout);
}

export function analyseMainThread(trace: Trace): MainThreadFigures {
  const events = trace.traceEvents;
  const names = threadNames(events);
  const navigation = pageNavigation(events, names);
  const empty: MainThreadFigures = {
    cpuMs: 0,
    byCause: Object.fromEntries(Object.keys(CAUSES).map((cause) => [cause, 0])) as Record<Cause, number>,
    longTasks: 0,
    longestTaskMs: 0,
    styleRecalcs: 0,
    styleElements: 0,
    layouts: 0,
    layoutObjects: 0,
    frames: 0,
    drawCpuMs: 0,
    animations: { started: 0, notComposited: 0, stillRunning: 0, names: [] },
  };
  if (!navigation) return empty;
  const mainKey = threadKey(navigation);
  const pageFrame = frameOf(navigation);
  const start = navigation.ts;
  const figures = empty;

  const roots = buildTree(events.filter((event) => threadKey(event) === mainKey && event.ts >= start));
  const visit = (node: Node, inherited: Cause | undefined) => {
    const cause: Cause =
      inherited ?? (isSvgImageWork(node, pageFrame) ? 'svg' : undefined) ?? causeOfName(node.event.name);
    const svg = inherited === 'svg' || cause === 'svg';
    figures.byCause[svg ? 'svg' : cause] += selfCpu(node) / 1000;
    const frame = frameOf(node.event);
    const ownDocument = !svg && (!frame || frame === pageFrame);
    if (node.event.name === 'UpdateLayoutTree' && ownDocument) {
      figures.styleRecalcs++;
      figures.styleElements += Number(
        node.event.args?.elementCount ??
          node.event.args?.beginData?.elementCount ??
          node.event.args?.data?.elementCount ??
          0,
      );
    }
    if (node.event.name === 'Layout' && ownDocument) {
      figures.layouts++;
      figures.layoutObjects += Number(node.event.args?.beginData?.dirtyObjects ?? 0);
    }
    for (const child of node.children) visit(child, svg ? 'svg' : undefined);
  };
  for (const root of roots) {
    visit(root, undefined);
    const cpuMs = root.cpu / 1000;
    figures.cpuMs += cpuMs;
    if (cpuMs * (containsLayout(root) ? LAYOUT_SLOWDOWN : CPU_SLOWDOWN) >= BLOCKING_MS) {
      figures.longTasks++;
      figures.longestTaskMs = Math.max(figures.longestTaskMs, cpuMs);
    }
  }

  figures.frames = events.filter((event) => event.name === 'Screenshot' && event.ts >= start).length;

  // The threads that draw: the page renderer's compositor and rasterisers, and the GPU process.
  const processes = processNames(events);
  const drawThreads = new Set(
    [...names]
      .filter(([key, name]) => {
        const pid = Number(key.split(':')[0]);
        if (pid === navigation.pid) return /^(Compositor|CompositorTileWorker|ThreadPoolForegroundWorker)/.test(name);
        return processes.get(pid) === 'GPU Process';
      })
      .map(([key]) => key),
  );
  for (const key of drawThreads)
    for (const root of buildTree(events.filter((event) => threadKey(event) === key && event.ts >= start)))
      figures.drawCpuMs += root.cpu / 1000;

  // CSS animations: an async event per animation, begun ('b') when it starts, ended ('e') when it stops.
  const animations = new Map<string, { name: string; ended: boolean; failed: boolean }>();
  for (const event of events) {
    if (event.name !== 'Animation' || event.ts < start) continue;
    const id = JSON.stringify(event.id2 ?? event.id);
    if (event.ph === 'b')
      animations.set(id, { name: String(event.args?.data?.displayName ?? ''), ended: false, failed: false });
    const animation = animations.get(id);
    if (!animation) continue;
    if (event.ph === 'e') animation.ended = true;
    const failed = Number(event.args?.data?.compositeFailed ?? 0);
    if (failed & ~NO_VISIBLE_CHANGE) animation.failed = true;
  }
  figures.animations = {
    started: animations.size,
    notComposited: [...animations.values()].filter((a) => a.failed).length,
    stillRunning: [...animations.values()].filter((a) => !a.ended).length,
    names: [...new Set([...animations.values()].map((a) => a.name))].sort(),
  };
  return figures;
}

/**
 * The trace with each top-level task of every renderer main thread shrunk to its CPU time (its events
 * moved and scaled inside it, its start unchanged). Lighthouse's simulation reads task durations from
 * the trace: fed this one, it scores the page's own work, not the time the task spent waiting for a core.
 */
export function cpuTimeTrace(trace: Trace): Trace {
  const names = threadNames(trace.traceEvents);
  const events = trace.traceEvents.map((event) => ({ ...event }));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (names.get(threadKey(event)) !== 'CrRendererMain') continue;
    const key = threadKey(event);
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push(event);
  }
  for (const list of byThread.values()) {
    const complete = list
      .filter((event) => event.ph === 'X' && event.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const tasks: { start: number; end: number; factor: number }[] = [];
    let task: (typeof tasks)[number] | undefined;
    for (const event of complete) {
      if (!task || event.ts >= task.end) {
        const factor = event.tdur !== undefined && event.dur ? Math.min(1, event.tdur / event.dur) : 1;
        task = { start: event.ts, end: event.ts + event.dur!, factor };
        tasks.push(task);
        event.dur = event.dur! * factor;
        continue;
      }
      event.ts = task.start + (event.ts - task.start) * task.factor;
      event.dur = event.dur! * task.factor;
    }
    // Instant and async events inside a task move with it (a request sent, a paint marked).
    let index = 0;
    for (const event of list.filter((event) => event.ph !== 'X' && event.ph !== 'M').sort((a, b) => a.ts - b.ts)) {
      while (index < tasks.length && tasks[index]!.end <= event.ts) index++;
      const around = tasks[index];
      if (around && around.start <= event.ts) event.ts = around.start + (event.ts - around.start) * around.factor;
    }
  }
  return { ...trace, traceEvents: events };
}
