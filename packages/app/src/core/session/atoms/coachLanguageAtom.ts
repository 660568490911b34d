import type { CoachLanguage } from '@coach/domain';
import { atom } from '../../../state/jotai.ts';

/**
 * The language the signed-in coach saved, once known (read after a sign-in, or just chosen in
 * Settings): the app's texts follow it (`CoachLanguageEffect`). A new object each time, so the
 * same language set again still applies (after the browser's was detected meanwhile).
 */
export const coachLanguageAtom = atom<{ language: CoachLanguage } | null>(null);
coachLanguageAtom.debugLabel = 'coachLanguageAtom';
