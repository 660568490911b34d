import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/testI18n.ts';
import { checkPictureFile, pictureAccept } from './pictureFile.ts';

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

  it.each(['image/png', 'image/jpeg', 'image/webp'])('accepts a %s image', (type) => {
    expect(checkPictureFile({ type, size: 10 })).toBeNull();
  });

  it.each(['image/gif', 'image/heic', 'image/svg+xml', 'application/pdf', 'text/plain', ''])(
    'refuses a file of type %j as not an image the server takes',
    (type) => {
      expect(checkPictureFile({ type, size: 10 })).toBe('settings.validation.pictureNotImage');
    },
  );

  it("offers the contract's types in the file picker", () => {
    expect(pictureAccept).toBe('image/png,image/jpeg,image/webp');
  });

  it('reports the type before the size', () => {
    expect(checkPictureFile({ type: 'video/mp4', size: 9_000_000 })).toBe(
      'settings.validation.pictureNotImage',
    );
  });
});
