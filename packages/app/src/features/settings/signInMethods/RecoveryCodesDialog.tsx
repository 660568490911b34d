import { Box, chakra, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Button, Modal } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuDownload } from 'react-icons/lu';
import { copyWithToast } from './copyWithToast.ts';
import { recoveryCodesText } from './recoveryCodesText.ts';

export type RecoveryCodesDialogProps = {
  /** The ten codes the server answered: shown this once. */
  codes: string[];
  onClose: () => void;
};

/** The ten recovery codes, shown once: copy them or download them as text, then close. */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  const { t } = useTranslation();
  const text = recoveryCodesText(codes, t('signInFactors.methods.recoveryFileHeading'));
  const handleDownload = () => {
    // A data: address: the file is made here, nothing is fetched.
    const link = document.createElement('a');
    link.href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
    link.download = t('signInFactors.methods.recoveryFileName');
    link.click();
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('signInFactors.methods.recoveryTitle')}
      closeLabel={t('settings.closeModal')}
      // Shown once: neither a stray click nor the focus the dialog before it gives back (the
      // enrolment's, the step-up's) may close it.
      closesOnOutsideInteraction={false}
    >
      <Stack gap="5" paddingBlockEnd="4">
        <Text>{t('signInFactors.methods.recoveryHint')}</Text>
        <Box bg="bg.subtle" borderRadius="md" padding="4">
          <SimpleGrid
            as="ol"
            columns={2}
            gap="2"
            listStyleType="none"
            aria-label={t('signInFactors.methods.recoveryTitle')}
          >
            {codes.map((code) => (
              <chakra.li key={code} fontFamily="mono" fontSize="md" textAlign="center">
                {code}
              </chakra.li>
            ))}
          </SimpleGrid>
        </Box>
        <Stack direction="row" gap="3" flexWrap="wrap">
          <Button
            variant="secondary"
            icon={<LuCopy aria-hidden />}
            onClick={() => copyWithToast(text, t)}
          >
            {t('signInFactors.methods.copyCodes')}
          </Button>
          <Button variant="secondary" icon={<LuDownload aria-hidden />} onClick={handleDownload}>
            {t('signInFactors.methods.downloadCodes')}
          </Button>
        </Stack>
        <Button alignSelf="flex-end" onClick={onClose}>
          {t('signInFactors.methods.savedCodes')}
        </Button>
      </Stack>
    </Modal>
  );
}
