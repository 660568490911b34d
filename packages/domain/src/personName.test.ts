import { describe, expect, it } from 'vitest';
import { fullName, looksLikeLink, mailSafeName, oneLineName } from './personName.ts';

describe('fullName', () => {
  it("writes 'First Last', without stray spaces when a part is missing", () => {
    expect(fullName({ firstName: 'Alex', lastName: 'Morgan' })).toBe('Alex Morgan');
    expect(fullName({ firstName: 'Alex', lastName: '' })).toBe('Alex');
    expect(fullName({ firstName: '', lastName: '' })).toBe('');
  });

  it('writes a name stored before the one-line rule on one line (screens, mails, reports)', () => {
    expect(fullName({ firstName: 'Frank\n\nURGENT:', lastName: 'Miller\u2028now' })).toBe(
      'Frank URGENT: Miller now',
    );
  });
});

describe('names in mails', () => {
  it('puts a name with line breaks or control characters on one line', () => {
    expect(oneLineName('Frank\n\nURGENT:\r\nclick')).toBe('Frank URGENT: click');
    expect(oneLineName('Ann\u2028Lee\tX\u0085Y')).toBe('Ann Lee X Y');
    expect(oneLineName('  Zoë  ')).toBe('Zoë');
  });

  it('tells a name that a mail reader could make a link', () => {
    for (const text of [
      'http://evil.example/login',
      'evil.example',
      'www.evil',
      'Frank hxxp://x',
      'ann@evil.example',
      'evil\u3002com',
      'evil\uFF0Ecom',
      'javascript:alert(1)',
      '10.0.0.1',
    ]) {
      expect(looksLikeLink(text), text).toBe(true);
    }
    for (const text of ['Frank', "O'Brien", 'Mary-Jane', 'J. R. Tolkien', 'Zoë', '李 小龙']) {
      expect(looksLikeLink(text), text).toBe(false);
    }
  });

  it('gives a mail the name on one line, or nothing when it looks like a link', () => {
    expect(mailSafeName('Frank')).toBe('Frank');
    expect(mailSafeName('Frank\n\nURGENT')).toBe('Frank URGENT');
    expect(mailSafeName('Frank\n\nhttp://evil.example/login')).toBeNull();
    expect(mailSafeName('www.evil.example')).toBeNull();
    expect(mailSafeName(' \n ')).toBeNull();
  });
});
