import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** State someone might write, placed in the web app as a probe file and linted by the real CLI. */
const probes = {
  busyInFeature: ['apps/web/src/features/studio', "import { useState } from 'react';\nexport function useProbe() {\n  const [busy, setBusy] = useState(false);\n  return { busy, setBusy };\n}\n"],
  pendingInFeature: ['apps/web/src/features/live', "import { useState } from 'react';\nexport function useProbe() {\n  const [pending, setPending] = useState<boolean>(false);\n  return { pending, setPending };\n}\n"],
  namedPendingInFeature: ['apps/web/src/features/developer', "import { useState } from 'react';\nexport function useProbe() {\n  const [, setPortalPending] = useState(false);\n  return setPortalPending;\n}\n"],
  otherStateInFeature: ['apps/web/src/features/live', "import { useState } from 'react';\nexport function useProbe() {\n  const [open, setOpen] = useState(false);\n  const [running, setRunning] = useState(false);\n  return { open, setOpen, running, setRunning };\n}\n"],
  busyInLib: ['apps/web/src/lib', "import { useState } from 'react';\nexport function useProbe() {\n  const [busy, setBusy] = useState(false);\n  return { busy, setBusy };\n}\n"],
} as const;

type Probe = keyof typeof probes;

describe('no busy flags in web features (eslint.config.mjs)', () => {
  const errors = {} as Record<Probe, string>;

  beforeAll(() => {
    const files = Object.fromEntries(Object.entries(probes).map(([name, [dir]]) => [name, path.join(root, dir, `busy-flag-probe-${name.toLowerCase()}.ts`)])) as Record<Probe, string>;
    try {
      for (const [name, [, source]] of Object.entries(probes)) writeFileSync(files[name as Probe], source);
      // Exactly as `npm run lint` runs it: the CLI with the workspace config.
      const run = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', ...Object.values(files)], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string | null; message: string }[] }[];
      for (const name of Object.keys(probes) as Probe[]) {
        const result = results.find((r) => r.filePath === files[name]);
        errors[name] = (result?.messages ?? [])
          .filter((m) => m.ruleId === 'no-restricted-syntax')
          .map((m) => m.message)
          .join('\n');
      }
    } finally {
      for (const file of Object.values(files)) rmSync(file, { force: true });
    }
  });

  it('a feature may not keep a busy or pending flag in useState', () => {
    expect(errors.busyInFeature).toMatch(/No busy flag in useState: an action uses useAsyncAction/);
    expect(errors.pendingInFeature).toMatch(/No busy flag in useState/);
    expect(errors.namedPendingInFeature).toMatch(/No busy flag in useState/);
  });

  it('other state in a feature, and lib/ (where useAsyncAction keeps its own), are left alone', () => {
    expect(errors.otherStateInFeature).toBe('');
    expect(errors.busyInLib).toBe('');
  });
});
