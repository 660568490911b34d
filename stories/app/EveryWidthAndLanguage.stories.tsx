import type { Meta, StoryObj } from '@storybook/react-vite';
import { combineParameters } from 'storybook/preview-api';
import AttentionQueue, * as attentionQueue from './AttentionQueue.stories.tsx';
import ClientProfile, * as clientProfile from './ClientProfile.stories.tsx';
import Clients, * as clients from './Clients.stories.tsx';
import { type DesignWidth, viewportAt } from './designViewport.ts';
import EnrolmentScreen, * as enrolmentScreen from './EnrolmentScreen.stories.tsx';
import InviteAcceptance, * as inviteAcceptance from './InviteAcceptance.stories.tsx';
import PasswordReset, * as passwordReset from './PasswordReset.stories.tsx';
import SecondStep, * as secondStep from './SecondStep.stories.tsx';
import Settings, * as settings from './Settings.stories.tsx';
import SignIn, * as signIn from './SignIn.stories.tsx';
import Spanish, * as spanish from './Spanish.stories.tsx';
import { expectSizedFor } from './sizedFor.ts';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';

/**
 * Every screen of the app (each route a coach or an invitee opens) captured whole, not only its
 * first screen (`snapshot: { fullPage: true }`: the test runner makes the window as tall as the
 * page needs), at the widths where its layout changes and in English and Spanish (issue 68). Each
 * story is a screen's own story, its mocks, play and all, in another window and language: the
 * English one from the screen's file, the Spanish one from 'App/Journeys/Spanish' (whose stories
 * are captured whole at 1,280 px). Then the page is checked as 'App/Journeys/Every width' checks
 * it: the window's width, the app's text size for it, nothing past the right edge.
 *
 * The widths: My clients, a client's profile and Settings at 1,024, 1,280, 1,440 and 1,920 px
 * (11, 12, 14 and 16 px text: their columns and panels reflow); the signed-out screens, a card
 * that only scales, at 1,024 px (the shortest window, the narrowest text) and 1,920 px, in
 * Spanish at 1,024 px, where its longer words wrap most; the attention queue, the profile under
 * its bar, whole at 1,280 px (its first screens at every width: 'App/Screens/AttentionQueue').
 * English at 1,280 px of a signed-out screen is its own story's picture: the page fits the window.
 * No Docs page: each of these is on its screen's page at 1,280 px.
 *
 * Tagged 'whole-page': `npm test`, the gate, which takes no picture, leaves them to
 * `npm run test:all` (decision 111): their plays are their screens' own, their pictures and their
 * checks of the window's width at the other widths and in Spanish are CI's.
 */
const meta = {
  title: 'App/Journeys/Every width and language',
  tags: ['!autodocs', 'whole-page'],
} satisfies Meta;

export default meta;
// Any story's fields: the screens' files each type their stories by their own meta.
type Story = StoryObj;

/** The annotations a screen's story takes from its file's meta and its own (CSF's fields). */
type Annotations = Pick<
  Story,
  'render' | 'decorators' | 'loaders' | 'beforeEach' | 'parameters' | 'globals' | 'args' | 'play'
>;

/** A screen's story with its file's meta: where a story of this file comes from. */
type Source = { meta: Annotations; story: Annotations };

/** A screen's story with its file's meta, read as any story's fields. */
const from = (meta: object, story: object): Source => ({
  meta: meta as Annotations,
  story: story as Annotations,
});

/** The screens, each with its English and its Spanish story. */
const screens = {
  signIn: {
    en: from(SignIn, signIn.Empty),
    es: from(Spanish, spanish.SignIn),
  },
  secondStep: {
    en: from(SecondStep, secondStep.SecondStepShown),
    es: from(Spanish, spanish.SecondStep),
  },
  enrolment: {
    en: from(EnrolmentScreen, enrolmentScreen.Shown),
    es: from(Spanish, spanish.EnrolmentScreen),
  },
  passwordReset: {
    en: from(PasswordReset, passwordReset.EmailStep),
    es: from(Spanish, spanish.ForgotPassword),
  },
  inviteAcceptance: {
    en: from(InviteAcceptance, inviteAcceptance.Valid),
    es: from(Spanish, spanish.InviteAcceptance),
  },
  clients: {
    en: from(Clients, clients.Default),
    es: from(Spanish, spanish.Clients),
  },
  clientProfile: {
    en: from(ClientProfile, clientProfile.Default),
    es: from(Spanish, spanish.ClientProfile),
  },
  settings: {
    en: from(Settings, settings.Loaded),
    es: from(Spanish, spanish.Settings),
  },
  attentionQueue: {
    en: from(AttentionQueue, attentionQueue.English1280),
    es: from(AttentionQueue, attentionQueue.Spanish1280),
  },
} satisfies Record<string, Record<'en' | 'es', Source>>;

const asList = <T,>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The screen's story in the window of `width`, in its language, captured whole: its file's meta
 * and its own fields merged as Storybook merges them (decorators the story's inside the meta's,
 * the meta's `beforeEach` and loaders first, parameters merged deep), the app's text size for
 * the width added where the file leaves it out.
 */
function whole(screen: keyof typeof screens, width: DesignWidth, language: 'en' | 'es'): Story {
  const { meta: file, story } = screens[screen][language];
  const decorators = [...asList(story.decorators), ...asList(file.decorators)];
  return {
    render: story.render ?? file.render,
    decorators: decorators.includes(withAppRootFontSize)
      ? decorators
      : [withAppRootFontSize, ...decorators],
    loaders: [...asList(file.loaders), ...asList(story.loaders)],
    beforeEach: [...asList(file.beforeEach), ...asList(story.beforeEach)],
    parameters: combineParameters(file.parameters ?? {}, story.parameters ?? {}, {
      snapshot: { fullPage: true },
    }),
    args: { ...file.args, ...story.args },
    globals: {
      ...file.globals,
      ...story.globals,
      ...viewportAt(width),
      locale: language === 'es' ? 'es' : 'en-US',
    },
    play: async (context) => {
      await story.play?.(context);
      await expectSizedFor(width);
    },
  };
}

/** Sign-in at 1,024 px. */
export const SignIn1024 = { name: 'Sign in, 1,024 px', ...whole('signIn', 1024, 'en') };
/** Sign-in at 1,920 px. */
export const SignIn1920 = { name: 'Sign in, 1,920 px', ...whole('signIn', 1920, 'en') };
/** Sign-in at 1,024 px in Spanish, its validation messages shown. */
export const SignIn1024Es = {
  name: 'Sign in, 1,024 px, Spanish',
  ...whole('signIn', 1024, 'es'),
};
/** The second step at 1,024 px. */
export const SecondStep1024 = {
  name: 'Second step, 1,024 px',
  ...whole('secondStep', 1024, 'en'),
};
/** The second step at 1,920 px. */
export const SecondStep1920 = {
  name: 'Second step, 1,920 px',
  ...whole('secondStep', 1920, 'en'),
};
/** The second step at 1,024 px in Spanish, a wrong code said so. */
export const SecondStep1024Es = {
  name: 'Second step, 1,024 px, Spanish',
  ...whole('secondStep', 1024, 'es'),
};
/** The enrolment a second factor requires at 1,024 px. */
export const Enrolment1024 = {
  name: 'Enrolment required, 1,024 px',
  ...whole('enrolment', 1024, 'en'),
};
/** The enrolment at 1,920 px. */
export const Enrolment1920 = {
  name: 'Enrolment required, 1,920 px',
  ...whole('enrolment', 1920, 'en'),
};
/** The enrolment at 1,024 px in Spanish. */
export const Enrolment1024Es = {
  name: 'Enrolment required, 1,024 px, Spanish',
  ...whole('enrolment', 1024, 'es'),
};
/** The password reset's first step at 1,024 px. */
export const PasswordReset1024 = {
  name: 'Password reset, 1,024 px',
  ...whole('passwordReset', 1024, 'en'),
};
/** The password reset at 1,920 px. */
export const PasswordReset1920 = {
  name: 'Password reset, 1,920 px',
  ...whole('passwordReset', 1920, 'en'),
};
/** The password reset's code step at 1,024 px in Spanish. */
export const PasswordReset1024Es = {
  name: 'Password reset, 1,024 px, Spanish',
  ...whole('passwordReset', 1024, 'es'),
};
/** The invite's account form at 1,024 px. */
export const InviteAcceptance1024 = {
  name: 'Invite acceptance, 1,024 px',
  ...whole('inviteAcceptance', 1024, 'en'),
};
/** The invite's account form at 1,920 px. */
export const InviteAcceptance1920 = {
  name: 'Invite acceptance, 1,920 px',
  ...whole('inviteAcceptance', 1920, 'en'),
};
/** The invite's account form at 1,024 px in Spanish. */
export const InviteAcceptance1024Es = {
  name: 'Invite acceptance, 1,024 px, Spanish',
  ...whole('inviteAcceptance', 1024, 'es'),
};
/** My clients whole at 1,024 px: every row, every column. */
export const Clients1024 = { name: 'My clients, 1,024 px', ...whole('clients', 1024, 'en') };
/** My clients whole at 1,280 px. */
export const Clients1280 = { name: 'My clients, 1,280 px', ...whole('clients', 1280, 'en') };
/** My clients whole at 1,440 px. */
export const Clients1440 = { name: 'My clients, 1,440 px', ...whole('clients', 1440, 'en') };
/** My clients whole at 1,920 px. */
export const Clients1920 = { name: 'My clients, 1,920 px', ...whole('clients', 1920, 'en') };
/** My clients whole at 1,024 px in Spanish. */
export const Clients1024Es = {
  name: 'My clients, 1,024 px, Spanish',
  ...whole('clients', 1024, 'es'),
};
/** My clients whole at 1,440 px in Spanish. */
export const Clients1440Es = {
  name: 'My clients, 1,440 px, Spanish',
  ...whole('clients', 1440, 'es'),
};
/** My clients whole at 1,920 px in Spanish. */
export const Clients1920Es = {
  name: 'My clients, 1,920 px, Spanish',
  ...whole('clients', 1920, 'es'),
};
/** Jamie's profile whole at 1,024 px: the record and the panel beside it. */
export const ClientProfile1024 = {
  name: 'Client profile, 1,024 px',
  ...whole('clientProfile', 1024, 'en'),
};
/** The profile whole at 1,280 px. */
export const ClientProfile1280 = {
  name: 'Client profile, 1,280 px',
  ...whole('clientProfile', 1280, 'en'),
};
/** The profile whole at 1,440 px. */
export const ClientProfile1440 = {
  name: 'Client profile, 1,440 px',
  ...whole('clientProfile', 1440, 'en'),
};
/** The profile whole at 1,920 px. */
export const ClientProfile1920 = {
  name: 'Client profile, 1,920 px',
  ...whole('clientProfile', 1920, 'en'),
};
/** The profile whole at 1,024 px in Spanish. */
export const ClientProfile1024Es = {
  name: 'Client profile, 1,024 px, Spanish',
  ...whole('clientProfile', 1024, 'es'),
};
/** The profile whole at 1,440 px in Spanish. */
export const ClientProfile1440Es = {
  name: 'Client profile, 1,440 px, Spanish',
  ...whole('clientProfile', 1440, 'es'),
};
/** The profile whole at 1,920 px in Spanish. */
export const ClientProfile1920Es = {
  name: 'Client profile, 1,920 px, Spanish',
  ...whole('clientProfile', 1920, 'es'),
};
/** Settings whole at 1,024 px: every section, down to the language. */
export const Settings1024 = { name: 'Settings, 1,024 px', ...whole('settings', 1024, 'en') };
/** Settings whole at 1,280 px. */
export const Settings1280 = { name: 'Settings, 1,280 px', ...whole('settings', 1280, 'en') };
/** Settings whole at 1,440 px. */
export const Settings1440 = { name: 'Settings, 1,440 px', ...whole('settings', 1440, 'en') };
/** Settings whole at 1,920 px. */
export const Settings1920 = { name: 'Settings, 1,920 px', ...whole('settings', 1920, 'en') };
/** Settings whole at 1,024 px in Spanish, the first name's error shown. */
export const Settings1024Es = {
  name: 'Settings, 1,024 px, Spanish',
  ...whole('settings', 1024, 'es'),
};
/** Settings whole at 1,440 px in Spanish. */
export const Settings1440Es = {
  name: 'Settings, 1,440 px, Spanish',
  ...whole('settings', 1440, 'es'),
};
/** Settings whole at 1,920 px in Spanish. */
export const Settings1920Es = {
  name: 'Settings, 1,920 px, Spanish',
  ...whole('settings', 1920, 'es'),
};
/** The attention queue whole at 1,280 px: the first client's profile under the queue's bar. */
export const AttentionQueue1280 = {
  name: 'Attention queue, 1,280 px',
  ...whole('attentionQueue', 1280, 'en'),
};
/** The attention queue whole at 1,280 px in Spanish. */
export const AttentionQueue1280Es = {
  name: 'Attention queue, 1,280 px, Spanish',
  ...whole('attentionQueue', 1280, 'es'),
};
