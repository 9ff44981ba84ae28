import { inject, injectable } from 'inversify';
import { GetTestClock } from '../../test-helpers';
import { NotFoundError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import type { TestClockDirectory } from '../application/ports/customer-repository';

/** Asks the test-helpers module through its use case, never its tables. */
@injectable()
export class TestClockDirectoryAdapter implements TestClockDirectory {
  constructor(@inject(GetTestClock) private readonly getTestClock: GetTestClock) {}

  async exists(scope: Scope, id: string): Promise<boolean> {
    try {
      await this.getTestClock.execute(scope, id);
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }
}
