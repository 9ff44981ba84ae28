import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { fromRepoRoot } from '../repo-root';

export const OPENAPI_PATH = fromRepoRoot('openapi.yaml');

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  security?: unknown[];
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  'x-checkout-key'?: boolean;
  /** The answer carries a secret shown once (a webhook signing secret): kept for replays only sealed. */
  'x-answer-holds-secret'?: boolean;
  /**
   * Calls the processor (money, or a card it saves): commits what it is about to do first, named by the
   * request's Idempotency-Key. Every other keyed POST commits its change and its answer together.
   */
  'x-key-names-operation'?: boolean;
  /** A processor calls it (a public notification): any body of any type is taken, and not read. */
  'x-processor-callback'?: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

let cached: { text: string; document: OpenApiDocument } | undefined;

export function loadOpenApi(): { text: string; document: OpenApiDocument } {
  if (!cached) {
    const text = readFileSync(OPENAPI_PATH, 'utf8');
    cached = { text, document: parse(text) as OpenApiDocument };
  }
  return cached;
}

/** Follows a local `#/…` reference inside the document. */
export function resolveRef<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const path = value.$ref.replace(/^#\//, '').split('/').map(unescapePointer);
    return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as T;
  }
  return value as T;
}

export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
