import { limits } from '@coach/api';
import type { TranslationKey } from '../../i18n/translationKey.ts';

/** Why a chosen picture cannot be used: a translation key, with `{{sizeLimit}}` for the size. */
export type PictureProblem = Extract<
  TranslationKey,
  'settings.validation.pictureNotImage' | 'settings.validation.pictureTooLarge'
>;

/**
 * Checks a chosen profile picture before it is previewed or sent (spec point 5, decisions): it
 * must be an image (`image/*`) of at most 7,000,000 bytes. The server checks the bytes again.
 */
export function checkPictureFile(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!file.type.startsWith('image/')) return 'settings.validation.pictureNotImage';
  if (file.size > limits.profilePictureMaxBytes) return 'settings.validation.pictureTooLarge';
  return null;
}
