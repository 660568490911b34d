/**
 * A person's name as every screen, mail and report writes it: 'First Last', '' when both are
 * empty (callers then say 'Your coach' or the like).
 */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
