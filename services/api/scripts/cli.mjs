// `pnpm cli`: runs the compiled command line, compiling it first when a source changed.
import { pathToFileURL } from 'node:url';
import { ensureCompiled, TARGETS } from './compiled.mjs';

const target = ['listen', 'trigger'].includes(process.argv[2]) ? TARGETS.sdk : TARGETS.api;
await import(pathToFileURL(ensureCompiled(target)).href);
