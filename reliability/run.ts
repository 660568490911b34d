// `npm run reliability [-- <name> ...]`: runs every reliability check (or the named ones) and
// merges their figures into reliability/results.json and the readable reliability/results.md.
// The stored runs of the checks not run now, and any other key of the file (figures written by
// tests, such as `hostileInput`), are kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { type Results, readFigure, resultsMarkdown } from './harness.ts';
import { checks } from './index.ts';

const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = names.filter((name) => !checks.some((check) => check.name === name));
if (unknown.length > 0) {
  console.error(`unknown check: ${unknown.join(', ')}`);
  console.error(`checks: ${checks.map((check) => check.name).join(', ')}`);
  process.exit(2);
}
const selected = names.length > 0 ? checks.filter((check) => names.includes(check.name)) : checks;

const jsonPath = resolve(import.meta.dirname, 'results.json');
const markdownPath = resolve(import.meta.dirname, 'results.md');

let failures = 0;
const started = performance.now();
const fresh: Results['checks'] = {};
for (const check of selected) {
  console.error(`\n== reliability ${check.name}: ${check.title}`);
  const checkStarted = performance.now();
  const date = new Date().toISOString();
  const seconds = () => (performance.now() - checkStarted) / 1000;
  try {
    const answer = await check.run();
    fresh[check.name] = {
      title: check.title,
      date,
      seconds: seconds(),
      figures: answer.figures.map(readFigure),
      details: answer.details,
      markdown: answer.markdown,
    };
    if (fresh[check.name]?.figures.some((figure) => figure.met === false)) failures += 1;
  } catch (error) {
    failures += 1;
    console.error(error);
    fresh[check.name] = {
      title: check.title,
      date,
      seconds: seconds(),
      figures: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
  console.error(`== reliability ${check.name}: ${Math.round(seconds())} s`);
}

// Read just before writing: a test may have written its key while the checks ran.
const previous: Partial<Results> = existsSync(jsonPath)
  ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as Partial<Results>)
  : {};
const storedChecks = previous.checks ?? {};
const results: Results = {
  ...previous,
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  // The registry's order; stored runs of checks not run now kept as they were.
  checks: Object.fromEntries(
    checks.flatMap((check) => {
      const run = fresh[check.name] ?? storedChecks[check.name];
      return run ? [[check.name, run]] : [];
    }),
  ),
};
writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
const markdown = resultsMarkdown(results);
writeFileSync(markdownPath, markdown);
console.log(markdown);
console.log(
  `${selected.length} check(s) in ${Math.round((performance.now() - started) / 1000)} s; ${failures} with a goal not met or an error`,
);
console.log(`written to ${jsonPath} and results.md`);
process.exit(failures > 0 ? 1 : 0);
