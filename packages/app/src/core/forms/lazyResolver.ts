import type { FieldValues, Resolver } from 'react-hook-form';

/** A resolver whose code loads on first use, or ahead of it with `preload`. */
export type LazyResolver<Values extends FieldValues> = Resolver<Values> & {
  /** Starts loading the resolver (e.g. once the form has focus); a failed load is tried again. */
  preload(): void;
};

/**
 * A react-hook-form resolver loaded on demand: the form shows and takes input before its schema
 * library has arrived (the sign-in screen paints without yup); validation awaits the load. A
 * failed load rejects that validation and the next one loads again.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): LazyResolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Values> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      loaded().catch(() => undefined);
    },
  });
}
