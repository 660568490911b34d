/**
 * What `CoachApiProvider` gives (the API client, the token store), or the error of its absence:
 * a missing provider is a programming error, said the same way wherever it is noticed.
 */
export function requireProvided<T>(value: T | null): T {
  if (value === null) throw new Error('CoachApiProvider is missing above this component');
  return value;
}
