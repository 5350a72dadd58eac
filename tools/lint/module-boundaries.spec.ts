import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Imports someone might write, placed inside a project as a probe file and linted by the real CLI. */
const probes = {
  apiImportsUi: ['apps/api/src', "import { Button } from '@grouarock/ui';\nexport const probe = Button;\n"],
  uiImportsEngine: ['libs/ui/src', "import * as engine from '@grouarock/audio-engine';\nexport const probe = engine;\n"],
  uiImportsClient: ['libs/ui/src/components', "import { getHealth } from '@grouarock/api-client';\nexport const probe = getHealth;\n"],
  engineImportsI18n: ['libs/audio-engine/src', "import { messages } from '@grouarock/i18n';\nexport const probe = messages;\n"],
  webImportsLibs: [
    'apps/web/src',
    "import { Button } from '@grouarock/ui';\nimport { messages } from '@grouarock/i18n';\nimport { getHealth } from '@grouarock/api-client';\nimport * as engine from '@grouarock/audio-engine';\nexport const probe = [Button, messages, getHealth, engine];\n",
  ],
  // The web app's import zones.
  libImportsFeature: ['apps/web/src/lib', "import { useAuth } from '../features/auth';\nexport const probe = useAuth;\n"],
  featureImportsApp: ['apps/web/src/features/events', "import { Providers } from '../../app/providers';\nexport const probe = Providers;\n"],
  featureReachesIntoFeature: ['apps/web/src/features/events', "import { useLikes } from '../radio/hooks';\nexport const probe = useLikes;\n"],
  featureUsesFeatureIndex: ['apps/web/src/features/events', "import { FeaturedRadio } from '../radio';\nimport { useAuth } from '../auth/index';\nexport const probe = [FeaturedRadio, useAuth];\n"],
  // The API's floors (tools/lint/api-import-zones.mjs).
  repositoryImportsFeature: ['apps/api/src/repositories', "import { LiveService } from '../live/live.service';\nexport const probe = LiveService;\n"],
  schemaImportsFeature: ['apps/api/src/repositories/schema', "import { TRACK_LENGTHS } from '../../studio/studio-options';\nexport const probe = TRACK_LENGTHS;\n"],
  coreImportsFeature: ['apps/api/src/core/http', "import { AuthGuard } from '../../auth/auth.guard';\nexport const probe = AuthGuard;\n"],
  apiFeatureReachesIntoFeature: ['apps/api/src/events', "import { STUDIO_TOOLS } from '../studio/studio-options';\nexport const probe = STUDIO_TOOLS;\n"],
  apiFeatureUsesPublicSurface: [
    'apps/api/src/events',
    "import { AuthGuard } from '../auth/auth.guard';\nimport { Authenticated } from '../auth/authenticated.decorator';\nimport { BillingModule } from '../billing/billing.module';\nimport { EntitlementsService } from '../billing/entitlements.service';\nimport { StationDto } from '../radio/radio.dto';\nimport { liveErrors } from '../live/live-errors';\nimport { User } from '../repositories/schema/user.entity';\nimport { API_PREFIX } from '../core/http/openapi';\nexport const probe = [AuthGuard, Authenticated, BillingModule, EntitlementsService, StationDto, liveErrors, User, API_PREFIX];\n",
  ],
  // Stripe's SDK outside its adapter.
  apiImportsStripe: ['apps/api/src', "import Stripe from 'stripe';\nexport const probe = Stripe;\n"],
  // Two files importing each other.
  cycleA: ['apps/web/src/lib', "import { probe as other } from './boundary-probe-cycleb';\nexport const probe = () => other;\n"],
  cycleB: ['apps/web/src/lib', "import { probe as other } from './boundary-probe-cyclea';\nexport const probe = () => other;\n"],
} as const;

type Probe = keyof typeof probes;

const boundaryRules = new Set(['@nx/enforce-module-boundaries', 'import-x/no-restricted-paths', 'import-x/no-cycle', 'no-restricted-imports']);

describe('module boundaries (docs/architecture.md)', () => {
  const errors = {} as Record<Probe, string>;

  beforeAll(() => {
    const files = Object.fromEntries(
      Object.entries(probes).map(([name, [dir]]) => [name, path.join(root, dir, `boundary-probe-${name.toLowerCase()}.ts`)]),
    ) as Record<Probe, string>;
    try {
      for (const [name, [, source]] of Object.entries(probes)) writeFileSync(files[name as Probe], source);
      // Exactly as `npm run lint` runs it: the CLI with the workspace config.
      const run = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', ...Object.values(files)],
        { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string | null; message: string }[] }[];
      for (const name of Object.keys(probes) as Probe[]) {
        const result = results.find((r) => r.filePath === files[name]);
        errors[name] = (result?.messages ?? [])
          .filter((m) => (m.ruleId !== null && boundaryRules.has(m.ruleId)) || /ProjectGraph/.test(m.message))
          .map((m) => m.message)
          .join('\n');
      }
    } finally {
      for (const file of Object.values(files)) rmSync(file, { force: true });
    }
  });

  it('only the Stripe adapter imports the stripe SDK', () => {
    expect(errors.apiImportsStripe).toMatch(/Only repositories\/stripe-gateway.ts talks to Stripe/);
  });

  it('api may not import the UI library', () => {
    expect(errors.apiImportsUi).toMatch(/A project tagged with "scope:api" can only depend on libs tagged with "scope:api", "scope:shared"/);
  });

  it('the UI library may not import the audio engine', () => {
    expect(errors.uiImportsEngine).toMatch(/A project tagged with "type:ui" can only depend on libs tagged with "type:ui", "type:data"/);
  });

  it('the UI library may not call the API client', () => {
    expect(errors.uiImportsClient).toMatch(/can not depend on libs tagged with "client:http"/);
  });

  it('the audio engine depends on nothing internal', () => {
    expect(errors.engineImportsI18n).toMatch(/A project tagged with "type:engine" cannot depend on any libs with tags/);
  });

  it('the web app may use the UI library, i18n, the client and the engine', () => {
    expect(errors.webImportsLibs).toBe('');
  });

  it('web lib/ may not import a feature', () => {
    expect(errors.libImportsFeature).toMatch(/lib\/ is below features and app/);
  });

  it('a feature may not import the app', () => {
    expect(errors.featureImportsApp).toMatch(/features\/ are below app\//);
  });

  it('a feature reaches another only through its index.ts', () => {
    expect(errors.featureReachesIntoFeature).toMatch(/Another feature is used only through its index\.ts/);
    expect(errors.featureUsesFeatureIndex).toBe('');
  });

  it('API repositories (and the schema) import no feature', () => {
    expect(errors.repositoryImportsFeature).toMatch(/repositories\/ are below the features/);
    expect(errors.schemaImportsFeature).toMatch(/repositories\/ are below the features/);
  });

  it('the API core imports no feature', () => {
    expect(errors.coreImportsFeature).toMatch(/core\/ is below the features/);
  });

  it("an API feature uses another only through its public surface: module, services, guards, decorators, DTOs, errors", () => {
    expect(errors.apiFeatureReachesIntoFeature).toMatch(/Another feature is used only through its public surface/);
    expect(errors.apiFeatureUsesPublicSurface).toBe('');
  });

  it('web code has no import cycles', () => {
    expect(errors.cycleA).toMatch(/Dependency cycle/);
    expect(errors.cycleB).toMatch(/Dependency cycle/);
  });
});
