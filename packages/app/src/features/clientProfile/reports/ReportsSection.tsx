import { HStack, List, Stack, Text } from '@chakra-ui/react';
import type { Report, ReportList } from '@coach/api';
import { Button } from '@coach/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { ShowMore } from '../shared/ShowMore.tsx';
import { DeleteReportModal } from './DeleteReportModal.tsx';
import { reportsAtoms } from './reportsAtoms.ts';
import { useReportDelete } from './useReportDelete.ts';
import { useReportDownload } from './useReportDownload.ts';
import { useReportPages } from './useReportPages.ts';

export type ReportsSectionProps = { clientId: string };

/**
 * The client's reports, newest first and paged ('Show more'), with their date and author, each
 * downloadable and deletable (after a confirmation).
 */
export function ReportsSection({ clientId }: ReportsSectionProps) {
  const { t } = useTranslation();
  return (
    <ProfileSection
      title={t('profileActions.reportsTitle')}
      resource={reportsAtoms}
      clientId={clientId}
      hasLiveCue={false}
      failedText={t('profileActions.reportsFailed')}
    >
      {(first) => <Reports clientId={clientId} first={first} />}
    </ProfileSection>
  );
}

type ReportsProps = { clientId: string; first: ReportList };

function Reports({ clientId, first }: ReportsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pages = useReportPages(clientId, first);
  const download = useReportDownload(clientId);
  const { deleteReport, isDeleting } = useReportDelete(clientId);
  const [toDelete, setToDelete] = useState<Report | null>(null);
  const formats = useMemo(() => createProfileFormats(locale), [locale]);
  const generatedOn = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const dateOf = (report: Report) => generatedOn.format(new Date(report.createdAt));

  const handleConfirmDelete = async (report: Report) => {
    if (await deleteReport(report)) {
      pages.remove(report.id);
      setToDelete(null);
    }
  };

  const row = (report: Report) => {
    const date = dateOf(report);
    const buttons = [
      {
        variant: 'secondary',
        label: t('profileActions.downloadLabel', { date }),
        text: t('profileActions.download'),
        onClick: () => download(report),
      },
      {
        variant: 'ghost',
        label: t('profileActions.deleteReportLabel', { date }),
        text: t('profileActions.deleteReport'),
        onClick: () => setToDelete(report),
      },
    ] as const;
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
          <HStack gap="2">
            {buttons.map((button) => (
              <Button
                key={button.text}
                variant={button.variant}
                size="sm"
                aria-label={button.label}
                onClick={button.onClick}
              >
                {button.text}
              </Button>
            ))}
          </HStack>
        </HStack>
      </List.Item>
    );
  };

  if (pages.items.length === 0 && !pages.hasMore) {
    return <Text color="fg.muted">{t('profileActions.noReports')}</Text>;
  }
  return (
    <Stack gap="3" align="stretch">
      <List.Root variant="plain" gap="3">
        {pages.items.map(row)}
      </List.Root>
      <ShowMore
        pages={pages}
        failedText={t('profileActions.moreReportsFailed')}
        label={t('profileActions.moreReports')}
      />
      <DeleteReportModal
        report={toDelete}
        date={toDelete ? dateOf(toDelete) : ''}
        isDeleting={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
