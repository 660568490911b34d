// What every benchmark and reliability check answers, and how `npm run bench` turns the answers into
// bench/results/latest.json and the readable bench/results/latest.md.
//
// A figure is a value beside the peer or floor measured in the same run (the goal is then a ratio)
// or, where the physical limit sets it, beside an absolute goal. `met` is decided here, from the
// goal, never by the benchmark that measured the value.

/** How a figure is read: the lower the better (times, bytes) or the higher the better (rates). */
export type Better = 'lower' | 'higher';

export type Goal =
  /** value / peer.value must stay at or under (`lower`) or at or over (`higher`) `ratio`. */
  | { kind: 'ratio'; ratio: number }
  /** value must stay at or under (`lower`) or at or over (`higher`) `value`. */
  | { kind: 'absolute'; value: number }
  /** Recorded for reading, no goal (a peer's own figure, a detail). */
  | { kind: 'none' };

export type Figure = {
  /** Stable identifier, `<bench>.<what>`: 'first-load.signin-js-br'. */
  id: string;
  /** What a reader sees in the table: 'Sign-in route JS over the wire (brotli)'. */
  label: string;
  value: number;
  unit:
    | 'ms'
    | 'KB'
    | 'req/s'
    | 'samples/s'
    | 'µs'
    | 'score'
    | 'x'
    | 'rows'
    | 'lines'
    | 'count'
    | '% of a core';
  better: Better;
  /** The peer or floor measured in the same run, when the goal is read against one. */
  peer?: { label: string; value: number };
  goal: Goal;
  /** Conditions worth a word in the table: '200 clients of 100,000, 8 connections, PostgreSQL'. */
  note?: string;
};

/** One benchmark's answer. `details` keeps whatever else it measured (it goes to the JSON only). */
export type BenchResult = { figures: Figure[]; details?: unknown };

export type Bench = {
  /** The name `npm run bench -- <name>` takes. */
  name: string;
  /** One line: what it measures. */
  title: string;
  run: () => Promise<BenchResult>;
};

/** A figure as written to the results: its ratio and verdict computed. */
export type ReadFigure = Figure & { ratio: number | null; met: boolean | null };

export function readFigure(figure: Figure): ReadFigure {
  const ratio =
    figure.peer && figure.peer.value !== 0 ? round(figure.value / figure.peer.value, 3) : null;
  const within = (actual: number, limit: number) =>
    figure.better === 'lower' ? actual <= limit : actual >= limit;
  let met: boolean | null = null;
  if (figure.goal.kind === 'ratio') met = ratio === null ? false : within(ratio, figure.goal.ratio);
  if (figure.goal.kind === 'absolute') met = within(figure.value, figure.goal.value);
  return { ...figure, ratio, met };
}

/** The goal in words: '<= 1.15x floor', '>= 300 req/s'. */
export function goalText(figure: Figure): string {
  const sign = figure.better === 'lower' ? '<=' : '>=';
  if (figure.goal.kind === 'ratio') return `${sign} ${figure.goal.ratio}x`;
  if (figure.goal.kind === 'absolute')
    return `${sign} ${formatValue(figure.goal.value)} ${figure.unit}`;
  return '';
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return round(value, digits).toLocaleString('en-US');
}

/** One benchmark's stored run. */
export type StoredRun = {
  title: string;
  date: string;
  seconds: number;
  figures: ReadFigure[];
  details?: unknown;
  error?: string;
};

export type Results = {
  date: string;
  node: string;
  cpus: number;
  cpu: string;
  benchmarks: Record<string, StoredRun>;
};

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** The readable table of every figure: value, peer or floor, ratio, goal, met or not. */
export function resultsMarkdown(results: Results): string {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC: Node ${results.node}, ${results.cpus} x ${results.cpu}. A ratio is the value over the peer or floor measured in the same run.`,
    '',
  ];
  const all = Object.values(results.benchmarks).flatMap((run) => run.figures);
  const goals = all.filter((figure) => figure.met !== null);
  const met = goals.filter((figure) => figure.met).length;
  lines.push(`**Goals met: ${met} of ${goals.length}.**`, '');
  for (const [name, run] of Object.entries(results.benchmarks)) {
    lines.push(
      `## ${name}: ${run.title}`,
      '',
      `Run ${run.date.slice(0, 16).replace('T', ' ')} UTC in ${Math.round(run.seconds)} s.`,
      '',
    );
    if (run.error) lines.push(`**Failed:** ${escapeCell(run.error)}`, '');
    if (run.figures.length === 0) continue;
    lines.push(
      '| figure | value | peer or floor | ratio | goal | met |',
      '|---|---:|---|---:|---|---|',
    );
    for (const figure of run.figures) {
      const label = figure.note ? `${figure.label} (${figure.note})` : figure.label;
      const peer = figure.peer ? `${figure.peer.label}: ${formatValue(figure.peer.value)}` : '';
      const verdict = figure.met === null ? '' : figure.met ? 'yes' : '**no**';
      lines.push(
        `| ${escapeCell(label)} | ${formatValue(figure.value)} ${figure.unit} | ${escapeCell(peer)} | ${figure.ratio === null ? '' : `${figure.ratio}x`} | ${goalText(figure)} | ${verdict} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
