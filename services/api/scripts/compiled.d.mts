export interface CompileTarget {
  dir: string;
  sources: string[];
  entry: string;
  /** Other outputs of the same build, rebuilt when missing. */
  alongside: string[];
}
export const TARGETS: { api: CompileTarget; sdk: CompileTarget };
export function ensureCompiled(target: CompileTarget): string;
