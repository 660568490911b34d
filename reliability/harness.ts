// What every reliability check answers, and how `npm run reliability` turns the answers into
// reliability/results.json and the readable reliability/results.md.
//
// A check answers figures in the benchmarks' format (scripts/figures.ts: value, unit, goal; `met`
// is decided there, never by the check), plus details for the JSON and, when tables say more
// than figures (per-route latencies, load steps), a markdown part of its own for results.md.
import { type Figure, goalText, type ReadFigure, readFigure, round } from '../scripts/figures.ts';

export { type Figure, readFigure, round };

/** One check's answer. */
export type CheckResult = {
  figures: Figure[];
  /** Whatever else it measured (the JSON only). */
  details?: unknown;
  /** Tables and findings in markdown, shown under the check's figures in results.md. */
  markdown?: string;
};

export type Check = {
  /** The name `npm run reliability -- <name>` takes. */
  name: string;
  /** One line: what it checks. */
  title: string;
  run: () => Promise<CheckResult>;
};

/** One check's stored run. */
export type StoredCheck = {
  title: string;
  date: string;
  seconds: number;
  figures: ReadFigure[];
  details?: unknown;
  markdown?: string;
  error?: string;
};

/**
 * reliability/results.json. Keys other than these (figures that tests write themselves, such as
 * `hostileInput`) are kept as they are by every run.
 */
export type Results = {
  date: string;
  node: string;
  cpus: number;
  cpu: string;
  checks: Record<string, StoredCheck>;
  [other: string]: unknown;
};

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return round(value, digits).toLocaleString('en-US');
}

/** A markdown table from a header and rows of cells. */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const align = header.map((_, index) => (index === 0 ? '---' : '---:'));
  return [
    `| ${header.map(escapeCell).join(' | ')} |`,
    `|${align.join('|')}|`,
    ...rows.map(
      (row) =>
        `| ${row.map((cell) => escapeCell(typeof cell === 'number' ? formatValue(cell) : cell)).join(' | ')} |`,
    ),
  ].join('\n');
}

/** The readable page: every check's figures with goals met or not, then its own tables. */
export function resultsMarkdown(results: Results): string {
  const lines = [
    '# Reliability results',
    '',
    `Written by \`npm run reliability\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC: Node ${results.node}, ${results.cpus} x ${results.cpu}.`,
    '',
  ];
  const all = Object.values(results.checks).flatMap((run) => run.figures);
  const goals = all.filter((figure) => figure.met !== null);
  lines.push(
    `**Goals met: ${goals.filter((figure) => figure.met).length} of ${goals.length}.**`,
    '',
  );
  for (const [name, run] of Object.entries(results.checks)) {
    lines.push(
      `## ${name}: ${run.title}`,
      '',
      `Run ${run.date.slice(0, 16).replace('T', ' ')} UTC in ${Math.round(run.seconds)} s.`,
      '',
    );
    if (run.error) lines.push(`**Failed:** ${escapeCell(run.error)}`, '');
    if (run.figures.length > 0) {
      lines.push(
        markdownTable(
          ['figure', 'value', 'goal', 'met'],
          run.figures.map((figure) => [
            figure.note ? `${figure.label} (${figure.note})` : figure.label,
            `${formatValue(figure.value)} ${figure.unit}`,
            goalText(figure),
            figure.met === null ? '' : figure.met ? 'yes' : '**no**',
          ]),
        ),
        '',
      );
    }
    if (run.markdown) lines.push(run.markdown.trim(), '');
  }
  const others = Object.keys(results).filter(
    (key) => !['date', 'node', 'cpus', 'cpu', 'checks'].includes(key),
  );
  if (others.length > 0) {
    lines.push(
      '## Written by tests',
      '',
      `Also in results.json, written by their tests: ${others.map((key) => `\`${key}\``).join(', ')}.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
