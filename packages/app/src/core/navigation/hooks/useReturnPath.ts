import { useLocation } from 'react-router';
import { type ReturnPath, returnPathOf } from '../returnPath.ts';

/** The return path the current sign-in page's address carries (`?next=`), or null. */
export function useReturnPath(): ReturnPath | null {
  return returnPathOf(useLocation().search);
}
