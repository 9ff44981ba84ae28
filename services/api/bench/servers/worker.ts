// The service's worker role in its own process, as production runs it (its job workers, at the
// configured poll interval), for the benchmarks that time what the worker does under the API's load.
import { loadConfig } from '../../src/main/config';
import { createServices } from '../../src/main/container';
import { startWorker } from '../../src/main/worker';

const services = await createServices(loadConfig(process.env), process.env.DATABASE_URL!, { worker: true });
const worker = await startWorker(services);
process.stderr.write('ready 0\n');
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => services.close())
    .finally(() => process.exit(0));
});
