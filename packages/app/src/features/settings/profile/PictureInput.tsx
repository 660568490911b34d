import { chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ProfilePicture } from '@coach/ui';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUpload } from 'react-icons/lu';
import { pictureAccept } from './pictureFile.ts';

export type PictureInputProps = {
  /** The picture shown: the chosen file's preview, else the stored one. */
  src: string | null;
  /** Whose picture it is. */
  name: string;
  /** Why the chosen file cannot be used. */
  error?: string;
  onChoose: (file: File) => void;
};

/** The profile picture with a 'Choose picture' control (a file input behind a label). */
export function PictureInput({ src, name, error, onChoose }: PictureInputProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still reports it.
    event.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <chakra.fieldset>
      <chakra.legend fontWeight="medium" textStyle="sm" marginBlockEnd="2">
        {t('settings.picture')}
      </chakra.legend>
      <HStack gap="5" align="center">
        <ProfilePicture src={src} name={name} size="xl" />
        <Stack gap="2" align="flex-start">
          <chakra.label
            display="inline-flex"
            alignItems="center"
            gap="2"
            height="10"
            paddingInline="4"
            borderRadius="md"
            borderWidth="thin"
            borderColor="accent"
            color="accent.emphasized"
            fontWeight="medium"
            textStyle="sm"
            cursor="pointer"
            _hover={{ bg: 'accent.subtle' }}
            _focusWithin={{
              outlineWidth: '2px',
              outlineStyle: 'solid',
              outlineColor: 'accent',
              outlineOffset: '2px',
            }}
          >
            <LuUpload aria-hidden />
            {t('settings.choosePicture')}
            <VisuallyHidden asChild>
              <input
                type="file"
                accept={pictureAccept}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                onChange={handleChange}
              />
            </VisuallyHidden>
          </chakra.label>
          <Text id={hintId} textStyle="xs" color="fg.muted">
            {t('settings.pictureHint', { sizeLimit: t('settings.sizeLimit') })}
          </Text>
          {error ? (
            <Text id={errorId} role="alert" textStyle="sm" color="error.fg" fontWeight="medium">
              {error}
            </Text>
          ) : null}
        </Stack>
      </HStack>
    </chakra.fieldset>
  );
}
