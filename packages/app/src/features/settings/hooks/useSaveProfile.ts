import { type Person, toApiError } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from '../../../state/jotai.ts';
import { useCoachApi } from '../../passwordReset/hooks/useCoachApi.ts';
import { currentProfileAtom } from '../../session/atoms/currentProfileAtom.ts';
import type { PictureProblem } from '../pictureFile.ts';
import type { SettingsValues } from '../settingsSchema.ts';

/** How a save ended: saved, or what failed (a refused picture says why). */
export type SaveOutcome =
  | { kind: 'saved'; profile: Person }
  | { kind: 'profileFailed' }
  | { kind: 'pictureFailed'; profile: Person; problem: PictureProblem | null };

// The server's answers that mean the picture itself is refused, as the form's own checks say it.
const pictureProblemByStatus: Record<number, PictureProblem> = {
  413: 'settings.validation.pictureTooLarge',
  415: 'settings.validation.pictureNotImage',
};

/**
 * Saves the profile: `PUT /persons/{id}` with the full profile, then, when a picture was chosen,
 * `PUT /profilePicture/{id}`. The session's profile follows each step that succeeded, and the
 * toasts say how it went ('Profile successfully edited', 'Error updating profile',
 * 'Profile picture uploading failed').
 */
export function useSaveProfile() {
  const { t } = useTranslation();
  const api = useCoachApi();
  const setProfile = useSetAtom(currentProfileAtom);

  return async (profile: Person, values: SettingsValues, picture: File | null) => {
    let saved: Person;
    try {
      saved = await api.account.updatePerson(profile.id, { ...profile, ...values });
    } catch {
      toast.error(t('settings.saveFailed'));
      return { kind: 'profileFailed' } satisfies SaveOutcome;
    }
    setProfile(saved);
    if (!picture) {
      toast.success(t('settings.saved'));
      return { kind: 'saved', profile: saved } satisfies SaveOutcome;
    }
    try {
      const uploaded = await api.resource.putProfilePicture(profile.id, picture);
      // The address stays the same for a new picture: its version makes images load it afresh.
      const withPicture = {
        ...saved,
        profilePicture: `${uploaded.url}?v=${encodeURIComponent(uploaded.etag)}`,
      };
      setProfile(withPicture);
      toast.success(t('settings.saved'));
      return { kind: 'saved', profile: withPicture } satisfies SaveOutcome;
    } catch (error) {
      toast.error(t('settings.uploadFailed'));
      const problem = pictureProblemByStatus[toApiError(error).status] ?? null;
      return { kind: 'pictureFailed', profile: saved, problem } satisfies SaveOutcome;
    }
  };
}
