import type { StaticStyles } from '@coach/ui/static-css';

/** The prefix of the app's static classes (the library's are `coach-`). */
export const appStaticPrefix = 'coach-app-';

/**
 * The class of one of the app's static styles: `appClass<typeof someStyles>('name')`. Import the
 * styles as a type only, so that their objects stay out of the bundle: static.css holds them.
 */
export function appClass<S extends StaticStyles>(name: keyof S & string): string {
  return `${appStaticPrefix}${name}`;
}
