import { chakra, Text } from '@chakra-ui/react';

export type EntryHeadingProps = {
  /** What the entry is: 'Your note', 'Your message'. */
  kind: string;
  /** When, as the timeline shows it. */
  date: string;
  dateTime: string;
  /** After the date, e.g. 'edited March 3, 11:00 AM'. */
  extra?: string;
};

/** The first line of a note or message of the timeline: what it is and when. */
export function EntryHeading({ kind, date, dateTime, extra }: EntryHeadingProps) {
  return (
    <Text textStyle="sm" color="fg.muted">
      <chakra.span fontWeight="semibold" color="fg">
        {kind}
      </chakra.span>
      {' · '}
      <time dateTime={dateTime}>{date}</time>
      {extra ? ` · ${extra}` : null}
    </Text>
  );
}
