// The PDF's layout, from plain data: what the worker thread receives and turns into pdfmake's
// document definition, in the coach's language (the server's texts, dates and numbers by Intl).
// Only types and the texts come from elsewhere, so a worker loads little.

import type { CoachLanguage, JourneyStep } from '@coach/domain';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { type Wording, wordingOf } from '../../../texts/serverTexts.ts';
import type { PeriodNotes } from '../../notes/index.ts';
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

/** The sections of a report, by the report's part (requirements R3: the report's sections). */
export type ReportSectionKind = 'mentalWellbeing' | 'physicalWellbeing' | 'productivity';

/** One section of the report: an indicator's figures and chart, and the coach's notes on it. */
export type ReportSection = {
  kind: ReportSectionKind;
  days: ChartDay[];
  figures: SectionFigures;
  note: string;
};

/** Everything the PDF shows, ready to lay out. */
export type ReportContent = {
  /** The coach's language: the report's words, dates and numbers. */
  language: CoachLanguage;
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
  /** The coach's own notes of the period, bounded; null when the report was not asked for them. */
  periodNotes: PeriodNotes | null;
};

const pageMargin = 40;
/** A4 width in points less the side margins. */
const contentWidth = 595.28 - pageMargin * 2;

/** The words of one report: its language's texts and formats, and the content they word. */
type Words = Wording & {
  content: ReportContent;
  /** A local date 'YYYY-MM-DD' in the locale ('Jun 12, 2025'; '12 jun 2025' in Spanish). */
  date: (localDate: string) => string;
  /** A figure in percent to 0.1 ('62.5%', '62,5 %'), or that there are no answers. */
  percent: (value: number | null) => string;
  /** A whole percent ('70%', '70 %'). */
  wholePercent: (value: number) => string;
  phaseName: (phase: JourneyStep) => string;
};

function wordsOf(content: ReportContent): Words {
  const wording = wordingOf(content.language);
  const dates = new Intl.DateTimeFormat(content.language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const percents = new Intl.NumberFormat(content.language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const wholePercents = new Intl.NumberFormat(content.language, { style: 'percent' });
  return {
    ...wording,
    content,
    date: (localDate) => dates.format(new Date(`${localDate}T00:00:00Z`)),
    percent: (value) =>
      value === null ? wording.texts.report.noAnswers : percents.format(value / 100),
    wholePercent: (value) => wholePercents.format(value / 100),
    phaseName: (phase) => wording.texts.report.phases[phase],
  };
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

function header(words: Words): Content[] {
  const { content, texts, fill, plural } = words;
  const text = texts.report;
  // The day it was generated in the client's timezone, as the period's days are.
  const generatedOn = new Intl.DateTimeFormat('en-CA', { timeZone: content.timezone }).format(
    new Date(content.generatedAt),
  );
  const period = content.period;
  return [
    { text: text.title, style: 'title' },
    {
      table: {
        widths: [90, '*'],
        body: [
          labelled(text.client, content.clientName),
          labelled(text.coach, content.coachName),
          labelled(
            text.period,
            plural(text.periodValue, daysIn(period), {
              from: words.date(period.from),
              to: words.date(period.to),
            }),
          ),
          labelled(
            text.phase,
            fill(text.phaseValue, { phase: words.phaseName(content.phase), day: content.phaseDay }),
          ),
          labelled(text.generated, words.date(generatedOn)),
        ],
      },
      layout: 'noBorders',
      margin: [0, 4, 0, 12],
    },
  ];
}

function figuresLine(words: Words, figures: SectionFigures): Content {
  const { content, fill, plural } = words;
  const text = words.texts.report;
  const phaseFigure = figures.phaseLagging
    ? plural(text.lagging, figures.lowDays, { value: words.percent(figures.phaseAverage) })
    : words.percent(figures.phaseAverage);
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [
        [
          { text: text.averageOfPeriod, style: 'label' },
          { text: text.daysWithAnswers, style: 'label' },
          {
            text: fill(text.daysUnderLimit, { limit: words.wholePercent(content.limitPercent) }),
            style: 'label',
          },
          {
            text: fill(text.phaseAverage, { phase: words.phaseName(content.figuresPhase) }),
            style: 'label',
          },
        ],
        [
          { text: words.percent(figures.average), style: 'figure' },
          {
            text: fill(text.daysWithAnswersValue, {
              count: figures.daysWithValue,
              total: daysIn(content.period),
            }),
            style: 'figure',
          },
          { text: fill('{{count}}', { count: figures.laggingDays }), style: 'figure' },
          { text: phaseFigure, style: figures.phaseLagging ? 'figureLagging' : 'figure' },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

/** A coach's text as written (line breaks kept), or a word that there is none. */
function notesText(words: Words, text: string): Content {
  return text.trim() === ''
    ? { text: words.texts.report.noNotes, style: 'empty' }
    : { text, style: 'notes', preserveLeadingSpaces: true };
}

function section(words: Words, part: ReportSection): Content {
  const { content, fill } = words;
  const text = words.texts.report;
  const chartHeight = 110;
  return {
    stack: [
      { text: text.sections[part.kind], style: 'section' },
      figuresLine(words, part.figures),
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
          { text: words.date(content.period.from), style: 'axis' },
          {
            text: fill(text.chartLegend, {
              from: words.wholePercent(0),
              to: words.wholePercent(100),
              limit: words.wholePercent(content.limitPercent),
            }),
            style: 'axis',
            alignment: 'center',
            width: 'auto',
          },
          { text: words.date(content.period.to), style: 'axis', alignment: 'right' },
        ],
        margin: [0, 2, 0, 8],
      },
      { text: text.notesTitle, style: 'notesTitle' },
      notesText(words, part.note),
    ],
    margin: [0, 0, 0, 16],
    unbreakable: true,
  };
}

/**
 * The coach's notes of the period, oldest first, each under the day it was written (text as text,
 * line breaks kept), and how many older ones are left out.
 */
function periodNotesSection(words: Words, periodNotes: PeriodNotes): Content[] {
  const { plural } = words;
  const text = words.texts.report;
  const { notes, leftOut } = periodNotes;
  return [
    { text: text.periodNotesTitle, style: 'section', margin: [0, 16, 0, 6] },
    notes.length === 0
      ? { text: text.noPeriodNotes, style: 'empty' }
      : { text: text.periodNotesIntro, style: 'label', margin: [0, 0, 0, 6] },
    ...notes.map(
      (note): Content => ({
        stack: [
          { text: words.date(note.writtenOn), style: 'notesTitle' },
          { text: note.text, style: 'notes', preserveLeadingSpaces: true },
        ],
        margin: [0, 0, 0, 8],
      }),
    ),
    ...(leftOut
      ? [
          {
            text: plural(text.periodNotesLeftOut, leftOut.count, {
              from: words.date(leftOut.from),
              to: words.date(leftOut.to),
            }),
            style: 'empty',
          },
        ]
      : []),
  ];
}

/**
 * The pdfmake document of a report: header, one section per indicator, final comments, the
 * coach's notes of the period when asked for, pages.
 */
export function reportDocument(content: ReportContent): TDocumentDefinitions {
  const words = wordsOf(content);
  const text = words.texts.report;
  return {
    pageSize: 'A4',
    language: content.language,
    pageMargins: [pageMargin, pageMargin, pageMargin, 50],
    info: {
      title: words.fill(text.documentTitle, { client: content.clientName }),
      author: content.coachName,
      creator: 'Coach',
    },
    content: [
      ...header(words),
      ...content.sections.map((part) => section(words, part)),
      { text: text.finalComments, style: 'section' },
      notesText(words, content.finalComments),
      ...(content.periodNotes ? periodNotesSection(words, content.periodNotes) : []),
    ],
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: content.clientName, style: 'footer' },
        {
          text: words.fill(text.page, { page: currentPage, count: pageCount }),
          style: 'footer',
          alignment: 'right',
        },
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
