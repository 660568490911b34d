import { HStack, List, Stack, Text } from '@chakra-ui/react';
import type { Report } from '@coach/api';
import { Button } from '@coach/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { reportsAtoms } from '../atoms/reportsAtoms.ts';
import { ProfileSection } from '../components/ProfileSection.tsx';
import { useClientResource } from '../components/useClientResource.ts';
import { createProfileFormats } from '../profileFormats.ts';
import { useReportDownload } from './useReportDownload.ts';

export type ReportsSectionProps = { clientId: string };

/** The client's reports, newest first, with their date and author, each downloadable. */
export function ReportsSection({ clientId }: ReportsSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, retry] = useClientResource(reportsAtoms, clientId);
  const download = useReportDownload(clientId);
  const formats = useMemo(() => createProfileFormats(locale), [locale]);
  const generatedOn = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );

  const row = (report: Report) => {
    const date = generatedOn.format(new Date(report.createdAt));
    return (
      <List.Item key={report.id}>
        <HStack justify="space-between" gap="3" align="center" flex="1" width="full">
          <Stack gap="0" flex="1" minWidth="0">
            <Text fontWeight="medium">
              {t('profileActions.reportItem', {
                phase: t(`profileActions.phases.${report.phase}`),
                day: report.phaseDay,
                from: formats.fullDate(report.period.from),
                to: formats.fullDate(report.period.to),
              })}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {t('profileActions.reportMeta', { date, author: report.author.name })}
            </Text>
          </Stack>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('profileActions.downloadLabel', { date })}
            onClick={() => download(report)}
          >
            {t('profileActions.download')}
          </Button>
        </HStack>
      </List.Item>
    );
  };

  return (
    <ProfileSection
      title={t('profileActions.reportsTitle')}
      state={state}
      failedText={t('profileActions.reportsFailed')}
      onRetry={retry}
    >
      {({ items }) =>
        items.length === 0 ? (
          <Text color="fg.muted">{t('profileActions.noReports')}</Text>
        ) : (
          <List.Root variant="plain" gap="3">
            {items.map(row)}
          </List.Root>
        )
      }
    </ProfileSection>
  );
}
