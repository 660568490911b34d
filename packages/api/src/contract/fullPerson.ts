// Apart from account.ts (which builds schemas with TypeBox), so the app narrows a profile view
// without loading the schemas (its first screen's code stays small).
import { isFullView } from '@coach/domain';
import type { Person, PersonView } from './account.ts';

/** Whether a profile view carries every field (not a client's view of their coach). */
export function isFullPerson(person: PersonView): person is Person {
  return isFullView<Person>(person);
}
