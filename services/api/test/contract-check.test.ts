import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from './support/contract';

// The contract check guards every other test; it must itself catch what it is for.
describe('contract check', () => {
  const url = 'http://127.0.0.1/v1/products/prod_1';
  const product = { id: 'prod_1', object: 'product', name: 'x', description: null, active: true, livemode: false, created: '2026-01-01T00:00:00.000Z' };

  it('accepts a body that matches the contract', () => {
    expect(() => assertMatchesContract('GET', url, 200, 'application/json', { success: true, data: product })).not.toThrow();
  });

  it('rejects a missing field, a wrong type and a status the contract does not list', () => {
    const { description: _, ...withoutDescription } = product;
    expect(() => assertMatchesContract('GET', url, 200, 'application/json', { success: true, data: withoutDescription })).toThrow(/description/);
    expect(() => assertMatchesContract('GET', url, 200, 'application/json', { success: true, data: { ...product, active: 'yes' } })).toThrow(/active/);
    expect(() => assertMatchesContract('GET', url, 418, 'application/json', {})).toThrow(/418/);
    expect(() => assertMatchesContract('GET', url, 404, 'application/json', { success: false, error: { code: 'x' } })).toThrow();
  });
});
