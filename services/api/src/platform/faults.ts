/**
 * A fault point for tests of recovery, enabled only through `TEST_FAULTS` (never with NODE_ENV=production):
 * the work dies here, leaving what it committed so far. With `kill` among the faults the process is
 * killed outright (SIGKILL), as a crashed machine would be.
 */
export function injectFault(faults: ReadonlySet<string> | undefined, point: string): void {
  if (!faults?.has(point)) return;
  if (faults.has('kill')) process.kill(process.pid, 'SIGKILL');
  throw new Error(`injected fault: ${point}`);
}
