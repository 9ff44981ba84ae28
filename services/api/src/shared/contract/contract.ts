// The published language: the contract's types, generated from openapi.yaml into openapi.d.ts (`pnpm
// generate`). Each module's `published/` maps its own words to them, and the HTTP layer answers them;
// `application/` and `domain/` never import this folder (`pnpm lint`).
import type { components, operations } from './openapi';

export type Schemas = components['schemas'];
export type { operations };
