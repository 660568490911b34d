// The visual review of a story run (scripts/visual-review.sh runs it after every run): each
// render in `<review>/actual/` is held against its committed baseline with the snapshot check's
// own tolerance (scripts/visualTolerance.ts), so the review lists exactly the stories the check
// failed. It writes into the review folder
//   index.html   the changed and new stories grouped by component, each with its baseline, its
//                render and their difference, a filter, Approve buttons (for one story or a
//                component's) that work while `npm run test-storybook:report` serves the page and
//                whose counts follow each approval, and a viewer that compares a story's renders
//                at full size or twice it: side by side, overlaid with an opacity, or the difference
//   report.json  the same as data;  diff/  the difference images
// and prints the run's summary. A render the run's own check matched (marked in `<review>/matched/`
// by .storybook/test-runner.ts), or that is its baseline byte for byte, is unchanged without a
// look: only what the check failed is compared again, for its difference image.
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
  const matchedDir = join(review, 'matched');
  const matched = new Set(existsSync(matchedDir) ? readdirSync(matchedDir) : []);
  for (const name of renders.sort()) {
    const id = name.replace(/\.png$/, '');
    const baselinePath = join(baselines, name);
    if (!existsSync(baselinePath)) {
      result.added.push(id);
      continue;
    }
    if (matched.has(id)) {
      result.unchanged += 1;
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

/** The page's icon, inline: the review server serves its folder only, and a browser asks for one. */
const favicon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%232f855a'/%3E%3Cpath d='M4 8.5l2.5 2.5L12 5' stroke='white' stroke-width='2' fill='none'/%3E%3C/svg%3E";

/** The review page: one file, its styles and script inline. */
function reviewPage(review: Review): string {
  const stories = [
    ...review.changed.map((story) => ({
      id: story.id,
      note: label(story),
      added: false,
      hasDiff: story.percent !== null,
    })),
    ...review.added.map((id) => ({
      id,
      note: 'new: no baseline yet',
      added: true,
      hasDiff: false,
    })),
  ];
  // Renders of another size have no difference image: the figure says so.
  const noDiff =
    '<figure><figcaption>Difference</figcaption><p>The sizes differ: compare the two.</p></figure>';
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
    <button type="button" class="approve approve-all" data-ids="${escapeHtml(members.map((story) => story.id).join(' '))}">Approve all ${members.length}</button></h2>
  ${members
    .map(
      (story) => `
  <article class="story" data-id="${escapeHtml(story.id)}" data-kind="${story.added ? 'added' : 'changed'}">
    <h3><code>${escapeHtml(story.id)}</code> <span class="note">${escapeHtml(story.note)}</span>
      <button type="button" class="approve" data-ids="${escapeHtml(story.id)}">Approve</button>
      ${story.added ? '' : `<button type="button" class="compare" data-id="${escapeHtml(story.id)}"${story.hasDiff ? '' : ' data-no-diff'}>Compare at full size</button>`}</h3>
    <div class="images">
      ${story.added ? '' : image('expected', story.id, 'Baseline')}
      ${image('actual', story.id, 'This run')}
      ${story.added ? '' : story.hasDiff ? image('diff', story.id, 'Difference') : noDiff}
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
<link rel="icon" href="${favicon}">
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
  button, select { font: inherit; margin-left: .5rem; }
  .approved { color: #22543d; }
  [hidden] { display: none !important; }
  #status { min-height: 1.5em; }
  code.command { user-select: all; background: #edf2f7; padding: .1rem .3rem; }
  dialog.viewer { width: calc(100vw - 4rem); height: calc(100vh - 4rem); max-width: none; max-height: none; padding: 0; border: 1px solid #a0aec0; }
  .viewer-bar { position: sticky; top: 0; display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; padding: .75rem 1rem; background: #f7fafc; border-bottom: 1px solid #e2e8f0; }
  .viewer-bar label { display: inline-flex; gap: .4rem; align-items: center; }
  .viewer-bar input[type=range] { width: 10rem; padding: 0; }
  .viewer-body { padding: 1rem; overflow: auto; }
  .viewer-body img { width: auto; max-width: none; }
  .viewer-body.fit img { width: 100%; }
  .side-by-side { display: flex; gap: 1rem; align-items: flex-start; }
  .side-by-side figure { flex: none; }
  .viewer-body.fit .side-by-side figure { flex: 1; }
  .overlay { position: relative; display: inline-block; }
  .overlay img + img { position: absolute; inset: 0; }
  .viewer-body.fit .overlay { display: block; }
</style>
</head>
<body>
<header>
  <h1>Visual review: <span data-count="changed">${review.changed.length}</span> changed, <span data-count="added">${review.added.length}</span> new, ${review.unchanged} unchanged</h1>
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
<dialog class="viewer" aria-labelledby="viewer-title">
  <div class="viewer-bar">
    <strong id="viewer-title"></strong>
    <label>Show <select id="viewer-mode">
      <option value="side">Side by side</option>
      <option value="overlay">This run over the baseline</option>
      <option value="diff">Difference</option>
    </select></label>
    <label>Zoom <select id="viewer-zoom">
      <option value="1">100 %</option>
      <option value="2">200 %</option>
      <option value="fit">Fit the window</option>
    </select></label>
    <label id="viewer-opacity-label">This run's opacity <input id="viewer-opacity" type="range" min="0" max="100" value="50"></label>
    <form method="dialog"><button type="submit">Close</button></form>
  </div>
  <div class="viewer-body" id="viewer-body"></div>
</dialog>
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

  // The counts follow the approvals: the header's, the title's, each component's and its
  // 'Approve all', which then names only the stories still waiting.
  function storyOf(id) {
    return [...document.querySelectorAll('article.story')].find((story) => story.dataset.id === id);
  }
  const waiting = (story) => !story.classList.contains('approved');
  function updateCounts() {
    const stories = [...document.querySelectorAll('article.story')].filter(waiting);
    const changed = stories.filter((story) => story.dataset.kind === 'changed').length;
    const added = stories.length - changed;
    document.querySelector('[data-count="changed"]').textContent = changed;
    document.querySelector('[data-count="added"]').textContent = added;
    document.title = 'Visual review: ' + changed + ' changed, ' + added + ' new';
    for (const section of document.querySelectorAll('section.component')) {
      const left = [...section.querySelectorAll('article.story')].filter(waiting);
      section.querySelector('.count').textContent = left.length;
      const all = section.querySelector('button.approve-all');
      all.dataset.ids = left.map((story) => story.dataset.id).join(' ');
      all.textContent = left.length === 0 ? 'All approved' : 'Approve all ' + left.length;
      if (left.length === 0) all.disabled = true;
    }
  }

  // This run's page, served by the review server, approves; an earlier run's or a file's does not.
  const canApprove = location.protocol.startsWith('http') && location.pathname.startsWith('/visual/');
  for (const button of document.querySelectorAll('button.approve')) {
    if (!canApprove) { button.disabled = true; button.title = 'Serve the page with npm run test-storybook:report'; continue; }
    button.addEventListener('click', async () => {
      const ids = button.dataset.ids.split(' ').filter(Boolean);
      if (ids.length === 0) return;
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
          const story = storyOf(id);
          story?.classList.add('approved');
          const note = story?.querySelector('.note');
          if (note) note.textContent = 'approved: its render is now its baseline';
          story?.querySelector('button.approve')?.setAttribute('disabled', '');
        }
        updateCounts();
        status.textContent = 'Approved ' + body.approved.join(', ') + '.';
      } catch (error) {
        button.disabled = false;
        status.textContent = 'Not approved: ' + error.message;
      }
    });
  }

  // A story's renders at full size (or twice it): side by side, this run over its baseline with
  // an opacity to fade between them, or the difference image.
  const viewer = document.querySelector('dialog.viewer');
  const viewerBody = document.getElementById('viewer-body');
  const mode = document.getElementById('viewer-mode');
  const zoom = document.getElementById('viewer-zoom');
  const opacity = document.getElementById('viewer-opacity');
  let viewed = '';
  let hasDiff = true;
  function picture(folder, alt) {
    const image = document.createElement('img');
    image.src = folder + '/' + viewed + '.png';
    image.alt = alt + ' of ' + viewed;
    image.addEventListener('load', () => {
      if (zoom.value !== 'fit') image.style.width = image.naturalWidth * Number(zoom.value) + 'px';
    });
    return image;
  }
  function figure(folder, caption) {
    const element = document.createElement('figure');
    const label = document.createElement('figcaption');
    label.textContent = caption;
    element.append(label, picture(folder, caption));
    return element;
  }
  function showViewer() {
    viewerBody.replaceChildren();
    viewerBody.classList.toggle('fit', zoom.value === 'fit');
    document.getElementById('viewer-opacity-label').hidden = mode.value !== 'overlay';
    if (mode.value === 'side') {
      const row = document.createElement('div');
      row.className = 'side-by-side';
      row.append(figure('expected', 'Baseline'), figure('actual', 'This run'));
      viewerBody.append(row);
    } else if (mode.value === 'overlay') {
      const stack = document.createElement('div');
      stack.className = 'overlay';
      const top = picture('actual', 'This run');
      top.style.opacity = String(Number(opacity.value) / 100);
      stack.append(picture('expected', 'Baseline'), top);
      viewerBody.append(stack);
    } else if (hasDiff) {
      viewerBody.append(figure('diff', 'Difference'));
    } else {
      viewerBody.textContent = 'The sizes differ: no difference image. Compare them side by side.';
    }
  }
  for (const button of document.querySelectorAll('button.compare')) {
    button.addEventListener('click', () => {
      viewed = button.dataset.id;
      hasDiff = !('noDiff' in button.dataset);
      document.getElementById('viewer-title').textContent = viewed;
      showViewer();
      viewer.showModal();
    });
  }
  mode.addEventListener('change', showViewer);
  zoom.addEventListener('change', showViewer);
  opacity.addEventListener('input', () => {
    const top = viewerBody.querySelector('.overlay img + img');
    if (top) top.style.opacity = String(Number(opacity.value) / 100);
  });
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
