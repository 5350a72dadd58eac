import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PARAMTYPES_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner, type NestContainer } from '@nestjs/core';
import { DECORATORS, type OpenAPIObject, type OperationObject, type ParameterObject, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type MetadataStorage, ValidationTypes } from 'class-validator';

/**
 * The contract between the OpenAPI document and the handlers: for every operation, each parameter (path, query,
 * header) and each property of its JSON body is compared with what the handler validates, read from metadata — the
 * route arguments Nest records (`@Param()`, `@Query()`, `@Body()`, `@Headers()` and their types) and class-validator's
 * rules of their DTOs, run as the global ValidationPipe runs them (core/http/validation.pipe.ts: `transform`, and
 * `whitelist` with `forbidNonWhitelisted`, so a property without a rule is refused). Compared: the type (string,
 * number, integer, boolean, array, object), required or optional, and the enum values. Returns one line per
 * disagreement, naming the operation and the parameter; none when the document says what the handlers accept.
 */
export function openApiContractProblems(app: INestApplication, document: OpenAPIObject, prefix: string): string[] {
  const problems: string[] = [];
  const handlers = routesOf(app, prefix);
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, OperationObject | undefined>)[method];
      if (!operation) continue;
      const route = `${method.toUpperCase()} ${path}`;
      documented.add(route);
      const handler = handlers.get(route);
      if (!handler) problems.push(`${route}: documented, but no handler serves it`);
      else new OperationCheck(route, operation, handler, document, problems).run();
    }
  }
  for (const route of handlers.keys()) {
    if (!documented.has(route)) problems.push(`${route}: a handler serves it, but the document leaves it out (document it, or exclude it with @ApiExcludeEndpoint)`);
  }
  return problems;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
type Location = 'path' | 'query' | 'header';
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** One argument of a handler that a request fills: `@Param()`, `@Query()`, `@Body()` or `@Headers()`. */
interface HandlerArgument {
  source: 'path' | 'query' | 'header' | 'body';
  /** The name given to the decorator (`@Query('ticket')`); undefined for the whole object. */
  name?: string;
  metatype: unknown;
  pipes: unknown[];
}

interface Handler {
  args: HandlerArgument[];
}

/**
 * Every route of the application, keyed as the document keys it (`GET /api/v1/radio/{id}/stream`), with what its
 * handler takes; routes left out of the document on purpose (@ApiExcludeEndpoint, @ApiExcludeController) are not.
 */
function routesOf(app: INestApplication, prefix: string): Map<string, Handler> {
  const scanner = new MetadataScanner();
  const controllers = new Set<Type>();
  // The container itself, as Swagger's scanner reads it: in preview mode no provider is built, ModulesContainer included.
  const { container } = app as unknown as { container: NestContainer };
  for (const module of container.getModules().values()) {
    for (const wrapper of module.controllers.values()) if (wrapper.metatype) controllers.add(wrapper.metatype as Type);
  }
  const routes = new Map<string, Handler>();
  for (const controller of controllers) {
    if ((Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, controller) as boolean[] | undefined)?.[0] === true) continue;
    const controllerPaths = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
    for (const method of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[method] as object;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined || Reflect.getMetadata(DECORATORS.API_EXCLUDE_ENDPOINT, handler)?.disable) continue;
      const args = argumentsOf(controller, method);
      for (const controllerPath of controllerPaths) {
        for (const methodPath of pathsOf(Reflect.getMetadata(PATH_METADATA, handler))) {
          const path = `/${[prefix, controllerPath, methodPath].join('/')}`
            .replace(/\/+/g, '/')
            .replace(/(.)\/$/, '$1')
            .replace(/:(\w+)/g, '{$1}');
          routes.set(`${RequestMethod[requestMethod]} ${path}`, { args });
        }
      }
    }
  }
  return routes;
}

const pathsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [value === undefined ? '/' : String(value)]);

const SOURCES: Partial<Record<RouteParamtypes, HandlerArgument['source']>> = {
  [RouteParamtypes.PARAM]: 'path',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.HEADERS]: 'header',
  [RouteParamtypes.BODY]: 'body',
};

function argumentsOf(controller: Type, method: string): HandlerArgument[] {
  const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number; data?: unknown; pipes?: unknown[] }>;
  const types = (Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, method) ?? []) as unknown[];
  const args: HandlerArgument[] = [];
  for (const [key, { index, data, pipes = [] }] of Object.entries(metadata)) {
    // Keys are `<RouteParamtypes>:<index>`; custom decorators' (the principal, the client) are not filled from the request's input.
    const source = SOURCES[Number(key.split(':')[0]) as RouteParamtypes];
    if (source) args.push({ source, name: typeof data === 'string' ? data : undefined, metatype: types[index], pipes });
  }
  return args;
}

/** What the handler's validation accepts for one parameter or property. */
interface Accepted {
  /** The type its validators take (after the transforms); undefined when they take any. */
  type?: JsonType;
  /** For an array: its items' type, and their values when only some are taken. */
  itemType?: JsonType;
  itemEnum?: unknown[];
  /** The only values taken, when there are such. */
  enum?: unknown[];
  /** `conditional`: a @ValidateIf rule decides from the other fields, which a schema cannot say. */
  required: boolean | 'conditional';
  /** Whether null passes (IsOptional lets null through as it lets a missing value). */
  nullable: boolean;
  /** A value as the request carries it, as the validators see it: run through the DTO's transforms, or the pipe's. */
  transform: (raw: unknown) => unknown;
  /** Rules the check cannot read, each a problem of its own. */
  unknown: string[];
}

/**
 * The type each class-validator rule (and each rule of ours built with ValidateBy) takes. A rule that is neither here,
 * nor among ENUM_RULES or TYPELESS_RULES, is reported: the check cannot tell what it takes until it is added.
 */
const TYPE_OF_RULE: Record<string, JsonType> = {
  isString: 'string',
  isEmail: 'string',
  isUuid: 'string',
  isUrl: 'string',
  isIso8601: 'string',
  isDateString: 'string',
  matches: 'string',
  minLength: 'string',
  maxLength: 'string',
  isLength: 'string',
  isInt: 'integer',
  isNumber: 'number',
  min: 'number',
  max: 'number',
  isBoolean: 'boolean',
  isArray: 'array',
  arrayMinSize: 'array',
  arrayMaxSize: 'array',
  arrayUnique: 'array',
  arrayNotEmpty: 'array',
  isObject: 'object',
  // Ours: events.dto.ts, repositories/operator-file.ts.
  isNearNow: 'string',
  isHttpUrl: 'string',
  isNonBlank: 'string',
};
/** Rules that narrow the values (their type follows from the values). */
const ENUM_RULES = new Set(['isIn', 'equals', 'isEnum']);
/** Rules that say nothing of the type. */
const TYPELESS_RULES = new Set(['isNotEmpty', 'isDefined']);

/** A DTO's rules by property, as class-validator applies them (the inherited ones too). */
function rulesOf(dto: Type): Map<string, ValidationMetadata[]> {
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false)) {
    byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  }
  return byProperty;
}

function acceptedByRules(rules: ValidationMetadata[], transform: Accepted['transform']): Accepted {
  const own = new Set<JsonType>();
  const items = new Set<JsonType>();
  let values: unknown[] | undefined;
  let itemValues: unknown[] | undefined;
  const unknown: string[] = [];
  let optional = false;
  let conditional = false;
  for (const rule of rules) {
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      if (rule.name === 'isOptional') optional = true;
      else conditional = true;
      continue;
    }
    if (rule.type === ValidationTypes.NESTED_VALIDATION) {
      // ValidateNested validates each item of an array, and the value itself otherwise.
      items.add('object');
      own.add('object');
      continue;
    }
    if (rule.type === ValidationTypes.IS_DEFINED || rule.type === ValidationTypes.WHITELIST) continue;
    const name = rule.name ?? rule.type;
    const types = rule.each ? items : own;
    if (ENUM_RULES.has(name)) {
      const taken = enumOf(name, rule.constraints);
      if (rule.each) itemValues = taken;
      else values = taken;
      const type = typeOfValues(taken);
      if (type) types.add(type);
    } else if (TYPE_OF_RULE[name]) types.add(TYPE_OF_RULE[name]);
    else if (!TYPELESS_RULES.has(name)) unknown.push(`the rule ${name} is not known to the contract check (core/http/openapi-contract.ts): say which type it takes`);
  }
  // An array validated item by item as nested objects: the object of ValidateNested belongs to the items.
  if (own.has('array') && own.has('object') && items.has('object')) own.delete('object');
  if (!own.has('array')) items.delete('object');
  return {
    type: oneType(own, unknown),
    itemType: own.has('array') ? oneType(items, unknown) : undefined,
    enum: values,
    itemEnum: itemValues,
    required: conditional ? 'conditional' : !optional,
    nullable: optional,
    transform,
    unknown,
  };
}

function enumOf(rule: string, constraints: unknown[]): unknown[] {
  if (rule === 'equals') return [constraints[0]];
  if (rule === 'isIn') return [...(constraints[0] as unknown[])];
  // isEnum: class-validator keeps the enum's values beside the enum.
  return Array.isArray(constraints[1]) ? [...(constraints[1] as unknown[])] : Object.values(constraints[0] as object);
}

function typeOfValues(values: unknown[]): JsonType | undefined {
  const types = new Set(values.map(classify));
  if (types.has('null') || types.has('undefined')) return undefined;
  if (types.size === 1) return [...types][0] as JsonType;
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  return undefined;
}

/** The one type of a set of rules' types: an integer is a number with more rules; any other mix is a problem. */
function oneType(types: Set<JsonType>, unknown: string[]): JsonType | undefined {
  if (types.has('integer')) types.delete('number');
  if (types.size > 1) unknown.push(`its rules take different types (${[...types].join(', ')}): none passes them all`);
  return types.size === 1 ? [...types][0] : undefined;
}

/** The JSON type of a value as the validators see it. */
function classify(value: unknown): JsonType | 'null' | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType;
  return 'undefined';
}

/** A DTO property's rules, its value run through the DTO's transforms as ValidationPipe's plainToInstance runs them. */
function acceptedByProperty(dto: Type, property: string, rules: ValidationMetadata[]): Accepted {
  return acceptedByRules(rules, (raw) => (plainToInstance(dto, { [property]: raw }) as Record<string, unknown>)[property]);
}

/**
 * A named argument without a DTO (`@Query('ticket') ticket?: string`): ValidationPipe validates nothing, and turns the
 * value by the argument's type (transformPrimitive): a Number into +value, a Boolean into value === 'true', a String
 * into String(value).
 */
function acceptedByNamedArgument(argument: HandlerArgument): Accepted {
  const unknown = argument.pipes.length ? [`its pipes (${argument.pipes.map((pipe) => (pipe as { name?: string }).name ?? (pipe as object).constructor.name).join(', ')}) are not known to the contract check`] : [];
  const { metatype } = argument;
  const turned =
    metatype === Number
      ? { type: 'number' as const, transform: (raw: unknown) => (raw === undefined ? raw : Number(raw)) }
      : metatype === Boolean
        ? { type: 'boolean' as const, transform: (raw: unknown) => (raw === undefined ? raw : raw === true || raw === 'true') }
        : metatype === String
          ? { type: 'string' as const, transform: (raw: unknown) => (raw === undefined ? raw : String(raw)) }
          : { type: undefined, transform: (raw: unknown) => raw };
  return { ...turned, required: argument.source === 'path', nullable: false, unknown };
}

/** A class ValidationPipe validates (a DTO), as its toValidate decides. */
const isDto = (metatype: unknown): metatype is Type =>
  typeof metatype === 'function' && ![String, Boolean, Number, Array, Object, Buffer, Date].includes(metatype as never);

/** The checks of one operation. */
class OperationCheck {
  private readonly seen = new Set<string>();

  constructor(
    private readonly route: string,
    private readonly operation: OperationObject,
    private readonly handler: Handler,
    private readonly document: OpenAPIObject,
    private readonly problems: string[],
  ) {}

  run(): void {
    const parameters = (this.operation.parameters ?? []).map((p) => this.resolve(p) as unknown as ParameterObject);
    for (const location of ['path', 'query', 'header'] as const) {
      const taken = this.parametersTaken(location);
      const listed = parameters.filter((p) => p.in === location);
      for (const parameter of listed) {
        const key = location === 'header' ? parameter.name.toLowerCase() : parameter.name;
        const accepted = taken.get(key);
        const where = `${location} parameter "${parameter.name}"`;
        if (!accepted) this.problem(where, 'documented, but the handler takes no such argument, so nothing validates it (take it with @Query/@Param, or in the DTO)');
        else this.compare(where, parameter.schema, parameter.required ?? false, accepted, 'text');
      }
      // Headers such as Accept and Stripe-Signature are HTTP's, not the operation's parameters: only listed ones are compared.
      if (location === 'header') continue;
      for (const name of taken.keys()) {
        if (!listed.some((p) => p.name === name)) this.problem(`${location} parameter "${name}"`, 'the handler takes it, but the document does not list it');
      }
    }
    this.checkBody();
  }

  /** The parameters the handler takes from one location, by name. */
  private parametersTaken(location: Location): Map<string, Accepted> {
    const taken = new Map<string, Accepted>();
    for (const argument of this.handler.args.filter((a) => a.source === location)) {
      if (argument.name !== undefined) taken.set(location === 'header' ? argument.name.toLowerCase() : argument.name, acceptedByNamedArgument(argument));
      else if (isDto(argument.metatype)) {
        for (const [property, rules] of rulesOf(argument.metatype)) taken.set(property, acceptedByProperty(argument.metatype, property, rules));
      } else if (location !== 'header') {
        this.problem(`${location} parameters`, 'the handler takes them all without a DTO, so nothing validates them');
      }
    }
    return taken;
  }

  private checkBody(): void {
    const bodies = this.handler.args.filter((a) => a.source === 'body');
    const content = this.operation.requestBody ? (this.resolve(this.operation.requestBody) as unknown as { content?: Record<string, { schema?: SchemaObject | ReferenceObject }> }).content : undefined;
    if (!bodies.length) {
      if (content) this.problem('request body', 'documented, but the handler takes none');
      return;
    }
    if (bodies.some((b) => b.name !== undefined)) this.problem('request body', 'the handler takes single body properties (@Body(name)), which the contract check does not read: take a DTO');
    const [body] = bodies;
    const json = content?.['application/json'];
    // A body of another type (an SDP offer): the handler takes its text as it comes and reads it itself.
    if (!json && content && Object.keys(content).length && !isDto(body.metatype)) return;
    if (!json) {
      this.problem('request body', 'the handler takes a JSON body, but the document declares none');
      return;
    }
    // A body the handler takes as it comes (unknown): any documented JSON body says so; there is nothing to compare.
    if (!isDto(body.metatype)) return;
    const schema = this.resolve(json.schema);
    if (this.typeOf(json.schema) !== 'object') this.problem('request body', `documented as ${this.typeOf(json.schema) ?? 'untyped'}, but the handler takes an object (${body.metatype.name})`);
    else this.compareObject('body', schema, body.metatype);
  }

  /** A documented object against the DTO that validates it: its properties, both ways, then each property. */
  private compareObject(where: string, schema: SchemaObject, dto: Type): void {
    const key = `${where} ${dto.name}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const rules = rulesOf(dto);
    const properties = (schema.properties ?? {}) as Record<string, SchemaObject | ReferenceObject>;
    for (const [property, propertySchema] of Object.entries(properties)) {
      const own = rules.get(property);
      if (!own) this.problem(`${where}.${property}`, `documented, but ${dto.name} has no rule for it, so the handler refuses it (forbidNonWhitelisted)`);
      else this.compare(`${where}.${property}`, propertySchema, (schema.required ?? []).includes(property), acceptedByProperty(dto, property, own), 'json');
    }
    for (const property of rules.keys()) {
      if (!(property in properties)) this.problem(`${where}.${property}`, `the handler takes it (${dto.name}), but the document does not list it`);
    }
  }

  /**
   * One parameter or property. The type is compared through a value of the documented type as the request carries it
   * (query and path values are text; a body is JSON), run through the handler's transforms: it must reach the
   * validators as the type they take. So `?limit=` documented as a number (0.5) does not pass for a transform that only
   * turns digits into an integer, and `seed_artists` documented as a string passes for the transform that splits it.
   */
  private compare(where: string, documented: SchemaObject | ReferenceObject | undefined, required: boolean, accepted: Accepted, wire: 'text' | 'json'): void {
    for (const problem of accepted.unknown) this.problem(where, problem);
    if (accepted.required !== 'conditional' && accepted.required !== required) {
      this.problem(where, required ? 'documented as required, but the handler takes it missing' : 'documented as optional, but the handler requires it');
    }
    const docType = this.typeOf(documented);
    const schema = this.resolve(documented);
    if (!docType) {
      this.problem(where, `documented without a type, but the handler takes ${accepted.type ?? 'any value'}`);
      return;
    }
    if (!accepted.type) {
      this.problem(where, `documented as ${docType}, but the handler does not check its type: give it a rule that does`);
      return;
    }
    if (wire === 'text' && docType === 'object') {
      this.problem(where, `documented as an object, but a ${where.split(' ')[0]} parameter is text; the handler takes ${accepted.type}`);
      return;
    }
    const raw = sampleOf(schema, docType, wire, (s) => this.resolve(s), (s) => this.typeOf(s));
    const value = accepted.transform(raw);
    const reached = classify(value);
    if (reached !== accepted.type) {
      const how = reached === docType ? '' : ` (a documented value, ${JSON.stringify(raw)}, reaches its rules as ${reached})`;
      this.problem(where, `documented as ${docType}, but the handler takes ${accepted.type}${how}`);
      return;
    }
    // A query value is text either way: one documented as a number, taken and checked as text, is text to the handler.
    if (accepted.type === 'string' && docType !== 'string') {
      this.problem(where, `documented as ${docType}, but the handler takes it as text (string)`);
      return;
    }
    if (accepted.type === 'array') this.compareItems(where, schema, docType, value as unknown[], accepted, wire);
    else this.compareEnum(where, schema.enum, accepted.enum, accepted, (v) => accepted.transform(wireValue(v, wire)));
    if (accepted.type === 'object') this.compareNested(where, schema, value);
  }

  private compareItems(where: string, schema: SchemaObject, docType: JsonType, value: unknown[], accepted: Accepted, wire: 'text' | 'json'): void {
    const itemSchema = docType === 'array' ? this.resolve(schema.items) : undefined;
    for (const item of value) {
      if (accepted.itemType && classify(item) !== accepted.itemType) {
        this.problem(`${where} items`, `documented as ${docType === 'array' ? this.typeOf(schema.items) : docType}, but the handler takes ${accepted.itemType} (they reach its rules as ${classify(item)})`);
        return;
      }
    }
    // Documented values of the items are run through the transform as an array of one, the items' own form.
    const firstOf = (v: unknown): unknown => {
      const turned = accepted.transform(wire === 'text' ? [wireValue(v, wire)] : [v]);
      return Array.isArray(turned) ? turned[0] : turned;
    };
    this.compareEnum(`${where} items`, itemSchema?.enum, accepted.itemEnum, accepted, firstOf);
    if (accepted.itemType === 'object' && itemSchema) for (const item of value) this.compareNested(`${where}[]`, itemSchema, item);
  }

  private compareEnum(where: string, documented: unknown[] | undefined, taken: unknown[] | undefined, accepted: Accepted, turn: (v: unknown) => unknown): void {
    const listed = documented?.filter((v) => v !== null);
    if (documented?.includes(null) && !accepted.nullable) this.problem(where, 'documented as possibly null, but the handler refuses null');
    if (!listed?.length && !taken) return;
    if (!taken) {
      this.problem(where, `documented as one of ${JSON.stringify(listed)}, but the handler takes any such value`);
      return;
    }
    if (!listed?.length) {
      this.problem(where, `the handler takes only ${JSON.stringify(taken)}, but the document lists no values`);
      return;
    }
    const key = (values: unknown[]) => JSON.stringify([...new Set(values.map((v) => JSON.stringify(v)))].sort());
    if (key(listed.map(turn)) !== key(taken)) this.problem(where, `documented as one of ${JSON.stringify(listed)}, but the handler takes ${JSON.stringify(taken)}`);
  }

  /** A nested object: the DTO class its transform makes (class-transformer's @Type) against its documented schema. */
  private compareNested(where: string, schema: SchemaObject, value: unknown): void {
    const dto = (value as object).constructor as Type;
    // A free-form object (documented with additionalProperties and no properties of its own, a WebAuthn answer say):
    // the handler reads it itself, so there are no rules to compare.
    if (dto === Object && schema.additionalProperties && !schema.properties) return;
    if (dto === Object) {
      this.problem(where, 'validated as a nested object, but nothing makes it a DTO (@Type), so its rules never run');
      return;
    }
    this.compareObject(where, schema, dto);
  }

  private typeOf(schema: SchemaObject | ReferenceObject | undefined): JsonType | undefined {
    if (!schema) return undefined;
    if ('$ref' in schema) return this.typeOf(this.resolve(schema));
    if (schema.allOf?.length === 1) return this.typeOf(schema.allOf[0]);
    if (schema.type) return schema.type as JsonType;
    return schema.properties ? 'object' : undefined;
  }

  /** A schema, parameter or body with its `$ref` (and a lone allOf, how Swagger refers with a description) followed. */
  private resolve(item: unknown): SchemaObject {
    let current = item as (SchemaObject & ReferenceObject) | undefined;
    for (let hops = 0; current && hops < 10; hops++) {
      if (current.$ref) {
        const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(current.$ref) ?? [];
        current = (this.document.components as Record<string, Record<string, SchemaObject & ReferenceObject>> | undefined)?.[section]?.[name];
      } else if (current.allOf?.length === 1 && !current.type) current = { ...current, ...(current.allOf[0] as SchemaObject), allOf: undefined } as SchemaObject & ReferenceObject;
      else return current;
    }
    return current ?? {};
  }

  private problem(where: string, what: string): void {
    this.problems.push(`${this.route} ${where}: ${what}`);
  }
}

/** A value as JSON carries it, or as text for a query, path or header value. */
const wireValue = (value: unknown, wire: 'text' | 'json'): unknown => (wire === 'text' && value !== undefined && value !== null ? String(value) : value);

/** A value of the documented type, as the request carries it (query values are text; a repeated one is an array). */
function sampleOf(
  schema: SchemaObject,
  type: JsonType,
  wire: 'text' | 'json',
  resolve: (s: SchemaObject | ReferenceObject | undefined) => SchemaObject,
  typeOf: (s: SchemaObject | ReferenceObject | undefined) => JsonType | undefined,
): unknown {
  const scalar = (): unknown => {
    switch (type) {
      case 'integer':
        return 1;
      case 'number':
        // Not a whole number: a number documented where only integers pass is a mistake to catch.
        return 0.5;
      case 'boolean':
        return true;
      case 'object':
        return {};
      default:
        return typeof schema.example === 'string' ? schema.example : 'x';
    }
  };
  if (type === 'array') {
    const itemType = typeOf(schema.items) ?? 'string';
    const item = sampleOf(resolve(schema.items), itemType, wire, resolve, typeOf);
    return [item, item];
  }
  return wireValue(scalar(), wire);
}
