import { useContext, useEffect } from 'react';
import { I18nContext } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai.ts';
import { coachLanguageAtom } from '../atoms/coachLanguageAtom.ts';

/**
 * Renders nothing: switches the app's texts (and their dates and numbers) to the language the
 * coach saved whenever it becomes known; i18next caches it in localStorage, so the next visit
 * starts in it. The instance itself, not `useTranslation`'s per-language wrapper: a language
 * changed later by other means (a `?lng=` link) is not undone until the coach's is read again.
 */
export function CoachLanguageEffect() {
  const saved = useAtomValue(coachLanguageAtom);
  const i18n = useContext(I18nContext)?.i18n;
  useEffect(() => {
    if (!i18n || !saved || saved.language === i18n.resolvedLanguage) return;
    void i18n.changeLanguage(saved.language);
  }, [saved, i18n]);
  return null;
}
