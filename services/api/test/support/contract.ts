import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';
import { escapePointer, HTTP_METHODS, loadOpenApi, resolveRef } from '../../src/platform/http/openapi-document';

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;
const { document } = loadOpenApi();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document as object, 'contract');

interface Route {
  pattern: RegExp;
  path: string;
  method: string;
}

const routes: Route[] = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.filter((m) => item[m]).map((method) => ({
    path,
    method,
    pattern: new RegExp(`^(?:/api)?${path.replace(/\{\w+\}/g, '[^/]+')}$`),
  })),
);
// Literal segments win over parameters.
routes.sort((a, b) => a.path.split('{').length - b.path.split('{').length);

const validators = new Map<string, ValidateFunction>();

/** Throws unless `body` is exactly what the contract says `method path` answers with `status`. */
export function assertMatchesContract(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
  const pathname = new URL(url).pathname;
  const route = routes.find((r) => r.method === method.toLowerCase() && r.pattern.test(pathname));
  if (!route) return; // Not a contract operation (e.g. /health, /docs).
  const responses = document.paths[route.path][route.method].responses as Record<string, unknown>;
  if (!responses[String(status)]) {
    throw new Error(`Contract: ${method} ${route.path} answered ${status}, which openapi.yaml does not document: ${JSON.stringify(body)}`);
  }
  const response = resolveRef<{ content?: Record<string, unknown> }>(document, responses[String(status)] as never);
  if (!contentType?.includes('application/json')) {
    if (response.content && !Object.keys(response.content).some((type) => contentType?.includes(type))) {
      throw new Error(`Contract: ${method} ${route.path} ${status} answered ${contentType}`);
    }
    return;
  }
  const key = `${route.method} ${route.path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const base = `contract#/paths/${escapePointer(route.path)}/${route.method}/responses/${status}`;
    const ref = (responses[String(status)] as { $ref?: string }).$ref;
    const pointer = ref ? `contract${ref}` : base;
    validate = ajv.compile({ $ref: `${pointer}/content/application~1json/schema` });
    validators.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `Contract: ${method} ${route.path} ${status} body does not match openapi.yaml: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
}

/** SDK middleware that checks every response against the contract. */
export const contractCheck: Middleware = {
  async onResponse({ request, response }) {
    const text = await response.clone().text();
    const contentType = response.headers.get('content-type');
    const body = contentType?.includes('application/json') && text ? JSON.parse(text) : text;
    assertMatchesContract(request.method, request.url, response.status, contentType, body);
    if (!response.headers.get('request-id')) throw new Error(`${request.method} ${request.url}: no Request-Id header`);
    return response;
  },
};

/** For requests the SDK cannot make (wrong content type, oversized bodies): fetch, then the same check. */
export async function rawRequest(url: string, init: RequestInit): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, init);
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  const body = contentType?.includes('application/json') && text ? JSON.parse(text) : text;
  assertMatchesContract(init.method ?? 'GET', url, response.status, contentType, body);
  return { status: response.status, headers: response.headers, body };
}
