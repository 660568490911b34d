import { chakra, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { Person } from '@coach/api';
import { Button, Textarea, TextField } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { PictureInput } from './PictureInput.tsx';
import { checkPictureFile, type PictureProblem } from './pictureFile.ts';
import { type SettingsValues, settingsSchema } from './settingsSchema.ts';
import { useObjectUrl } from './useObjectUrl.ts';
import { useSaveProfile } from './useSaveProfile.ts';

export type ProfileFormProps = {
  /** The coach's profile as the server holds it (its atom: a save updates it). */
  profile: Person;
};

/**
 * The coach's profile: first and last name, about me and the picture (previewed before saving).
 * The picture is checked when chosen; a refused file is dropped, so it never blocks saving.
 */
export function ProfileForm({ profile }: ProfileFormProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const save = useSaveProfile(profile.id);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureProblem, setPictureProblem] = useState<PictureProblem | null>(null);
  const preview = useObjectUrl(picture);
  const { form, register, fieldError, submitProps } = useSubmitOnlyForm<SettingsValues>({
    resolver: yupResolver(settingsSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      aboutMe: profile.aboutMe,
    },
  });

  const handleChoose = (file: File) => {
    const problem = checkPictureFile(file);
    setPictureProblem(problem);
    setPicture(problem ? null : file);
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    const outcome = await save(profile, values, picture);
    if (outcome.kind === 'profileFailed') return;
    form.reset(values);
    if (outcome.kind === 'saved') {
      setPicture(null);
    } else if (outcome.problem) {
      // The server refused the file itself: drop it and say why, as the local check would.
      setPicture(null);
      setPictureProblem(outcome.problem);
    }
  });

  const fullName = `${profile.firstName} ${profile.lastName}`;
  return (
    <chakra.form onSubmit={handleSubmit} noValidate aria-labelledby="settings-profile-title">
      <Stack gap="6" maxWidth="40rem">
        <Heading as="h2" id="settings-profile-title" fontSize="xl" fontWeight="semibold">
          {t('settings.profileTitle')}
        </Heading>
        <PictureInput
          src={preview ?? api.resource.profilePictureUrl(profile.profilePicture)}
          name={fullName}
          error={
            pictureProblem ? t(pictureProblem, { sizeLimit: t('settings.sizeLimit') }) : undefined
          }
          onChoose={handleChoose}
        />
        <SimpleGrid columns={2} gap="5">
          <TextField
            {...register('firstName')}
            label={t('settings.firstName')}
            autoComplete="given-name"
            error={fieldError('firstName')}
          />
          <TextField
            {...register('lastName')}
            label={t('settings.lastName')}
            autoComplete="family-name"
            error={fieldError('lastName')}
          />
        </SimpleGrid>
        <Textarea
          {...register('aboutMe')}
          label={t('settings.aboutMe')}
          rows={5}
          overLimitMessage={t('settings.aboutMeOverLimit')}
          error={fieldError('aboutMe')}
        />
        <Button {...submitProps} alignSelf="flex-start">
          {t('settings.save')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
