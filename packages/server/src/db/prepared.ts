// Statements prepared once per database handle (or transaction), for the hot paths where building
// drizzle's SQL cost more than running it.

/**
 * `build`'s statements for a handle, built the first time that handle asks and kept while it
 * lives: the statements use placeholders, so one build serves every call on the handle.
 */
export function preparedPerHandle<Handle extends object, Statements>(
  build: (db: Handle) => Statements,
): (db: Handle) => Statements {
  const built = new WeakMap<Handle, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
