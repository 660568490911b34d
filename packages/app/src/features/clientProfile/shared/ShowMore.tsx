import { Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import type { KeysetPages } from './useKeysetPages.ts';

export type ShowMoreProps = {
  pages: Pick<KeysetPages<unknown>, 'hasMore' | 'isLoadingMore' | 'hasMoreFailed' | 'loadMore'>;
  /** What a failed page says; the button stays to try again. */
  failedText: string;
  label: string;
};

/** The end of a paged list: why the last 'Show more' failed, and the button while there is more. */
export function ShowMore({ pages, failedText, label }: ShowMoreProps) {
  return (
    <>
      {pages.hasMoreFailed ? (
        <Text role="alert" color="error.fg" textStyle="sm">
          {failedText}
        </Text>
      ) : null}
      {pages.hasMore ? (
        <Button
          variant="secondary"
          size="sm"
          alignSelf="flex-start"
          isLoading={pages.isLoadingMore}
          onClick={pages.loadMore}
        >
          {label}
        </Button>
      ) : null}
    </>
  );
}
