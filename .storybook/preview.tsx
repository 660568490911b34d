import '@fontsource-variable/inter';
import { Box, LocaleProvider } from '@chakra-ui/react';
import { CoachUiProvider, insertGlobalCss, loadCoachSystem } from '@coach/ui';
import { DocsContainer } from '@storybook/addon-docs/blocks';
import type { Decorator, Preview, StoryContext } from '@storybook/react-vite';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { type ComponentProps, type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { configure } from 'storybook/test';
import AppToastContainer from '../packages/app/src/core/toasts/components/ToastContainer.tsx';
// The app's static styles (the signed-out layout, the sign-in screen), as main.tsx bundles them.
import '../packages/app/src/styles/static.css';
import { installFixedClock } from './clock.ts';
import {
  fitDocsFrames,
  holdDocsPageStill,
  storyWait,
  takeDocsFrameTurn,
  widenDocsFrame,
} from './docsFrames.ts';
import { createStoryI18n } from './i18n.ts';
import {
  coachWindows,
  designWindowName,
  namedWindow,
  viewportOptions,
  type WindowSize,
} from './windows.ts';

holdDocsPageStill();

// The global styles as the app has them (its bundled stylesheet, @coach/ui/global.css), first in
// the preview's head.
insertGlobalCss(document);

// A screen can lazy-load its route's code before rendering: on a loaded 2-core runner that takes
// more than Testing Library's default second, so every findBy waits up to 10 s (the Settings
// form took over 5 s in a CI run on a machine twice as slow); in a Docs page's frame, which loads
// beside the page and its other frames, up to 20 s.
configure({ asyncUtilTimeout: storyWait(10_000) });

// Any API or cross-origin request a story did not declare a handler for fails loudly;
// Storybook's own assets (same origin, outside /api) pass through.
const startWorker = async () => {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    serviceWorker: { url: './mockServiceWorker.js' },
    // msw 3 names it onUnhandledFrame: an API or cross-origin request without a handler errors.
    onUnhandledFrame({ frame, defaults }) {
      const request = (frame.data as { request?: Request }).request;
      if (!request) return defaults.error();
      const url = new URL(request.url);
      if (url.origin === location.origin && !url.pathname.startsWith('/api/')) return;
      defaults.error();
    },
  });
  return worker;
};

function FreshJotaiStore({ children }: { children: React.ReactNode }) {
  const [store] = useState(() => createStore());
  return <JotaiProvider store={store}>{children}</JotaiProvider>;
}

/**
 * The story's texts in the language of the `locale` global, `<html lang>` in step from the
 * story's first commit (a layout effect: a play function that reads it right away finds it set).
 */
function StoryI18n({ locale, children }: { locale: unknown; children: ReactNode }) {
  const [i18n] = useState(() => createStoryI18n(locale));
  useLayoutEffect(() => {
    const apply = () => {
      document.documentElement.lang = i18n.resolvedLanguage ?? 'en-US';
    };
    apply();
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

type Direction = 'ltr' | 'rtl';

/**
 * Right to left (the `direction` global): `dir="rtl"` on the story's root (the decorator's box)
 * and, where the story has the document to itself (the canvas, a Docs page's own frame), on
 * `<html>` too, so what it portals (a dialog, a toast, a menu) turns with it. Chakra's components
 * (Ark's machines: a menu's placement, the arrow keys of tabs) take the direction from the locale
 * context, which derives it from the locale's script: Ark's default locale in Arabic script,
 * `en-Arab-US`, which keeps its number and date formats. Left to right, the default, adds no
 * attribute and gives the components Ark's default context: the story as it rendered before.
 */
function StoryDirection({
  direction,
  ownsDocument,
  children,
}: {
  direction: Direction;
  ownsDocument: boolean;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    if (direction !== 'rtl' || !ownsDocument) return;
    const root = document.documentElement;
    root.dir = 'rtl';
    return () => root.removeAttribute('dir');
  }, [direction, ownsDocument]);
  // One tree either way (Ark's default context is `en-US`, left to right): a switch re-renders
  // the story as it stands, an open dialog still open, rather than mounting it again.
  return (
    <LocaleProvider locale={direction === 'rtl' ? 'en-Arab-US' : 'en-US'}>
      {children}
    </LocaleProvider>
  );
}

/**
 * The window a story's Docs frame is as wide as: the one the story names itself (its own
 * `viewport` global, a `viewportAt` story), else an App story's design window; none for the
 * others, which stay in the page's column. Read from the story's globals, not the project's: every
 * story opens at the design window (`initialGlobals`), a ui component's Docs frame included.
 */
function docsFrameWindow(context: StoryContext): WindowSize | null {
  const named = namedWindow(context.storyGlobals.viewport, context.parameters.viewport);
  if (named) return named;
  return context.title.startsWith('App/') ? coachWindows[designWindowName] : null;
}

const withProviders: Decorator = (Story, context) => {
  const frameWindow = docsFrameWindow(context);
  // Before the story renders: the app sizes its text by the window's width.
  if (frameWindow) widenDocsFrame(frameWindow.width);
  const route = context.parameters.route as string | undefined;
  const locale: unknown = context.globals.locale;
  const direction: Direction = context.globals.direction === 'rtl' ? 'rtl' : 'ltr';
  const content = (
    <Box
      dir={direction === 'rtl' ? 'rtl' : undefined}
      padding={context.parameters.layout === 'fullscreen' ? 0 : '4'}
      width={context.parameters.width as string | undefined}
    >
      <Story />
    </Box>
  );
  return (
    <CoachUiProvider>
      <StoryDirection direction={direction} ownsDocument={context.viewMode === 'story'}>
        <StoryI18n key={`${context.id}:${locale}`} locale={locale}>
          <FreshJotaiStore key={context.id}>
            {route ? <MemoryRouter initialEntries={[route]}>{content}</MemoryRouter> : content}
            {/* The app's container: its region is named in the story's language. The ui's own
                Toasts stories render theirs, from their controls (`appToasts: false`). */}
            {context.parameters.appToasts === false ? null : <AppToastContainer />}
          </FreshJotaiStore>
        </StoryI18n>
      </StoryDirection>
    </CoachUiProvider>
  );
};

/** Storybook's Docs page, whose story frames fit its column (`.storybook/docsFrames.ts`). */
function FittedDocsContainer(props: ComponentProps<typeof DocsContainer>) {
  useEffect(() => fitDocsFrames(document), []);
  return <DocsContainer {...props} />;
}

let endDocsFrameTurn = () => {};

/**
 * Whether this preview is the canvas of Storybook's UI (the manager's `storybook-preview-iframe`),
 * where a person opens stories. The a11y addon checks a story by itself after it renders only
 * there: the test runner's page (`iframe.html` on its own) runs its own axe check in postVisit,
 * and a Docs page's story frames (`isDocsStoryFrame`) and the Docs check's pages open
 * `iframe.html` in their own frame or page, so none of them pays for a second check.
 */
function isManagerCanvas(): boolean {
  try {
    return window.frameElement?.id === 'storybook-preview-iframe';
  } catch {
    return false;
  }
}

type ArgTypesEnhancer = NonNullable<Preview['argTypesEnhancers']>[number];

/**
 * Event handlers (`onClick`, `onSortChange`...) get no control: their types are functions, which
 * Storybook would offer as a JSON editor. A story's `fn()` shows each call in the Actions panel;
 * a handler a story leaves out stays out (its presence changes what the component does).
 */
const handlersWithoutControls: ArgTypesEnhancer = ({ argTypes }) =>
  Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]) => [
      name,
      /^on[A-Z]/.test(name) ? { ...argType, control: false as const } : argType,
    ]),
  );

const preview: Preview = {
  decorators: [withProviders],
  argTypesEnhancers: [handlersWithoutControls],
  // The design system's chunk, loaded before a story renders (as the app loads it with its first
  // Chakra screen), so no story suspends for it: once, for the first story; a loader, not
  // `beforeAll`, which would hold the preview's story index (the test-runner reads it at once).
  loaders: [
    mswLoader(startWorker),
    async () => {
      await loadCoachSystem();
      return {};
    },
  ],
  // On a Docs page, the story frames render and play one after another (`takeDocsFrameTurn`).
  beforeEach: async () => {
    endDocsFrameTurn = await takeDocsFrameTurn();
    return installFixedClock();
  },
  afterEach: () => endDocsFrameTurn(),
  tags: ['autodocs'],
  initialGlobals: {
    a11y: { manual: !isManagerCanvas() },
    locale: 'en-US',
    direction: 'ltr',
    // Every story opens at the design window; the toolbar's viewport menu offers the others.
    viewport: { value: designWindowName, isRotated: false },
  },
  // The language of the app's texts (and of their dates and numbers); Spanish stories set it.
  globalTypes: {
    locale: {
      description: 'Language of the texts',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en-US', title: 'English (US)' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
    // Any story mirrored, as a right-to-left language would show it (`StoryDirection`).
    direction: {
      description: 'Direction of the text',
      toolbar: {
        title: 'Direction',
        icon: 'mirror',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    docs: { container: FittedDocsContainer },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Automated accessibility checks run in the test-runner's postVisit (serious and critical
    // violations fail the story). The a11y panel's own check runs by itself when a story opens in
    // Storybook's UI (`initialGlobals.a11y.manual`, `isManagerCanvas`), and what it finds shows
    // as to-do items and the panel's count, not failures ('todo').
    a11y: { test: 'todo' },
    options: {
      storySort: {
        order: [
          'Foundations',
          'UI',
          'App',
          ['Screens', 'Layouts', 'Sections', 'Settings', 'Dialogs', 'Journeys'],
        ],
      },
    },
    // The windows of the design (`windows.ts`): the app's screens name theirs with the `viewport`
    // global; the test runner's page takes it (`.storybook/test-runner.ts`).
    viewport: { options: viewportOptions },
  },
};

export default preview;
