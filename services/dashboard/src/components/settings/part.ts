import type { paths } from '@kupa/sdk';
import type { Schemas } from '../../api';
import type { useAction } from '../ui';

export type AccountUpdate = paths['/v1/account']['post']['requestBody']['content']['application/json'];

/** What each part of the settings page is given: the account, the page's one action, and how to save a change of it. */
export interface SettingsPart {
  account: Schemas['Account'];
  action: ReturnType<typeof useAction>;
  save: (body: AccountUpdate) => Promise<void>;
  reload: () => void;
}
