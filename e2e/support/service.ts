import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A port nothing listens on, taken below the range the system gives outgoing connections their ports from
 * (32768 and up): a port from that range may be taken by a connection before the service gets to bind it.
 * Random, so the test files running side by side do not pick the same one.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kupa-e2e-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when started by root.
  return dir;
}

export interface RunningService {
  process: ChildProcess;
  output(): string;
  /** Resolves with the output once `pattern` appears in it. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Ctrl-C, as a person at the terminal would; resolves once every process of the group has exited. */
  interrupt(): Promise<void>;
}

/** Runs the README's first command, `pnpm start`, in its own process group. */
export function pnpmStart(env: Record<string, string>, args: string[] = []): RunningService {
  const child = spawn('pnpm', ['start', ...args], {
    cwd: REPO_ROOT,
    // A free operations port unless the test names one, so a service already running here does not collide.
    env: { ...process.env, METRICS_PORT: '0', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  return {
    process: child,
    output: () => output,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const match = output.match(pattern);
          if (match) return resolve(match);
          if (child.exitCode !== null) return reject(new Error(`pnpm start exited with ${child.exitCode}:\n${output}`));
          if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${pattern}:\n${output}`));
          setTimeout(check, 100);
        };
        check();
      });
    },
    async interrupt() {
      signalGroup(child.pid!, 'SIGINT');
      for (let waited = 0; groupAlive(child.pid!); waited += 100) {
        if (waited > 60_000) signalGroup(child.pid!, 'SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has already exited.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
