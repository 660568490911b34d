import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type DocTableProps = {
  /** Says what the table lists; it names the table for assistive tech. */
  caption: string;
  /** Column headings; the first column heads each row. */
  columns: string[];
  /** One entry per row: its key and its cells, the first being the row heading. */
  rows: { key: string; cells: ReactNode[] }[];
};

/** An accessible documentation table: a caption, column headers and row headers with scopes. */
export function DocTable({ caption, columns, rows }: DocTableProps) {
  return (
    <Table.ScrollArea borderWidth="thin" borderColor="border" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" textStyle="sm" padding="3" color="fg">
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <Table.ColumnHeader key={column} scope="col">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ key, cells: [heading, ...cells] }) => (
            <Table.Row key={key}>
              <Table.ColumnHeader scope="row" fontWeight="medium" fontFamily="mono">
                {heading}
              </Table.ColumnHeader>
              {cells
                .map((cell, index) => ({ cell, column: columns[index + 1] ?? `${index}` }))
                .map(({ cell, column }) => (
                  <Table.Cell key={column} verticalAlign="middle">
                    {cell}
                  </Table.Cell>
                ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
