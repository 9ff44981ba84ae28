import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from './support/contract';

// The contract check guards every other test; it must itself catch what it is for.
describe('contract check', () => {
  const url = 'http://127.0.0.1/v1/products/prod_1';
  const product = {
    id: 'prod_1',
    object: 'product',
    name: 'x',
    description: null,
    active: true,
    metadata: {},
    livemode: false,
    created: '2026-01-01T00:00:00.000Z',
  };

  it('accepts a body that matches the contract', () => {
    expect(() => assertMatchesContract('GET', url, 200, 'application/json', { success: true, data: product })).not.toThrow();
  });

  it('rejects a missing field, a wrong type and a status the contract does not list', () => {
    const { description: _, ...withoutDescription } = product;
    expect(() => assertMatchesContract('GET', url, 200, 'application/json', { success: true, data: withoutDescription })).toThrow(
      /description/,
    );
    expect(() =>
      assertMatchesContract('GET', url, 200, 'application/json', { success: true, data: { ...product, active: 'yes' } }),
    ).toThrow(/active/);
    expect(() => assertMatchesContract('GET', url, 418, 'application/json', {})).toThrow(/418/);
    expect(() => assertMatchesContract('GET', url, 404, 'application/json', { success: false, error: { code: 'x' } })).toThrow();
  });
});

describe('the contract document', () => {
  it('documents, for every operation, the errors any request can meet', async () => {
    const { loadOpenApi, HTTP_METHODS } = await import('../src/platform/http/openapi-document');
    const { document } = loadOpenApi();
    const gaps: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
        const needed = ['400', '429'];
        if (operation.requestBody) needed.push('413', '415');
        if (!isPublic) needed.push('401');
        if (!isPublic && method !== 'get' && !operation['x-checkout-key']) needed.push('403');
        for (const status of needed) if (!operation.responses[status]) gaps.push(`${method} ${path} ${status}`);
        if (method !== 'get' && operation.requestBody) {
          const schema = JSON.stringify(operation.requestBody.content['application/json'].schema);
          if (!schema.includes('additionalProperties') && !schema.includes('$ref')) gaps.push(`${method} ${path} body is open`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });

  it('lists exactly the error codes the service declares, each answered with one status', async () => {
    const { loadOpenApi } = await import('../src/platform/http/openapi-document');
    const { ERROR_CODES } = await import('../src/shared/domain/error-codes');
    const { document } = loadOpenApi();
    const error = (
      document.components as { schemas: Record<string, { properties: { error: { properties: { code: { enum: string[] } } } } }> }
    ).schemas.Error;
    const documented = [...error.properties.error.properties.code.enum].sort();
    // `internal_error` is the error mapper's answer to what nobody declared: a bug of ours.
    expect(documented).toEqual([...Object.keys(ERROR_CODES), 'internal_error'].sort());
    expect(ERROR_CODES.card_declined).toBe('payment_failed');
  });
});
