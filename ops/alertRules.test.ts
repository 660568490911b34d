import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertNames, operatingDir, readAlertRules } from './promql.ts';
import { runTool } from './tools.ts';

// The operator's alert rules (docs/operating/alerts.yml) under promtool: valid, each with what an
// operator needs, and each tested by alerts.test.yml firing and staying quiet.

const rules = readAlertRules();
const names = alertNames(rules);

describe('the alert rules', () => {
  it('pass promtool check rules', () => {
    const { status, output } = runTool('promtool', ['check', 'rules', 'alerts.yml'], {
      cwd: operatingDir,
    });
    expect(output).toContain(`SUCCESS: ${names.length} rules found`);
    expect(status).toBe(0);
  });

  it('pass their unit tests (promtool test rules alerts.test.yml)', () => {
    const { status, output } = runTool('promtool', ['test', 'rules', 'alerts.test.yml'], {
      cwd: operatingDir,
    });
    expect(output).toContain('SUCCESS');
    expect(status, output).toBe(0);
  });

  it('each wait a while, name a severity and say what happened and what to look at', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
    const blocks = rules.split(/^\s*- alert: /m).slice(1);
    expect(blocks).toHaveLength(names.length);
    for (const [index, block] of blocks.entries()) {
      const name = names[index];
      expect(block, name).toMatch(/^\s+for: \d+m$/m);
      expect(block, name).toMatch(/^\s+severity: (critical|warning)$/m);
      expect(block, name).toMatch(/^\s+summary: .{20,}$/m);
      expect(block, name).toMatch(/^\s+description: >-\n(\s+.+\n){2,}/m);
    }
  });

  it('are each tested firing and staying quiet', () => {
    const tests = readFileSync(resolve(operatingDir, 'alerts.test.yml'), 'utf8');
    const cases = [...tests.matchAll(/alertname: (\w+)\n\s+exp_alerts:( \[\])?\n/g)].map(
      ([, alert, quiet]) => ({ alert, fires: quiet === undefined }),
    );
    for (const name of names) {
      expect(cases, name).toContainEqual({ alert: name, fires: true });
      expect(cases, name).toContainEqual({ alert: name, fires: false });
    }
    expect(new Set(cases.map((each) => each.alert))).toEqual(new Set(names));
  });
});
