import { inject, injectable } from 'inversify';
import { type CardProcessor, type ProcessorDirectory, ProcessorUnavailable } from '../../application/ports/card-processor';
import { SimulatedProcessor } from './simulated/simulated.connector';

/** Test mode uses the simulated processor; no live processor adapter is configured in this build. */
@injectable()
export class ModeProcessorDirectory implements ProcessorDirectory {
  constructor(@inject(SimulatedProcessor) private readonly simulated: SimulatedProcessor) {}

  forMode(livemode: boolean): CardProcessor {
    if (livemode) throw new ProcessorUnavailable();
    return this.simulated;
  }
}
