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
    periodNotesTitle: 'Notes',
    periodNotesIntro: "The coach's notes written in the period, oldest first.",
    noPeriodNotes: 'No notes were written in this period.',
    periodNotesLeftOut: {
      one: 'The {{count}} older note of the period, written on {{from}}, is left out.',
      other:
        'The {{count}} older notes of the period, written from {{from}} to {{to}}, are left out.',
    },
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
      'Password reset codes for your Coach account were entered wrongly {{count}} times today, ' +
      'from several addresses: someone may be trying to get into your account. Your password ' +
      'has not changed, and signing in with it still works.',
    guessedSafe:
      'A code we mail you works only on the page where you asked for it: nobody can use it ' +
      'without your mailbox, and their wrong guesses do not use up your tries.',
    voidedSubject: 'A password reset code for your Coach account no longer works',
    voided:
      'A password reset code we mailed you was entered wrongly {{max}} times on the page where it ' +
      'was asked for, so it no longer works. Your password has not changed.',
    voidedAdvice:
      'If it was you, ask for a new code. If you did not ask for a code, you need do nothing: ' +
      'nobody can change your password without your mailbox.',
  },
  security: {
    subjects: {
      passkeyAdded: 'A passkey was added to your Coach account',
      passkeyRemoved: 'A passkey was removed from your Coach account',
      authenticatorAdded: 'Authenticator codes were turned on for your Coach account',
      authenticatorRemoved: 'Authenticator codes were turned off for your Coach account',
      recoveryCodesRegenerated: 'New recovery codes were made for your Coach account',
      passwordChanged: 'The password of your Coach account was changed',
      signedInWithMailedCode: 'Someone signed in to your Coach account with a mailed code',
      wrongSecondStepCodes: 'Wrong sign-in codes were entered for your Coach account',
    },
    what: {
      passkeyAdded: 'A passkey was added to your Coach account.',
      passkeyRemoved: 'A passkey was removed from your Coach account.',
      authenticatorAdded:
        'An authenticator app was set up for your Coach account: signing in now also asks for its codes, or a passkey.',
      authenticatorRemoved:
        'The authenticator app of your Coach account was removed, with its recovery codes.',
      recoveryCodesRegenerated:
        'New recovery codes were made for your Coach account; the former ones no longer work.',
      passwordChanged:
        'The password of your Coach account was changed, and its other sessions ended.',
      signedInWithMailedCode:
        'Someone signed in to your Coach account with its password and a code we mailed you, after many wrong passwords.',
      wrongSecondStepCodes:
        'Someone who knows the password of your Coach account entered {{count}} wrong authenticator codes from a browser that never signed in to it. Their codes are refused, but they know your password.',
    },
    when: 'When: {{when}} UTC.',
    from: 'From: {{browser}}.',
    unknownBrowser: 'an unknown browser',
    ifItWasYou: 'If it was you, you need do nothing.',
    ifNotYou:
      'If it was not you, open this link: it ends every session of your account at once and lets you choose a new password:',
    changePassword:
      'Choose a new password now: open this link, it ends every session of your account at once and mails you a code:',
  },
  signIn: {
    codeSubject: 'Your Coach sign-in code',
    code: 'Your sign-in code is {{code}}',
    codeWhy:
      'Many wrong passwords were tried on your account, so signing in also asks for a code we ' +
      'mail you. Enter it on the sign-in page where you typed your password.',
    validity: {
      one: 'It is valid for {{count}} minute and can be used once. If you did not try to sign in just now, change your password: someone knows it.',
      other:
        'It is valid for {{count}} minutes and can be used once. If you did not try to sign in just now, change your password: someone knows it.',
    },
    guessedSubject: 'Someone is guessing the password of your Coach account',
    guessed:
      'Wrong passwords were entered {{max}} times in the last hour for your Coach account, from ' +
      'several addresses: someone may be trying to get into your account. Your password has not ' +
      'changed and still works.',
    guessedUntil:
      'To protect you, until {{until}} signing in also asks for a code we mail you at that moment.',
  },
  messageMail: {
    subject: 'Your coach sent you a message',
    greetingNamed: 'Hello {{name}},',
    greeting: 'Hello,',
    someCoach: 'Your coach',
    wrote: '{{coach}} sent you a message in Coach.',
    openApp: 'Open your Coach app to read it and reply.',
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
    followUpsSubject: {
      one: '{{count}} follow-up is due',
      other: '{{count}} follow-ups are due',
    },
    followUpsHeading: {
      one: 'Your follow-up due on {{day}}:',
      other: 'Your {{count}} follow-ups due on {{day}}:',
    },
    followUpSince: 'since {{date}}',
    queue: {
      one: 'Work through the client who needs you, from the queue:',
      other: 'Work through the {{count}} clients who need you, one after the other:',
    },
    queueLink: 'Open the queue',
    footer:
      'You get this mail at {{hour}} ({{timezone}}) on days when a client needs attention or a follow-up is due. ' +
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
