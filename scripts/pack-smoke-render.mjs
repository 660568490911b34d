// Runs inside a fresh project that installed the @coach/ui tarball (under `node --test`, so the
// runner's own total counts these checks): renders a SortableTable to HTML and checks what a
// reader of the page would find in it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CoachUiProvider, SortableTable } from '@coach/ui';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const clients = [
  { id: '1', name: 'Maya Lindqvist', engagement: 7.5 },
  { id: '2', name: 'Tomás Ortega', engagement: 2 },
  { id: '3', name: 'Aiko Tanaka', engagement: 9.25 },
];

const html = renderToString(
  h(
    CoachUiProvider,
    null,
    h(SortableTable, {
      'aria-label': 'My clients',
      data: clients,
      getRowId: (row) => row.id,
      columns: [
        { id: 'name', header: 'Name/Surname', sortValue: (row) => row.name },
        { id: 'engagement', header: 'Engagement(48h)', sortValue: (row) => row.engagement },
      ],
      initialSort: { columnId: 'name', direction: 'asc' },
    }),
  ),
);

test('renders a table from the packed library', () => {
  assert.match(html, /<table/);
  console.log(`rendered SortableTable (${html.length} characters of HTML)`);
});

test('renders both headers', () => {
  assert.match(html, /Name\/Surname/);
  assert.match(html, /Engagement\(48h\)/);
});

test('marks the initial sort', () => {
  assert.match(html, /aria-sort="ascending"/);
});

test('ships the global styles as a stylesheet (@coach/ui/global.css), the layer order first', () => {
  const css = readFileSync(fileURLToPath(import.meta.resolve('@coach/ui/global.css')), 'utf8');
  assert.match(css, /^\/\*[\s\S]*?\*\/\n@layer reset,base,tokens,recipes;/);
  assert.match(css, /--chakra-colors-accent:/);
});
