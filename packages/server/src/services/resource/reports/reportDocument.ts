// The PDF's layout, from plain data: what the worker thread receives and turns into pdfmake's
// document definition. Only types come from elsewhere, so a worker loads little.

import type { JourneyStep } from '@coach/domain';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { type ChartDay, indicatorChartSvg } from './reportChart.ts';

/** The figures of one indicator over the period, and over the phase as the profile shows them. */
export type SectionFigures = {
  /** Average of the daily averages of the period, to 0.1 %; null without any answer. */
  average: number | null;
  /** Days of the period with an answer. */
  daysWithValue: number;
  /** Days of the period whose average was under the lagging limit. */
  laggingDays: number;
  /** The profile's figure: the phase average, its lagging flag and the low days in a row. */
  phaseAverage: number | null;
  phaseLagging: boolean;
  lowDays: number;
};

/** One section of the report: an indicator's figures and chart, and the coach's notes on it. */
export type ReportSection = {
  title: string;
  days: ChartDay[];
  figures: SectionFigures;
  note: string;
};

/** Everything the PDF shows, ready to lay out. */
export type ReportContent = {
  clientName: string;
  coachName: string;
  period: { from: string; to: string };
  phase: JourneyStep;
  phaseDay: number;
  /** The phase the phase averages are over (grow shows sense's). */
  figuresPhase: JourneyStep;
  /** When it was generated (ISO instant) and the client's timezone, for the header. */
  generatedAt: string;
  timezone: string;
  limitPercent: number;
  sections: ReportSection[];
  finalComments: string;
};

const pageMargin = 40;
/** A4 width in points less the side margins. */
const contentWidth = 595.28 - pageMargin * 2;

const phaseNames: Record<JourneyStep, string> = { learn: 'Learn', sense: 'Sense', grow: 'Grow' };

const percent = (value: number | null) => (value === null ? 'no answers' : `${value.toFixed(1)} %`);

/** A local date 'YYYY-MM-DD' as '12 Jun 2025' (the same on every machine: no locale data). */
function formatDate(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number);
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}

function daysIn(period: { from: string; to: string }): number {
  return Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1;
}

function labelled(label: string, value: string): Content[] {
  return [
    { text: label, style: 'label' },
    { text: value, style: 'value' },
  ];
}

function header(content: ReportContent): Content[] {
  const generatedOn = new Intl.DateTimeFormat('en-CA', { timeZone: content.timezone }).format(
    new Date(content.generatedAt),
  );
  return [
    { text: 'Client report', style: 'title' },
    {
      table: {
        widths: [90, '*'],
        body: [
          labelled('Client', content.clientName),
          labelled('Coach', content.coachName),
          labelled(
            'Period',
            `${formatDate(content.period.from)} – ${formatDate(content.period.to)} (${daysIn(content.period)} days)`,
          ),
          labelled('Phase', `${phaseNames[content.phase]}, day ${content.phaseDay}`),
          labelled('Generated', formatDate(generatedOn)),
        ],
      },
      layout: 'noBorders',
      margin: [0, 4, 0, 12],
    },
  ];
}

function figuresLine(content: ReportContent, figures: SectionFigures): Content {
  const phase = phaseNames[content.figuresPhase];
  const phaseFigure = figures.phaseLagging
    ? `${percent(figures.phaseAverage)} (lagging, ${figures.lowDays} low days in a row)`
    : percent(figures.phaseAverage);
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [
        [
          { text: 'Average of the period', style: 'label' },
          { text: 'Days with answers', style: 'label' },
          { text: `Days under ${content.limitPercent} %`, style: 'label' },
          { text: `${phase} phase average`, style: 'label' },
        ],
        [
          { text: percent(figures.average), style: 'figure' },
          { text: `${figures.daysWithValue} of ${daysIn(content.period)}`, style: 'figure' },
          { text: String(figures.laggingDays), style: 'figure' },
          { text: phaseFigure, style: figures.phaseLagging ? 'figureLagging' : 'figure' },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

/** A coach's text as written (line breaks kept), or a word that there is none. */
function notesText(text: string): Content {
  return text.trim() === ''
    ? { text: 'No notes.', style: 'empty' }
    : { text, style: 'notes', preserveLeadingSpaces: true };
}

function section(content: ReportContent, part: ReportSection): Content {
  const chartHeight = 110;
  return {
    stack: [
      { text: part.title, style: 'section' },
      figuresLine(content, part.figures),
      {
        svg: indicatorChartSvg(part.days, {
          width: contentWidth,
          height: chartHeight,
          limitPercent: content.limitPercent,
        }),
        width: contentWidth,
      },
      {
        columns: [
          { text: formatDate(content.period.from), style: 'axis' },
          {
            text: `Daily averages, 0–100 %; dashed line: ${content.limitPercent} % (lagging limit)`,
            style: 'axis',
            alignment: 'center',
            width: 'auto',
          },
          { text: formatDate(content.period.to), style: 'axis', alignment: 'right' },
        ],
        margin: [0, 2, 0, 8],
      },
      { text: "Coach's notes", style: 'notesTitle' },
      notesText(part.note),
    ],
    margin: [0, 0, 0, 16],
    unbreakable: true,
  };
}

/** The pdfmake document of a report: header, one section per indicator, final comments, pages. */
export function reportDocument(content: ReportContent): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [pageMargin, pageMargin, pageMargin, 50],
    info: {
      title: `Client report: ${content.clientName}`,
      author: content.coachName,
      creator: 'Coach',
    },
    content: [
      ...header(content),
      ...content.sections.map((part) => section(content, part)),
      { text: 'Final comments from coach', style: 'section' },
      notesText(content.finalComments),
    ],
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: content.clientName, style: 'footer' },
        { text: `Page ${currentPage} of ${pageCount}`, style: 'footer', alignment: 'right' },
      ],
      margin: [pageMargin, 16, pageMargin, 0],
    }),
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#1a202c' },
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 0, 0, 6] },
      section: { fontSize: 14, bold: true, margin: [0, 0, 0, 6] },
      label: { fontSize: 8, color: '#4a5568' },
      value: { fontSize: 10 },
      figure: { fontSize: 11, bold: true },
      figureLagging: { fontSize: 11, bold: true, color: '#9b2c2c' },
      axis: { fontSize: 7, color: '#4a5568' },
      notesTitle: { fontSize: 10, bold: true, margin: [0, 2, 0, 2] },
      notes: { fontSize: 10, lineHeight: 1.2 },
      empty: { fontSize: 10, italics: true, color: '#4a5568' },
      footer: { fontSize: 8, color: '#4a5568' },
    },
  };
}
