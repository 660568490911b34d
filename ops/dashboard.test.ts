import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  alertExpressions,
  alertNames,
  dashboardQueries,
  familyOf,
  metricNames,
  readAlertRules,
  readDashboard,
} from './promql.ts';

// The dashboard and the alert rules against the handbook's list of metrics (docs/operating.md):
// what they read is a metric the product serves, and every product metric is on the dashboard.
// prometheus.test.ts holds them to what a running product serves, through a real Prometheus.

/** The metrics the handbook's table lists: the product's names, and Node's prefixes. */
function handbookMetrics() {
  const handbook = readFileSync(resolve(import.meta.dirname, '../docs/operating.md'), 'utf8');
  const rows = handbook.split('\n').filter((line) => line.startsWith('| `'));
  const names = rows.flatMap((row) =>
    [...row.matchAll(/^\| `(coach_\w+)`/g)].map((match) => match[1] as string),
  );
  const prefixes = rows.flatMap((row) =>
    [...row.matchAll(/`(\w+_)\*`/g)].map((match) => match[1] as string),
  );
  return { names: new Set(names), prefixes };
}

describe('the metrics list of the handbook', () => {
  it("lists the product's metrics and Node's", () => {
    const { names, prefixes } = handbookMetrics();
    expect(names.size).toBeGreaterThanOrEqual(10);
    expect(names).toContain('coach_http_request_duration_seconds');
    expect(prefixes).toEqual(['process_', 'nodejs_']);
  });
});

describe('the Grafana dashboard', () => {
  const dashboard = readDashboard();
  const queries = dashboardQueries(dashboard);
  const { names, prefixes } = handbookMetrics();
  const isListed = (name: string) =>
    names.has(familyOf(name)) || prefixes.some((prefix) => name.startsWith(prefix));

  it('asks for its Prometheus when imported, and every panel, query and variable reads it', () => {
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({
        name: 'DS_PROMETHEUS',
        type: 'datasource',
        pluginId: 'prometheus',
      }),
    ]);
    const datasources: unknown[] = [];
    const visit = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'datasource') datasources.push(inner);
          else visit(inner);
        }
      }
    };
    visit(dashboard);
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    // Each panel, each of its queries, the variable.
    expect(datasources).toHaveLength(panels.length + queries.length + 1);
    for (const datasource of datasources) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's input variable, as written.
      expect(datasource).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
    }
  });

  it('has panels with unique ids, queries with unique refIds, and no two panels overlapping', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const boxes = dashboard.panels.map((panel) => panel.gridPos);
    for (const [index, a] of boxes.entries()) {
      expect(a.x + a.w).toBeLessThanOrEqual(24);
      for (const b of boxes.slice(index + 1)) {
        const overlaps = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlaps, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
      }
    }
    for (const panel of dashboard.panels.filter((each) => each.type !== 'row')) {
      const refIds = (panel.targets ?? []).map((target) => target.refId);
      expect(refIds.length, panel.title).toBeGreaterThan(0);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
    }
  });

  it("reads only metrics the handbook lists, and shows every one of the product's", () => {
    const read = new Set<string>();
    for (const { panel, expr } of queries) {
      const used = metricNames(expr);
      expect(used.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      for (const name of used) {
        expect(
          isListed(name),
          `${panel} reads ${name}, which docs/operating.md does not list`,
        ).toBe(true);
        read.add(familyOf(name));
      }
    }
    for (const variable of dashboard.templating.list) {
      for (const name of metricNames(variable.query.replace(/^label_values\((\w+),.*$/, '$1'))) {
        expect(isListed(name), `the variable ${variable.name} reads ${name}`).toBe(true);
      }
    }
    expect([...names].filter((name) => !read.has(name))).toEqual([]);
    for (const prefix of prefixes) {
      expect([...read].some((name) => name.startsWith(prefix))).toBe(true);
    }
  });
});

describe('the alert rules', () => {
  it("read only metrics the handbook lists (and Prometheus' own `up`)", () => {
    const rules = readAlertRules();
    const expressions = alertExpressions(rules);
    expect(expressions).toHaveLength(alertNames(rules).length);
    const { names } = handbookMetrics();
    for (const expression of expressions) {
      for (const name of metricNames(expression)) {
        expect(name === 'up' || names.has(familyOf(name)), `${name} in ${expression}`).toBe(true);
      }
    }
  });
});
