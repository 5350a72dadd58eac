import type { EntityManager, EntityTarget, ObjectLiteral, QueryDeepPartialEntity } from 'typeorm';

/**
 * How an operator file (STATIONS_FILE, EVENTS_FILE) reaches its table at boot, in one transaction: every row it
 * defines is upserted by id and shown (`flag` true); every other row is hidden but kept, for the likes and clicks
 * that point at it.
 */
export async function syncShownRows<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  flag: 'active' | 'listed',
  rows: Array<{ id: string } & QueryDeepPartialEntity<E>>,
): Promise<void> {
  await manager.transaction(async (tx) => {
    if (rows.length) await tx.getRepository(entity).upsert(rows.map((row) => ({ ...row, [flag]: true })), ['id']);
    const hide = tx.createQueryBuilder().update(entity).set({ [flag]: false } as unknown as QueryDeepPartialEntity<E>).where(flag);
    if (rows.length) hide.andWhere('id NOT IN (:...ids)', { ids: rows.map((row) => row.id) });
    await hide.execute();
  });
}
