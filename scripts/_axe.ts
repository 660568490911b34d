import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromiumArgs, chromiumPath } from './chromium.js';
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ids = (process.argv[2] ?? 'app-screens-clients--forty-clients,app-screens-clientprofile--default,app-screens-settings--loaded').split(',');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const totals = new Map<string, number>();
let impacts: Record<string, string[]> = {};
for (const id of ids) {
  await page.goto('http://127.0.0.1:6111/iframe.html?id=' + id + '&viewMode=story');
  await page.waitForTimeout(4000);
  await page.evaluate(axeSource);
  const res = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const rules = axe.getRules().map((r: any) => r.ruleId);
    const out: Record<string, number> = {};
    const t0 = performance.now();
    await axe.run(document.body, { resultTypes: ['violations'] });
    out.__all = performance.now() - t0;
    for (const rule of rules) {
      const s = performance.now();
      await axe.run(document.body, { runOnly: { type: 'rule', values: [rule] }, resultTypes: ['violations'] });
      out[rule] = performance.now() - s;
    }
    const imp: Record<string, string[]> = {};
    for (const r of axe._audit.rules) {
      const checks = [...r.any, ...r.all, ...r.none].map((c: any) => (typeof c === 'string' ? c : c.id));
      imp[r.id] = [...new Set(checks.map((c: string) => axe._audit.checks[c]?.metadata?.impact ?? '?'))] as string[];
      imp[r.id].push(r.enabled === false ? 'DISABLED' : '', (r.tags || []).join(','));
    }
    return { out, imp };
  });
  impacts = res.imp;
  for (const [k, v] of Object.entries(res.out)) totals.set(k, (totals.get(k) ?? 0) + v);
  console.log(id, 'all', res.out.__all.toFixed(0));
}
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(0).padStart(6), k, (impacts[k] ?? []).join(' '));
await browser.close();
