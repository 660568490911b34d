// Every benchmark `npm run bench` runs, in this order; `npm run bench -- <name>` runs one.
// Each module measures; the figures, their peers or floors and their goals are stated here or in
// the module, and bench/harness.ts decides what is met.
import type { Bench, Figure } from './harness.ts';
import { runReportBench } from './report.ts';
import { runTableBrowserBench } from './table-browser.ts';
import { runTableSortBench } from './table-sort.ts';
import { runUiSizeBench } from './ui-size.ts';

const tableBench: Bench = {
  name: 'table',
  title:
    'the clients table in Chromium at 10,000 and 50,000 rows against plain TanStack Table, MUI X DataGrid and AG Grid',
  async run() {
    const browser = await runTableBrowserBench();
    const figures: Figure[] = [];
    for (const size of [10_000, 50_000] as const) {
      const rows = browser.rows[size];
      if (!rows) throw new Error(`no figures for ${size} rows`);
      const peerNames = ['tanstack', 'muiDataGrid', 'agGrid'] as const;
      const peerLabels = { tanstack: 'TanStack', muiDataGrid: 'MUI X', agGrid: 'AG Grid' };
      const best = (metric: 'sortAscMs' | 'sortDescMs' | 'firstRowMs') => {
        const name = peerNames.reduce((a, b) => (rows[b][metric] < rows[a][metric] ? b : a));
        return { label: `best peer (${peerLabels[name]})`, value: rows[name][metric] };
      };
      const note = `${size.toLocaleString('en-US')} rows`;
      figures.push(
        {
          id: `table.resort-asc-${size}`,
          label: 'Re-sort ascending, click to paint',
          note,
          value: rows.oursFullSystem.sortAscMs,
          unit: 'ms',
          better: 'lower',
          peer: best('sortAscMs'),
          goal: { kind: 'ratio', ratio: 0.5 },
        },
        {
          id: `table.resort-desc-${size}`,
          label: 'Re-sort descending, click to paint',
          note,
          value: rows.oursFullSystem.sortDescMs,
          unit: 'ms',
          better: 'lower',
          peer: best('sortDescMs'),
          goal: { kind: 'ratio', ratio: 0.5 },
        },
        {
          id: `table.first-row-${size}`,
          label: 'First row painted, under the app provider',
          note,
          value: rows.oursFullSystem.firstRowMs,
          unit: 'ms',
          better: 'lower',
          peer: best('firstRowMs'),
          goal: { kind: 'ratio', ratio: 1 },
        },
        {
          id: `table.dom-rows-${size}`,
          label: 'Row elements in the page',
          note,
          value: rows.oursFullSystem.rowsInDom,
          unit: 'rows',
          better: 'lower',
          goal: { kind: 'absolute', value: 60 },
        },
      );
    }
    const sort = runTableSortBench();
    figures.push({
      id: 'table.sort-100k-cached-click',
      label: 'Sort order of 100,000 names, a later click (cached) in Node',
      value: sort.sort_100000_cached_click_ms ?? Number.NaN,
      unit: 'ms',
      better: 'lower',
      peer: {
        label: 'collator sort',
        value: sort.sort_100000_collator_every_click_ms ?? Number.NaN,
      },
      goal: { kind: 'none' },
    });
    return { figures, details: { browser, sort } };
  },
};

const uiSizeBench: Bench = {
  name: 'ui-size',
  title: '@coach/ui as an app ships it (minified, gzip)',
  async run() {
    const size = await runUiSizeBench();
    return {
      figures: [
        {
          id: 'ui-size.with-dependencies',
          label: '@coach/ui with its own dependencies, gzip',
          value: size.ui_with_dependencies_gzip_bytes / 1024,
          unit: 'KB',
          better: 'lower',
          goal: { kind: 'none' },
        },
        {
          id: 'ui-size.own-code',
          label: '@coach/ui own code, gzip',
          value: size.ui_own_code_gzip_bytes / 1024,
          unit: 'KB',
          better: 'lower',
          goal: { kind: 'none' },
        },
      ],
      details: size,
    };
  },
};

const reportBench: Bench = {
  name: 'report',
  title: 'the 90-day PDF report, and /api/health while 10 reports render',
  async run() {
    const report = await runReportBench();
    return {
      figures: [
        {
          id: 'report.p95',
          label: '90-day PDF report, p95 (one after another)',
          value: report.report.p95Ms,
          unit: 'ms',
          better: 'lower',
          goal: { kind: 'absolute', value: 1000 },
        },
        {
          id: 'report.health-p99-while-rendering',
          label: '/api/health p99 while 10 reports render',
          value: report.healthWhileRendering.p99Ms,
          unit: 'ms',
          better: 'lower',
          goal: { kind: 'absolute', value: 50 },
        },
      ],
      details: report,
    };
  },
};

export const benches: Bench[] = [tableBench, uiSizeBench, reportBench];
