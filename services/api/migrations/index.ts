// Written by scripts/list-migrations.mjs (pnpm generate) from the files of this folder: do not edit.
import { Migration20261121000000 } from './Migration20261121000000';
import { Migration20261121010000 } from './Migration20261121010000';
import { Migration20261121020000 } from './Migration20261121020000';
import { Migration20261121030000 } from './Migration20261121030000';
import { Migration20261121040000 } from './Migration20261121040000';
import { Migration20261123000000 } from './Migration20261123000000';
import { Migration20261123010000 } from './Migration20261123010000';
import { Migration20261123020000 } from './Migration20261123020000';
import { Migration20261123030000 } from './Migration20261123030000';
import { Migration20261123040000 } from './Migration20261123040000';
import { Migration20261123050000 } from './Migration20261123050000';
import { Migration20261123060000 } from './Migration20261123060000';
import { Migration20261123070000 } from './Migration20261123070000';
import { Migration20261123080000 } from './Migration20261123080000';
import { Migration20261123090000 } from './Migration20261123090000';
import { Migration20261123100000 } from './Migration20261123100000';
import { Migration20261123110000 } from './Migration20261123110000';
import { Migration20261124010000 } from './Migration20261124010000';
import { Migration20261124020000 } from './Migration20261124020000';
import { Migration20261125010000 } from './Migration20261125010000';
import { Migration20261125020000 } from './Migration20261125020000';
import { Migration20261125030000 } from './Migration20261125030000';
import { Migration20261125040000 } from './Migration20261125040000';
import { Migration20261126010000 } from './Migration20261126010000';
import { Migration20261126020000 } from './Migration20261126020000';
import { Migration20261126030000 } from './Migration20261126030000';
import { Migration20261126040000 } from './Migration20261126040000';
import { Migration20261126050000 } from './Migration20261126050000';
import { Migration20261126060000 } from './Migration20261126060000';
import { Migration20261126070000 } from './Migration20261126070000';
import { Migration20261126080000 } from './Migration20261126080000';
import { Migration20261126090000 } from './Migration20261126090000';
import { Migration20261127010000 } from './Migration20261127010000';
import { Migration20261128010000 } from './Migration20261128010000';
import { Migration20261128020000 } from './Migration20261128020000';
import { Migration20261129010000 } from './Migration20261129010000';
import { Migration20261129020000 } from './Migration20261129020000';
import { Migration20261129030000 } from './Migration20261129030000';
import { Migration20261129040000 } from './Migration20261129040000';
import { Migration20261130010000 } from './Migration20261130010000';
import { Migration20261201010000 } from './Migration20261201010000';
import { Migration20261202010000 } from './Migration20261202010000';

/** Every migration of this folder, oldest first. */
export const MIGRATIONS = [
  Migration20261121000000,
  Migration20261121010000,
  Migration20261121020000,
  Migration20261121030000,
  Migration20261121040000,
  Migration20261123000000,
  Migration20261123010000,
  Migration20261123020000,
  Migration20261123030000,
  Migration20261123040000,
  Migration20261123050000,
  Migration20261123060000,
  Migration20261123070000,
  Migration20261123080000,
  Migration20261123090000,
  Migration20261123100000,
  Migration20261123110000,
  Migration20261124010000,
  Migration20261124020000,
  Migration20261125010000,
  Migration20261125020000,
  Migration20261125030000,
  Migration20261125040000,
  Migration20261126010000,
  Migration20261126020000,
  Migration20261126030000,
  Migration20261126040000,
  Migration20261126050000,
  Migration20261126060000,
  Migration20261126070000,
  Migration20261126080000,
  Migration20261126090000,
  Migration20261127010000,
  Migration20261128010000,
  Migration20261128020000,
  Migration20261129010000,
  Migration20261129020000,
  Migration20261129030000,
  Migration20261129040000,
  Migration20261130010000,
  Migration20261201010000,
  Migration20261202010000,
];
