/**
 * The developer page's reference, read from our own OpenAPI document (the one libs/api-client is generated from and
 * CI keeps current), so the page never drifts from the API: the operations by area, their parameters and bodies, and
 * a runnable curl and TypeScript (generated client) example of each.
 */

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
  'x-reads-only'?: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface ReferenceField {
  name: string;
  /** path, query or body */
  in: 'path' | 'query' | 'body';
  type: string;
  required: boolean;
  description: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  /** The path under the API root, e.g. /api/v1/radio/stations. */
  path: string;
  summary: string;
  tag: string;
  /** Needs a key (or a session); false: anyone may call it. */
  authenticated: boolean;
  /** A read-only key may call it (GET, HEAD, or a POST that changes nothing). */
  readOnlyKey: boolean;
  fields: ReferenceField[];
  curl: string;
  typescript: string;
}

/** The areas a developer's program uses, in the order the page shows them. */
export const PUBLIC_TAGS = ['radio', 'search', 'playlists', 'live', 'events', 'studio', 'webhooks', 'data rights', 'realtime', 'developer'] as const;
/** Operations of those areas that other systems call, not developers (the music provider's callback). */
const INTERNAL_OPERATIONS = new Set(['musicProviderCallback']);

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
}

function typeOf(doc: OpenApiDocument, schema: Schema | undefined): string {
  const s = resolve(doc, schema);
  if (!s) return 'string';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'array') return `${typeOf(doc, s.items)}[]`;
  if (schema?.$ref) return schema.$ref.split('/').pop()!.replace(/Dto$/, '');
  return s.format ? `${s.type} (${s.format})` : (s.type ?? 'object');
}

/** A value to show in an example: the schema's own example, else its first choice, its default, or a plain one. */
function sample(doc: OpenApiDocument, schema: Schema | undefined): unknown {
  const s = resolve(doc, schema);
  if (!s) return 'text';
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (s.type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(([name]) => s.required?.includes(name)).map(([name, p]) => [name, sample(doc, p)]));
    default:
      return s.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'text';
  }
}

function bodySchema(doc: OpenApiDocument, op: Operation): Schema | undefined {
  return resolve(doc, op.requestBody?.content?.['application/json']?.schema);
}

/** The body an example sends: the required fields, and the optional ones that have an example of their own. */
function sampleBody(doc: OpenApiDocument, op: Operation): Record<string, unknown> | undefined {
  const schema = bodySchema(doc, op);
  if (!schema?.properties) return undefined;
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([name, p]) => schema.required?.includes(name) || resolve(doc, p)?.example !== undefined)
      .map(([name, p]) => [name, sample(doc, p)]),
  );
}

function concretePath(path: string, params: Parameter[]): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const example = params.find((p) => p.in === 'path' && p.name === name)?.schema?.example;
    return example === undefined ? whole : encodeURIComponent(String(example));
  });
}

function exampleQuery(doc: OpenApiDocument, params: Parameter[]): Record<string, unknown> {
  return Object.fromEntries(params.filter((p) => p.in === 'query' && (p.required || p.schema?.example !== undefined)).map((p) => [p.name, sample(doc, p.schema)]));
}

export function curlExample(origin: string, method: string, path: string, query: Record<string, unknown>, body: Record<string, unknown> | undefined, authenticated: boolean): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} "${origin}${path}${search ? `?${search}` : ''}"`];
  if (authenticated || method === 'GET') lines.push(`  -H "Authorization: Bearer $GROUAROCK_API_KEY"`);
  if (body) lines.push(`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  return lines.join(' \\\n');
}

export function typescriptExample(origin: string, id: string, path: Record<string, unknown>, query: Record<string, unknown>, body: Record<string, unknown> | undefined): string {
  const args = [
    ...(Object.keys(path).length ? [`path: ${JSON.stringify(path)}`] : []),
    ...(Object.keys(query).length ? [`query: ${JSON.stringify(query)}`] : []),
    ...(body ? [`body: ${JSON.stringify(body)}`] : []),
    'throwOnError: true',
  ];
  return [
    `import { apiClient, ${id} } from '@grouarock/api-client';`,
    '',
    `apiClient.setConfig({ baseUrl: '${origin}', headers: { Authorization: \`Bearer \${process.env.GROUAROCK_API_KEY}\` } });`,
    `const { data } = await ${id}({ ${args.join(', ')} });`,
    'console.log(data);',
  ].join('\n');
}

/** Every public operation of the document, by area, with its fields and examples against `origin`. */
export function apiReference(doc: OpenApiDocument, origin: string): { tag: string; operations: ReferenceOperation[] }[] {
  const operations: ReferenceOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? '';
      if (!(PUBLIC_TAGS as readonly string[]).includes(tag) || !op.operationId || INTERNAL_OPERATIONS.has(op.operationId)) continue;
      const params = op.parameters ?? [];
      const body = bodySchema(doc, op);
      const fields: ReferenceField[] = [
        ...params
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', type: typeOf(doc, p.schema), required: Boolean(p.required), description: p.description ?? resolve(doc, p.schema)?.description ?? '' })),
        ...Object.entries(body?.properties ?? {}).map(([name, p]) => ({
          name,
          in: 'body' as const,
          type: typeOf(doc, p),
          required: Boolean(body?.required?.includes(name)),
          description: resolve(doc, p)?.description ?? p.description ?? '',
        })),
      ];
      const upper = method.toUpperCase();
      const authenticated = Boolean(op.security?.length);
      const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema?.example ?? `<${p.name}>`]));
      const query = exampleQuery(doc, params);
      const sampleBodyValue = sampleBody(doc, op);
      operations.push({
        id: op.operationId,
        method: upper,
        path,
        summary: op.summary ?? '',
        tag,
        authenticated,
        readOnlyKey: upper === 'GET' || upper === 'HEAD' || Boolean(op['x-reads-only']),
        fields,
        curl: curlExample(origin, upper, concretePath(path, params), query, sampleBodyValue, authenticated),
        typescript: typescriptExample(origin, op.operationId, pathValues, query, sampleBodyValue),
      });
    }
  }
  return PUBLIC_TAGS.map((tag) => ({ tag, operations: operations.filter((o) => o.tag === tag) })).filter((group) => group.operations.length > 0);
}

/** The cost calculator (spec section 9): base + extra requests × rate + GB streamed × the streaming rate, in PLN. */
export function apiCost(terms: { base: number; included: number; extraPerRequest: number }, requests: number, streamingGb: number, plnPerGb: number): number {
  const extra = Math.max(0, requests - terms.included) * terms.extraPerRequest;
  return Math.round((terms.base + extra + streamingGb * plnPerGb) * 100) / 100;
}

/** What a person typed into a number field, as a number: anything that is not one counts as 0 (spec: non-numeric is 0). */
export function numberInput(text: string): number {
  const value = Number(text.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : 0;
}
