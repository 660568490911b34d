import { createHandlers, fixtureTokens, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { type DesignWidth, viewportAt, windowAt } from './designViewport.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { expectOnFirstScreen } from './firstScreen.ts';
import { renderApp } from './signedInScreen.tsx';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

/**
 * Jamie's profile as it opens, at the widths a coach meets (1,004 px, the narrowest the app
 * serves, 1,280, 1,440 and 1,920 px), in English and Spanish: the screen whole, not scrolled.
 * From 1,024 px the panel to act (the follow-up, the latest messages over the composer, the
 * note's field) is on the first screen beside the client's name and figures; at 1,004 px it is a
 * tab of its own, one click or Alt+M away.
 */
const meta = {
  title: 'App/Screens/Client profile/Widths',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-clientprofile-widths',
  decorators: [withCoachApi, withAppRootFontSize],
  render: renderApp,
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type Language = 'en-US' | 'es';

/** The texts the stories look for, in each language. */
const words = {
  'en-US': {
    composer: 'Message to Jamie Lee',
    note: 'New note',
    followUp: /^(Set a follow-up|Move)$/,
    thread: 'Messages with Jamie Lee',
    panel: 'Follow-up, messages and notes',
    panelTab: 'Messages and notes',
  },
  es: {
    composer: 'Mensaje para Jamie Lee',
    note: 'Nueva nota',
    followUp: /^(Programar un seguimiento|Cambiar fecha)$/,
    thread: 'Mensajes con Jamie Lee',
    panel: 'Seguimiento, mensajes y notas',
    panelTab: 'Mensajes y notas',
  },
} as const;

/** The story's window, language and Docs frame. */
const at = (width: DesignWidth, locale: Language) => ({
  globals: { ...viewportAt(width), locale },
  parameters: {
    route: `/clients/${mockClientIds.jamie}`,
    session: { tokens: fixtureTokens.coach },
    docs: { story: ownFrame(windowAt(width).height) },
  },
});

/** The panel loaded: the thread and the note's field shown. */
async function loadedPanel(canvasElement: HTMLElement, locale: Language) {
  const canvas = within(canvasElement);
  const panel = await canvas.findByRole('complementary', { name: words[locale].panel });
  await waitFor(() => expect(panel.querySelector('[aria-busy="true"]')).toBeNull());
  return within(panel);
}

/** What the coach acts with, all on the first screen beside the name and figures. */
async function expectActionsOnFirstScreen(canvasElement: HTMLElement, locale: Language) {
  const canvas = within(canvasElement);
  await expectOnFirstScreen(await canvas.findByRole('heading', { level: 1, name: 'Jamie Lee' }));
  const panel = await loadedPanel(canvasElement, locale);
  await expectOnFirstScreen(panel.getByRole('textbox', { name: words[locale].composer }));
  await expectOnFirstScreen(panel.getByRole('textbox', { name: words[locale].note }));
  await expectOnFirstScreen(panel.getByRole('button', { name: words[locale].followUp }));
  // The latest messages: the thread's visible part.
  await expectOnFirstScreen(panel.getByRole('log', { name: words[locale].thread }));
  await expect(document.documentElement.scrollTop).toBe(0);
  if (locale === 'es') await expectSpanishPage('Resumen', 'Notas e historial');
}

const wideAt = (width: DesignWidth, locale: Language): Story => ({
  ...at(width, locale),
  play: async ({ canvasElement }) => expectActionsOnFirstScreen(canvasElement, locale),
});

/** At 1,004 px the record shows, and the panel's tab beside the groups. */
const narrowAt = (locale: Language): Story => ({
  ...at(1004, locale),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectOnFirstScreen(await canvas.findByRole('heading', { level: 1, name: 'Jamie Lee' }));
    await expectOnFirstScreen(canvas.getByRole('button', { name: words[locale].panelTab }));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});

export const English1004: Story = { name: 'English, 1,004 px', ...narrowAt('en-US') };
export const English1280: Story = { name: 'English, 1,280 px', ...wideAt(1280, 'en-US') };
export const English1440: Story = { name: 'English, 1,440 px', ...wideAt(1440, 'en-US') };
export const English1920: Story = { name: 'English, 1,920 px', ...wideAt(1920, 'en-US') };
export const Spanish1004: Story = { name: 'Spanish, 1,004 px', ...narrowAt('es') };
export const Spanish1280: Story = { name: 'Spanish, 1,280 px', ...wideAt(1280, 'es') };
export const Spanish1440: Story = { name: 'Spanish, 1,440 px', ...wideAt(1440, 'es') };
export const Spanish1920: Story = { name: 'Spanish, 1,920 px', ...wideAt(1920, 'es') };

/** At 1,004 px, Alt+M opens the panel's tab with the focus in the composer, on the first screen. */
export const Narrow1004PanelByKey: Story = {
  name: 'English, 1,004 px, the panel by its key',
  ...at(1004, 'en-US'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Jamie Lee' });
    await userEvent.keyboard('{Alt>}m{/Alt}');
    const panel = await loadedPanel(canvasElement, 'en-US');
    const composer = panel.getByRole('textbox', { name: words['en-US'].composer });
    await waitFor(() => expect(composer).toHaveFocus());
    await expectOnFirstScreen(composer);
    await expect(canvas.getByRole('button', { name: 'Messages and notes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};
