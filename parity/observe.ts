import type { ParityPeople } from './driver.ts';

// What a scenario keeps of an answer to compare across backends: the same thing on both sides
// under different ids becomes the same name, and what each backend makes up on its own (an id it
// generated, a signature) becomes a placeholder, kept only as present or absent.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names of the people's ids: `coach`, `noah`, `noah's user`... */
export function idNames(people: ParityPeople): Map<string, string> {
  const names = new Map<string, string>([
    [people.coach.personId, 'coach'],
    [people.coach.userId, "coach's user"],
  ]);
  for (const [name, client] of Object.entries(people.clients)) {
    names.set(client.personId, name);
    names.set(client.userId, `${name}'s user`);
  }
  return names;
}

/** `value` with the people's ids named, other ids, tokens and signed addresses as placeholders. */
export function observe(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => observe(item, names));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (/token$/i.test(key) && typeof item === 'string') return [key, '<token>'];
        return [key, observe(item, names)];
      }),
    );
  }
  if (typeof value !== 'string') return value;
  const named = names.get(value.toLowerCase()) ?? names.get(value);
  if (named) return `<${named}>`;
  if (uuidPattern.test(value)) return '<id>';
  const picture = /\/profilePicture\/([0-9a-f-]{36})\?/i.exec(value);
  if (picture?.[1]) return `<signed picture of ${observe(picture[1], names)}>`;
  return value;
}
