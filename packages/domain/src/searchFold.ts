// How a search within a client's texts (the coach's notes) matches: both the text and the search
// are folded, and the folded text holds the folded search. One rule for the server, which folds
// in SQL (`normalize`, `translate`, `lower`) from the table below, and for the mocks, which fold
// with {@link foldSearchText}.

/**
 * The folding: decomposed (NFD), the combining marks of U+0300 to U+036F dropped, the Latin
 * letters that have no decomposition mapped to their base letter (`from[i]` to `to[i]`), then
 * lowercased. Every accented Latin letter thus matches its base letter in either case.
 */
export const searchFolding = {
  combiningMarks: { first: 0x300, last: 0x36f },
  undecomposed: { from: 'ØøŁłĐđĦħŦŧ', to: 'OoLlDdHhTt' },
} as const;

const { combiningMarks, undecomposed } = searchFolding;
const marks = new RegExp(
  `[\\u${combiningMarks.first.toString(16).padStart(4, '0')}-\\u${combiningMarks.last.toString(16).padStart(4, '0')}]`,
  'g',
);
const undecomposedLetters = new RegExp(`[${undecomposed.from}]`, 'g');

/** `text` folded as {@link searchFolding} says. */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(marks, '')
    .replace(
      undecomposedLetters,
      (letter) => undecomposed.to[undecomposed.from.indexOf(letter)] ?? letter,
    )
    .toLowerCase();
}
