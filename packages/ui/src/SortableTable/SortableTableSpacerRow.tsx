export type SortableTableSpacerRowProps = { height: number; columnCount: number };

/** Spacer keeping the scroll height of the rows that are not rendered; hidden from AT. */
export function SortableTableSpacerRow({ height, columnCount }: SortableTableSpacerRowProps) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: this tr has no tabIndex; hidden so AT counts only real rows
    <tr aria-hidden="true">
      {/* Pixels, not rem: the virtualiser measures and positions in CSS pixels. */}
      <td colSpan={columnCount} style={{ height: `${height}px`, padding: 0, border: 0 }} />
    </tr>
  );
}
