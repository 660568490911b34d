// Approving renders of the last story run as baselines: `npm run test-storybook:approve -- <id>...`
// and the visual review page's Approve buttons (scripts/visualReviewServer.ts) both come here.
// Only the named stories' baselines change, and nothing changes when one id is wrong.
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where the renders of the last run and the committed baselines are. */
export type ApproveFolders = { renders: string; baselines: string };

export const defaultFolders: ApproveFolders = {
  renders: 'test-results/visual/actual',
  baselines: 'stories/__image_snapshots__',
};

/** A story id as Storybook makes it, e.g. ui-modal--default. */
const storyId = /^[a-z0-9-]+--[a-z0-9-]+$/;

/** Why an id cannot be approved, or null when its render can become its baseline. */
function refusal(id: string, folders: ApproveFolders): string | null {
  if (!storyId.test(id)) return `not a story id: '${id}' (like ui-modal--default)`;
  if (!existsSync(join(folders.renders, `${id}.png`))) {
    return `no render of ${id} in the last run (${folders.renders}): run its stories first`;
  }
  return null;
}

/**
 * Makes each named story's render of the last run its baseline. Answers the ids approved, or
 * throws with every refusal when one id is not a story id or has no render (approving none).
 */
export function approveRenders(ids: string[], folders: ApproveFolders = defaultFolders): string[] {
  const names = ids.map((id) => id.replace(/\.png$/, ''));
  const refusals = names.flatMap((id) => refusal(id, folders) ?? []);
  if (names.length === 0) refusals.push('no story id given');
  if (refusals.length > 0) throw new Error(refusals.join('\n'));
  for (const id of names) {
    copyFileSync(join(folders.renders, `${id}.png`), join(folders.baselines, `${id}.png`));
  }
  return names;
}

if (import.meta.main) {
  const ids = process.argv.slice(2);
  if (ids.length === 0) {
    console.error(
      'usage: npm run test-storybook:approve -- <story id> [...]  (ids from the visual review)',
    );
    process.exit(2);
  }
  try {
    for (const id of approveRenders(ids)) console.log(`approved: ${id}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
