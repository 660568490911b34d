import { addons } from 'storybook/preview-api';

// The stories that show on a Docs page in frames of their own (`ownFrame()`, the app's screens):
// the page must hold still while they load and play, and each frame must fit the page's column.

/** Whether this document is a story's own frame on a Docs page (same origin, so its host shows). */
export function isDocsStoryFrame(): boolean {
  try {
    return window.frameElement?.closest('.docs-story') != null;
  } catch {
    return false;
  }
}

/**
 * In a Docs page's story frame, focusing a field or scrolling an item into view (a play function
 * types into a form, a dialog focuses its first field) would also scroll the Docs page to that
 * frame: a page of such stories jumped by itself while its frames loaded. There, both calls do
 * what they do inside the frame and leave the Docs page where its reader has it.
 */
export function holdDocsPageStill(): void {
  if (!isDocsStoryFrame()) return;
  const page = window.parent;
  const keepPage = <Args extends unknown[]>(call: (this: Element, ...args: Args) => void) =>
    function (this: Element, ...args: Args) {
      const { scrollX, scrollY } = page;
      call.apply(this, args);
      if (page.scrollX !== scrollX || page.scrollY !== scrollY) page.scrollTo(scrollX, scrollY);
    };
  HTMLElement.prototype.focus = keepPage(HTMLElement.prototype.focus);
  SVGElement.prototype.focus = keepPage(SVGElement.prototype.focus);
  Element.prototype.scrollIntoView = keepPage(Element.prototype.scrollIntoView);
}

/**
 * In a Docs page's story frame, makes the frame as wide as the story's window (`width` in px, a
 * screen shown at 1,920 px): the screen lays out as at that width, and `fitDocsFrames` scales the
 * frame to the column. Frames are otherwise the design window's width (`preview-head.html`).
 */
export function widenDocsFrame(width: number): void {
  if (!isDocsStoryFrame()) return;
  const frame = window.frameElement as HTMLElement | null;
  if (!frame || frame.style.width === `${width}px`) return;
  // Both: a window narrower than the column would otherwise take the column's width.
  frame.style.width = `${width}px`;
  frame.style.minWidth = `${width}px`;
}

/**
 * How long a play waits for something to show: `ms`, or in a Docs page's story frame, which
 * loads beside the page and its other frames and waits its turn, at least 20 s. Testing Library's
 * default wait (`.storybook/preview.tsx`) and every longer wait a story names go through it.
 */
export function storyWait(ms: number): number {
  return isDocsStoryFrame() ? Math.max(ms, 20_000) : ms;
}

const turnsKey = Symbol.for('coach.docsFrameTurns');
/**
 * The longest a frame's turn keeps the others waiting: only a story that never ends its render
 * meets it (every other end hands the turn on, `endsOfTurn`). As long as the Docs check waits for
 * one frame (`frameMs` in scripts/storybookDocs.ts), not shorter than a slow play: at 20 s, a
 * play still waiting for its screen on a loaded machine had the next frames play beside it, and
 * they failed one after another where each passes alone.
 */
const turnLimitMs = 60_000;

/**
 * The events after which a frame's story no longer renders nor plays, however its render ended:
 * Storybook's last event of every render (`storyFinished`, also after a failed play or render,
 * where no afterEach runs), the end of its play (`storyRendered`, errors while it played
 * included) and each failure.
 */
const endsOfTurn = [
  'storyFinished',
  'storyRendered',
  'playFunctionThrewException',
  'unhandledErrorsWhilePlaying',
  'storyThrewException',
  'storyErrored',
];

/**
 * A turn to render and play, one story frame of a Docs page at a time: frames that load together
 * would otherwise render on the same cores at once and take focus from each other (a dialog's
 * first field, a form's typing), and their plays fail where the stories' run passes them. Answers
 * the end of the turn; outside a Docs page's frame the turn is at once. The turns are kept by the
 * Docs page (its realm's promises and timers). A turn ends with its story's render, passed or
 * failed (`endsOfTurn`), when its frame goes away (reloaded or removed, also while it waits), or
 * at the latest after `turnLimitMs`: no frame keeps the frames after it from playing.
 */
export async function takeDocsFrameTurn(): Promise<() => void> {
  if (!isDocsStoryFrame()) return () => {};
  const page = window.parent as unknown as typeof globalThis & { [turnsKey]?: Promise<void> };
  let end = () => {};
  const turn = new page.Promise<void>((resolve) => {
    end = resolve as () => void;
  });
  const before = page[turnsKey] ?? page.Promise.resolve();
  // The turn's time limit starts when the turns before it end, from a function of the Docs page's
  // realm: a frame removed while it waits (its realm's promise jobs no longer run) still hands the
  // turn on.
  const begin = new page.Function(
    'end',
    'limit',
    'turn',
    'return () => { setTimeout(end, limit); return turn; }',
  ) as (end: () => void, limit: number, turn: Promise<void>) => () => Promise<void>;
  page[turnsKey] = before.then(begin(end, turnLimitMs, turn));
  // A frame that goes away hands its turn on at once, not after the limit: ended before it
  // begins, the turn is skipped.
  window.addEventListener('pagehide', end, { once: true });
  await before;
  const channel = addons.getChannel();
  for (const event of endsOfTurn) channel.once(event, end);
  return end;
}

/**
 * Each story frame on this Docs page, wider than the page's column (a screen's frame keeps the
 * design window's width, `.storybook/preview-head.html`), is scaled down to the column: the whole
 * screen shows, at the layout its stories are written for, rather than its right side cut off.
 * Answers the cleanup.
 */
export function fitDocsFrames(document: Document): () => void {
  const fitFrame = (frame: HTMLIFrameElement) => {
    const box = frame.parentElement;
    if (!box) return;
    // The frame's own size (a transform leaves it as it is) and the room its box has.
    frame.dataset.height ??= `${box.getBoundingClientRect().height}`;
    const height = Number(frame.dataset.height);
    const scale = Math.min(1, box.clientWidth / frame.offsetWidth);
    frame.style.height = `${height}px`;
    frame.style.transformOrigin = 'top left';
    frame.style.transform = scale < 1 ? `scale(${scale})` : '';
    box.style.height = `${Math.round(height * scale)}px`;
  };
  // The box's room changes with the column; the frame's own width with its story's window.
  const resizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const frame =
        entry.target instanceof HTMLIFrameElement
          ? entry.target
          : entry.target.querySelector(':scope > iframe');
      if (frame instanceof HTMLIFrameElement) fitFrame(frame);
    }
  });
  const watch = () => {
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('.docs-story iframe')) {
      if (frame.dataset.fitted || !frame.parentElement) continue;
      frame.dataset.fitted = 'true';
      resizes.observe(frame.parentElement);
      resizes.observe(frame);
    }
  };
  const additions = new MutationObserver(watch);
  additions.observe(document.body, { childList: true, subtree: true });
  watch();
  return () => {
    additions.disconnect();
    resizes.disconnect();
  };
}
