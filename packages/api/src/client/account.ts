import { noProfileFoundMessage } from '@coach/domain';
import type {
  CoachSettings,
  Person,
  PersonList,
  PersonsQuery,
  PersonView,
  UpdateCoachSettingsBody,
  UpdatePersonBody,
} from '../contract/account.ts';
import { ApiError } from './errors.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** The typed calls of the account service. */
export type AccountClient = {
  /**
   * `GET /persons` (optionally `?userId=`): the profiles the caller may see, each complete or,
   * for a client's coach, public (see `isFullPerson`).
   */
  listPersons(query?: PersonsQuery): Promise<PersonList>;
  /**
   * The first profile of a user (`GET /persons?userId=`); rejects with a 404 ApiError
   * 'No profile found by userId {id}' when there is none.
   */
  findPersonByUserId(userId: string): Promise<PersonView>;
  /** `GET /persons/{id}`: complete or, for a client's coach, public (see `isFullPerson`). */
  getPerson(id: string): Promise<PersonView>;
  /** `PUT /persons/{id}` with the full profile: the stored profile. */
  updatePerson(id: string, body: UpdatePersonBody): Promise<Person>;
  /** `GET /coachSettings`: the signed-in coach's timezone and morning mail. */
  getCoachSettings(): Promise<CoachSettings>;
  /** `PUT /coachSettings`: stores them; answers what is stored. */
  updateCoachSettings(body: UpdateCoachSettingsBody): Promise<CoachSettings>;
  /**
   * `POST /coachSettings/detectedTimezone`: the browser's zone, stored only while the coach has
   * none; answers the settings either way.
   */
  setDetectedTimezone(timezone: string): Promise<CoachSettings>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link AccountClient} over the account service's request function. */
export function createAccountClient(request: ServiceRequest): AccountClient {
  const listPersons = (query: PersonsQuery = {}): Promise<PersonList> =>
    callRoute(request, 'listPersons', { query: { ...query } });
  return {
    listPersons,
    async findPersonByUserId(userId) {
      const [person] = await listPersons({ userId });
      if (!person) throw new ApiError(404, 'not_found', noProfileFoundMessage(userId));
      return person;
    },
    getPerson: (id) => callRoute(request, 'getPerson', { params: { id } }),
    updatePerson: (id, body) => callRoute(request, 'updatePerson', { params: { id }, body }),
    getCoachSettings: () => callRoute(request, 'getCoachSettings', {}),
    updateCoachSettings: (body) => callRoute(request, 'updateCoachSettings', { body }),
    setDetectedTimezone: (timezone) =>
      callRoute(request, 'setDetectedTimezone', { body: { timezone } }),
    request,
  };
}
