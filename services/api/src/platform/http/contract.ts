// The contract's types, generated from openapi.yaml into openapi.d.ts (`pnpm generate`). Only the edge
// uses them: routers, response mappers and the contract router; domain and application code do not.
import type { components, operations } from './openapi';

export type Schemas = components['schemas'];
export type { operations };
