import { limits, type ProfilePictureContentType, profilePictureContentTypes } from '@coach/domain';
import type { TranslationKey } from '../../../i18n/translationKey.ts';

/** Why a chosen picture cannot be used: a translation key, with `{{sizeLimit}}` for the size. */
export type PictureProblem = Extract<
  TranslationKey,
  'settings.validation.pictureNotImage' | 'settings.validation.pictureTooLarge'
>;

/** The file picker's `accept`: the picture types the contract takes (PNG, JPEG, WebP). */
export const pictureAccept = profilePictureContentTypes.join(',');

function isAcceptedType(type: string): type is ProfilePictureContentType {
  return (profilePictureContentTypes as readonly string[]).includes(type);
}

/**
 * Checks a chosen profile picture before it is previewed or sent (requirements R5.7, decisions): it
 * must be an image of a type the server takes (the contract's list: a GIF or HEIC would pass as
 * `image/*` and fail on upload) of at most 7,000,000 bytes. The server checks the bytes again.
 */
export function checkPictureFile(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!isAcceptedType(file.type)) return 'settings.validation.pictureNotImage';
  if (file.size > limits.profilePictureMaxBytes) return 'settings.validation.pictureTooLarge';
  return null;
}
