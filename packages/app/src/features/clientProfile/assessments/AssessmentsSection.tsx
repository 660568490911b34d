import { Table } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { EmptyNote } from '../shared/EmptyNote.tsx';
import { ProfileSection } from '../shared/ProfileSection.tsx';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { assessmentsAtoms } from './assessmentsAtoms.ts';

/** The client's assessments, newest first: name, date, status. */
export function AssessmentsSection({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formats = useMemo(() => createProfileFormats(locale), [locale]);
  return (
    <ProfileSection
      title={t('profile.assessments.title')}
      resource={assessmentsAtoms}
      clientId={clientId}
      failedText={t('profile.failed.surveys')}
    >
      {({ assessments: list }) =>
        list.length === 0 ? (
          <EmptyNote>{t('profile.assessments.empty')}</EmptyNote>
        ) : (
          <Table.ScrollArea
            maxHeight="24rem"
            tabIndex={0}
            aria-label={t('profile.assessments.title')}
          >
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">
                    {t('profile.assessments.name')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">
                    {t('profile.assessments.date')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">
                    {t('profile.assessments.status')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((assessment) => (
                  <Table.Row
                    key={assessment.id ?? assessment.calendarEventId ?? assessment.date}
                    data-status={assessment.status}
                  >
                    <Table.Cell overflowWrap="anywhere">{assessment.name}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formats.fullDate(assessment.date)}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={assessment.status} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )
      }
    </ProfileSection>
  );
}
