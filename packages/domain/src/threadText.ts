import { quickReplyFirstName } from './values/messagingValues.ts';

// How a message's text is shown: as text, its line breaks kept, what could disguise it made
// harmless. The server stores what was sent (the contract refuses NUL and lone surrogates); the
// app and the mocks show it through this one rule.

const lineBreaks = /\r\n?|[\u0085\u2028\u2029]/g;
/** Bidirectional embeddings, overrides and isolates: they reorder the text around them. */
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/g;
/** Control characters other than the line feed and the tab, as a character class. */
const controlCharacters = '[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]';
const controls = new RegExp(controlCharacters, 'g');

/**
 * A message's text as it is shown: every line break as a line feed, bidirectional controls
 * removed (a sender cannot reverse what follows, nor what the screen shows after it), other
 * control characters shown as U+FFFD. The text is never read as HTML or markdown: a link stays
 * text.
 */
export function shownMessageText(text: string): string {
  return text.replace(lineBreaks, '\n').replace(bidiControls, '').replace(controls, '\uFFFD');
}

/** A quick reply with the client's first name in place of every `{firstName}`. */
export function fillQuickReply(template: string, client: { firstName: string }): string {
  // A function, so that a name holding `$&` or `$1` is inserted as it is.
  return template.replaceAll(quickReplyFirstName, () => client.firstName);
}
