import { fixtureTokens, mockClientIds, seedReview } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { type DesignWidth, viewportAt, windowAt } from './designViewport.ts';
import { expectSpanishPage, untilLoaded } from './expectSpanish.ts';
import { expectToast } from './expectToast.ts';
import { expectOnFirstScreen } from './firstScreen.ts';
import { mockedBackend, renderApp } from './signedInScreen.tsx';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

const { beforeEach, backendOf } = mockedBackend();

/**
 * The attention queue (issue 66): from My clients ('Work through the queue (N)', or 'q') or the
 * morning mail's '/queue', the coach walks the clients who need attention, have a follow-up due
 * or an unread message, in the list's order and filter, from profile to profile: the queue's bar
 * says where the coach is, Alt+J and Alt+K move along it, and Alt+R marks the client 'Reviewed
 * for today' (out of the queue until tomorrow or something new) and opens the next one. Shown at
 * the widths a coach meets, in English and Spanish.
 */
const meta = {
  title: 'App/Screens/Attention queue',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-attentionqueue',
  decorators: [withCoachApi, withAppRootFontSize],
  render: renderApp,
  parameters: { layout: 'fullscreen' },
  beforeEach,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type Language = 'en-US' | 'es';

/** The texts the stories look for, in each language. */
const words = {
  'en-US': {
    queue: 'Attention queue',
    reviewed: 'Reviewed for today',
    composer: /^Message to /,
    quickReplies: 'Insert quick reply',
    place: /1 of \d+/,
  },
  es: {
    queue: 'Cola de atención',
    reviewed: 'Revisado por hoy',
    composer: /^Mensaje para /,
    quickReplies: 'Insertar respuesta rápida',
    place: /1 de \d+/,
  },
} as const;

/** The story's window, language, address and Docs frame. */
const at = (width: DesignWidth, locale: Language, route = '/queue') => ({
  globals: { ...viewportAt(width), locale },
  parameters: {
    route,
    session: { tokens: fixtureTokens.coach },
    docs: { story: ownFrame(windowAt(width).height) },
  },
});

/** The queue's bar once the list under it has loaded: where the coach is, in words. */
async function queueBar(canvasElement: HTMLElement, locale: Language = 'en-US') {
  const bar = await within(canvasElement).findByRole('navigation', { name: words[locale].queue });
  await waitFor(() => expect(bar).toHaveTextContent(words[locale].place));
  return bar;
}

/** The client on screen: the profile's heading once loaded. */
const clientName = async (canvasElement: HTMLElement) =>
  (await within(canvasElement).findByRole('heading', { level: 1 })).textContent ?? '';

const widthStory = (width: DesignWidth, locale: Language): Story => ({
  ...at(width, locale),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await queueBar(canvasElement, locale);
    // The composer has the focus: the coach writes at once. From 1,024 px it is beside the
    // record; at 1,004 px in the panel's tab, the page scrolled to it under the sticky bar,
    // which names the client.
    const composer = await canvas.findByRole('textbox', { name: words[locale].composer });
    await waitFor(() => expect(composer).toHaveFocus());
    await expectOnFirstScreen(composer);
    await expectOnFirstScreen(bar);
    await expectOnFirstScreen(within(bar).getByRole('button', { name: words[locale].reviewed }));
    // The client's name as the composer's label gives it ('Message to Tomás Herrera').
    const name = (
      composer.getAttribute('aria-label') ??
      (composer as HTMLTextAreaElement).labels?.[0]?.textContent ??
      ''
    )
      .replace(words[locale].composer, '')
      .trim();
    await expect(name).not.toBe('');
    if (width === 1004) {
      await expect(bar).toHaveTextContent(name);
      // The picture at one scroll whatever came first (the thread, the quick replies, the figures
      // above them, which pushed the composer down when they came after the scroll): the
      // composer in the middle of the window, under the sticky bar.
      await canvas.findByRole('button', { name: words[locale].quickReplies });
      await untilLoaded();
      composer.scrollIntoView({ block: 'center' });
    } else {
      await expectOnFirstScreen(canvas.getByRole('heading', { level: 1 }));
    }
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    if (locale === 'es') await expectSpanishPage('Cola de atención', 'Revisado por hoy');
  },
});

export const English1004: Story = { name: 'English, 1,004 px', ...widthStory(1004, 'en-US') };
export const English1280: Story = { name: 'English, 1,280 px', ...widthStory(1280, 'en-US') };
export const English1440: Story = { name: 'English, 1,440 px', ...widthStory(1440, 'en-US') };
export const English1920: Story = { name: 'English, 1,920 px', ...widthStory(1920, 'en-US') };
export const Spanish1004: Story = { name: 'Spanish, 1,004 px', ...widthStory(1004, 'es') };
export const Spanish1280: Story = { name: 'Spanish, 1,280 px', ...widthStory(1280, 'es') };
export const Spanish1440: Story = { name: 'Spanish, 1,440 px', ...widthStory(1440, 'es') };
export const Spanish1920: Story = { name: 'Spanish, 1,920 px', ...widthStory(1920, 'es') };

/**
 * Alt+R from the composer: the client is reviewed for today and the next one opens, the queue one
 * shorter; Alt+K goes back to the client before without going back to the list. The tab's live
 * stream stays the one it opened (WebKit held a connection per stream opened again).
 */
export const ReviewedOpensTheNext: Story = {
  name: 'Reviewed for today opens the next client',
  ...at(1440, 'en-US'),
  play: async ({ canvasElement }) => {
    const bar = await queueBar(canvasElement);
    const [, before] = (bar.textContent ?? '').match(/1 of (\d+)/) ?? [];
    const first = await clientName(canvasElement);
    await userEvent.keyboard('{Alt>}r{/Alt}');
    await waitFor(async () => expect(await clientName(canvasElement)).not.toBe(first));
    await waitFor(() => expect(bar).toHaveTextContent(`1 of ${Number(before) - 1}`));
    await expect(within(bar).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.keyboard('{Alt>}j{/Alt}');
    await waitFor(() => expect(bar).toHaveTextContent(`2 of ${Number(before) - 1}`));
    await userEvent.keyboard('{Alt>}k{/Alt}');
    await waitFor(() => expect(bar).toHaveTextContent(`1 of ${Number(before) - 1}`));
    const { live } = backendOf();
    await expect(live.openStreams()).toBe(1);
    await expect(live.streamsOpened()).toBe(1);
  },
};

/**
 * The queue in a filtered view ('jamie'): one client in it; reviewing them clears the queue and
 * goes back to the list with its search, saying so.
 */
export const QueueCleared: Story = {
  name: 'The last client reviewed: queue cleared',
  ...at(1440, 'en-US', '/queue?q=jamie'),
  play: async ({ canvasElement }) => {
    const bar = await queueBar(canvasElement);
    await expect(bar).toHaveTextContent('1 of 1');
    await expect(within(bar).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(bar).getByRole('button', { name: 'Reviewed for today' }));
    await expectToast('Queue cleared: nobody else needs you today.');
    const search = await within(canvasElement).findByRole('searchbox');
    await expect(search).toHaveValue('jamie');
    // Jamie stays on the list, marked, and the queue is empty.
    await expect(await within(canvasElement).findByText('Reviewed today')).toBeVisible();
    await expect(
      within(canvasElement).getByRole('button', { name: 'Work through the queue (0)' }),
    ).toBeDisabled();
  },
};

/**
 * My clients: the queue's button counts who is in it; a client reviewed today (Jamie) is marked
 * and not counted; 'q' opens the first client of the queue.
 */
export const FromTheList: Story = {
  name: 'From My clients, with a client reviewed today',
  ...at(1440, 'en-US', '/clients'),
  beforeEach: () => {
    seedReview(backendOf().state, mockClientIds.jamie, {});
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /^Work through the queue \(\d+\)$/ });
    await expect(canvas.getByText('Reviewed today')).toBeVisible();
    await expect(button).toBeEnabled();
    await userEvent.keyboard('q');
    await queueBar(canvasElement);
    await expect(await clientName(canvasElement)).not.toBe('Jamie Lee');
  },
};

/** '/queue' with nobody in the view's queue: the list, saying nobody needs the coach now. */
export const NobodyInTheQueue: Story = {
  name: 'Nobody in the queue',
  ...at(1440, 'en-US', '/queue?q=nobody-by-this-name'),
  play: async ({ canvasElement }) => {
    await expectToast('Nobody needs you right now.');
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'My clients' }),
    ).toBeVisible();
  },
};
