import { useState } from 'react';

/** A page of a list read newest first, with the cursor of the page after it (null: the end). */
export type KeysetPage<Item> = { items: Item[]; nextCursor: string | null };

/** What a paged section has loaded so far: the first page (an atom), the pages 'Show more' added. */
export type KeysetPages<Item> = {
  items: Item[];
  hasMore: boolean;
  isLoadingMore: boolean;
  hasMoreFailed: boolean;
  loadMore: () => void;
};

type More<Page> = { first: Page; pages: Page[]; isLoading: boolean; failed: boolean };

const startFrom = <Page>(first: Page): More<Page> => ({
  first,
  pages: [],
  isLoading: false,
  failed: false,
});

/**
 * Pages after `first`, each asked with the previous page's keyset cursor (`before`), so an item
 * added or deleted meanwhile neither repeats nor is skipped. A new first page (a refresh) starts
 * again.
 */
export function useKeysetPages<Item, Page extends KeysetPage<Item>>(
  first: Page,
  loadPage: (before: string) => Promise<Page>,
): KeysetPages<Item> {
  const [more, setMore] = useState<More<Page>>(() => startFrom(first));
  // A refreshed first page drops the pages after the old one (adjusting state while rendering).
  const current = more.first === first ? more : startFrom(first);
  if (current !== more) setMore(current);

  const last = current.pages.at(-1) ?? first;
  const loadMore = () => {
    if (current.isLoading || last.nextCursor === null) return;
    setMore({ ...current, isLoading: true, failed: false });
    loadPage(last.nextCursor).then(
      (page) =>
        setMore((now) =>
          now.first === first ? { ...now, pages: [...now.pages, page], isLoading: false } : now,
        ),
      () =>
        setMore((now) => (now.first === first ? { ...now, isLoading: false, failed: true } : now)),
    );
  };

  return {
    items: [first, ...current.pages].flatMap((page) => page.items),
    hasMore: last.nextCursor !== null,
    isLoadingMore: current.isLoading,
    hasMoreFailed: current.failed,
    loadMore,
  };
}
