import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { ValidationError } from '../../shared/domain/domain-error';
import {
  escapePointer,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  resolveRef,
} from './openapi-document';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

const DOCUMENT_ID = 'kupa-openapi';

export interface RequestValidators {
  params?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}

/** Timestamps the service takes: RFC 3339, in a range where calendar arithmetic stays sane. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

function saneDateTime(value: string): boolean {
  if (!RFC3339.test(value)) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= EARLIEST && time < LATEST;
}

function createAjv(options: { coerceTypes: boolean }, document: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, useDefaults: true, coerceTypes: options.coerceTypes });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: saneDateTime });
  ajv.addSchema(document as unknown as JsonSchema, DOCUMENT_ID);
  return ajv;
}

/** Compiles body, path and query validators for every operation from the contract itself. */
export function compileRequestValidators(document: OpenApiDocument) {
  const bodyAjv = createAjv({ coerceTypes: false }, document);
  // Path and query values arrive as strings; the contract's types decide what they become.
  const paramAjv = createAjv({ coerceTypes: true }, document);

  // An operation without a body schema still rejects fields sent to it.
  const noBody = bodyAjv.compile({ type: 'object', additionalProperties: false });

  return (path: string, method: string, operation: OpenApiOperation): RequestValidators => {
    // Parameter schemas are referenced inside the document so their own `$ref`s resolve.
    const parameters = (operation.parameters ?? []).map((p, index) => {
      const pointer =
        '$ref' in p
          ? `${DOCUMENT_ID}${p.$ref}/schema`
          : `${DOCUMENT_ID}#/paths/${escapePointer(path)}/${method}/parameters/${index}/schema`;
      return { ...resolveRef<OpenApiParameter>(document, p), pointer };
    });
    const group = (where: 'path' | 'query') => {
      const list = parameters.filter((p) => p.in === where);
      if (list.length === 0 && where === 'path') return undefined;
      return paramAjv.compile({
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(list.map((p) => [p.name, { $ref: p.pointer }])),
        required: list.filter((p) => p.required).map((p) => p.name),
      });
    };
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    const pointer = `${DOCUMENT_ID}#/paths/${escapePointer(path)}/${method}/requestBody/content/application~1json/schema`;
    return {
      params: group('path'),
      query: group('query'),
      body: bodySchema ? bodyAjv.compile({ $ref: pointer }) : method === 'get' ? undefined : noBody,
    };
  };
}

/** `/line_items/0/name` → `line_items[0].name` */
export function toParamPath(instancePath: string, child?: string): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (child !== undefined) segments.push(child);
  return segments.reduce((out, segment) => {
    if (/^\d+$/.test(segment)) return `${out}[${segment}]`;
    return out ? `${out}.${segment}` : segment;
  }, '');
}

export function toValidationError(error: ErrorObject, prefix = ''): ValidationError {
  const join = (param: string) => (prefix && param ? `${prefix}.${param}` : prefix || param);
  switch (error.keyword) {
    case 'required': {
      const param = join(toParamPath(error.instancePath, String(error.params.missingProperty)));
      return new ValidationError('parameter_missing', `Missing required parameter: ${param}`, param);
    }
    case 'additionalProperties': {
      const param = join(toParamPath(error.instancePath, String(error.params.additionalProperty)));
      return new ValidationError('parameter_unknown', `Received unknown parameter: ${param}`, param);
    }
    default: {
      const param = join(toParamPath(error.instancePath));
      if (!param) return new ValidationError('parameter_invalid', `The request body ${error.message ?? 'is invalid'}`);
      return new ValidationError('parameter_invalid', `Invalid ${param}: ${describe(error)}`, param);
    }
  }
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'pattern':
      return 'has an invalid format';
    default:
      return error.message ?? 'is invalid';
  }
}
