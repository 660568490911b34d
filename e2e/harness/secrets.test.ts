import { describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../packages/server/test/mailSink.ts';
import { createSecretLedger } from './secrets.ts';

const mail = (text: string): ReceivedMail => ({
  from: '',
  to: [],
  subject: '',
  text,
  parts: { plain: text, html: null },
  raw: text,
});

describe('the secret ledger of an e2e run', () => {
  it('names the kind of every secret the output holds, never the secret itself', () => {
    const ledger = createSecretLedger();
    ledger.add('demo coach password', 'Coach123!');
    ledger.addMails([
      mail('Your password reset code is 042917\n\nIt is valid for 15 minutes.'),
      mail('Join: http://127.0.0.1:4000/invite?token=q3JX-abc_DEF012345678&x=1'),
    ]);
    const output = [
      '{"msg":"signed in","password":"Coach123!"}',
      '{"msg":"mail","text":"code 042917"}',
      '{"url":"/invite?token=q3JX-abc_DEF012345678"}',
    ].join('\n');
    const found = ledger.foundIn(output);
    expect(found).toEqual(['demo coach password', 'mailed code', 'mailed link token']);
    expect(found.join(' ')).not.toContain('Coach123!');
  });

  it('finds nothing in an output without secrets', () => {
    const ledger = createSecretLedger();
    ledger.add('demo coach password', 'Coach123!');
    ledger.addMails([mail('Your password reset code is 042917')]);
    const output =
      '{"time":1763850042917,"reqId":"a1b2","url":"/invite?token=[redacted]","responseTime":42.9}';
    expect(ledger.foundIn(output)).toEqual([]);
  });

  it('finds any JWT, and ignores values too short to tell from chance', () => {
    const ledger = createSecretLedger();
    ledger.add('short', 'abc');
    expect(ledger.size()).toBe(0);
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(ledger.foundIn(`{"authorization":"Bearer ${jwt}"}`)).toEqual(['a JWT']);
  });
});
