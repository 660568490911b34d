import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appBuildDir, templateDataDirVariable } from '../harness/paths.ts';
import { buildTemplate, isTemplateBuilt } from '../harness/template.ts';

/**
 * Once per run of the engines' journeys: checks that the app is built and makes the template
 * database each file's product copies, unless COACH_E2E_TEMPLATE_DATA_DIR names one made before
 * (`npm run test:all` makes it while the unit tests run), as e2e/harness/globalSetup.ts does for
 * chromium. Each file starts its own engine (engine.ts) and product (harness.ts).
 */
export default async function setup() {
  if (!existsSync(join(appBuildDir, 'index.html'))) {
    throw new Error(
      `The coach app is not built (${appBuildDir}): run 'npm run test:engines', which builds it`,
    );
  }
  if (isTemplateBuilt(process.env[templateDataDirVariable])) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-e2e-template-'));
  try {
    await buildTemplate(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env[templateDataDirVariable] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
