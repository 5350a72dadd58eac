// The API's import zones (docs/architecture.md, "The API"), as import-x/no-restricted-paths zones (paths from the
// workspace root). Three floors: the features on top, then core/ (configuration, database, HTTP pipeline), then
// repositories/ (every external system; the entities and the types they share in repositories/schema/). Nothing
// imports upwards, and a feature uses another only through its public surface: its Nest module and the providers,
// guards, decorators, DTOs and errors it offers (`*.module.ts`, `*.service.ts`, `*.guard.ts`, `*.decorator.ts`,
// `*.dto.ts`, `*-errors.ts`). Tests sit above the zones.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const api = 'apps/api/src';
/** The folders that are not features: the floors below them, and the migrations (read by core/database). */
const floors = new Set(['core', 'repositories', 'migrations']);

export const apiFeatures = readdirSync(path.join(root, api), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !floors.has(entry.name))
  .map((entry) => entry.name);

const anyFeature = `${api}/{${apiFeatures.join(',')}}/**`;
const PUBLIC_SURFACE = ['**/*.module.ts', '**/*.service.ts', '**/*.guard.ts', '**/*.decorator.ts', '**/*.dto.ts', '**/*-errors.ts'];

export const apiImportZones = [
  { target: `${api}/repositories`, from: anyFeature, message: 'repositories/ are below the features: move what they share into repositories/schema/ (types) or repositories/ (helpers).' },
  { target: `${api}/core`, from: anyFeature, message: 'core/ is below the features: pass what it needs in, or move the shared code down.' },
  { target: `${api}/repositories`, from: `${api}/core/{http,health,logging}/**`, message: 'repositories/ are below core/ but its configuration and database: move the shared code down.' },
  ...apiFeatures.map((feature) => ({
    target: `${api}/${feature}`,
    from: `${api}/{${apiFeatures.filter((other) => other !== feature).join(',')}}/**`,
    except: PUBLIC_SURFACE,
    message: "Another feature is used only through its public surface: its module, services, guards, decorators, DTOs and errors (move shared types into repositories/schema/).",
  })),
];
