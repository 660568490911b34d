// After reg-cli has compared a story run's renders with their baselines (scripts/visual-review.sh):
// measures the share of changed pixels of each changed story (pixelmatch, the same colour
// tolerance as the snapshot check), writes them to changes.json, shows them in the report's list
// beside each story's name, and prints the summary of the run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderDifference } from './visualTolerance.ts';

// The second argument: how many renders were their baselines byte for byte (not given to reg-cli).
const [review, identical = '0'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(join(review, 'report.json'), 'utf8'));

const changedShare = (name) =>
  renderDifference(
    readFileSync(join(review, 'compared', name)),
    readFileSync(join(review, 'expected', name)),
  );

const changes = report.failedItems.map((name) => ({
  id: name.replace(/\.png$/, ''),
  ...changedShare(name),
}));
writeFileSync(join(review, 'changes.json'), `${JSON.stringify(changes, null, 2)}\n`);

const label = (change) =>
  change.sizeChanged ? 'size changed' : `${change.percent.toFixed(2)} % of pixels changed`;

// The report lists each item by its `raw` name and loads its images by `encoded`: the share goes
// into the name shown, the files stay where they are.
const htmlPath = join(review, 'index.html');
let html = readFileSync(htmlPath, 'utf8');
for (const change of changes) {
  html = html.replace(
    `{"raw":"${change.id}.png","encoded":"${change.id}.png"}`,
    `{"raw":"${change.id}.png: ${label(change)}","encoded":"${change.id}.png"}`,
  );
}
writeFileSync(htmlPath, html);

console.log(
  `visual review: ${changes.length} changed, ${report.newItems.length} new, ` +
    `${report.passedItems.length + Number(identical)} unchanged (${review}/index.html; npm run test-storybook:report serves it)`,
);
for (const change of changes) console.log(`  changed: ${change.id} (${label(change)})`);
for (const name of report.newItems) console.log(`  new: ${name.replace(/\.png$/, '')}`);
if (changes.length > 0) {
  console.log('approve one story: npm run test-storybook:approve -- <story id> [...]');
}
