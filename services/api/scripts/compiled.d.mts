export interface CompileTarget {
  dir: string;
  sources: string[];
  entry: string;
}
export const TARGETS: { api: CompileTarget; sdk: CompileTarget };
export function ensureCompiled(target: CompileTarget): string;
