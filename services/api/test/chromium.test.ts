import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./support/packaged-chromium.ts', import.meta.url));

describe('the packaged Chromium', () => {
  // Test workers, or a service and its tests, may start it together on a machine where it was never
  // unpacked: each must start the whole binary, never one another process is still writing (ETXTBSY).
  it('starts in every one of several processes that unpack it at once', { timeout: 120_000 }, async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'kupa-chromium-'));
    try {
      const started = await Promise.all(
        [1, 2, 3].map(() =>
          run(process.execPath, ['--import', 'tsx', SCRIPT], { env: { ...process.env, TMPDIR: fresh }, timeout: 110_000 }),
        ),
      );
      for (const { stdout } of started) expect(stdout).toMatch(/^started \d+\./);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
