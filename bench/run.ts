// `npm run bench [-- <name> ...]`: runs every benchmark (or the named ones) and writes the figures
// to bench/results/latest.json and the readable bench/results/latest.md. A run of some benchmarks
// keeps the stored figures of the others. Variants are compared as ratios measured in the same
// run, never against fixed times.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { type Results, readFigure, resultsMarkdown } from '../scripts/figures.ts';
import { benches } from './index.ts';

const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = names.filter((name) => !benches.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')}`);
  console.error(`benchmarks: ${benches.map((bench) => bench.name).join(', ')}`);
  process.exit(2);
}
const selected = names.length > 0 ? benches.filter((bench) => names.includes(bench.name)) : benches;

const outDir = resolve(import.meta.dirname, 'results');
const jsonPath = resolve(outDir, 'latest.json');
const previous: Results | null = existsSync(jsonPath)
  ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as Results)
  : null;
const results: Results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  // The order of the registry, stored runs of benchmarks not run now kept as they were.
  benchmarks: {},
};

let failures = 0;
const started = performance.now();
for (const bench of benches) {
  if (!selected.includes(bench)) {
    const stored = previous?.benchmarks?.[bench.name];
    if (stored && Array.isArray(stored.figures)) results.benchmarks[bench.name] = stored;
    continue;
  }
  console.error(`\n== bench ${bench.name}: ${bench.title}`);
  const benchStarted = performance.now();
  const date = new Date().toISOString();
  try {
    const answer = await bench.run();
    results.benchmarks[bench.name] = {
      title: bench.title,
      date,
      seconds: (performance.now() - benchStarted) / 1000,
      figures: answer.figures.map(readFigure),
      details: answer.details,
    };
  } catch (error) {
    failures += 1;
    console.error(error);
    results.benchmarks[bench.name] = {
      title: bench.title,
      date,
      seconds: (performance.now() - benchStarted) / 1000,
      figures: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
  console.error(
    `== bench ${bench.name}: ${Math.round((performance.now() - benchStarted) / 1000)} s`,
  );
}

mkdirSync(outDir, { recursive: true });
writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
const markdown = resultsMarkdown(results);
writeFileSync(resolve(outDir, 'latest.md'), markdown);
console.log(markdown);
console.log(
  `${selected.length} benchmark(s) in ${Math.round((performance.now() - started) / 1000)} s`,
);
console.log(`written to ${jsonPath} and latest.md`);
process.exit(failures > 0 ? 1 : 0);
