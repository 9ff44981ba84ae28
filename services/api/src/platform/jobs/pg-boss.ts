import PgBossModule from 'pg-boss';

// pg-boss 10 is CommonJS; its default export is the class.
export const PgBoss = PgBossModule as unknown as typeof PgBossModule;
export type PgBoss = PgBossModule;

export function createBoss(databaseUrl: string, options: { supervise: boolean; maintenanceIntervalSeconds?: number }): PgBoss {
  return new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
}
