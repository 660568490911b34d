import { attentionTexts } from '@coach/domain';

// The texts the server writes (the PDF report, the mails) in English (US): the source every other
// language's module is typed by. `{{name}}` marks a value; `one` / `other` are plural forms.

export const englishTexts = {
  report: {
    title: 'Client report',
    documentTitle: 'Client report: {{client}}',
    client: 'Client',
    coach: 'Coach',
    period: 'Period',
    periodValue: {
      one: '{{from}} – {{to}} ({{count}} day)',
      other: '{{from}} – {{to}} ({{count}} days)',
    },
    phase: 'Phase',
    phaseValue: '{{phase}}, day {{day}}',
    generated: 'Generated',
    phases: { learn: 'Learn', sense: 'Sense', grow: 'Grow' },
    sections: {
      mentalWellbeing: 'Mental wellbeing',
      physicalWellbeing: 'Physical wellbeing',
      productivity: 'Productivity',
    },
    averageOfPeriod: 'Average of the period',
    daysWithAnswers: 'Days with answers',
    daysWithAnswersValue: '{{count}} of {{total}}',
    daysUnderLimit: 'Days under {{limit}}',
    phaseAverage: '{{phase}} phase average',
    noAnswers: 'no answers',
    lagging: {
      one: '{{value}} (lagging, {{count}} low day in a row)',
      other: '{{value}} (lagging, {{count}} low days in a row)',
    },
    chartLegend: 'Daily averages, {{from}}–{{to}}; dashed line: {{limit}} (lagging limit)',
    notesTitle: "Coach's notes",
    noNotes: 'No notes.',
    finalComments: 'Final comments from coach',
    page: 'Page {{page}} of {{count}}',
  },
  invite: {
    subject: 'You are invited to Coach',
    greetingNamed: 'Hello {{name}},',
    greeting: 'Hello,',
    someCoach: 'Your coach',
    invitation: '{{coach}} invites you to join Coach.',
    openLink: 'Open this link to set your password: {{link}}',
    validity: {
      one: 'The link is valid for {{count}} day.',
      other: 'The link is valid for {{count}} days.',
    },
  },
  passwordReset: {
    subject: 'Your Coach password reset code',
    code: 'Your password reset code is {{code}}',
    validity: {
      one: 'It is valid for {{count}} minute and can be used once. If you did not ask to reset your password, ignore this mail.',
      other:
        'It is valid for {{count}} minutes and can be used once. If you did not ask to reset your password, ignore this mail.',
    },
    guessedSubject: 'Someone is guessing password reset codes for your Coach account',
    guessed:
      'Password reset codes for your Coach account were entered wrongly {{max}} times today, ' +
      'from several addresses: someone may be trying to get into your account. Your password ' +
      'has not changed, and signing in with it still works.',
    guessedUntil:
      'To protect you, reset codes cannot be checked until {{until}}. If you need to reset your ' +
      'password before then, ask your coach or the Coach team.',
    voidedSubject: 'Wrong password reset codes for your Coach account',
    voided:
      'Someone entered {{max}} wrong password reset codes for your Coach account, so the code is ' +
      'no longer valid. Your password has not changed.',
    voidedAdvice:
      'If it was you, ask for a new code. If it was not, you need do nothing, but tell your coach ' +
      'or the Coach team if it happens again.',
  },
  morningMail: {
    subject: {
      one: '{{count}} client needs your attention',
      other: '{{count}} clients need your attention',
    },
    greetingNamed: 'Good morning {{name}},',
    greeting: 'Good morning,',
    intro: {
      one: 'This client needs your attention on {{day}}:',
      other: 'These {{count}} clients need your attention on {{day}}:',
    },
    someClient: 'A client',
    footer:
      'You get this mail at {{hour}} ({{timezone}}) on days when a client needs attention. ' +
      'To change the hour or turn it off, open Settings:',
    settings: 'Settings',
  },
  /** The reasons of 'Needs attention', as the clients list words them (the domain's texts). */
  attention: attentionTexts,
} as const;

type Worded<Texts> = {
  readonly [Key in keyof Texts]: Texts[Key] extends string ? string : Worded<Texts[Key]>;
};

/** The server's texts in one language: the keys of the English ones, each a string. */
export type ServerTexts = Worded<typeof englishTexts>;
