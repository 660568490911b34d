import { describe, expect, it } from 'vitest';
import { fillQuickReply, shownMessageText } from './threadText.ts';

describe('shownMessageText', () => {
  it('keeps plain text, links and markup as they are written', () => {
    const text = 'See https://example.com <b>now</b> **bold** [x](javascript:alert(1))';
    expect(shownMessageText(text)).toBe(text);
  });

  it('keeps line breaks, as line feeds, and tabs', () => {
    expect(shownMessageText('one\r\ntwo\rthree\u2028four\u2029five\u0085six\tend')).toBe(
      'one\ntwo\nthree\nfour\nfive\nsix\tend',
    );
  });

  it('removes bidirectional overrides, embeddings and isolates', () => {
    expect(shownMessageText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(shownMessageText('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D')).toBe('abc');
  });

  it('shows other control characters as a replacement character', () => {
    expect(shownMessageText('bell\u0007 escape\u001B[31m del\u007F c1\u009B')).toBe(
      'bell\uFFFD escape\uFFFD[31m del\uFFFD c1\uFFFD',
    );
  });

  it('keeps right-to-left text, emoji and combining marks', () => {
    const text = 'مرحبا 👋🏽 é';
    expect(shownMessageText(text)).toBe(text);
  });
});

describe('fillQuickReply', () => {
  it('puts the first name in place of every placeholder', () => {
    expect(fillQuickReply('Hi {firstName}! {firstName}, how are you?', { firstName: 'Ana' })).toBe(
      'Hi Ana! Ana, how are you?',
    );
  });

  it('inserts a name holding replacement patterns as it is', () => {
    expect(fillQuickReply('Hi {firstName}', { firstName: "$& $1 $' $`" })).toBe("Hi $& $1 $' $`");
  });

  it('leaves a text without the placeholder, and other braces, alone', () => {
    expect(fillQuickReply('Hi {name} {FirstName}', { firstName: 'Ana' })).toBe(
      'Hi {name} {FirstName}',
    );
  });
});
