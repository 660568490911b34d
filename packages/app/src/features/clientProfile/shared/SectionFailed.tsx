import { LoadFailedAlert } from '../../../errors/LoadFailedAlert.tsx';

export type SectionFailedProps = {
  message: string;
  /** What the load threw: a server that could not be reached says so after `message`. */
  error?: unknown;
  onRetry: () => void;
  /** Off for a second block of the same load, so that coming back online asks once. */
  isRetriedWhenOnline?: boolean;
};

/** A section's generic processing error (requirements R8.3) with a retry; the rest stays usable. */
export function SectionFailed(props: SectionFailedProps) {
  return <LoadFailedAlert size="sm" {...props} />;
}
