import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  type ClientProfileGroup,
  clientPath,
  clientProfileGroups,
} from '../../../core/navigation/index.ts';

/** The group a path segment names: none is the overview; 'overview' itself is no segment. */
const groupOf = (segment: string | undefined): ClientProfileGroup | null =>
  segment === undefined
    ? 'overview'
    : (clientProfileGroups.find((group) => group !== 'overview' && group === segment) ?? null);

/**
 * The profile's open group, from the address ('/clients/:id/activity'); an unknown group is
 * replaced by the overview, keeping the query and the hash.
 */
export function useProfileGroup(clientId: string): ClientProfileGroup {
  const { group: segment } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const group = groupOf(segment);
  useEffect(() => {
    if (group === null)
      navigate({ pathname: clientPath(clientId), search, hash }, { replace: true });
  }, [group, clientId, search, hash, navigate]);
  return group ?? 'overview';
}
