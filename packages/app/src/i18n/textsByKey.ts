/** Every text of a translation resource, by its dotted key ('auth.signIn.title'). */
export function textsByKey(resource: object, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(resource)) {
    if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
    else for (const entry of textsByKey(value as object, `${prefix}${key}.`)) texts.set(...entry);
  }
  return texts;
}
