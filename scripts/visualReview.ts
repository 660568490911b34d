// The visual review of a story run (scripts/visual-review.sh runs it after every run): each
// render in `<review>/actual/` is held against its committed baseline with the snapshot check's
// own tolerance (scripts/visualTolerance.ts), so the review lists exactly the stories the check
// failed. It writes into the review folder
//   index.html   the changed and new stories grouped by component, each with its baseline, its
//                render and their difference, a filter, and Approve buttons (for one story or a
//                component's) that work while `npm run test-storybook:report` serves the page
//   report.json  the same as data;  diff/  the difference images
// and prints the run's summary. A render that is its baseline byte for byte is unchanged without
// a look (most of a run).
//   node scripts/visualReview.ts [review folder] [baselines folder]
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { renderDifference, withinTolerance } from './visualTolerance.ts';

type ChangedStory = {
  id: string;
  /** The share of its pixels that changed, or null when its size did. */
  percent: number | null;
};
type Review = {
  changed: ChangedStory[];
  added: string[];
  unchanged: number;
  /** The earlier runs kept beside this one (folder names, newest first). */
  earlierRuns: string[];
};

/** Compares two renders; writes the difference image when they differ beyond the tolerance. */
function compare(actualPng: Buffer, baselinePng: Buffer, diffPath: string) {
  if (actualPng.equals(baselinePng)) return 'same';
  const difference = renderDifference(actualPng, baselinePng, { image: true });
  if (withinTolerance(difference)) return 'same';
  if (difference.sizeChanged) return null;
  if (difference.image) writeFileSync(diffPath, difference.image);
  return difference.percent;
}

/** The component a story belongs to: its id before `--` (app-screens-clients of …--empty). */
const componentOf = (id: string) => id.split('--')[0] ?? id;

/** Reviews the renders in `review/actual` against `baselines` and writes the report. */
export function reviewRun(review: string, baselines: string, earlierRuns: string[] = []): Review {
  const rendersDir = join(review, 'actual');
  const diffDir = join(review, 'diff');
  rmSync(diffDir, { recursive: true, force: true });
  mkdirSync(diffDir, { recursive: true });
  const result: Review = { changed: [], added: [], unchanged: 0, earlierRuns };
  const renders = existsSync(rendersDir)
    ? readdirSync(rendersDir).filter((name) => name.endsWith('.png'))
    : [];
  for (const name of renders.sort()) {
    const id = name.replace(/\.png$/, '');
    const baselinePath = join(baselines, name);
    if (!existsSync(baselinePath)) {
      result.added.push(id);
      continue;
    }
    const outcome = compare(
      readFileSync(join(rendersDir, name)),
      readFileSync(baselinePath),
      join(diffDir, name),
    );
    if (outcome === 'same') result.unchanged += 1;
    else result.changed.push({ id, percent: outcome });
  }
  // The baselines of the changed stories beside their renders, as the page shows them.
  const expectedDir = join(review, 'expected');
  rmSync(expectedDir, { recursive: true, force: true });
  mkdirSync(expectedDir, { recursive: true });
  for (const { id } of result.changed) {
    copyFileSync(join(baselines, `${id}.png`), join(expectedDir, `${id}.png`));
  }
  writeFileSync(join(review, 'report.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(review, 'index.html'), reviewPage(result));
  return result;
}

const label = (story: ChangedStory) =>
  story.percent === null ? 'size changed' : `${story.percent.toFixed(2)} % of pixels changed`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The review page: one file, its styles and script inline. */
function reviewPage(review: Review): string {
  const stories = [
    ...review.changed.map((story) => ({ id: story.id, note: label(story), added: false })),
    ...review.added.map((id) => ({ id, note: 'new: no baseline yet', added: true })),
  ];
  const groups = new Map<string, typeof stories>();
  for (const story of stories) {
    const component = componentOf(story.id);
    groups.set(component, [...(groups.get(component) ?? []), story]);
  }
  const image = (folder: string, id: string, alt: string) =>
    `<figure><figcaption>${alt}</figcaption><a href="${folder}/${id}.png"><img src="${folder}/${id}.png" alt="${alt} of ${id}" loading="lazy"></a></figure>`;
  const sections = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([component, members]) => `
<section class="component" data-component="${escapeHtml(component)}">
  <h2>${escapeHtml(component)} <span class="count">${members.length}</span>
    <button type="button" class="approve" data-ids="${escapeHtml(members.map((story) => story.id).join(' '))}">Approve all ${members.length}</button></h2>
  ${members
    .map(
      (story) => `
  <article class="story" data-id="${escapeHtml(story.id)}">
    <h3><code>${escapeHtml(story.id)}</code> <span class="note">${escapeHtml(story.note)}</span>
      <button type="button" class="approve" data-ids="${escapeHtml(story.id)}">Approve</button></h3>
    <div class="images">
      ${story.added ? '' : image('expected', story.id, 'Baseline')}
      ${image('actual', story.id, 'This run')}
      ${story.added ? '' : image('diff', story.id, 'Difference')}
    </div>
  </article>`,
    )
    .join('')}
</section>`,
    )
    .join('');
  const runs = review.earlierRuns
    .map(
      (run) =>
        `<li><a href="../visual-runs/${escapeHtml(run)}/index.html">${escapeHtml(run)}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Visual review: ${review.changed.length} changed, ${review.added.length} new</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 2rem 4rem; color: #1a202c; }
  header { position: sticky; top: 0; background: #fff; padding: 1rem 0; border-bottom: 1px solid #e2e8f0; z-index: 1; }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
  h3 { font-size: 1rem; font-weight: normal; margin: 1rem 0 .5rem; }
  .count { color: #4a5568; font-weight: normal; }
  .note { color: #4a5568; margin: 0 .5rem; }
  .images { display: flex; gap: 1rem; align-items: flex-start; }
  figure { margin: 0; flex: 1; min-width: 0; }
  figcaption { font-size: .85rem; color: #4a5568; }
  img { width: 100%; border: 1px solid #cbd5e0; }
  input { font: inherit; padding: .3rem .5rem; width: 24rem; max-width: 100%; }
  button { font: inherit; margin-left: .5rem; }
  .approved { color: #22543d; }
  [hidden] { display: none !important; }
  #status { min-height: 1.5em; }
  code.command { user-select: all; background: #edf2f7; padding: .1rem .3rem; }
</style>
</head>
<body>
<header>
  <h1>Visual review: ${review.changed.length} changed, ${review.added.length} new, ${review.unchanged} unchanged</h1>
  <label>Filter by story id <input id="filter" type="search" placeholder="e.g. ui-modal or --default"></label>
  <span id="shown"></span>
  <p id="approving">Approve from this page while <code>npm run test-storybook:report</code> serves it, or paste the ids into
    <code class="command">npm run test-storybook:approve -- ${escapeHtml(stories.map((story) => story.id).join(' ')) || '&lt;story id&gt;'}</code></p>
  <p id="status" role="status"></p>
</header>
<main>
${stories.length === 0 ? '<p>No story changed in this run.</p>' : sections}
${runs ? `<h2>Earlier runs</h2><ul>${runs}</ul>` : ''}
</main>
<script>
  const filter = document.getElementById('filter');
  const shown = document.getElementById('shown');
  const status = document.getElementById('status');
  function applyFilter() {
    const text = filter.value.trim().toLowerCase();
    let count = 0;
    for (const section of document.querySelectorAll('section.component')) {
      let visible = 0;
      for (const story of section.querySelectorAll('article.story')) {
        const match = !text || story.dataset.id.includes(text);
        story.hidden = !match;
        if (match) visible += 1;
      }
      section.hidden = visible === 0;
      count += visible;
    }
    shown.textContent = text ? count + ' shown' : '';
  }
  filter.addEventListener('input', applyFilter);
  // This run's page, served by the review server, approves; an earlier run's or a file's does not.
  const canApprove = location.protocol.startsWith('http') && location.pathname.startsWith('/visual/');
  for (const button of document.querySelectorAll('button.approve')) {
    if (!canApprove) { button.disabled = true; button.title = 'Serve the page with npm run test-storybook:report'; continue; }
    button.addEventListener('click', async () => {
      const ids = button.dataset.ids.split(' ');
      button.disabled = true;
      status.textContent = 'Approving ' + ids.join(', ') + '...';
      try {
        const answer = await fetch('/approve', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ids }),
        });
        const body = await answer.json();
        if (!answer.ok) throw new Error(body.error);
        for (const id of body.approved) {
          const story = document.querySelector('article.story[data-id="' + id + '"]');
          story?.classList.add('approved');
          const note = story?.querySelector('.note');
          if (note) note.textContent = 'approved: its render is now its baseline';
          story?.querySelector('button.approve')?.setAttribute('disabled', '');
        }
        status.textContent = 'Approved ' + body.approved.join(', ') + '.';
      } catch (error) {
        button.disabled = false;
        status.textContent = 'Not approved: ' + error.message;
      }
    });
  }
</script>
</body>
</html>
`;
}

if (import.meta.main) {
  const [review = 'test-results/visual', baselines = 'stories/__image_snapshots__'] =
    process.argv.slice(2);
  const runsDir = join(review, '..', 'visual-runs');
  const earlierRuns = existsSync(runsDir) ? readdirSync(runsDir).sort().reverse() : [];
  if (!existsSync(join(review, 'actual'))) {
    console.error(`visual review: no renders in ${review}/actual`);
    process.exit(0);
  }
  const result = reviewRun(review, baselines, earlierRuns);
  console.log(
    `visual review: ${result.changed.length} changed, ${result.added.length} new, ` +
      `${result.unchanged} unchanged (${review}/index.html; npm run test-storybook:report serves it)`,
  );
  for (const story of result.changed) console.log(`  changed: ${story.id} (${label(story)})`);
  for (const id of result.added) console.log(`  new: ${id}`);
  if (result.changed.length + result.added.length > 0) {
    console.log('approve one story: npm run test-storybook:approve -- <story id> [...]');
  }
}
