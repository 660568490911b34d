import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// What the operator's files (docs/operating/) read, for the tests that hold them to the product:
// the metric names of a PromQL expression, the dashboard's queries, the handbook's list.

/** The folder of the alert rules, their tests and the dashboard. */
export const operatingDir = resolve(import.meta.dirname, '../docs/operating');

/** Words of PromQL that are neither metrics nor functions (these are followed by a parenthesis). */
const keywords = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression selects, in order and once each: what is left once its
 * strings, label matchers, ranges and grouping labels are taken out, without the calls of
 * functions and aggregations, keywords and numbers.
 */
export function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.:$])[a-zA-Z_:][\w:]*/g)) {
    const name = match[0];
    const after = bare.slice(match.index + name.length).trimStart();
    if (after.startsWith('(') || keywords.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}

/** A metric's name as the handbook lists it: a histogram's series without their suffix. */
export function familyOf(name: string): string {
  return name.replace(/_(?:bucket|count|sum)$/, '');
}

type DashboardTarget = { expr?: string; refId?: string; datasource?: unknown };
export type DashboardPanel = {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: unknown;
  targets?: DashboardTarget[];
};
export type Dashboard = {
  __inputs: { name: string; type: string; pluginId: string }[];
  panels: DashboardPanel[];
  templating: { list: { name: string; query: string; datasource?: unknown }[] };
};

/** The Grafana dashboard's JSON (docs/operating/grafana-dashboard.json). */
export function readDashboard(): Dashboard {
  return JSON.parse(readFileSync(resolve(operatingDir, 'grafana-dashboard.json'), 'utf8'));
}

/** Every query of the dashboard's panels, with its panel's title. */
export function dashboardQueries(dashboard: Dashboard): { panel: string; expr: string }[] {
  return dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr ?? '' })),
  );
}

/** The alert rules' text (docs/operating/alerts.yml). */
export function readAlertRules(): string {
  return readFileSync(resolve(operatingDir, 'alerts.yml'), 'utf8');
}

/** The alerts' names, in the order of the rules file. */
export function alertNames(rules: string): string[] {
  return [...rules.matchAll(/^\s*- alert: (\w+)$/gm)].map((match) => match[1] as string);
}

/** The alerts' expressions, in the order of the rules file (each on one line or folded, `>-`). */
export function alertExpressions(rules: string): string[] {
  return [...rules.matchAll(/^\s+expr: (?:>-\n)?((?:.+\n)+?)\s+for:/gm)].map(
    (match) => match[1] as string,
  );
}
