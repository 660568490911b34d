import { messages } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import translation from '../../public/locales/en-US/translation.json';
import { textsByKey } from './textsByKey.ts';
import type { TranslationKey } from './translationKey.ts';

/**
 * The texts that both the server (the domain's message catalogue, in its answers) and the app (its
 * en-US translation, in its forms and screens) show: the same words on both sides, requirements R5
 * and R8 word for word. A catalogue text the app shows in its own words is listed here.
 */
const translationOfMessage = {
  firstNameRequired: 'settings.validation.firstNameRequired',
  lastNameRequired: 'settings.validation.lastNameRequired',
  maxNameLength: 'settings.validation.maxNameLength',
  aboutMeTooLong: 'settings.validation.aboutMeTooLong',
  emailRequired: 'auth.validation.emailRequired',
  emailFormat: 'auth.validation.emailFormat',
  passwordRequired: 'auth.validation.passwordRequired',
  passwordMinLength: 'auth.validation.passwordMinLength',
  passwordRules: 'auth.validation.passwordRules',
  passwordsDoNotMatch: 'auth.validation.passwordsDoNotMatch',
  codeRequired: 'auth.validation.codeRequired',
  codeLength: 'auth.validation.codeLength',
  codeDigits: 'auth.validation.codeDigits',
  wrongCredentials: 'auth.signIn.wrongCredentials',
  signInCodeRequired: 'auth.signIn.codeRequired',
  wrongSignInCode: 'auth.signIn.wrongSignInCode',
  wrongCode: 'auth.changePassword.wrongCode',
  invalidUserType: 'session.invalidUserType',
  profilePictureNotImage: 'settings.validation.pictureNotImage',
  profilePictureTooLarge: 'settings.validation.pictureTooLarge',
  clientNotFound: 'profile.notFoundTitle',
  firstNameOneLine: 'settings.validation.firstNameOneLine',
  lastNameOneLine: 'settings.validation.lastNameOneLine',
} as const satisfies Partial<Record<keyof typeof messages, TranslationKey>>;

const texts = textsByKey(translation);

describe('the message catalogue and the en-US translation', () => {
  it.each(Object.entries(translationOfMessage))(
    'words %s as the translation %s does',
    (message, key) => {
      expect(texts.get(key)).toBe(messages[message as keyof typeof messages]);
    },
  );

  it('lists every translation that repeats a catalogue text, so none is copied untied', () => {
    const tied = new Set<string>(Object.values(translationOfMessage));
    const catalogue = new Set<string>(Object.values(messages));
    const untied = [...texts].filter(([key, text]) => catalogue.has(text) && !tied.has(key));
    // The profile's action note limit reads like the about-me limit by the spec's words, not by
    // the catalogue: it is the app's own text.
    expect(untied.map(([key]) => key)).toEqual(['profileActions.validation.noteTooLong']);
  });
});
