import { clientListAtom } from '../../../core/clientList/index.ts';
import { atom } from '../../../state/jotai.ts';
import { activityAtoms } from './activityAtoms.ts';
import { assessmentsAtoms } from './assessmentsAtoms.ts';
import { exercisesAtoms } from './exercisesAtoms.ts';
import { journeyAtoms } from './journeyAtoms.ts';
import { profileSummaryAtoms } from './profileSummaryAtoms.ts';
import { reflectionsAtoms } from './reflectionsAtoms.ts';

/**
 * `set(refreshClientProfileAtom, clientId)`: reads again everything of this file's atoms that a
 * phase change or a report changes (header, journey, activity and lists) and the clients list.
 * Other resources (series...) refresh their own atoms.
 */
export const refreshClientProfileAtom = atom(null, (_get, set, clientId: string) => {
  set(profileSummaryAtoms(clientId).data, 'refresh');
  set(journeyAtoms(clientId).data, 'refresh');
  set(activityAtoms(clientId).data, 'refresh');
  set(exercisesAtoms(clientId).data, 'refresh');
  set(reflectionsAtoms(clientId).data, 'refresh');
  set(assessmentsAtoms(clientId).data, 'refresh');
  set(clientListAtom, 'refresh');
});
refreshClientProfileAtom.debugLabel = 'refreshClientProfileAtom';
