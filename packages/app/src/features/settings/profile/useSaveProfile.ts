import { type Person, toApiError } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { personAtomFamily } from './personAtomFamily.ts';
import type { PictureProblem } from './pictureFile.ts';
import type { SettingsValues } from './settingsSchema.ts';

/** How a save ended: saved, or what failed (a refused picture says why). */
export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'profileFailed' }
  | { kind: 'pictureFailed'; problem: PictureProblem | null };

// The server's answers that mean the picture itself is refused, as the form's own checks say it.
const pictureProblemByStatus: Record<number, PictureProblem> = {
  413: 'settings.validation.pictureTooLarge',
  415: 'settings.validation.pictureNotImage',
};

/**
 * Saves a profile: `PUT /persons/{id}` with the full profile, then, when a picture was chosen,
 * `PUT /profilePicture/{id}`. The profile's atom takes the server's answer after each step that
 * succeeded, and the toasts say how it went ('Profile successfully edited', 'Error updating
 * profile', 'Profile picture uploading failed').
 */
export function useSaveProfile(profileId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const updateProfile = useSetAtom(personAtomFamily(profileId));

  return async (
    profile: Person,
    values: SettingsValues,
    picture: File | null,
  ): Promise<SaveOutcome> => {
    let saved: Person;
    try {
      saved = await api.account.updatePerson(profile.id, { ...profile, ...values });
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('settings.saveFailed')));
      return { kind: 'profileFailed' };
    }
    updateProfile(saved);
    if (!picture) {
      toast.success(t('settings.saved'));
      return { kind: 'saved' };
    }
    try {
      const uploaded = await api.resource.putProfilePicture(profile.id, picture);
      // The address stays the same for a new picture: its version makes images load it afresh.
      updateProfile({
        ...saved,
        // The server's address is signed: it has a query already.
        profilePicture: `${uploaded.url}${uploaded.url.includes('?') ? '&' : '?'}v=${encodeURIComponent(uploaded.etag)}`,
      });
      toast.success(t('settings.saved'));
      return { kind: 'saved' };
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('settings.uploadFailed')));
      return {
        kind: 'pictureFailed',
        problem: pictureProblemByStatus[toApiError(error).status] ?? null,
      };
    }
  };
}
