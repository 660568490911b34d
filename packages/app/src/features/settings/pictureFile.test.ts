import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/testI18n.ts';
import { checkPictureFile } from './pictureFile.ts';

const { t } = createTestI18n();

describe('checkPictureFile', () => {
  it('words its problems as the spec does, with the 7 MB limit', () => {
    expect(t('settings.validation.pictureNotImage')).toBe(
      'You are able to only use images as a profile picture',
    );
    expect(t('settings.validation.pictureTooLarge', { sizeLimit: t('settings.sizeLimit') })).toBe(
      'File is too big for the upload, the limit is 7 MB. Please, choose another one',
    );
  });

  it('accepts an image of exactly 7,000,000 bytes', () => {
    expect(checkPictureFile({ type: 'image/png', size: 7_000_000 })).toBeNull();
  });

  it('refuses an image of 7,000,001 bytes as too big', () => {
    expect(checkPictureFile({ type: 'image/jpeg', size: 7_000_001 })).toBe(
      'settings.validation.pictureTooLarge',
    );
  });

  it.each(['application/pdf', 'text/plain', ''])(
    'refuses a file of type %j as not an image',
    (type) => {
      expect(checkPictureFile({ type, size: 10 })).toBe('settings.validation.pictureNotImage');
    },
  );

  it('reports the type before the size', () => {
    expect(checkPictureFile({ type: 'video/mp4', size: 9_000_000 })).toBe(
      'settings.validation.pictureNotImage',
    );
  });
});
