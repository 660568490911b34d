import { describe, expect, it } from 'vitest';
import { writeMorningMail } from './morningMailMessage.ts';

const coach = {
  email: 'coach@example.com',
  firstName: 'Olivia',
  lastName: 'Bennett',
  timezone: 'Europe/London',
  morningMailHour: 7,
  language: 'en-US' as const,
};
const now = new Date('2026-11-24T07:00:30Z');

describe('writeMorningMail', () => {
  it('words one client in the singular, with the reasons and the profile link', () => {
    const mail = writeMorningMail(
      'http://app.example/',
      coach,
      [
        {
          clientId: 'c1',
          firstName: 'Noah',
          lastName: 'Silent',
          reasons: [
            { kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 },
            { kind: 'lowEngagement', hours: 1.1 },
          ],
        },
      ],
      now,
    );
    expect(mail.to).toBe('coach@example.com');
    expect(mail.subject).toBe('1 client needs your attention');
    expect(mail.text).toContain('This client needs your attention on Tuesday, November 24:');
    expect(mail.text).toContain(
      'Noah Silent: Mental 62% for 3 days; 1.1 h of app use in 48 h\nhttp://app.example/clients/c1',
    );
    expect(mail.text).toContain('You get this mail at 07:00 (Europe/London)');
    expect(mail.html).toContain('<a href="http://app.example/clients/c1">Noah Silent</a>');
  });

  it('escapes names in the HTML part and leaves out names that look like links', () => {
    const mail = writeMorningMail(
      'http://app.example',
      { ...coach, firstName: 'www.evil.example' },
      [
        { clientId: 'c1', firstName: 'Ana <3', lastName: '& "Co"', reasons: [] },
        { clientId: 'c2', firstName: 'see', lastName: 'https://evil.example', reasons: [] },
      ],
      now,
    );
    expect(mail.text).toContain('Good morning,\n');
    expect(mail.text).not.toContain('evil');
    expect(mail.html).not.toContain('evil');
    expect(mail.html).toContain('>Ana &lt;3 &amp; &quot;Co&quot;</a>');
    expect(mail.html).not.toContain('Ana <3');
    expect(mail.text).toContain('A client: \nhttp://app.example/clients/c2');
  });

  it("words a Spanish coach's mail in Spanish, numbers and dates by the locale", () => {
    const mail = writeMorningMail(
      'http://app.example',
      { ...coach, language: 'es', timezone: 'Europe/Madrid', morningMailHour: 6 },
      [
        {
          clientId: 'c1',
          firstName: 'Lucía',
          lastName: 'Núñez',
          reasons: [
            { kind: 'lowIndicator', indicator: 'physical', value: 61.55, days: 1 },
            { kind: 'lowEngagement', hours: 1.25 },
            { kind: 'noData', lastConnectedAt: '2026-11-02T10:00:00Z', hoursSilent: 500 },
          ],
        },
      ],
      now,
    );
    expect(mail.subject).toBe('1 cliente necesita tu atención');
    expect(mail.text).toContain('Buenos días, Olivia:');
    expect(mail.text).toContain('Este cliente necesita tu atención el martes, 24 de noviembre:');
    expect(mail.text).toContain(
      'Lucía Núñez: Físico 61,6 % durante 1 día; 1,3 h de uso de la app en 48 h; ' +
        'Sin datos desde el 2 nov',
    );
    expect(mail.text).toContain('Recibes este correo a las 06:00 (Europe/Madrid)');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('lists the due follow-ups after the clients, the earlier ones with since when, reasons as text', () => {
    const followUp = (clientId: string, firstName: string, dueDate: string, reason: string) => ({
      clientId,
      firstName,
      lastName: 'Client',
      dueDate,
      reason,
    });
    const mail = writeMorningMail(
      'http://app.example',
      coach,
      [{ clientId: 'c1', firstName: 'Noah', lastName: 'Silent', reasons: [] }],
      now,
      [
        followUp('c2', 'Mia', '2026-11-20', 'Ask how the <new> plan goes'),
        followUp('c3', 'Oscar', '2026-11-24', 'Check in after the review'),
      ],
    );
    expect(mail.subject).toBe('1 client needs your attention');
    const text = mail.text;
    expect(text.indexOf('Your 2 follow-ups due on Tuesday, November 24:')).toBeGreaterThan(
      text.indexOf('Noah Silent'),
    );
    expect(text).toContain(
      'Mia Client: Ask how the <new> plan goes (since November 20)\nhttp://app.example/clients/c2',
    );
    expect(text).toContain(
      'Oscar Client: Check in after the review\nhttp://app.example/clients/c3',
    );
    expect(mail.html).toContain('Ask how the &lt;new&gt; plan goes');
    expect(mail.html).not.toContain('<new>');
  });

  it("writes a reason's text as the app shows it: no bidirectional control, one line", () => {
    const mail = writeMorningMail('http://app.example', coach, [], now, [
      {
        clientId: 'c2',
        firstName: 'Mia',
        lastName: 'Client',
        dueDate: '2026-11-24',
        reason: 'Invoice \u202Egpj.exe\u202C\nand \u2066isolated\u2069',
      },
    ]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Invoice gpj.exe and isolated');
      expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    }
  });

  it('opens with a link to the attention queue, counting each client once, in Spanish too', () => {
    const clients = [
      { clientId: 'c1', firstName: 'Noah', lastName: 'Silent', reasons: [] },
      { clientId: 'c2', firstName: 'Mia', lastName: 'Away', reasons: [] },
    ];
    // Mia needs attention and has a follow-up due: one client of the queue.
    const due = [
      { clientId: 'c2', firstName: 'Mia', lastName: 'Away', dueDate: '2026-11-24', reason: 'Call' },
      { clientId: 'c3', firstName: 'Oscar', lastName: 'Due', dueDate: '2026-11-24', reason: 'Ask' },
    ];
    const mail = writeMorningMail('http://app.example/', coach, clients, now, due);
    expect(mail.text).toContain(
      'Good morning Olivia,\n\n' +
        'Work through the 3 clients who need you, one after the other:\n' +
        'http://app.example/queue\n\n',
    );
    expect(mail.html).toContain(
      '<p>Work through the 3 clients who need you, one after the other: ' +
        '<a href="http://app.example/queue">Open the queue</a></p>',
    );
    // The clients' own links stay.
    expect(mail.text).toContain('Noah Silent: \nhttp://app.example/clients/c1');
    const one = writeMorningMail('http://app.example', coach, [], now, due.slice(0, 1));
    expect(one.text).toContain(
      'Work through the client who needs you, from the queue:\nhttp://app.example/queue',
    );
    const spanish = writeMorningMail(
      'http://app.example',
      { ...coach, language: 'es' },
      clients,
      now,
    );
    expect(spanish.text).toContain(
      'Atiende uno tras otro a los 2 clientes que te necesitan:\nhttp://app.example/queue',
    );
    expect(spanish.html).toContain('<a href="http://app.example/queue">Abrir la cola</a>');
  });

  it('is a mail of due follow-ups alone when nobody needs attention, in Spanish too', () => {
    const due = [
      {
        clientId: 'c2',
        firstName: 'Mia',
        lastName: 'Away',
        dueDate: '2026-11-24',
        reason: 'Llamar',
      },
    ];
    expect(writeMorningMail('http://app.example', coach, [], now, due)).toMatchObject({
      subject: '1 follow-up is due',
      text: expect.stringContaining('Your follow-up due on Tuesday, November 24:'),
    });
    const spanish = writeMorningMail(
      'http://app.example',
      { ...coach, language: 'es' },
      [],
      now,
      due,
    );
    expect(spanish.subject).toBe('1 seguimiento pendiente');
    expect(spanish.text).toContain('Tu seguimiento pendiente el martes, 24 de noviembre:');
    expect(spanish.text).not.toContain('necesita tu atención');
  });
});
