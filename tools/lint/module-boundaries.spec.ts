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
} as const;

type Probe = keyof typeof probes;

describe('module boundaries (DESIGN.md section 1)', () => {
  const errors = {} as Record<Probe, string>;

  beforeAll(() => {
    const files = Object.fromEntries(
      Object.entries(probes).map(([name, [dir]]) => [name, path.join(root, dir, 'boundary-probe.ts')]),
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
          .filter((m) => m.ruleId === '@nx/enforce-module-boundaries' || /ProjectGraph/.test(m.message))
          .map((m) => m.message)
          .join('\n');
      }
    } finally {
      for (const file of Object.values(files)) rmSync(file, { force: true });
    }
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
});
